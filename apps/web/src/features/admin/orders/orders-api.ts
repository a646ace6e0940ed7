import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Order,
  OrderCreateBody,
  OrderItemBody,
  OrderItemUpdateBody,
  OrderItemVoidBody,
  OrderStatus,
  OrderChange,
  OrderUpdateBody,
  Table,
} from '@qr-menu/contract';
import { OPEN_ORDER_STATUSES, ORDER_LIST_MAX } from '@qr-menu/contract/constants';
import { api } from '../../../api/client';
import { patchEarlierOpen } from './earlier-open-orders';
import { fetchOrderPage, type OrderPage, type OrderPages } from './order-pages';
import { patchOrderPages, type ListFilter } from './patch-orders-cache';

export type { OrderPages };

export const orderKeys = {
  all: (eateryId: number) => ['orders', eateryId] as const,
  /** Every order list of the restaurant (whatever dates): what an order change patches and a reconnect re-fetches. */
  lists: (eateryId: number) => ['orders', eateryId, 'list'] as const,
  list: (eateryId: number, from: string, to: string) => ['orders', eateryId, 'list', from, to] as const,
  tables: (eateryId: number) => ['orders', eateryId, 'tables'] as const,
  /** Mutation key of order creation (the screen asks whether this tab is creating one). */
  create: (eateryId: number) => ['orders', eateryId, 'create'] as const,
};

const base = (eateryId: number) => `/api/eatery/${eateryId}/orders`;

/**
 * Orders of one restaurant created between two days (YYYY-MM-DD, the restaurant's time zone `timeZone`), newest
 * first, one page (200) at a time: `fetchNextPage` loads the next one while `hasNextPage`. A refetch (a reconnect,
 * a refresh) reloads every page already shown, from the first, so new orders appear on top and none is dropped.
 * Order events patch the cached pages instead (`patchOrderLists`); the time zone is kept in the query's meta so a
 * patch knows which day an order falls on.
 */
export const useOrders = (eateryId: number, from: string, to: string, enabled = true, timeZone?: string) =>
  useInfiniteQuery({
    queryKey: orderKeys.list(eateryId, from, to),
    queryFn: ({ signal, pageParam }) => fetchOrderPage(base(eateryId), { from, to }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: OrderPage) => last.nextCursor ?? undefined,
    enabled: enabled && !!from && !!to,
    placeholderData: (previous) => previous,
    meta: { timeZone },
  });

/** The filters of a cached list of `orderKeys.list` (its days from the key, the time zone from its meta). */
function listFilterOf(queryKey: readonly unknown[], meta: Record<string, unknown> | undefined): ListFilter {
  const [, , , from, to] = queryKey;
  return {
    from: typeof from === 'string' ? from : undefined,
    to: typeof to === 'string' ? to : undefined,
    timeZone: typeof meta?.timeZone === 'string' ? meta.timeZone : undefined,
  };
}

/**
 * Applies order events (from the socket, or made from a change's answer) to every cached order list of the
 * restaurant, shown or not, and to its open orders of earlier days: no list is re-fetched. Only lists that change
 * are written.
 */
export function patchOrderLists(qc: QueryClient, eateryId: number, events: readonly OrderChange[]) {
  for (const query of qc.getQueryCache().findAll({ queryKey: orderKeys.lists(eateryId) })) {
    const filter = listFilterOf(query.queryKey, query.meta);
    const before = query.state.data as OrderPages | undefined;
    let after = before;
    for (const event of events) after = patchOrderPages(after, event, filter);
    if (after !== before) qc.setQueryData<OrderPages>(query.queryKey, after);
  }
  patchEarlierOpen(qc, eateryId, events);
}

/** The event a change's answer amounts to (the socket brings the same one a moment later). */
const changed =
  (type: 'NEW_ORDER' | 'ORDER_UPDATED') =>
  (order: Order): OrderChange => ({ type, orderId: order.id, status: order.status, version: order.version, order });

/** Tables to create an order on (GET /api/eatery/{id}/table). */
export const useOrderTables = (eateryId: number, enabled = true) =>
  useQuery({
    queryKey: orderKeys.tables(eateryId),
    queryFn: () => api<Table[]>(`/api/eatery/${eateryId}/table`),
    enabled,
  });

export { useOrderMenu, type MenuCategory } from '../shared/order-entry/menu-api';

/** Every order of one status, following the pages (open orders are few; a busy day may still pass a page). */
async function allOfStatus(eateryId: number, status: OrderStatus): Promise<Order[]> {
  const all: Order[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchOrderPage(base(eateryId), { status, limit: String(ORDER_LIST_MAX) }, cursor);
    all.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** Open orders (OPEN_ORDER_STATUSES: not paid, not cancelled) of one table, whatever day they were created. */
export async function openOrdersOfTable(eateryId: number, tableId: number): Promise<Order[]> {
  const lists = await Promise.all(OPEN_ORDER_STATUSES.map((status: OrderStatus) => allOfStatus(eateryId, status)));
  return lists.flat().filter((o) => o.tableId === tableId);
}

/**
 * Every change answers the order: the cached lists take it from the answer through `toEvent` (a failed change
 * re-fetches them instead, as the board may be out of date). The socket event of the change patches other screens.
 */
function useOrderMutation<V, R>(
  eateryId: number,
  fn: (vars: V) => Promise<R>,
  toEvent: (result: R, vars: V) => OrderChange,
  mutationKey?: readonly unknown[],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: fn,
    onSuccess: (result, vars) => patchOrderLists(qc, eateryId, [toEvent(result, vars)]),
    onError: () => qc.invalidateQueries({ queryKey: orderKeys.lists(eateryId) }),
  });
}

export const useCreateOrder = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    (body: OrderCreateBody & { eateryId?: number }) => api<Order>(base(eateryId), { method: 'POST', body }),
    changed('NEW_ORDER'),
    orderKeys.create(eateryId),
  );

export const useUpdateOrder = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    ({ orderId, body }: { orderId: number; body: OrderUpdateBody }) =>
      api<Order>(`${base(eateryId)}/${orderId}`, { method: 'PUT', body }),
    changed('ORDER_UPDATED'),
  );

export const useDeleteOrder = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    (orderId: number) => api<void>(`${base(eateryId)}/${orderId}`, { method: 'DELETE' }),
    (_, orderId): OrderChange => ({ type: 'ORDER_DELETED', orderId }),
  );

/** POST …/orders/{orderId}/accept: a guest order waiting for confirmation goes to the kitchen (CREATED). */
export const useAcceptOrder = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    (orderId: number) => api<Order>(`${base(eateryId)}/${orderId}/accept`, { method: 'POST' }),
    changed('ORDER_UPDATED'),
  );

/** POST …/orders/{orderId}/reject `{reason}`: the waiting order is cancelled; the guest sees the reason. */
export const useRejectOrder = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    ({ orderId, reason }: { orderId: number; reason: string }) =>
      api<Order>(`${base(eateryId)}/${orderId}/reject`, { method: 'POST', body: { reason } }),
    changed('ORDER_UPDATED'),
  );

export const useAddOrderItem = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    ({ orderId, body }: { orderId: number; body: OrderItemBody }) =>
      api<Order>(`${base(eateryId)}/${orderId}/items`, { method: 'POST', body }),
    changed('ORDER_UPDATED'),
  );

export const useUpdateOrderItem = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    ({ orderId, itemId, body }: { orderId: number; itemId: number; body: OrderItemUpdateBody }) =>
      api<Order>(`${base(eateryId)}/${orderId}/items/${itemId}`, { method: 'PUT', body }),
    changed('ORDER_UPDATED'),
  );

/**
 * DELETE …/orders/{orderId}/items/{itemId} `{reason, approval?}`: voids the item. It stays on the order struck out,
 * with its reason, out of the total.
 */
export const useVoidOrderItem = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    ({ orderId, itemId, body }: { orderId: number; itemId: number; body: OrderItemVoidBody }) =>
      api<Order>(`${base(eateryId)}/${orderId}/items/${itemId}`, { method: 'DELETE', body }),
    changed('ORDER_UPDATED'),
  );
