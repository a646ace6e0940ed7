import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { makeOrder } from '../shared/live/order-fixture';
import {
  openOrdersOfTable,
  orderKeys,
  patchOrderLists,
  useDeleteOrder,
  useOrders,
  useUpdateOrder,
  type OrderPages,
} from './orders-api';

const order = (id: number, tableId = 1) => ({ id, tableId, status: 'CREATED', items: [] }) as unknown as Order;

/** A fake orders list: `db` newest first, pages of `size`, the cursor is the index where the next page starts. */
function stubList(db: Order[], size: number) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const q = new URL(url, 'http://x').searchParams;
      const start = Number(q.get('cursor') ?? 0);
      const end = start + size;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (end < db.length) headers['X-Next-Cursor'] = String(end);
      return new Response(JSON.stringify(db.slice(start, end)), { status: 200, headers });
    }),
  );
  return urls;
}

function renderOrders() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useOrders(3, '2024-05-01', '2024-05-01'), { wrapper });
}

afterEach(() => vi.unstubAllGlobals());

const ids = (data: { pages: OrderPages['pages'] } | undefined) => data?.pages.flatMap((p) => p.orders.map((o) => o.id));

describe('useOrders pages', () => {
  it('loads the first page, then the next one with the cursor of X-Next-Cursor', async () => {
    const db = [5, 4, 3, 2, 1].map((id) => order(id));
    const urls = stubList(db, 2);
    const { result } = renderOrders();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages.flatMap((p) => p.orders.map((o) => o.id))).toEqual([5, 4]);
    expect(result.current.hasNextPage).toBe(true);
    expect(urls[0]).toBe('/api/eatery/3/orders?from=2024-05-01&to=2024-05-01');

    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(ids(result.current.data)).toEqual([5, 4, 3, 2]));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(ids(result.current.data)).toEqual([5, 4, 3, 2, 1]));
    expect(urls.slice(1)).toEqual([
      '/api/eatery/3/orders?from=2024-05-01&to=2024-05-01&cursor=2',
      '/api/eatery/3/orders?from=2024-05-01&to=2024-05-01&cursor=4',
    ]);
    expect(result.current.hasNextPage).toBe(false);
  });

  it('a refetch (a reconnect, a refresh) reloads every page shown, from the top, so a new order appears and none is lost', async () => {
    const db = [4, 3, 2, 1].map((id) => order(id));
    stubList(db, 2);
    const { result } = renderOrders();
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(ids(result.current.data)).toEqual([4, 3, 2, 1]));
    db.unshift(order(6), order(5));
    await act(() => result.current.refetch());
    // Two pages were shown: two pages come back, from the top.
    await waitFor(() => expect(ids(result.current.data)).toEqual([6, 5, 4, 3]));
    expect(result.current.hasNextPage).toBe(true);
  });
});

describe('open orders of a table', () => {
  it('follows every page of each open status', async () => {
    const db = [9, 8, 7, 6, 5].map((id) => order(id, id % 2 ? 1 : 2));
    const urls = stubList(db, 2);
    const open = await openOrdersOfTable(3, 1);
    // Each of the six open statuses (a guest order waiting for confirmation and a served, unpaid one too) gets the
    // same fake list: 3 pages each.
    expect(urls).toHaveLength(18);
    expect(urls[0]).toContain('limit=1000');
    expect(new Set(urls.map((u) => new URL(u, 'http://x').searchParams.get('status')))).toEqual(
      new Set(['NEEDS_CONFIRMATION', 'CREATED', 'PROCESSING', 'PREPARING', 'READY', 'ISSUED']),
    );
    expect(open.map((o) => o.id)).toEqual([9, 7, 5, 9, 7, 5, 9, 7, 5, 9, 7, 5, 9, 7, 5, 9, 7, 5]);
  });
});

describe('order lists follow changes without a list request', () => {
  /** 2026-03-10 in Baku (UTC+4): 20:30 UTC on the 9th is already the 10th there. */
  const early = (id: number, fields = {}) => makeOrder(id, '2026-03-09T20:30:00.000Z', fields);

  /** A fake API: the list answers `db`; PUT answers the body's status on a newer version; DELETE 204. */
  function stubApi(db: Order[], failChanges = false) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push(`${method} ${url}`);
        if (failChanges && method !== 'GET') return new Response('{"messageKey":"internal"}', { status: 500 });
        if (method === 'DELETE') return new Response(null, { status: 204 });
        if (method === 'PUT') {
          const id = Number(/orders\/(\d+)/.exec(url)?.[1]);
          const current = db.find((o) => o.id === id)!;
          const body = JSON.parse(String(init?.body)) as Partial<Order>;
          return Response.json({ ...current, ...body, version: current.version + 1 });
        }
        return Response.json(db);
      }),
    );
    return { lists: () => calls.filter((c) => c.startsWith('GET')).length, calls };
  }

  function renderBoard(timeZone: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(
      () => ({
        today: useOrders(3, '2026-03-10', '2026-03-10', true, timeZone),
        update: useUpdateOrder(3),
        remove: useDeleteOrder(3),
      }),
      { wrapper },
    );
    return { client, ...hook };
  }

  it('an event is placed by the restaurant day of the list (its time zone), and other restaurants stay as they are', async () => {
    const api = stubApi([early(1)]);
    const { client, result } = renderBoard('Asia/Baku');
    await waitFor(() => expect(ids(result.current.today.data)).toEqual([1]));
    const other = orderKeys.list(4, '2026-03-10', '2026-03-10');
    client.setQueryData<OrderPages>(other, { pages: [{ orders: [], nextCursor: null }], pageParams: [null] });

    const fresh = early(2, { createdAt: '2026-03-09T21:00:00.000Z' });
    act(() =>
      patchOrderLists(client, 3, [{ type: 'NEW_ORDER', orderId: 2, status: 'CREATED', version: 1, order: fresh }]),
    );
    await waitFor(() => expect(ids(result.current.today.data)).toEqual([2, 1]));
    expect(ids(client.getQueryData<OrderPages>(other))).toEqual([]);
    expect(api.lists()).toBe(1);
  });

  it('a change answers the order: the list takes it from the answer, with no list request', async () => {
    const api = stubApi([early(2), early(1)]);
    const { result } = renderBoard('Asia/Baku');
    await waitFor(() => expect(result.current.today.isSuccess).toBe(true));

    await act(() => result.current.update.mutateAsync({ orderId: 1, body: { status: 'PREPARING' } }));
    await waitFor(() =>
      expect(result.current.today.data?.pages[0].orders.map((o) => [o.id, o.status, o.version])).toEqual([
        [2, 'CREATED', 1],
        [1, 'PREPARING', 2],
      ]),
    );
    await act(() => result.current.remove.mutateAsync(2));
    await waitFor(() => expect(ids(result.current.today.data)).toEqual([1]));
    expect(api.lists()).toBe(1);
  });

  it('a failed change re-fetches the list (what it shows may be out of date)', async () => {
    const api = stubApi([early(1)], true);
    const { result } = renderBoard('Asia/Baku');
    await waitFor(() => expect(result.current.today.isSuccess).toBe(true));
    await act(() => result.current.update.mutateAsync({ orderId: 1, body: { status: 'PAID' } }).catch(() => {}));
    await waitFor(() => expect(api.lists()).toBe(2));
  });
});
