import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { openOrdersOfTable, prependOrder, useOrders, type OrderPages } from './orders-api';

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

  it('a refetch (an event) reloads every page shown, from the top, so a new order appears and none is lost', async () => {
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
    // Each of the four open statuses gets the same fake list here: 3 pages each.
    expect(urls).toHaveLength(12);
    expect(urls[0]).toContain('limit=1000');
    expect(open.map((o) => o.id)).toEqual([9, 7, 5, 9, 7, 5, 9, 7, 5, 9, 7, 5]);
  });
});

describe('prependOrder', () => {
  it('puts a new order on top of the first page once', () => {
    const pages = {
      pages: [
        { orders: [order(2)], nextCursor: 'c' },
        { orders: [order(1)], nextCursor: null },
      ],
      pageParams: [null, 'c'],
    };
    const once = prependOrder(pages, order(3));
    expect(once?.pages.map((p) => p.orders.map((o) => o.id))).toEqual([[3, 2], [1]]);
    expect(prependOrder(once, order(3))).toBe(once);
    expect(prependOrder(undefined, order(3))).toBeUndefined();
  });
});
