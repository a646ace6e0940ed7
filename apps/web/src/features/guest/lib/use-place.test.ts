import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { GuestOrder } from '@qr-menu/contract';
import { setGuestLanguageForTests } from '../test-render';
import { testDish } from '../cart/test-dish';
import { cartActions, getCart, resetCartStoreForTests } from '../cart/cart-store';
import { whenOnlineOrTimeout } from '../offline/online-status';
import { resetOutboxForTests } from '../offline/order-outbox';
import { rememberTimeZone, restaurantTimeZone, useRestaurantTimeZone } from './use-place';
import { usePlaceOrder } from './place-order';

const dish = (id: number) => testDish(id, { price: 2.5 });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let online = true;
function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/**
 * POST .../orders as the server does it: one order per Idempotency-Key. The first `lose` answers never reach the
 * phone (the order is made, fetch fails), as when the connection drops right after sending.
 */
function fakeServer(lose = 0) {
  const orders = new Map<string, GuestOrder>();
  const keys: string[] = [];
  const addCalls: unknown[] = [];
  let lost = 0;
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (!online) return Promise.reject(new TypeError('Failed to fetch'));
    if (url.endsWith('/items')) {
      addCalls.push(JSON.parse(String(init?.body)));
      return Promise.resolve(json(200, { id: 9 }));
    }
    const key = new Headers(init?.headers).get('Idempotency-Key') ?? '';
    keys.push(key);
    let order = orders.get(key);
    if (!order) {
      order = { id: orders.size + 1 } as GuestOrder;
      orders.set(key, order);
    }
    if (lost < lose) {
      lost++;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return Promise.resolve(json(orders.size === 1 ? 201 : 200, order));
  });
  return { orders, keys, addCalls, fetchMock };
}

function renderPlace() {
  const onPlaced = vi.fn();
  const refetchMenu = vi.fn(() => Promise.resolve(undefined));
  const hook = renderHook(() => usePlaceOrder(1, 2, { onPlaced, refetchMenu }));
  return { ...hook, onPlaced };
}

describe('placing an order without a connection', () => {
  beforeEach(async () => {
    localStorage.clear();
    resetCartStoreForTests();
    // The browser's online/offline events, with short waits between tries.
    resetOutboxForTests({
      isOnline: () => online,
      wait: (ms, signal) => whenOnlineOrTimeout(Math.min(ms, 20), signal),
    });
    online = true;
    setGuestLanguageForTests('en');
    cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
    cartActions.add(dish(5));
    cartActions.add(dish(6));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says it will send when the connection is back, then places exactly one order with the same key', async () => {
    const server = fakeServer(2);
    vi.stubGlobal('fetch', server.fetchMock);
    setOnline(false);
    const { result, onPlaced } = renderPlace();

    act(() => result.current.submit());
    await waitFor(() => expect(result.current.waitingForNetwork).toBe(true));
    expect(result.current.sending).toBe(true);
    expect(result.current.error).toBeNull();
    expect(server.fetchMock).not.toHaveBeenCalled(); // nothing leaves a phone that is offline
    // A second tap while waiting does not start a second loop.
    act(() => result.current.submit());

    setOnline(true);
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    // Two answers were lost on the way back: three tries, one key, one order.
    expect(server.keys).toHaveLength(3);
    expect(new Set(server.keys).size).toBe(1);
    expect(server.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.orders.size).toBe(1);
    expect(onPlaced).toHaveBeenCalledWith({ id: 1 });
    expect(getCart().items).toEqual([]);
    expect(result.current).toMatchObject({ sending: false, waitingForNetwork: false, error: null });
    expect(localStorage.getItem('pendingOrder')).toBeNull();
  });

  it('sends a waiting order again after a reload, with the key it had', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    setOnline(false);
    const first = renderPlace();
    act(() => first.result.current.submit());
    await waitFor(() => expect(first.result.current.waitingForNetwork).toBe(true));
    const key = getCart().submissionKey;
    expect(localStorage.getItem('pendingOrder')).toBe(key);
    first.unmount();

    // The page is loaded again (a fresh outbox), the connection is back.
    resetOutboxForTests({
      isOnline: () => online,
      wait: (ms, signal) => whenOnlineOrTimeout(Math.min(ms, 20), signal),
    });
    setOnline(true);
    const again = renderPlace();
    await waitFor(() => expect(again.onPlaced).toHaveBeenCalledTimes(1));
    expect(server.keys).toEqual([key]);
  });

  it('stops waiting when the guest cancels, keeping the cart and its key', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    setOnline(false);
    const { result, onPlaced } = renderPlace();
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.waitingForNetwork).toBe(true));
    const key = getCart().submissionKey;
    act(() => result.current.cancel());
    expect(result.current.sending).toBe(false);
    // Coming back online resumes nothing (act: what the event set off has run); the next submit sends once.
    await act(async () => setOnline(true));
    expect(server.fetchMock).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(getCart().items).toHaveLength(2);
    act(() => result.current.submit());
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(server.keys).toEqual([key]);
  });

  it('adds dishes to an open order once the phone is back online, and never repeats them blindly', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchMock);
    cartActions.setAddToOrder({ id: 9, number: 1 });
    setOnline(false);
    const { result, onPlaced } = renderPlace();
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.waitingForNetwork).toBe(true));
    setOnline(true);
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(server.addCalls).toHaveLength(1);

    // No key on this call: a failure with the browser online may have reached the server, so the guest decides.
    cartActions.setAddToOrder({ id: 9, number: 1 });
    cartActions.add(dish(7));
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', failing);
    act(() => result.current.submit());
    await waitFor(() =>
      expect(result.current.error).toBe('The dishes could not be added to your order. Please try again.'),
    );
    expect(failing).toHaveBeenCalledTimes(1);
    expect(getCart().items).toHaveLength(1);
  });

  it('names a closed order by its number when its dishes cannot be added, and leaves the add-to-order mode', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(409, { messageKey: 'orderClosed', message: 'closed' }))),
    );
    cartActions.setAddToOrder({ id: 9, number: 1 });
    const { result } = renderPlace();
    act(() => result.current.submit());
    await waitFor(() =>
      expect(result.current.error).toBe('Order #1 is closed, so these dishes can be placed as a new order.'),
    );
    expect(getCart()).toMatchObject({ addToOrderId: null, addToOrderNumber: null });
    expect(getCart().items).toHaveLength(2);
  });

  it('shows why the server refused an order, translated', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(429, { messageKey: 'tooManyRequests', message: 'slow down' }))),
    );
    const { result } = renderPlace();
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.sending).toBe(false);
    act(() => result.current.dismissError());
    expect(result.current.error).toBeNull();
  });
});

describe("the restaurant's time zone for pages without the menu", () => {
  it('is remembered per restaurant from its menu', () => {
    localStorage.clear();
    expect(restaurantTimeZone(1)).toBeUndefined();
    rememberTimeZone(1, 'Asia/Baku');
    rememberTimeZone(2, 'Europe/Moscow');
    rememberTimeZone(3, undefined);
    expect([restaurantTimeZone(1), restaurantTimeZone(2), restaurantTimeZone(3)]).toEqual([
      'Asia/Baku',
      'Europe/Moscow',
      undefined,
    ]);
    expect(renderHook(() => useRestaurantTimeZone(1)).result.current).toBe('Asia/Baku');
    localStorage.setItem('timeZones', 'not json');
    expect(restaurantTimeZone(1)).toBeUndefined();
  });
});
