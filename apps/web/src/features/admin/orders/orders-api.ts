import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  Category,
  CategoryWithDishes,
  Order,
  OrderCreateBody,
  OrderItemBody,
  OrderItemUpdateBody,
  OrderStatus,
  OrderUpdateBody,
  Table,
} from '@qr-menu/contract';
import { ORDER_LIST_MAX } from '@qr-menu/contract/constants';
import { api } from '../../../api/client';
import { OPEN_FOR_TABLE } from './order-format';
import { fetchOrderPage, type OrderPage } from './order-pages';

export const orderKeys = {
  all: (eateryId: number) => ['orders', eateryId] as const,
  /** Every order list of the restaurant (whatever dates): what an order change invalidates. */
  lists: (eateryId: number) => ['orders', eateryId, 'list'] as const,
  list: (eateryId: number, from: string, to: string) => ['orders', eateryId, 'list', from, to] as const,
  tables: (eateryId: number) => ['orders', eateryId, 'tables'] as const,
  menu: (eateryId: number) => ['orders', eateryId, 'menu'] as const,
  /** Mutation key of order creation (the screen asks whether this tab is creating one). */
  create: (eateryId: number) => ['orders', eateryId, 'create'] as const,
};

const base = (eateryId: number) => `/api/eatery/${eateryId}/orders`;

/** The cached pages of one list. */
export type OrderPages = InfiniteData<OrderPage, string | null>;

/**
 * Orders of one restaurant created between two days (YYYY-MM-DD, the restaurant's time zone), newest first, one
 * page (200) at a time: `fetchNextPage` loads the next one while `hasNextPage`. A refetch (an event, a refresh)
 * reloads every page already shown, from the first, so new orders appear on top and none is dropped.
 */
export const useOrders = (eateryId: number, from: string, to: string, enabled = true) =>
  useInfiniteQuery({
    queryKey: orderKeys.list(eateryId, from, to),
    queryFn: ({ signal, pageParam }) => fetchOrderPage(base(eateryId), { from, to }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: OrderPage) => last.nextCursor ?? undefined,
    enabled: enabled && !!from && !!to,
    placeholderData: (previous) => previous,
  });

/** Adds an order on top of a cached list (when it is not there yet). */
export function prependOrder(pages: OrderPages | undefined, order: Order): OrderPages | undefined {
  if (!pages || pages.pages.some((p) => p.orders.some((o) => o.id === order.id))) return pages;
  const [first, ...rest] = pages.pages;
  if (!first) return pages;
  return { ...pages, pages: [{ ...first, orders: [order, ...first.orders] }, ...rest] };
}

/** Tables to create an order on (GET /api/eatery/{id}/table). */
export const useOrderTables = (eateryId: number, enabled = true) =>
  useQuery({
    queryKey: orderKeys.tables(eateryId),
    queryFn: () => api<Table[]>(`/api/eatery/${eateryId}/table`),
    enabled,
  });

export interface MenuCategory {
  category: Category;
  dishes: CategoryWithDishes['dishes'];
}

/** The restaurant's menu: every category with its dishes, for the dish select of the order-item form. */
export const useOrderMenu = (eateryId: number, enabled = true) =>
  useQuery({
    queryKey: orderKeys.menu(eateryId),
    queryFn: async (): Promise<MenuCategory[]> => {
      const categories = await api<Category[]>(`/api/eatery/${eateryId}/category`);
      const full = await Promise.all(
        categories.map((c) => api<CategoryWithDishes>(`/api/eatery/${eateryId}/category/${c.categoryId ?? c.id}`)),
      );
      return categories.map((category, i) => ({ category, dishes: full[i].dishes ?? [] }));
    },
    enabled,
    staleTime: 60_000,
  });

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

/** Open orders (CREATED, PROCESSING, PREPARING, READY) of one table, whatever day they were created. */
export async function openOrdersOfTable(eateryId: number, tableId: number): Promise<Order[]> {
  const lists = await Promise.all(OPEN_FOR_TABLE.map((status: OrderStatus) => allOfStatus(eateryId, status)));
  return lists.flat().filter((o) => o.tableId === tableId);
}

/** Every change answers the order; the list is re-fetched (the socket event would do it too). */
function useOrderMutation<V, R>(eateryId: number, fn: (vars: V) => Promise<R>, mutationKey?: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: orderKeys.lists(eateryId) }),
  });
}

export const useCreateOrder = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    (body: OrderCreateBody & { eateryId?: number }) => api<Order>(base(eateryId), { method: 'POST', body }),
    orderKeys.create(eateryId),
  );

export const useUpdateOrder = (eateryId: number) =>
  useOrderMutation(eateryId, ({ orderId, body }: { orderId: number; body: OrderUpdateBody }) =>
    api<Order>(`${base(eateryId)}/${orderId}`, { method: 'PUT', body }),
  );

export const useDeleteOrder = (eateryId: number) =>
  useOrderMutation(eateryId, (orderId: number) => api<void>(`${base(eateryId)}/${orderId}`, { method: 'DELETE' }));

export const useAddOrderItem = (eateryId: number) =>
  useOrderMutation(eateryId, ({ orderId, body }: { orderId: number; body: OrderItemBody }) =>
    api<Order>(`${base(eateryId)}/${orderId}/items`, { method: 'POST', body }),
  );

export const useUpdateOrderItem = (eateryId: number) =>
  useOrderMutation(
    eateryId,
    ({ orderId, itemId, body }: { orderId: number; itemId: number; body: OrderItemUpdateBody }) =>
      api<Order>(`${base(eateryId)}/${orderId}/items/${itemId}`, { method: 'PUT', body }),
  );

export const useDeleteOrderItem = (eateryId: number) =>
  useOrderMutation(eateryId, ({ orderId, itemId }: { orderId: number; itemId: number }) =>
    api<Order>(`${base(eateryId)}/${orderId}/items/${itemId}`, { method: 'DELETE' }),
  );
