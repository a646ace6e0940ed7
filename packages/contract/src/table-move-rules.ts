import { isFinalOrderStatus, type ItemStatus } from './enums.js';
import type { ErrorDetail, ErrorKey } from './errors.js';
import { toCents } from './money.js';

/**
 * The rules of moving, merging and splitting checks (zod-free: the server enforces them, the dialogs show them
 * before sending). See table-moves.ts for the routes.
 */

/** MOVE: an order or some of its lines to another table; MERGE: an order into another; SPLIT: lines to a new check. */
export const ORDER_MOVE_KINDS = ['MOVE', 'MERGE', 'SPLIT'] as const;
export type OrderMoveKind = (typeof ORDER_MOVE_KINDS)[number];

/** How far back the kitchen display reads moves (GET …/kitchen/moves): a notice older than this is history. */
export const MOVE_NOTICE_HOURS = 2;

/** Validation message keys of moves, merges and splits. */
export const MOVE_V = {
  /** A line that is not on the order, or voided (voided lines stay where they were). */
  line: 'validation.lineNotMovable',
  /** A part of a line: 1 .. the line's quantity. */
  quantity: 'validation.moveQuantity',
  /** The same line picked twice. */
  lineTwice: 'validation.lineTwice',
  /** Moving an order to the table it is at, or lines to the check they are on. */
  sameTable: 'validation.sameTable',
  /** Merging an order into itself. */
  sameOrder: 'validation.sameOrder',
  /** A split that would leave the check without a dish. */
  splitAll: 'validation.splitAll',
} as const;

/** What the dialogs and the server call each operation (which rules apply). */
export type MoveOperation = 'moveOrder' | 'moveLines' | 'merge' | 'split';

/** What the rules read of an order (the API's Order, or a row with its discount as a decimal string). */
export interface MovableOrder {
  status: string;
  discount: string | number;
  kind: string;
}

/**
 * Why an order cannot take part in `op` (as the source or the receiving order), as the error the server answers, or
 * null when it can. Payments are not seen here (the server answers 409 orderHasPayments when lines leave or join an
 * order with money paid into it: refund it first).
 * - a PAID or CANCELLED order: orderClosed;
 * - a discounted order: orderHasDiscount when lines leave or join it (a discount belongs to one check: remove it,
 *   move, then give it again); an order moving whole to another table keeps its check as it is, discount and
 *   payments included;
 * - a takeaway or pickup order has no table: orderNotAtTable (it may be split);
 * - a guest order still waiting for staff: orderNotConfirmed for anything but moving it whole (its lines would reach
 *   the kitchen without anyone accepting them).
 */
export function moveRefusal(order: MovableOrder, op: MoveOperation): ErrorKey | null {
  if (isFinalOrderStatus(order.status)) return 'orderClosed';
  if (op !== 'moveOrder' && toCents(order.discount) > 0) return 'orderHasDiscount';
  if (order.kind !== 'DINE_IN' && op !== 'split') return 'orderNotAtTable';
  if (order.status === 'NEEDS_CONFIRMATION' && op !== 'moveOrder') return 'orderNotConfirmed';
  return null;
}

/** A line that may leave its check: every one but a voided line. */
export const isMovableLine = (item: { status: ItemStatus | string }): boolean => item.status !== 'DELETED';

/** One picked line: the line's id and how many of it go (all of it, or a part: the rest stays). */
export interface PickedLine {
  itemId: number;
  quantity: number;
}

/**
 * The first thing wrong with `picked` (the lines of `items` to move), as the 400's detail, or null when it is fine:
 * each line on the order, not voided and picked once, with 1 .. its quantity. `leaveOne`: the order must keep at
 * least one dish (a split). Fields are reported as `lines.{i}.itemId` / `lines.{i}.quantity`, or `lines`.
 */
export function pickedLinesProblem(
  items: readonly { id: number; status: ItemStatus | string; quantity: number }[],
  picked: readonly PickedLine[],
  leaveOne: boolean,
): ErrorDetail | null {
  const seen = new Set<number>();
  let taken = 0;
  for (const [i, line] of picked.entries()) {
    const item = items.find((it) => it.id === line.itemId);
    if (!item || !isMovableLine(item)) return { field: `lines.${i}.itemId`, messageKey: MOVE_V.line };
    if (seen.has(item.id)) return { field: `lines.${i}.itemId`, messageKey: MOVE_V.lineTwice };
    seen.add(item.id);
    if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > item.quantity) {
      return { field: `lines.${i}.quantity`, messageKey: MOVE_V.quantity };
    }
    taken += line.quantity;
  }
  const live = items.filter(isMovableLine).reduce((n, it) => n + it.quantity, 0);
  if (leaveOne && taken >= live) return { field: 'lines', messageKey: MOVE_V.splitAll };
  return null;
}
