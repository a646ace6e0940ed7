import { z } from 'zod';
import { ITEM_STATUSES } from './enums.js';
import { LIMITS, ORDER_LINES_MAX } from './limits.js';
import { orderResponse } from './orders.js';
import { MOVE_V, ORDER_MOVE_KINDS } from './table-move-rules.js';
import { MAX_DB_ID, V } from './validation.js';

/**
 * Table operations (EATERY_ADMIN, WAITER, CASHIER: ROLE_MATRIX.moveOrders). Each line keeps its kitchen state
 * (status, batch, ready time, options, price, seat, course, held): nothing already sent reaches the kitchen as new.
 * Each operation is one transaction with an order_moves row (the kitchen's "moved to table 7" notice) and an audit
 * entry (MOVE, MERGE, SPLIT); both orders get a new version and their ORDER_UPDATED / NEW_ORDER / ORDER_DELETED
 * events, so the floor, the orders board, the kitchen and the guests follow live.
 *
 * - POST /api/eatery/{id}/orders/{orderId}/move `{toTableId, lines?, intoOrderId?}` → TableMoveResult.
 *   Without `lines` the whole order moves to the table (it may then share the table with another open order; to
 *   make one check of them, merge). With `lines` (`[{itemId, quantity}]`: a part of a line's quantity splits it, the
 *   rest stays) those lines go to `intoOrderId` (an open order at that table) or else the table's newest open order,
 *   or a new order there when it has none. An order left without any line is deleted.
 * - POST /api/eatery/{id}/orders/{orderId}/merge `{intoOrderId}` → TableMoveResult. Every line of the order (voided
 *   ones too: the check keeps its record) goes to the other open order, the guests who saw it see the other one,
 *   and the emptied order is deleted (its number stays unused; the move row and the audit entry say where it went).
 * - POST /api/eatery/{id}/orders/{orderId}/split `{lines}` → TableMoveResult. The lines go to a new order at the same
 *   table (a new number; the same kind, guest and service charge); at least one dish stays. Both checks are then
 *   paid apart through the bill.
 * - GET /api/eatery/{id}/kitchen/moves?since= (ROLE_MATRIX.kitchen) → KitchenMove[]: the moves of the last
 *   MOVE_NOTICE_HOURS (after `since` when given), newest first.
 *
 * Refusals, nothing changed: 404 for another restaurant's order or table; 409 for either order: orderClosed (paid
 * or cancelled), orderNotAtTable (takeaway or pickup: only a split), orderNotConfirmed (a guest order waiting for
 * staff, except moving it whole), and when lines leave or join an order orderHasPayments (refund first) and
 * orderHasDiscount (remove it first): a whole order moves with its check as it is. 400 on
 * `lines.{i}.itemId` (not on the order, voided, twice), `lines.{i}.quantity` (1 .. the line's quantity), `lines`
 * (a split taking every dish), `toTableId` (the order's own table), `intoOrderId` (itself, or not at `toTableId`),
 * `lines` tooManyLines (the receiving order would hold more than ORDER_LINES_MAX lines).
 */

const bodyId = z
  .number({ error: (iss) => (iss.input === undefined ? V.required : V.invalid) })
  .int({ error: V.invalid })
  .positive({ error: V.invalid })
  .max(MAX_DB_ID, { error: V.invalid });

const movedQuantity = z
  .number({ error: MOVE_V.quantity })
  .int({ error: MOVE_V.quantity })
  .min(1, { error: MOVE_V.quantity })
  .max(LIMITS.quantity.max, { error: MOVE_V.quantity });

/** One line to move: its id and how many of it (its whole quantity, or a part). */
export const pickedLineInput = z.object({ itemId: bodyId, quantity: movedQuantity });

const pickedLines = z
  .array(pickedLineInput, { error: V.invalid })
  .min(1, { error: V.required })
  .max(ORDER_LINES_MAX, { error: V.tooLong });

export const orderMoveBody = z
  .object({
    toTableId: bodyId,
    lines: pickedLines.optional(),
    intoOrderId: bodyId.optional(),
  })
  .refine((b) => b.intoOrderId === undefined || b.lines !== undefined, {
    path: ['intoOrderId'],
    error: V.invalid,
  });
export type OrderMoveBody = z.input<typeof orderMoveBody>;

export const orderMergeBody = z.object({ intoOrderId: bodyId });
export type OrderMergeBody = z.input<typeof orderMergeBody>;

export const orderSplitBody = z.object({ lines: pickedLines });
export type OrderSplitBody = z.input<typeof orderSplitBody>;

export const tableMoveResponse = z.object({
  /** The orders as they are now: the one the lines left (unless it was deleted), then the one that took them. */
  orders: z.array(orderResponse),
  /** The order that took the lines (the moved order itself for a whole move). */
  toOrderId: z.number(),
  /** Orders deleted by the operation: a merged order, or one every line left. */
  deletedOrderIds: z.array(z.number()),
});
export type TableMoveResult = z.infer<typeof tableMoveResponse>;

export const kitchenMovesQuery = z.object({
  since: z.preprocess((v) => (v === '' ? undefined : v), z.iso.datetime({ error: V.invalid }).optional()),
});

const movedLineResponse = z.object({
  /** The line's id where it is now (a part split off a line is a new line). */
  itemId: z.number(),
  name: z.string(),
  names: z.object({ az: z.string(), en: z.string(), ru: z.string() }).nullable(),
  quantity: z.number(),
  /** Its status when it moved: the kitchen cares about CREATED, PREPARING and READY ones. */
  status: z.enum(ITEM_STATUSES),
  kitchenDepartmentId: z.number().nullable(),
});

export const kitchenMoveResponse = z.object({
  /** The move's id: a device dismisses its notice by it. */
  id: z.number(),
  kind: z.enum(ORDER_MOVE_KINDS),
  fromOrderId: z.number().nullable(),
  toOrderId: z.number().nullable(),
  /** The orders' numbers of the day; null for an order that no longer exists (merged away). */
  fromOrderNumber: z.number().nullable(),
  toOrderNumber: z.number().nullable(),
  fromTable: z.string(),
  toTable: z.string(),
  items: z.array(movedLineResponse),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type KitchenMove = z.infer<typeof kitchenMoveResponse>;
export const kitchenMovesResponse = z.array(kitchenMoveResponse);
