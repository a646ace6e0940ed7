import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mayDo,
  OPEN_ORDER_STATUSES,
  type Eatery,
  type KitchenMove,
  type PickedLine,
  type Role,
  type Table,
  type TableMoveResult,
} from '@qr-menu/contract';
import { api } from '../../../../api/client';
import { restaurantKeys } from '../restaurants-api';
import { ordersOfStatus } from '../orders-of-status';

export const tableMoveKeys = {
  /** Not under ['kitchen', id]: those are the boards, which order events patch as boards. */
  kitchenMoves: (eateryId: number) => ['kitchenMoves', eateryId] as const,
  tables: (eateryId: number) => ['tableMoves', eateryId, 'tables'] as const,
  openOrders: (eateryId: number) => ['tableMoves', eateryId, 'openOrders'] as const,
};

/** The restaurant's tables, to move to (GET /api/eatery/{id}/table). */
export const useMoveTables = (eateryId: number) =>
  useQuery({
    queryKey: tableMoveKeys.tables(eateryId),
    queryFn: ({ signal }) => api<Table[]>(`/api/eatery/${eateryId}/table`, { signal }),
  });

/**
 * The open orders (OPEN_ORDER_STATUSES), whatever day they were placed: what lines may join and orders merge into.
 * Read when a dialog opens (always fresh: the dialog is short-lived and not patched by events).
 */
export const useOpenOrders = (eateryId: number) =>
  useQuery({
    queryKey: tableMoveKeys.openOrders(eateryId),
    queryFn: async ({ signal }) =>
      (await Promise.all(OPEN_ORDER_STATUSES.map((s) => ordersOfStatus(eateryId, s, signal)))).flat(),
    staleTime: 0,
  });

const orderUrl = (eateryId: number, orderId: number, op: 'move' | 'merge' | 'split') =>
  `/api/eatery/${eateryId}/orders/${orderId}/${op}`;

/**
 * Whether the caller may move, merge and split checks in this restaurant (ROLE_MATRIX.moveOrders): by `roles` when
 * the screen has them, else by the restaurants the admin layout already loaded (read from the cache, never fetched
 * here).
 */
export function useMayMoveOrders(eateryId: number, roles?: readonly Role[]): boolean {
  const qc = useQueryClient();
  const held = roles ?? qc.getQueryData<Eatery[]>(restaurantKeys.all)?.find((r) => r.id === eateryId)?.roles;
  return mayDo(held, 'moveOrders');
}

export interface MoveVars {
  orderId: number;
  toTableId: number;
  lines?: PickedLine[];
  intoOrderId?: number;
}
export interface MergeVars {
  orderId: number;
  intoOrderId: number;
}
export interface SplitVars {
  orderId: number;
  lines: PickedLine[];
}

/**
 * A table operation. The screens that show the orders (floor, orders board, kitchen) are live: the operation's
 * order events reach them over their socket like anyone else's change, so nothing is patched here; the dialogs'
 * list of open orders is read again.
 */
function useTableMutation<V extends { orderId: number }>(eateryId: number, op: 'move' | 'merge' | 'split') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, ...body }: V) =>
      api<TableMoveResult>(orderUrl(eateryId, orderId, op), { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tableMoveKeys.openOrders(eateryId) }),
  });
}

/** POST …/orders/{orderId}/move `{toTableId, lines?, intoOrderId?}`. */
export const useMoveOrder = (eateryId: number) => useTableMutation<MoveVars>(eateryId, 'move');
/** POST …/orders/{orderId}/merge `{intoOrderId}`. */
export const useMergeOrder = (eateryId: number) => useTableMutation<MergeVars>(eateryId, 'merge');
/** POST …/orders/{orderId}/split `{lines}`. */
export const useSplitOrder = (eateryId: number) => useTableMutation<SplitVars>(eateryId, 'split');

/** GET /api/eatery/{id}/kitchen/moves: the recent moves, for the kitchen's notices. */
export const useKitchenMoves = (eateryId: number) =>
  useQuery({
    queryKey: tableMoveKeys.kitchenMoves(eateryId),
    queryFn: ({ signal }) => api<KitchenMove[]>(`/api/eatery/${eateryId}/kitchen/moves`, { signal }),
  });
