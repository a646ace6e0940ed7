import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { GuestOrder } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, resetCartStoreForTests } from '../cart/cart-store';
import { guestKeys } from '../api';
import { clearGuestQueriesForTests, invalidateQuery } from '../lib/query';
import { ConfirmationPage } from './ConfirmationPage';
import { OrdersPage } from './OrdersPage';

/** Order `id` is number `id - 10` of the day: the guest sees the number, never the id. */
const order = (id: number, status: GuestOrder['status']): GuestOrder => ({
  id,
  number: id - 10,
  status,
  tableId: 2,
  tableNumber: '7',
  note: null,
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  items: [
    {
      id: 1,
      dishId: 5,
      dishName: 'Plov',
      name: 'Plov',
      orderId: id,
      quantity: 1,
      note: null,
      status: 'CREATED',
      price: 7.35,
      options: [],
      category: null,
      kitchenDepartmentId: null,
      names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' },
      batch: 1,
      createdAt: '2026-01-05T12:00:00.000Z',
      readyAt: null,
      voidReason: null,
      voidedFrom: null,
      voidedAt: null,
      seat: null,
      course: null,
      held: false,
    },
  ],
  eateryId: 1,
  orderPrice: 7.35,
  estimatedTime: 10,
  version: 1,
  discount: 0,
  serviceChargeRate: 0,
  paidAt: null,
  rejectionReason: null,
  kind: 'DINE_IN',
  customerName: null,
  customerPhone: null,
});

/** The server's answers; a test changes them, then marks the cached orders stale to make the page refetch. */
let orders: GuestOrder[] = [];
const refetch = () =>
  act(() => {
    invalidateQuery(guestKeys.order(1, 12));
    invalidateQuery(guestKeys.orders(1));
  });

describe('order status for screen readers', () => {
  beforeEach(() => {
    clearGuestQueriesForTests();
    localStorage.clear();
    resetCartStoreForTests();
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/menu')) return jsonResponse({ messageKey: 'internal', message: 'down' }, 503);
        const one = /\/orders\/(\d+)$/.exec(url);
        if (one) return jsonResponse(orders.find((o) => o.id === Number(one[1])));
        return jsonResponse(orders);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('focuses the confirmation heading and politely announces a status change', async () => {
    orders = [order(12, 'CREATED')];
    await renderGuest(<ConfirmationPage />, {
      lang: 'en',
      path: '/client/order-confirmation/12',
      route: '/client/order-confirmation/:orderId',
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order number #2' });
    expect(screen.queryByText(/#12/)).toBeNull();
    expect(document.activeElement).toBe(heading);
    const live = screen.getByTestId('status-announcer');
    expect(live.getAttribute('aria-live')).toBe('polite');
    // The first status is on the page already: nothing to announce yet.
    expect(live.textContent).toBe('');

    orders = [order(12, 'READY')];
    refetch();
    await waitFor(() => expect(live.textContent).toBe('Order #2: Ready'));
    expect(document.activeElement).toBe(heading);
  });

  it('announces which order changed on My orders, in the guest language', async () => {
    orders = [order(12, 'CREATED'), order(11, 'PREPARING')];
    await renderGuest(<OrdersPage />, { lang: 'az' });
    const h = await screen.findByRole('heading', { level: 1, name: 'Sifarişlərim' });
    expect(document.activeElement).toBe(h);
    expect(screen.getByRole('article', { name: 'Sifariş #2' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Sifariş #1' })).toBeTruthy();
    const live = screen.getByTestId('status-announcer');
    expect(live.textContent).toBe('');

    orders = [order(12, 'CREATED'), order(11, 'READY')];
    refetch();
    await waitFor(() => expect(live.textContent).toBe('Sifariş #1: Hazırdır'));
  });
});
