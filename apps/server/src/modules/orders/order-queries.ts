import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  encodeOrderCursor,
  ORDER_LIST_MAX,
  ORDER_PAGE_SIZE,
  type Order,
  type OrderCursor,
  type OrderStatus,
} from '@qr-menu/contract';
import type { Db, Executor } from '../../db/client.js';
import { eateries, orderItems, orders } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';
import { orderColumns, toOrderDto, type ItemRow, type OrderRow } from './order-dto.js';

/** Reading orders (staff and guests). Changes are in order-commands.ts. */

export interface ListOptions {
  status?: OrderStatus;
  /** YYYY-MM-DD in the restaurant's time zone, inclusive. */
  from?: string;
  /** YYYY-MM-DD in the restaurant's time zone, inclusive. */
  to?: string;
  /** Orders in the page (1..ORDER_LIST_MAX); default ORDER_PAGE_SIZE. */
  limit?: number;
  /** Only orders older than this one (in the list order): the page after it. */
  cursor?: OrderCursor;
}

export interface OrderPage {
  orders: Order[];
  /** The cursor of the next page, or null when this page is the last one. */
  nextCursor: string | null;
}

/** created_at in whole microseconds since 1970, exact (created_at holds microseconds; a JS Date only millis). */
const createdAtMicros = sql<string>`round(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`;

/** The orders of the rows with their items, in the rows' order. */
async function withItems(ex: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await ex
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, ItemRow[]>();
  for (const i of items) {
    const list = byOrder.get(i.orderId);
    if (list) list.push(i);
    else byOrder.set(i.orderId, [i]);
  }
  return rows.map((r) => toOrderDto(r, byOrder.get(r.id) ?? []));
}

/** The first order matching `where`, or null. */
async function findOrder(ex: Executor, where: SQL | undefined): Promise<Order | null> {
  const rows = await ex.select(orderColumns).from(orders).where(where);
  return (await withItems(ex, rows))[0] ?? null;
}

/** The orders matching `where`, newest first, at most ORDER_LIST_MAX. */
async function newestOrders(ex: Executor, where: SQL | undefined): Promise<Order[]> {
  const rows = await ex
    .select(orderColumns)
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDER_LIST_MAX);
  return withItems(ex, rows);
}

/** One order of the restaurant (404 for another restaurant's order); also inside a transaction. */
export async function loadOrder(ex: Executor, eateryId: number, orderId: number): Promise<Order> {
  const order = await findOrder(ex, and(eq(orders.id, orderId), eq(orders.eateryId, eateryId)));
  if (!order) throw notFound();
  return order;
}

/** The order a device placed with this Idempotency-Key, or null. */
export function findIdempotentOrder(ex: Executor, eateryId: number, deviceId: string, key: string) {
  return findOrder(
    ex,
    and(eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId), eq(orders.idempotencyKey, key)),
  );
}

export class OrderQueries {
  constructor(private readonly db: Db) {}

  /**
   * One page, newest first (created_at, then id), `limit` orders after `cursor`. The date bounds are computed in SQL in the restaurant's time zone
   * (`date::timestamp AT TIME ZONE tz`) and compared with created_at directly, so the (eatery_id, created_at)
   * index serves the range.
   */
  async list(eateryId: number, opts: ListOptions = {}): Promise<OrderPage> {
    const tz = sql`(select ${eateries.timeZone} from ${eateries} where ${eateries.id} = ${eateryId})`;
    const conds: SQL[] = [eq(orders.eateryId, eateryId)];
    if (opts.status) conds.push(eq(orders.status, opts.status));
    if (opts.from) conds.push(sql`${orders.createdAt} >= (${opts.from}::date::timestamp at time zone ${tz})`);
    if (opts.to) conds.push(sql`${orders.createdAt} < ((${opts.to}::date + 1)::timestamp at time zone ${tz})`);
    if (opts.cursor) {
      // Keyset: strictly after (created_at, id) in "newest first". Written as `created_at <= t AND (...)` rather
      // than a row comparison so that the (eatery_id, created_at) index bounds the scan.
      const at = sql`('epoch'::timestamptz + ${opts.cursor.createdAtMicros}::bigint * interval '1 microsecond')`;
      conds.push(sql`${orders.createdAt} <= ${at}`);
      conds.push(sql`(${orders.createdAt} < ${at} or ${orders.id} < ${opts.cursor.id})`);
    }
    const limit = Math.min(opts.limit ?? ORDER_PAGE_SIZE, ORDER_LIST_MAX);
    // One row more than the page tells whether another page exists.
    const rows = await this.db
      .select({ ...orderColumns, micros: createdAtMicros })
      .from(orders)
      .where(and(...conds))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit && last ? encodeOrderCursor({ createdAtMicros: Number(last.micros), id: last.id }) : null;
    return { orders: await withItems(this.db, page), nextCursor };
  }

  /** One order of the restaurant (404 for another restaurant's order). */
  get(eateryId: number, orderId: number): Promise<Order> {
    return loadOrder(this.db, eateryId, orderId);
  }

  /** A guest's own order: 404 unless it was placed by this device. */
  async getForDevice(eateryId: number, orderId: number, deviceId: string): Promise<Order> {
    const order = await findOrder(
      this.db,
      and(eq(orders.id, orderId), eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId)),
    );
    if (!order) throw notFound();
    return order;
  }

  /** A guest device's orders in the restaurant (optionally of one table), newest first. */
  listForDevice(eateryId: number, deviceId: string, tableId?: number): Promise<Order[]> {
    const conds = [eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId)];
    if (tableId !== undefined) conds.push(eq(orders.tableId, tableId));
    return newestOrders(this.db, and(...conds));
  }
}
