import {
  isFinalOrderStatus,
  isMovableLine,
  moveRefusal,
  pickedLinesProblem,
  type ErrorKey,
  type MoveOperation,
  type PickedLine,
} from '@qr-menu/contract/constants';
import type { KitchenMove, Order, OrderItem, Table } from '@qr-menu/contract';
import { ApiError } from '../../../../api/client';

/**
 * The logic of the move, merge and split dialogs, apart from the screens: what can be picked, what would be sent,
 * and where the server's answers go. The rules themselves are the contract's (table-move-rules.ts).
 */

/** How many of each line are picked, by line id (absent: none). */
export type Picks = Readonly<Record<number, number>>;

/** The lines a dialog offers: every one but the voided ones (they stay where they are). */
export const movableLines = (order: Order): OrderItem[] => order.items.filter(isMovableLine);

/** `picks` with `quantity` of the line (kept within 0 .. the line's quantity). */
export function setPick(picks: Picks, item: Pick<OrderItem, 'id' | 'quantity'>, quantity: number): Picks {
  const q = Math.max(0, Math.min(item.quantity, Math.round(quantity)));
  const next = { ...picks };
  if (q === 0) delete next[item.id];
  else next[item.id] = q;
  return next;
}

/** The body's `lines`: each picked line with its quantity, in the order's line order. */
export const pickedLines = (order: Order, picks: Picks): PickedLine[] =>
  order.items.filter((i) => (picks[i.id] ?? 0) > 0).map((i) => ({ itemId: i.id, quantity: picks[i.id] }));

/** How many dishes are picked (a line of 3 picked whole counts 3). */
export const pickedCount = (picks: Picks): number => Object.values(picks).reduce((n, q) => n + q, 0);

/** What is wrong with the picked lines, as an i18n key: on a line (`itemId`) or on the whole pick; null when fine. */
export interface PickProblem {
  itemId: number | null;
  messageKey: string;
}

/** Where a problem of `lines.{i}.…` of the sent lines is: the line it names; else the whole pick. */
function problemAt(field: string, messageKey: string, sent: readonly PickedLine[]): PickProblem {
  const m = /^lines\.(\d+)\./.exec(field);
  return { itemId: m ? (sent[Number(m[1])]?.itemId ?? null) : null, messageKey };
}

/**
 * The first problem of the picks before sending (the contract's rule the server applies too): nothing picked, or a
 * split that takes every dish (`leaveOne`).
 */
export function picksProblem(order: Order, picks: Picks, leaveOne: boolean): PickProblem | null {
  const sent = pickedLines(order, picks);
  if (sent.length === 0) return { itemId: null, messageKey: 'tableMoves.pickSome' };
  const problem = pickedLinesProblem(order.items, sent, leaveOne);
  return problem ? problemAt(problem.field, problem.messageKey, sent) : null;
}

/** The server's 400 about the sent lines, placed on the line it names (or the whole pick); null for other errors. */
export function serverPickProblem(error: unknown, sent: readonly PickedLine[]): PickProblem | null {
  if (!(error instanceof ApiError) || error.messageKey !== 'validation') return null;
  const detail = error.details.find((d) => d.field === 'lines' || d.field.startsWith('lines.'));
  return detail ? problemAt(detail.field, detail.messageKey, sent) : null;
}

/**
 * Why the dialogs refuse `op` on this order before asking the server, as an i18n key; null when they may try.
 * A guest order waiting for staff gets the dialogs' own words (the shared message speaks of paying).
 */
export function refusalText(order: Pick<Order, 'status' | 'discount' | 'kind'>, op: MoveOperation): string | null {
  const key: ErrorKey | null = moveRefusal(order, op);
  if (key === null) return null;
  return key === 'orderNotConfirmed' ? 'tableMoves.notConfirmed' : `errors.${key}`;
}

/** An open order lines may join or an order may merge into (payments aside: the server says so). */
const takesLines = (o: Order, op: MoveOperation) => moveRefusal(o, op) === null;

/** A table to move to, with its open orders that would take the lines (newest first). */
export interface TableChoice {
  table: Table;
  orders: Order[];
}

/** Every table but the order's own (inactive ones left out), by number, with its open orders. */
export function tableChoices(tables: readonly Table[], open: readonly Order[], order: Order): TableChoice[] {
  return tables
    .filter((t) => t.id !== order.tableId && t.status !== 'INACTIVE')
    .map((table) => ({
      table,
      orders: open
        .filter((o) => o.tableId === table.id && o.id !== order.id && takesLines(o, 'moveLines'))
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id),
    }))
    .sort((a, b) => a.table.number.localeCompare(b.table.number, undefined, { numeric: true }));
}

/** The open orders this one may merge into: the same table's first, then by table number and order number. */
export function mergeCandidates(open: readonly Order[], order: Order): Order[] {
  const own = (o: Order) => (o.tableId === order.tableId ? 0 : 1);
  return open
    .filter((o) => o.id !== order.id && !isFinalOrderStatus(o.status) && takesLines(o, 'merge'))
    .sort(
      (a, b) =>
        own(a) - own(b) ||
        a.tableNumber.localeCompare(b.tableNumber, undefined, { numeric: true }) ||
        a.number - b.number,
    );
}

/** The kitchen's lines of a move: those it still cooks or sends out, at the station (null: every station). */
export function kitchenLines(move: KitchenMove, station: number | null): KitchenMove['items'] {
  return move.items.filter(
    (l) =>
      (l.status === 'CREATED' || l.status === 'PREPARING' || l.status === 'READY') &&
      (station === null || l.kitchenDepartmentId === station),
  );
}

/**
 * Whether the kitchen's orders changed as only a move, merge or split changes them: an order at another table, a
 * line now on another order, or a line with fewer portions than before (a part of it left). The notices are then
 * read again; an ordinary change (a new dish, a bump) reads nothing.
 */
export function looksMoved(before: readonly Order[], after: readonly Order[]): boolean {
  const tables = new Map(before.map((o) => [o.id, o.tableNumber]));
  const lines = new Map<number, { orderId: number; quantity: number }>();
  for (const o of before) for (const i of o.items) lines.set(i.id, { orderId: o.id, quantity: i.quantity });
  for (const o of after) {
    const table = tables.get(o.id);
    if (table !== undefined && table !== o.tableNumber) return true;
    for (const i of o.items) {
      const was = lines.get(i.id);
      if (was && (was.orderId !== o.id || i.quantity < was.quantity)) return true;
    }
  }
  return false;
}

/**
 * The words of a kitchen notice (an i18n key under tableMoves.notice and its values): a whole order moved ("Order
 * 12: moved from table 3 to table 7"), dishes moved to another table's order, an order merged into another, a new
 * check split off. An order that no longer exists (merged since) has no number: the words without it.
 */
export function noticeText(move: KitchenMove): { key: string; params: Record<string, string | number> } {
  const base = { from: move.fromTable, to: move.toTable };
  const whole = move.kind === 'MOVE' && move.fromOrderId === move.toOrderId;
  const number = whole ? move.fromOrderNumber : move.toOrderNumber;
  const kind = whole ? 'moveWhole' : move.kind === 'MOVE' ? 'moveLines' : move.kind === 'MERGE' ? 'merge' : 'split';
  if (number === null) return { key: `tableMoves.notice.${kind}Gone`, params: base };
  return { key: `tableMoves.notice.${kind}`, params: { ...base, number } };
}
