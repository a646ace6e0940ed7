import { fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REJECTION_REASONS } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { makeOrder } from '../shared/live/order-fixture';
import { RejectOrderModal } from './RejectOrderModal';
import { useRejectionReasonText } from './rejection-reason';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import './index';

/**
 * A common reason goes as its key (`preset:<key>`), so the guest reads it in their own language; a reason staff
 * changed or wrote goes as typed.
 */
const waiting = makeOrder(7, '2026-11-24T10:00:00Z', { status: 'NEEDS_CONFIRMATION', tableNumber: '5' });

function stubApi() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return json({ ...waiting, status: 'CANCELLED', rejectionReason: 'x' });
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('reject dialog: what it sends', () => {
  it.each([
    ['en', 'Sorry, some of these dishes are sold out.', 'Reject order'],
    ['ru', 'Извините, некоторые блюда закончились.', 'Отклонить заказ'],
  ] as const)('a common reason left as it is goes as its key (%s)', async (lang, text, submit) => {
    const posts = stubApi();
    const onClose = vi.fn();
    await renderWithProviders(<RejectOrderModal eateryId={3} order={waiting} onClose={onClose} />, { lang });
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByText(text));
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe(text);
    fireEvent.click(within(dialog).getByRole('button', { name: submit }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([{ url: '/api/eatery/3/orders/7/reject', body: { reason: 'preset:soldOut' } }]);
  });

  it('a reason written by hand goes as typed (trimmed)', async () => {
    const posts = stubApi();
    const onClose = vi.fn();
    await renderWithProviders(<RejectOrderModal eateryId={3} order={waiting} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  No plov today  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([{ url: '/api/eatery/3/orders/7/reject', body: { reason: 'No plov today' } }]);
  });

  it('says that a common reason reaches the guest in their own language', async () => {
    stubApi();
    await renderWithProviders(<RejectOrderModal eateryId={3} order={waiting} onClose={vi.fn()} />);
    expect(screen.getByText(en.orders.reject.presetHint)).toBeTruthy();
  });
});

describe('rejection reasons on staff screens', () => {
  it('has every common reason and the hint in az, en and ru', () => {
    for (const lang of [az, en, ru]) {
      for (const key of REJECTION_REASONS) expect(lang.orders.reject.reasons[key]).toBeTruthy();
      expect(lang.orders.reject.presetHint).toBeTruthy();
    }
  });

  it('a common reason reads in the staff’s language, one written by hand as written', async () => {
    await renderWithProviders(<div />, { lang: 'ru' });
    const { result } = renderHook(() => useRejectionReasonText());
    expect(result.current('preset:closing')).toBe(ru.orders.reject.reasons.closing);
    expect(result.current('Нет плова')).toBe('Нет плова');
    expect(result.current('preset:unknown')).toBe('preset:unknown');
  });
});
