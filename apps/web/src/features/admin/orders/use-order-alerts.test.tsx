import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderEvent } from '@qr-menu/contract';
import { playChime } from '../shared/live/chime';
import { makeOrder } from '../shared/live/order-fixture';
import { orderKeys } from './orders-api';
import { FLASH_MS, useOrderAlerts } from './use-order-alerts';

vi.mock('../shared/live/chime', () => ({ playChime: vi.fn(), prepareChime: vi.fn() }));

const EATERY = 4;
/** An event as the server sends it: the whole order with NEW_ORDER and ORDER_UPDATED, the id with a delete. */
const event = (type: OrderEvent['type'], orderId: number): OrderEvent =>
  type === 'ORDER_DELETED'
    ? { type, orderId, status: 'CREATED' }
    : { type, orderId, status: 'CREATED', version: 1, order: makeOrder(orderId, '2026-03-10T08:00:00.000Z') };

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...renderHook(() => useOrderAlerts(EATERY), { wrapper }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(playChime).mockClear();
});
afterEach(() => vi.useRealTimers());

describe('new order alerts', () => {
  it('a new order chimes and flashes for a while; other events do not', () => {
    const { result } = setup();
    act(() => result.current.onEvent(event('ORDER_UPDATED', 7)));
    act(() => result.current.onEvent(event('ORDER_DELETED', 6)));
    expect(playChime).not.toHaveBeenCalled();
    expect(result.current.flashing.size).toBe(0);

    act(() => result.current.onEvent(event('NEW_ORDER', 8)));
    expect(playChime).toHaveBeenCalledTimes(1);
    expect(result.current.flashing.has(8)).toBe(true);
    act(() => vi.advanceTimersByTime(FLASH_MS));
    expect(result.current.flashing.has(8)).toBe(false);
  });

  it('an order this tab created stays quiet', () => {
    const { result } = setup();
    act(() => result.current.markOwn(9));
    act(() => result.current.onEvent(event('NEW_ORDER', 9)));
    expect(playChime).not.toHaveBeenCalled();
    expect(result.current.flashing.size).toBe(0);
  });

  /** Starts a "create order" mutation of this restaurant that ends when `finish` is called. */
  function creating(client: QueryClient) {
    let finish!: () => void;
    const answer = new Promise<void>((resolve) => (finish = resolve));
    const done = client
      .getMutationCache()
      .build(client, { mutationKey: orderKeys.create(EATERY), mutationFn: () => answer })
      .execute(undefined);
    return { finish, done };
  }

  it('while this tab creates an order, waits for the answer: its own order stays quiet', async () => {
    const { client, result } = setup();
    const creation = creating(client);
    act(() => result.current.onEvent(event('NEW_ORDER', 10)));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(playChime).not.toHaveBeenCalled();

    act(() => result.current.markOwn(10));
    creation.finish();
    await act(() => creation.done);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(playChime).not.toHaveBeenCalled();
    expect(result.current.flashing.size).toBe(0);
  });

  it('while this tab creates an order, another new order chimes once the answer is in', async () => {
    const { client, result } = setup();
    const creation = creating(client);
    act(() => result.current.onEvent(event('NEW_ORDER', 11)));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(playChime).not.toHaveBeenCalled();

    act(() => result.current.markOwn(12));
    creation.finish();
    await act(() => creation.done);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(playChime).toHaveBeenCalledTimes(1);
    expect(result.current.flashing.has(11)).toBe(true);
  });
});
