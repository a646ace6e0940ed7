import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GuestOrder } from '@qr-menu/contract';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, getCart, resetCartStoreForTests } from '../cart/cart-store';
import { PICKUP_PLACE } from '../cart/cart';
import { testDish } from '../cart/test-dish';
import { clearGuestQueriesForTests } from '../lib/query';
import { CartPage } from '../pages/CartPage';
import { ConfirmationPage } from '../pages/ConfirmationPage';
import { resetPickupCustomerForTests } from './pickup-customer';

const placed: GuestOrder = {
  id: 40,
  number: 14,
  status: 'CREATED',
  tableId: null,
  tableNumber: '',
  note: null,
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  items: [],
  eateryId: 1,
  orderPrice: 7.35,
  estimatedTime: 10,
  version: 0,
  discount: 0,
  serviceChargeRate: 0,
  paidAt: null,
  rejectionReason: null,
  kind: 'PICKUP',
  customerName: 'Aysel',
  customerPhone: null,
};

describe('pickup checkout', () => {
  let posts: { url: string; body: Record<string, unknown>; key: string | null }[];
  beforeEach(() => {
    clearGuestQueriesForTests();
    localStorage.clear();
    resetCartStoreForTests();
    resetPickupCustomerForTests();
    posts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          posts.push({
            url,
            body: JSON.parse(String(init.body)) as Record<string, unknown>,
            key: new Headers(init.headers).get('Idempotency-Key'),
          });
          return jsonResponse(placed, 201);
        }
        return jsonResponse({ messageKey: 'internal', message: 'down' }, 503);
      }),
    );
    cartActions.setTableAndEatery({ eateryId: 1, tableId: PICKUP_PLACE });
    cartActions.add(testDish(5, { nameEn: 'Plov', price: 7.35 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks whom to call and sends nothing until the name is there and the phone is one', async () => {
    await renderGuest(<CartPage />, { lang: 'en' });
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Order for pickup' });
    await user.click(send);
    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
    expect(posts).toEqual([]);

    await user.type(screen.getByLabelText('Your name'), 'Aysel');
    await user.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await user.click(send);
    expect(await screen.findByText('Please enter a phone number we can call, or leave it empty.')).toBeTruthy();
    expect(screen.getByLabelText('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    await user.clear(screen.getByLabelText('Phone (optional)'));
    await user.type(screen.getByLabelText('Phone (optional)'), '+994 50 123 45 67');
    await user.click(send);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].url).toBe('/api/client/eatery/1/pickup-orders');
    expect(posts[0].body).toEqual({
      items: [{ dishId: 5, quantity: 1, note: null }],
      note: null,
      customerName: 'Aysel',
      customerPhone: '+994 50 123 45 67',
    });
    expect(posts[0].key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(getCart().items).toEqual([]));
    // The cart stays a pickup cart for the next order; the name is kept on the phone for next time.
    expect(getCart().tableId).toBe(PICKUP_PLACE);
  });

  it('starts filled in with the name given last time; a blank phone is sent as none', async () => {
    localStorage.setItem('pickupCustomer', JSON.stringify({ name: 'Kamran', phone: '  ' }));
    resetPickupCustomerForTests();
    await renderGuest(<CartPage />, { lang: 'az' });
    expect((screen.getByLabelText('Adınız') as HTMLInputElement).value).toBe('Kamran');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Götürmək üçün sifariş et' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ customerName: 'Kamran', customerPhone: null });
  });

  it('the confirmation shows the number big, says pickup instead of a table', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/client/eatery/1/orders/40'
          ? jsonResponse({ ...placed, status: 'PREPARING' })
          : jsonResponse({ messageKey: 'internal', message: 'down' }, 503),
      ),
    );
    await renderGuest(<ConfirmationPage />, {
      lang: 'en',
      path: '/client/order-confirmation/40',
      route: '/client/order-confirmation/:orderId',
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your number 14' });
    expect(heading.textContent).toBe('14');
    expect(screen.getByText(/^Pickup ·/)).toBeTruthy();
    expect(screen.getByText(/collect it at the counter/)).toBeTruthy();
  });
});
