import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { io } from 'socket.io-client';
import type { GuestOrder, OrderEvent } from '@qr-menu/contract';
import { ORDER_EVENT } from '@qr-menu/contract/constants';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, resetCartStoreForTests } from '../cart/cart-store';
import { clearGuestQueriesForTests } from '../lib/query';
import { ConfirmationPage } from './ConfirmationPage';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

const fakeSocket = { on: vi.fn(), emit: vi.fn(), disconnect: vi.fn() };

const order = (status: GuestOrder['status'], version: number): GuestOrder => ({
  id: 12,
  /** Its number of the day: what the guest sees (never the id). */
  number: 4,
  status,
  tableId: 2,
  tableNumber: '7',
  note: null,
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  items: [],
  eateryId: 1,
  orderPrice: 0,
  estimatedTime: 10,
  version,
  discount: 0,
  serviceChargeRate: 0,
  paidAt: null,
  rejectionReason: null,
  kind: 'DINE_IN',
  customerName: null,
  customerPhone: null,
});

let requests: string[] = [];

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  resetCartStoreForTests();
  cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
  requests = [];
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(fakeSocket as never);
  fakeSocket.on.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.endsWith('/menu')) return jsonResponse({ messageKey: 'internal', message: 'down' }, 503);
      return jsonResponse(order('CREATED', 1));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

it('a status event updates the confirmation page from the order it carries, with no request', async () => {
  await renderGuest(<ConfirmationPage />, {
    lang: 'en',
    path: '/client/order-confirmation/12',
    route: '/client/order-confirmation/:orderId',
  });
  await screen.findByRole('heading', { level: 1, name: 'Order number #4' });
  // The socket is opened about a second after the page shows.
  await waitFor(() => expect(fakeSocket.on).toHaveBeenCalledWith(ORDER_EVENT, expect.any(Function)), {
    timeout: 3000,
  });
  const handler = fakeSocket.on.mock.calls.find(([name]) => name === ORDER_EVENT)![1] as (...e: OrderEvent[]) => void;
  const orderRequests = () => requests.filter((url) => url.endsWith('/orders/12')).length;
  const before = orderRequests();

  const ready = order('READY', 3);
  handler({ type: 'ORDER_UPDATED', orderId: 12, status: 'READY', version: 3, order: ready });
  await waitFor(() => expect(screen.getByTestId('status-announcer').textContent).toBe('Order #4: Ready'));
  // A late event of an older version changes nothing (act: whatever it set off has run).
  await act(async () =>
    handler({ type: 'ORDER_UPDATED', orderId: 12, status: 'PREPARING', version: 2, order: order('PREPARING', 2) }),
  );
  expect(screen.getByTestId('status-announcer').textContent).toBe('Order #4: Ready');
  expect(orderRequests()).toBe(before);
});
