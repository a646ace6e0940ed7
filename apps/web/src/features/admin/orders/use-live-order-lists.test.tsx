import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderEvent } from '@qr-menu/contract';
import { makeOrder } from '../shared/live/order-fixture';
import { useOrders } from './orders-api';
import { useLiveOrderLists } from './use-live-order-lists';

const at = (id: number, minute: number, fields: Partial<Order> = {}) =>
  makeOrder(id, new Date(Date.UTC(2026, 2, 10, 8, minute)).toISOString(), fields);
const added = (o: Order): OrderEvent => ({
  type: 'NEW_ORDER',
  orderId: o.id,
  status: o.status,
  version: o.version,
  order: o,
});
const updated = (o: Order): OrderEvent => ({
  type: 'ORDER_UPDATED',
  orderId: o.id,
  status: o.status,
  version: o.version,
  order: o,
});

/**
 * The list API: answers `db` as it is when the request is made, after `hold()` only once `release()` is called
 * (a slow request the events overtake).
 */
function stubList(db: Order[]) {
  let gate: Promise<void> | null = null;
  let open = () => {};
  const fetch = vi.fn(async () => {
    const snapshot = [...db];
    if (gate) await gate;
    return Response.json(snapshot);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    hold: () => (gate = new Promise<void>((resolve) => (open = resolve))),
    release: () => {
      gate = null;
      open();
    },
  };
}

function renderBoard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({ list: useOrders(3, '2026-03-10', '2026-03-10', true, 'UTC'), live: useLiveOrderLists(3) }),
    { wrapper },
  );
}

const ids = (data: { pages: { orders: Order[] }[] } | undefined) =>
  data?.pages.flatMap((p) => p.orders.map((o) => o.id));

afterEach(() => vi.unstubAllGlobals());

describe('live order lists', () => {
  it('events patch the list with no list request', async () => {
    const api = stubList([at(1, 10)]);
    const { result } = renderBoard();
    await waitFor(() => expect(ids(result.current.list.data)).toEqual([1]));

    act(() => result.current.live.apply(added(at(2, 20))));
    act(() => result.current.live.apply(updated(at(1, 10, { version: 2, status: 'READY' }))));
    await waitFor(() => expect(ids(result.current.list.data)).toEqual([2, 1]));
    expect(result.current.list.data?.pages[0].orders[1].status).toBe('READY');
    act(() => result.current.live.apply({ type: 'ORDER_DELETED', orderId: 2, status: 'CREATED' }));
    await waitFor(() => expect(ids(result.current.list.data)).toEqual([1]));
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it('resync re-fetches once; events that overtake that request are applied again to its answer', async () => {
    const db = [at(1, 10)];
    const api = stubList(db);
    const { result } = renderBoard();
    await waitFor(() => expect(ids(result.current.list.data)).toEqual([1]));

    // The request reads the database now; a new order and a change come over the socket before it answers.
    api.hold();
    act(() => void result.current.live.resync());
    await waitFor(() => expect(api.fetch).toHaveBeenCalledTimes(2));
    act(() => result.current.live.apply(added(at(2, 20))));
    act(() => result.current.live.apply(updated(at(1, 10, { version: 2, status: 'PREPARING' }))));
    api.release();

    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(ids(result.current.list.data)).toEqual([2, 1]);
    expect(result.current.list.data?.pages[0].orders[1]).toMatchObject({ status: 'PREPARING', version: 2 });
    expect(api.fetch).toHaveBeenCalledTimes(2);

    // Once settled, the held events are dropped: a later delete stays deleted through the next answer.
    act(() => result.current.live.apply({ type: 'ORDER_DELETED', orderId: 2, status: 'CREATED' }));
    await waitFor(() => expect(ids(result.current.list.data)).toEqual([1]));
    db.splice(0, db.length, at(1, 10, { version: 2, status: 'PREPARING' }));
    act(() => void result.current.live.resync());
    await waitFor(() => expect(api.fetch).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(result.current.list.isFetching).toBe(false));
    expect(ids(result.current.list.data)).toEqual([1]);
  });
});
