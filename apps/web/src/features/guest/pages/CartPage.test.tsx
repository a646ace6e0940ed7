import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderGuest } from '../test-render';
import { cartActions, getCart, resetCartStoreForTests } from '../cart/cart-store';
import { testDish } from '../cart/test-dish';
import { clearGuestQueriesForTests } from '../lib/query';
import { CartPage } from './CartPage';

const dish = (id: number, nameEn: string, price: number) => testDish(id, { nameEn, price });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('cart page', () => {
  beforeEach(() => {
    clearGuestQueriesForTests();
    localStorage.clear();
    resetCartStoreForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs a restaurant', async () => {
    await renderGuest(<CartPage />, { lang: 'en' });
    expect(screen.getByText('Restaurant information is missing')).toBeTruthy();
  });

  it('shows the empty cart in Azerbaijani', async () => {
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    await renderGuest(<CartPage />, { lang: 'az' });
    expect(screen.getByText('Səbətiniz boşdur')).toBeTruthy();
  });

  it('keeps the cart when placing the order fails, and reuses the idempotency key on retry', async () => {
    const keys: string[] = [];
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/menu')) return json(503, { messageKey: 'internal', message: 'down' });
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      return json(500, { messageKey: 'internal', message: 'boom' });
    });
    vi.stubGlobal('fetch', fetchMock);
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(dish(5, 'Plov', 7.35));
    cartActions.add(dish(5, 'Plov', 7.35));
    cartActions.add(dish(6, 'Ayran', 1.1));
    await renderGuest(<CartPage />, { lang: 'en' });

    expect(screen.getByTestId('cart-total').textContent).toBe('15.80 AZN');
    expect(screen.getByRole('button', { name: 'One less Ayran' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'One less Plov' }).getAttribute('aria-disabled')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'There was an error placing your order. Please try again.',
      ),
    );
    expect(getCart().items.map((i) => [i.dish.id, i.quantity])).toEqual([
      [5, 2],
      [6, 1],
    ]);

    // Dismissing the alert hands the focus to "Place order" instead of dropping it with the close button.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Place order' }));

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a failed order ends its message with the request id of a server fault, in the page language', async () => {
    const requestId = '5c0ffee0-1234-4abc-9def-0123456789ab';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/menu')
          ? json(503, { messageKey: 'internal', message: 'down' })
          : json(500, { messageKey: 'internal', message: 'boom', requestId }),
      ),
    );
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(dish(5, 'Plov', 7.35));
    await renderGuest(<CartPage />, { lang: 'ru' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Оформить заказ' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`Код запроса: ${requestId}`));
  });

  it('keeps the focus on the stepper at one portion, and on the heading when a dish is removed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { messageKey: 'internal', message: 'down' })),
    );
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(dish(5, 'Plov', 7.35));
    cartActions.add(dish(5, 'Plov', 7.35));
    cartActions.add(dish(6, 'Ayran', 1.1));
    await renderGuest(<CartPage />, { lang: 'en' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your order' }));

    const user = userEvent.setup();
    const minus = screen.getByRole('button', { name: 'One less Plov' });
    await user.click(minus);
    expect(getCart().items.find((i) => i.dish.id === 5)?.quantity).toBe(1);
    // At one portion "−" is unavailable, yet still holds the focus (a disabled button would drop it to <body>).
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(minus);
    await user.keyboard('{Enter}');
    expect(getCart().items.find((i) => i.dish.id === 5)?.quantity).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Remove Ayran' }));
    expect(getCart().items.map((i) => i.dish.id)).toEqual([5]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your order' }));

    await user.click(screen.getByRole('button', { name: 'Remove Plov' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your cart is empty' }));
  });
});
