import { and, desc, eq, gt, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  FINAL_ORDER_STATUSES,
  isMovableLine,
  MOVE_NOTICE_HOURS,
  MOVE_V,
  GUEST_ORDER_NOTE_MAX,
  pickedLinesProblem,
  V,
  type ItemStatus,
  type KitchenMove,
  type MovedLine,
  type OrderMoveKind,
  type OrderStatus,
  type PickedLine,
  type TableMoveResult,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { orderItems, orderMoves, orders } from '../../db/schema.js';
import { AppError, validationError } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { orderSubject } from '../orders/order-money.js';
import { deriveOrderStatus } from '../orders/order-rules.js';
import type { OrderChanges, OrderTx, OrderWriter } from '../orders/order-writer.js';
import {
  assertMovable,
  assertRoomFor,
  joinedDevices,
  linesOf,
  linesText,
  lockOrders,
  movedLine,
  moveOrderColumns,
  tableOf,
  transferLines,
  type MoveOrderRow,
} from './move-lines.js';
import { spoolMoved } from '../printing/kitchen-spool.js';

export interface MoveInput {
  toTableId: number;
  lines?: readonly PickedLine[];
  intoOrderId?: number;
}

/** The most move notices the kitchen reads at once (a busy evening has a few dozen). */
const KITCHEN_MOVES_MAX = 200;

/**
 * Table operations (contract table-moves.ts): moving an order or some of its lines to another table, merging an
 * order into another, splitting a check. Each is one transaction of the order writer (orders locked in id order,
 * versions bumped, one event per order after the commit) with an order_moves row and an audit entry. Lines keep
 * their kitchen state: a whole line moves as it is; a part of a line becomes a copy with the same status and batch,
 * so the kitchen never sees a moved dish as new.
 */
export class TableMovesService {
  constructor(
    private readonly db: Db,
    private readonly writer: OrderWriter,
  ) {}

  /** The whole order to another table, or some of its lines to that table's open order (or a new one there). */
  move(eateryId: number, orderId: number, input: MoveInput, userId: number | null): Promise<TableMoveResult> {
    return this.writer.write(eateryId, async (w) => {
      if (!input.lines) return this.moveOrder(w, orderId, input.toTableId, userId);
      if (input.intoOrderId === orderId) throw validationError('intoOrderId', MOVE_V.sameOrder);
      const table = await tableOf(w.tx, eateryId, input.toTableId);
      // The receiving order is chosen before locking, so that both orders are locked in id order.
      const intoId = input.intoOrderId ?? (await newestOpenOrderAt(w.tx, eateryId, table.id, orderId));
      const locked = await lockOrders(w, intoId === undefined ? [orderId] : [orderId, intoId]);
      const source = locked.get(orderId)!;
      await assertMovable(w.tx, source, 'moveLines');
      const lines = await linesOf(w.tx, orderId);
      assertPicked(lines, input.lines, false);

      let target: MoveOrderRow;
      if (intoId === undefined) {
        if (source.tableId === table.id) throw validationError('toTableId', MOVE_V.sameTable);
        target = await newOrderLike(w, source, table);
      } else {
        target = locked.get(intoId)!;
        // Chosen by the caller, or moved elsewhere since it was picked.
        if (target.tableId !== table.id) throw validationError('intoOrderId', V.invalid);
        await assertMovable(w.tx, target, 'moveLines');
        await assertRoomFor(w.tx, target.id, input.lines.length, 'lines');
      }
      const moved = await transferLines(w.tx, picked(lines, input.lines), target.id);
      const gone = await settleSource(w, source);
      await rederive(w, target, intoId === undefined ? {} : { guestDevices: joinedDevices(target, source) });
      await record(w, userId, 'MOVE', source, target, moved);
      return result(w, gone ? [target.id] : [source.id, target.id], target.id, gone ? [source.id] : []);
    });
  }

  /**
   * Every line of the order (voided ones too: the check keeps their record) into another open order; the guests
   * who saw it see the other one; its note joins the other's; the emptied order is deleted.
   */
  merge(eateryId: number, orderId: number, intoOrderId: number, userId: number | null): Promise<TableMoveResult> {
    return this.writer.write(eateryId, async (w) => {
      if (intoOrderId === orderId) throw validationError('intoOrderId', MOVE_V.sameOrder);
      const locked = await lockOrders(w, [orderId, intoOrderId]);
      const source = locked.get(orderId)!;
      const target = locked.get(intoOrderId)!;
      await assertMovable(w.tx, source, 'merge');
      await assertMovable(w.tx, target, 'merge');
      const lines = await linesOf(w.tx, source.id);
      await assertRoomFor(w.tx, target.id, lines.length, 'intoOrderId');
      await w.tx.update(orderItems).set({ orderId: target.id }).where(eq(orderItems.orderId, source.id));
      const note = joinedNote(target.note, source.note);
      await rederive(w, target, {
        guestDevices: joinedDevices(target, source),
        ...(note !== target.note ? { note } : {}),
      });
      await w.delete(source.id);
      const moved = lines.filter(isMovableLine).map((l) => movedLine(l, l.id, l.quantity));
      await record(w, userId, 'MERGE', source, target, moved);
      return result(w, [target.id], target.id, [source.id]);
    });
  }

  /** Lines (or parts of lines) of the check to a new check at the same table; at least one dish stays. */
  split(
    eateryId: number,
    orderId: number,
    picks: readonly PickedLine[],
    userId: number | null,
  ): Promise<TableMoveResult> {
    return this.writer.write(eateryId, async (w) => {
      const source = (await lockOrders(w, [orderId])).get(orderId)!;
      await assertMovable(w.tx, source, 'split');
      const lines = await linesOf(w.tx, orderId);
      assertPicked(lines, picks, true);
      const target = await newOrderLike(w, source, { id: source.tableId, number: source.tableNumber });
      const moved = await transferLines(w.tx, picked(lines, picks), target.id);
      await rederive(w, source);
      await rederive(w, target);
      await record(w, userId, 'SPLIT', source, target, moved);
      return result(w, [source.id, target.id], target.id, []);
    });
  }

  /** The moves of the last MOVE_NOTICE_HOURS (after `since` when given), newest first: the kitchen's notices. */
  async kitchenMoves(eateryId: number, since?: Date): Promise<KitchenMove[]> {
    const from = alias(orders, 'from_order');
    const to = alias(orders, 'to_order');
    const conds = [
      eq(orderMoves.eateryId, eateryId),
      sql`${orderMoves.createdAt} >= now() - make_interval(hours => ${MOVE_NOTICE_HOURS})`,
    ];
    if (since) conds.push(gt(orderMoves.createdAt, since));
    const rows = await this.db
      .select({ move: orderMoves, fromNumber: from.number, toNumber: to.number })
      .from(orderMoves)
      .leftJoin(from, eq(from.id, orderMoves.fromOrderId))
      .leftJoin(to, eq(to.id, orderMoves.toOrderId))
      .where(and(...conds))
      .orderBy(desc(orderMoves.createdAt), desc(orderMoves.id))
      .limit(KITCHEN_MOVES_MAX);
    return rows.map(({ move, fromNumber, toNumber }) => ({
      id: move.id,
      kind: move.kind as OrderMoveKind,
      fromOrderId: move.fromOrderId,
      toOrderId: move.toOrderId,
      fromOrderNumber: fromNumber,
      toOrderNumber: toNumber,
      fromTable: move.fromTable,
      toTable: move.toTable,
      items: move.items,
      createdAt: move.createdAt.toISOString(),
    }));
  }

  /** The whole order to another table: its lines, check and guests stay as they are. */
  private async moveOrder(w: OrderTx, orderId: number, toTableId: number, userId: number | null) {
    const source = (await lockOrders(w, [orderId])).get(orderId)!;
    const table = await tableOf(w.tx, w.eateryId, toTableId);
    await assertMovable(w.tx, source, 'moveOrder');
    if (source.tableId === table.id) throw validationError('toTableId', MOVE_V.sameTable);
    await w.update([orderId], { tableId: table.id, tableNumber: table.number });
    const lines = (await linesOf(w.tx, orderId)).filter(isMovableLine).map((l) => movedLine(l, l.id, l.quantity));
    await record(w, userId, 'MOVE', source, { ...source, tableId: table.id, tableNumber: table.number }, lines);
    return result(w, [orderId], orderId, []);
  }
}

/**
 * The order at the table that moved lines join when the caller names none: its newest open, confirmed dine-in
 * order other than `exceptId`; undefined when it has none (the lines start a new order there).
 */
export async function newestOpenOrderAt(
  tx: OrderTx['tx'],
  eateryId: number,
  tableId: number,
  exceptId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.eateryId, eateryId),
        eq(orders.tableId, tableId),
        eq(orders.kind, 'DINE_IN'),
        ne(orders.id, exceptId),
        notInArray(orders.status, [...FINAL_ORDER_STATUSES, 'NEEDS_CONFIRMATION']),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row?.id;
}

/** 400 with the first problem of the picked lines (contract pickedLinesProblem). */
function assertPicked(lines: readonly LineOf[], picks: readonly PickedLine[], leaveOne: boolean) {
  const problem = pickedLinesProblem(lines, picks, leaveOne);
  if (problem) throw new AppError(400, 'validation', [problem]);
}

type LineOf = Awaited<ReturnType<typeof linesOf>>[number];

/** The picked lines with their rows (checked by assertPicked). */
const picked = (lines: readonly LineOf[], picks: readonly PickedLine[]) =>
  picks.map((p) => ({ line: lines.find((l) => l.id === p.itemId)!, quantity: p.quantity }));

/**
 * A new open order like `from` (its kind, guests, customer and service charge rate) at `table`: where moved or split
 * lines start a check of their own. It gets the day's next number; its status follows its lines (rederive).
 */
async function newOrderLike(
  w: OrderTx,
  from: MoveOrderRow,
  table: { id: number | null; number: string },
): Promise<MoveOrderRow> {
  const id = await w.insert({
    tableId: table.id,
    tableNumber: table.number,
    status: 'CREATED',
    kind: from.kind,
    deviceId: from.deviceId,
    guestDevices: from.guestDevices,
    serviceChargeBp: from.serviceChargeBp,
    customerName: from.customerName,
    customerPhone: from.customerPhone,
  });
  const [row] = await w.tx.select(moveOrderColumns).from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * One new version of the order, its status following its lines (deriveOrderStatus), with `changes`.
 */
async function rederive(w: OrderTx, order: MoveOrderRow, changes: OrderChanges = {}) {
  const rows = await w.tx
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const status = deriveOrderStatus(
    order.status as OrderStatus,
    rows.map((r) => r.status as ItemStatus),
  );
  await w.update([order.id], { ...changes, status });
}

/** The order lines left: deleted when none is left (true), else its status follows what stayed. */
async function settleSource(w: OrderTx, source: MoveOrderRow): Promise<boolean> {
  const [left] = await w.tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, source.id))
    .limit(1);
  if (left) {
    await rederive(w, source);
    return false;
  }
  await w.delete(source.id);
  return true;
}

/** Both notes of merged orders, the receiving one's first, within the longest note an order holds (a guest's). */
function joinedNote(into: string | null, from: string | null): string | null {
  if (!from) return into;
  if (!into) return from;
  return `${into} · ${from}`.slice(0, GUEST_ORDER_NOTE_MAX);
}

/** The order_moves row (the kitchen's notice) and the audit entry of an operation, in its transaction. */
async function record(
  w: OrderTx,
  userId: number | null,
  kind: OrderMoveKind,
  from: MoveOrderRow,
  to: MoveOrderRow,
  lines: MovedLine[],
) {
  await w.tx.insert(orderMoves).values({
    eateryId: w.eateryId,
    kind,
    fromOrderId: from.id,
    toOrderId: to.id,
    fromTable: from.tableNumber,
    toTable: to.tableNumber,
    items: lines,
    createdBy: userId,
  });
  // The stations' paper follows the dishes to their new table (a split stays at its table: nothing to tell).
  if (from.tableNumber !== to.tableNumber || from.kind !== to.kind) {
    w.printJobs += await spoolMoved(w.tx, w.eateryId, { fromTable: from.tableNumber, toOrderId: to.id, lines });
  }
  await recordAudit(w.tx, {
    eateryId: w.eateryId,
    kind,
    userId,
    // The order acted on; a merged one is gone, so its entry names the order that took its lines.
    orderId: kind === 'MERGE' ? to.id : from.id,
    subject: `${orderSubject(from)} → ${orderSubject(to)}`,
    before: { order: from.number, table: from.tableNumber },
    after: { order: to.number, table: to.tableNumber, lines: linesText(lines) },
  });
}

/** The answer: the orders left (as committed in this transaction), the receiving one, the deleted ones. */
async function result(
  w: OrderTx,
  ids: readonly number[],
  toOrderId: number,
  deleted: number[],
): Promise<TableMoveResult> {
  const list = [];
  for (const id of ids) list.push(await w.order(id));
  return { orders: list, toOrderId, deletedOrderIds: deleted };
}
