import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, Role } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { orderPermissions } from './order-format';
import { StatusModal } from './StatusModal';
import './index';

const NOW = new Date('2026-11-24T10:05:00Z');
const ready = makeOrder(7, '2026-11-24T10:00:00Z', {
  status: 'READY',
  items: [makeItem(11, 7, { status: 'READY', names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' } })],
});

function stubApi() {
  const writes: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { status: Order['status'] }) : undefined;
      writes.push({ method: init?.method ?? 'GET', url, body });
      return json({ ...ready, status: body?.status ?? ready.status, version: 2 });
    }),
  );
  return writes;
}

const renderModal = (roles: Role[], order: Order = ready, onClose = vi.fn()) =>
  renderWithProviders(
    <StatusModal eateryId={1} order={order} now={NOW} perms={orderPermissions(roles)} onClose={onClose} />,
  );

// jsdom has no scrollIntoView; Mantine's Select calls it on the selected option when the list opens.
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe('order status dialog', () => {
  it('lets a waiter mark a ready order served (ISSUED) with one button', async () => {
    const writes = stubApi();
    const onClose = vi.fn();
    await renderModal(['WAITER'], ready, onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Mark served' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'PUT', url: '/api/eatery/1/orders/7', body: { status: 'ISSUED' } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('offers Served among the statuses; Paid only to a cashier or an admin', async () => {
    stubApi();
    for (const [roles, paid] of [
      [['WAITER'], false],
      [['CASHIER'], true],
      [['EATERY_ADMIN'], true],
    ] as [Role[], boolean][]) {
      const { unmount } = await renderModal(roles);
      fireEvent.click(screen.getByRole('combobox', { name: 'New status' }));
      const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
      expect(options).toContain('Served');
      expect(options.includes('Paid')).toBe(paid);
      unmount();
    }
  });

  it('choosing Paid asks the payment method (Cash by default) and sends it', async () => {
    const writes = stubApi();
    const onClose = vi.fn();
    await renderModal(['CASHIER'], ready, onClose);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'New status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Paid' }));
    expect((screen.getByRole('radio', { name: 'Cash' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      url: '/api/eatery/1/orders/7',
      body: { status: 'PAID', method: 'CARD' },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it.each([
    ['CANCELLED', 'Отменён', 'orderHasPayments', 'отменить заказ можно после возврата денег'],
    ['PAID', 'Оплачен', 'orderNotConfirmed', 'ещё ждёт подтверждения персоналом'],
  ] as const)('shows the server refusing %s, translated (%s)', async (_status, option, messageKey, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ messageKey, message: messageKey }, 409)),
    );
    const onClose = vi.fn();
    await renderWithProviders(
      <StatusModal eateryId={1} order={ready} now={NOW} perms={orderPermissions(['EATERY_ADMIN'])} onClose={onClose} />,
      { lang: 'ru' },
    );
    fireEvent.click(screen.getByRole('combobox', { name: 'Новый статус' }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lists a voided dish struck out with its badge and reason', async () => {
    stubApi();
    const voided = makeItem(12, 7, {
      status: 'DELETED',
      names: { az: 'Çay', en: 'Tea', ru: 'Чай' },
      voidReason: 'Wrong item entered',
      voidedFrom: 'CREATED',
      voidedAt: '2026-11-24T10:01:00Z',
    });
    await renderModal(['WAITER'], { ...ready, items: [...ready.items, voided] });
    const row = document.querySelector<HTMLElement>('[data-item-id="12"]')!;
    expect(within(row).getByText('Voided')).toBeTruthy();
    expect(within(row).getByText('Reason: Wrong item entered')).toBeTruthy();
    expect(within(row).getByText('Tea').style.textDecoration).toBe('line-through');
  });

  it('offers the cashier the bill screen (split bills, tips, discounts); the waiter has no such button', async () => {
    stubApi();
    const { unmount } = await renderModal(['CASHIER']);
    // The dialog names the order by its number of the day (107 for id 7 in the fixture).
    expect(screen.getByRole('dialog', { name: 'Order #107' })).toBeTruthy();
    const bill = screen.getByRole('link', { name: 'Close the bill of order #107' });
    expect(bill.getAttribute('href')).toBe('/admin/bill?orderIds=7');
    unmount();
    await renderModal(['WAITER']);
    expect(screen.queryByRole('link', { name: /Close the bill/ })).toBeNull();
  });

  it('shows dish names in the interface language', async () => {
    stubApi();
    await renderModal(['WAITER']);
    expect(screen.getByText('Pilaf')).toBeTruthy();
  });
});
