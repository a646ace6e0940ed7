import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  moveRefusal,
  ORDER_LINES_MAX,
  ORDER_V,
  type ItemStatus,
  type MoveOperation,
  type MovedLine,
} from '@qr-menu/contract';
import type { Tx } from '../../db/client.js';
import { orderItems, orders, tables } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../plugins/app-error.js';
import { orderPaidCents } from '../orders/order-money.js';
import type { OrderTx } from '../orders/order-writer.js';
import { splitPrinted } from '../printing/kitchen-spool.js';

/** The building blocks of moves, merges and splits, inside the order writer's transaction. */

/** What a move reads of an order it locked. */
export const moveOrderColumns = {
  id: orders.id,
  status: orders.status,
  note: orders.note,
  discount: orders.discount,
  kind: orders.kind,
  tableId: orders.tableId,
  tableNumber: orders.tableNumber,
  number: orders.number,
  deviceId: orders.deviceId,
  guestDevices: orders.guestDevices,
  serviceChargeBp: orders.serviceChargeBp,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
};
export type MoveOrderRow = { [K in keyof typeof moveOrderColumns]: (typeof orders.$inferSelect)[K] };

export type LineRow = typeof orderItems.$inferSelect;

/**
 * Locks the orders (404 unless each is this restaurant's), in id order so that two moves between the same orders in
 * opposite directions wait for each other instead of deadlocking, and reads them.
 */
export async function lockOrders(w: OrderTx, ids: readonly number[]): Promise<Map<number, MoveOrderRow>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  for (const id of unique) await w.lock(id);
  const rows = await w.tx
    .select(moveOrderColumns)
    .from(orders)
    .where(and(inArray(orders.id, unique), eq(orders.eateryId, w.eateryId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Refuses an order that cannot take part in `op` (contract moveRefusal: 409 orderClosed, orderHasDiscount,
 * orderNotAtTable, orderNotConfirmed), and one with money paid into it when lines leave or join it (409
 * orderHasPayments: the payments belong to its lines; refund first).
 */
export async function assertMovable(tx: Tx, order: MoveOrderRow, op: MoveOperation): Promise<void> {
  const refusal = moveRefusal(order, op);
  if (refusal) throw new AppError(409, refusal);
  if (op !== 'moveOrder' && (await orderPaidCents(tx, order.id)) !== 0) throw new AppError(409, 'orderHasPayments');
}

/** The order's lines, in the order they were added. */
export function linesOf(tx: Tx, orderId: number): Promise<LineRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/** 400 tooManyLines (on `field`) when `adding` more lines would take the order past ORDER_LINES_MAX. */
export async function assertRoomFor(tx: Tx, orderId: number, adding: number, field: string): Promise<void> {
  const held = (await linesOf(tx, orderId)).length;
  if (held + adding > ORDER_LINES_MAX) throw validationError(field, ORDER_V.tooManyLines);
}

/** A table of this restaurant: its id and number; 404 otherwise. */
export async function tableOf(tx: Tx, eateryId: number, tableId: number) {
  const [row] = await tx
    .select({ id: tables.id, number: tables.number })
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
  if (!row) throw notFound();
  return row;
}

/** How a moved line is listed for the kitchen's notice and the printers (order_moves.items). */
export const movedLine = (line: LineRow, itemId: number, quantity: number): MovedLine => ({
  itemId,
  name: line.name,
  names: line.names ?? null,
  quantity,
  status: line.status as ItemStatus,
  kitchenDepartmentId: line.kitchenDepartmentId,
});

/**
 * Moves `quantity` of each line to order `toOrderId`, keeping everything the line is (status, batch, ready time,
 * options, price, seat, course, held, when it was added): the whole line moves as it is (same id); a part becomes a
 * new line on the receiving order and the rest stays. Returns the lines as moved.
 */
export async function transferLines(
  tx: Tx,
  picked: readonly { line: LineRow; quantity: number }[],
  toOrderId: number,
): Promise<MovedLine[]> {
  const moved: MovedLine[] = [];
  for (const { line, quantity } of picked) {
    if (quantity >= line.quantity) {
      await tx.update(orderItems).set({ orderId: toOrderId }).where(eq(orderItems.id, line.id));
      moved.push(movedLine(line, line.id, line.quantity));
      continue;
    }
    const printed = splitPrinted(line.printedQuantity, quantity);
    await tx
      .update(orderItems)
      .set({ quantity: line.quantity - quantity, printedQuantity: printed.staying })
      .where(eq(orderItems.id, line.id));
    const { id: _id, ...copy } = line;
    const [part] = await tx
      .insert(orderItems)
      .values({ ...copy, orderId: toOrderId, quantity, printedQuantity: printed.moving })
      .returning({ id: orderItems.id });
    moved.push(movedLine(line, part.id, quantity));
  }
  return moved;
}

/**
 * The guests who see order `to` after lines of `from` joined it: its own, plus the device that placed `from` and
 * those that joined `from` (the device that placed `to` is not repeated).
 */
export function joinedDevices(to: MoveOrderRow, from: MoveOrderRow): string[] {
  const all = [...to.guestDevices, ...(from.deviceId ? [from.deviceId] : []), ...from.guestDevices];
  return [...new Set(all)].filter((d) => d !== to.deviceId);
}

/** "Dolma × 1, Tea × 2": the lines of an audit entry. */
export const linesText = (lines: readonly MovedLine[]) => lines.map((l) => `${l.name} × ${l.quantity}`).join(', ');
