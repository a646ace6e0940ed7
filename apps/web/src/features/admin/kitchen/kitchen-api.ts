import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  isKitchenOrderStatus,
  type KitchenBoard,
  type Order,
  type OrderChange,
  type OrderItem,
} from '@qr-menu/contract';
import { api } from '../../../api/client';
import { orderChanged, patchOrders } from '../shared/live/patch-orders';

export const kitchenKeys = {
  /** Every station's board of the restaurant: what an order change patches. */
  all: (eateryId: number) => ['kitchen', eateryId] as const,
  board: (eateryId: number, station: number | null) => ['kitchen', eateryId, station ?? 'all'] as const,
};

const base = (eateryId: number) => `/api/eatery/${eateryId}/kitchen`;

/**
 * GET /api/eatery/{id}/kitchen?departmentId=: the restaurant's thresholds and the open orders with items at the
 * station. The screen computes tickets from them (`kitchenBoard`); order events patch them (`patchKitchenBoards`).
 */
export const useKitchenBoard = (eateryId: number, station: number | null) =>
  useQuery({
    queryKey: kitchenKeys.board(eateryId, station),
    queryFn: ({ signal }) =>
      api<KitchenBoard>(`${base(eateryId)}${station === null ? '' : `?departmentId=${station}`}`, { signal }),
  });

/** An item voided after the kitchen started it: the board shows a VOID notice for it (`kitchenBoard`'s voids). */
const voidedWhileCooking = (item: OrderItem) =>
  item.status === 'DELETED' && (item.voidedFrom === 'PREPARING' || item.voidedFrom === 'READY');

/**
 * Whether a station's board holds this order: one the kitchen sees (paid ones too), with a live item at the station
 * (any item for "All"), or one voided there while cooking (its VOID notice; `kitchenBoard` drops it once old).
 */
const onStation = (station: number | null) => (order: Order) =>
  isKitchenOrderStatus(order.status) &&
  order.items.some(
    (i) => (i.status !== 'DELETED' || voidedWhileCooking(i)) && (station === null || i.kitchenDepartmentId === station),
  );

/** Applies order changes (socket events or a change's answer) to every cached board of the restaurant. */
export function patchKitchenBoards(qc: QueryClient, eateryId: number, changes: readonly OrderChange[]) {
  for (const query of qc.getQueryCache().findAll({ queryKey: kitchenKeys.all(eateryId) })) {
    const board = query.state.data as KitchenBoard | undefined;
    if (!board) continue;
    const station = query.queryKey[2];
    const keep = onStation(typeof station === 'number' ? station : null);
    let orders = board.orders;
    for (const change of changes) orders = patchOrders(orders, change, keep);
    if (orders !== board.orders) qc.setQueryData<KitchenBoard>(query.queryKey, { ...board, orders });
  }
}

/** A kitchen change: its answer is the changed order, which patches the boards at once. */
function useKitchenMutation<V>(eateryId: number, request: (vars: V) => Promise<Order>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (order) => patchKitchenBoards(qc, eateryId, [orderChanged(order)]),
  });
}

/** One tap on an item: PUT /api/eatery/{id}/orders/{orderId}/items/{itemId} `{status}`. */
export const useItemStatus = (eateryId: number) =>
  useKitchenMutation(
    eateryId,
    ({ orderId, itemId, status }: { orderId: number; itemId: number; status: 'PREPARING' | 'READY' }) =>
      api<Order>(`/api/eatery/${eateryId}/orders/${orderId}/items/${itemId}`, { method: 'PUT', body: { status } }),
  );

export interface TicketRef {
  orderId: number;
  batch: number;
  /** The station (null = All). */
  departmentId: number | null;
}

/** What a bump or a recall asks the server: the changed order. */
export type TicketActionKind = 'bump' | 'recall';

/**
 * POST /api/eatery/{id}/kitchen/tickets/{orderId}/{batch}/bump `{departmentId, status: READY}` ("Bump": every item of
 * the ticket at the station becomes READY; bumping again changes nothing), or …/recall `{departmentId}` ("Bring
 * back" a ticket bumped in the last minutes: its READY items become PREPARING again).
 */
export const sendTicketAction = (
  eateryId: number,
  kind: TicketActionKind,
  { orderId, batch, departmentId }: TicketRef,
) =>
  api<Order>(`${base(eateryId)}/tickets/${orderId}/${batch}/${kind}`, {
    method: 'POST',
    body: kind === 'bump' ? { departmentId, status: 'READY' } : { departmentId },
  });
