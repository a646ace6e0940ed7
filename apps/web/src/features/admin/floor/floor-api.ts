import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  type Order,
  type OrderChange,
  type OrderStatus,
  type ServeReadyResult,
  type Table,
  type TableAssignment,
} from '@qr-menu/contract';
import { OPEN_ORDER_STATUSES, ORDER_LIST_MAX, isOpenOrderStatus, paidFoodComing } from '@qr-menu/contract/constants';
import { api } from '../../../api/client';
import { orderChanged, patchOrders } from '../shared/live/patch-orders';
import { ordersOfStatus } from '../shared/orders-of-status';

export const floorKeys = {
  tables: (eateryId: number) => ['floor', eateryId, 'tables'] as const,
  assignments: (eateryId: number) => ['floor', eateryId, 'assignments'] as const,
  orders: (eateryId: number) => ['floor', eateryId, 'orders'] as const,
};

/**
 * Orders that still occupy a table: not yet paid or cancelled (ISSUED: served, the bill still open), and guest
 * orders waiting for staff confirmation.
 */
export const FLOOR_STATUSES: readonly OrderStatus[] = OPEN_ORDER_STATUSES;
/** On the floor: an open order, or a paid one whose dishes are still cooked or served (the waiter serves them). */
const onFloor = (order: Order) => isOpenOrderStatus(order.status) || paidFoodComing(order);

export const useFloorTables = (eateryId: number) =>
  useQuery({
    queryKey: floorKeys.tables(eateryId),
    queryFn: ({ signal }) => api<Table[]>(`/api/eatery/${eateryId}/table`, { signal }),
  });

/** Which waiter serves which table (GET /api/eatery/{id}/table-assignment). */
export const useFloorAssignments = (eateryId: number) =>
  useQuery({
    queryKey: floorKeys.assignments(eateryId),
    queryFn: ({ signal }) => api<TableAssignment[]>(`/api/eatery/${eateryId}/table-assignment`, { signal }),
  });

/**
 * Paid orders whose dishes are still to cook or serve (contract paidFoodComing). Such an order was paid minutes ago,
 * so it is among the newest paid orders: one page of them (ORDER_LIST_MAX) is enough.
 */
async function paidWithFoodComing(eateryId: number, signal?: AbortSignal): Promise<Order[]> {
  const params = new URLSearchParams({ status: 'PAID', limit: String(ORDER_LIST_MAX) });
  const paid = await api<Order[]>(`/api/eatery/${eateryId}/orders?${params.toString()}`, { signal });
  return paid.filter(paidFoodComing);
}

/**
 * The orders on the floor: the open ones, whatever day they were placed (GET /orders?status= for each open status),
 * and the paid ones whose food is still coming. Order events patch them (`patchFloorOrders`); only a reconnect
 * re-fetches.
 */
export const useFloorOrders = (eateryId: number) =>
  useQuery({
    queryKey: floorKeys.orders(eateryId),
    queryFn: async ({ signal }) =>
      (
        await Promise.all([
          ...FLOOR_STATUSES.map((s) => ordersOfStatus(eateryId, s, signal)),
          paidWithFoodComing(eateryId, signal),
        ])
      ).flat(),
  });

/** Applies order changes (socket events or a change's answer) to the floor's open orders. */
export function patchFloorOrders(qc: QueryClient, eateryId: number, changes: readonly OrderChange[]) {
  const before = qc.getQueryData<Order[]>(floorKeys.orders(eateryId));
  if (!before) return;
  let after = before;
  for (const change of changes) after = patchOrders(after, change, onFloor);
  if (after !== before) qc.setQueryData<Order[]>(floorKeys.orders(eateryId), after);
}

/** "Served": PUT /api/eatery/{id}/orders/{orderId}/items/{itemId} `{status: 'SERVED'}`. */
export function useServeItem(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, itemId }: { orderId: number; itemId: number }) =>
      api<Order>(`/api/eatery/${eateryId}/orders/${orderId}/items/${itemId}`, {
        method: 'PUT',
        body: { status: 'SERVED' },
      }),
    onSuccess: (order) => patchFloorOrders(qc, eateryId, [orderChanged(order)]),
  });
}

/**
 * "Serve all ready dishes" of a table: POST /api/eatery/{id}/tables/{tableId}/serve-ready; the answer's orders patch
 * the floor.
 */
export function useServeReady(eateryId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (tableId: number) =>
      api<ServeReadyResult>(`/api/eatery/${eateryId}/tables/${tableId}/serve-ready`, { method: 'POST' }),
    onSuccess: (result) => patchFloorOrders(qc, eateryId, result.orders.map(orderChanged)),
  });
}
