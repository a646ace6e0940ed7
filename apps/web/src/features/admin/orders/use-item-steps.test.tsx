import type { ReactNode } from 'react';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { jsonResponse as json } from '../../../test/render';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { useItemSteps } from './use-item-steps';
import './index';

const item = makeItem(11, 7, { names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' } });
const order = makeOrder(7, '2026-11-24T10:00:00Z', { items: [item] });

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('one-tap item steps', () => {
  it('sends only the new status, once for a double tap, and spins meanwhile', async () => {
    let answer!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderHook(() => useItemSteps(1), { wrapper });
    act(() => {
      void result.current.step(order, item, 'PREPARING');
      void result.current.step(order, item, 'PREPARING');
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/eatery/1/orders/7/items/11');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'PREPARING' });
    expect(result.current.stepping(11)).toBe(true);
    await act(async () => answer(json({ ...order, version: 2 })));
    await waitFor(() => expect(result.current.stepping(11)).toBe(false));
  });

  it('says in a red toast which dish could not change', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ messageKey: 'orderClosed', message: 'closed' }, 409)),
    );
    const { result } = renderHook(() => useItemSteps(1), { wrapper });
    await act(() => result.current.step(order, item, 'READY'));
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Could not change the status of Pilaf' }),
    );
    expect(result.current.stepping(11)).toBe(false);
  });
});
