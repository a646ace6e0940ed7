import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  encodeOrderCursor,
  KITCHEN_ORDER_STATUSES,
  ORDER_LIST_MAX,
  ORDER_PAGE_SIZE,
  RECALL_MINUTES,
  type Order,
  type OrderCursor,
  type OrderStatus,
} from '@qr-menu/contract';
import type { Db, Executor } from '../../db/client.js';
import { runStatement, sqlWordList, type Statement } from '../../db/statements.js';
import { orderOfDevice } from '../../db/order-devices.js';
import { orderItems, orders } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';
import { listedOrders, orderColumns, toOrderDto, type ItemRow, type ListRow, type OrderRow } from './order-dto.js';

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

/** A timestamptz as toISOString() writes it (UTC, milliseconds, truncated as a JS Date truncates). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The staff list in one statement and one round trip: the page of orders (`page`, with `where` and `limit` filled
 * in by listStatement), then one row per item (an order without items: one row, item columns null), in list order.
 * Plain columns: the database builds no JSON (json_build_object per item cost it four times the query itself) and
 * formats the two dates once per order; created_at also comes in whole microseconds for the cursor (a JS Date keeps
 * only milliseconds).
 */
const listText = (where: string, limit: string) => `
with page as (
  select o.id, o.eatery_id, o.table_id, o.table_number, o.status, o.note, o.version, o.discount::text as discount,
    o.service_charge_bp, o.number,
    o.created_at as at, ${isoText('o.created_at')} as created_at, ${isoText('o.updated_at')} as updated_at,
    ${isoText('o.paid_at')} as paid_at, o.rejection_reason, o.kind, o.customer_name, o.customer_phone,
    round(extract(epoch from o.created_at) * 1000000)::bigint::text as micros
  from orders o
  where ${where}
  order by o.created_at desc, o.id desc
  limit ${limit}
)
select p.id, p.eatery_id, p.table_id, p.table_number, p.status, p.note, p.version, p.discount, p.service_charge_bp, p.number,
  p.created_at,
  p.updated_at, p.paid_at, p.rejection_reason, p.kind, p.customer_name, p.customer_phone, p.micros, i.id as item_id, i.dish_id, i.name as item_name, i.quantity,
  i.note as item_note, i.status as item_status, i.price, i.category_name, i.kitchen_department_id, i.names, i.batch,
  i.options,
  ${isoText('i.created_at')} as item_created_at, ${isoText('i.ready_at')} as ready_at, i.void_reason, i.voided_from,
  ${isoText('i.voided_at')} as voided_at, i.seat, i.course, i.held
from page p left join order_items i on i.order_id = p.id
order by p.at desc, p.id desc, i.id`;

type ListFilter = 'status' | 'from' | 'to' | 'cursor';

const listStatements = new Map<string, Statement>();

/**
 * The statement for the filters that are set; $1 is the eatery id, the filters' values follow in this order, the
 * limit last. One text per combination of filters, so that each is a prepared statement with its own plan; the date
 * bounds are computed in SQL in the restaurant's time zone (`date::timestamp AT TIME ZONE tz`) and compared with
 * created_at directly, so the (eatery_id, created_at) index serves the range.
 */
function listStatement(filters: ReadonlySet<ListFilter>): Statement {
  const key = (['status', 'from', 'to', 'cursor'] as const).filter((f) => filters.has(f)).join('_');
  let statement = listStatements.get(key);
  if (statement) return statement;
  const tz = '(select time_zone from eateries where id = $1)';
  const conds = ['o.eatery_id = $1'];
  let n = 1;
  if (filters.has('status')) conds.push(`o.status = $${++n}`);
  if (filters.has('from')) conds.push(`o.created_at >= ($${++n}::date::timestamp at time zone ${tz})`);
  if (filters.has('to')) conds.push(`o.created_at < (($${++n}::date + 1)::timestamp at time zone ${tz})`);
  if (filters.has('cursor')) {
    // Keyset: strictly after (created_at, id) in "newest first". Written as `created_at <= t AND (...)` rather
    // than a row comparison so that the (eatery_id, created_at) index bounds the scan.
    const at = `('epoch'::timestamptz + $${++n}::bigint * interval '1 microsecond')`;
    conds.push(`o.created_at <= ${at}`, `(o.created_at < ${at} or o.id < $${++n})`);
  }
  statement = { name: `orders_list_v5_${key || 'all'}`, text: listText(conds.join(' and '), `$${n + 1}`) };
  listStatements.set(key, statement);
  return statement;
}

/** The statement and its values for one page of `limit` orders (plus one: it tells whether another page exists). */
export function listQuery(eateryId: number, opts: ListOptions, limit: number) {
  const filters = new Set<ListFilter>();
  // Text parameters: PostgreSQL casts them to the columns' types.
  const values: (string | null)[] = [String(eateryId)];
  if (opts.status) {
    filters.add('status');
    values.push(opts.status);
  }
  if (opts.from) {
    filters.add('from');
    values.push(opts.from);
  }
  if (opts.to) {
    filters.add('to');
    values.push(opts.to);
  }
  if (opts.cursor) {
    filters.add('cursor');
    values.push(String(opts.cursor.createdAtMicros), String(opts.cursor.id));
  }
  values.push(String(limit + 1));
  return { statement: listStatement(filters), values };
}

/**
 * How far back the kitchen board looks for open orders. Bounding created_at lets the (eatery_id, created_at) index
 * serve the board in a restaurant with years of orders; an order left open longer than a day is not a kitchen's.
 */
const KITCHEN_LOOKBACK = `interval '24 hours'`;

/**
 * The kitchen display's orders (contract kitchen.ts): orders of the last day in KITCHEN_ORDER_STATUSES (paid ones
 * too; not those still waiting for staff to confirm them) with an item at the station (department $2, or any
 * department when $2 is null) that the board can show: still CREATED or PREPARING, READY in the last
 * RECALL_MINUTES (the recall list), or voided after the kitchen started it in the last RECALL_MINUTES (a VOID
 * notice). Same columns and rows as the staff list, newest first, at most ORDER_LIST_MAX.
 */
const KITCHEN_ORDERS: Statement = {
  name: 'kitchen_orders_v4',
  text: listText(
    `o.eatery_id = $1 and o.created_at >= now() - ${KITCHEN_LOOKBACK}
    and o.status in (${sqlWordList(KITCHEN_ORDER_STATUSES)})
    and exists (
    select 1 from order_items k where k.order_id = o.id and ($2::int is null or k.kitchen_department_id = $2::int)
      and (k.status in ('CREATED', 'PREPARING')
        or (k.status = 'READY' and k.ready_at >= now() - make_interval(mins => ${RECALL_MINUTES}))
        or (k.status = 'DELETED' and k.voided_from in ('PREPARING', 'READY')
          and k.voided_at >= now() - make_interval(mins => ${RECALL_MINUTES}))))`,
    String(ORDER_LIST_MAX),
  ),
};

export class OrderQueries {
  constructor(private readonly db: Db) {}

  /** One page, newest first (created_at, then id), `limit` orders after `cursor`. */
  async list(eateryId: number, opts: ListOptions = {}): Promise<OrderPage> {
    const limit = Math.min(opts.limit ?? ORDER_PAGE_SIZE, ORDER_LIST_MAX);
    const { statement, values } = listQuery(eateryId, opts, limit);
    const listed = listedOrders(await runStatement<ListRow>(this.db, statement, values));
    const page = listed.length > limit ? listed.slice(0, limit) : listed;
    const last = page[page.length - 1];
    const nextCursor =
      listed.length > limit && last
        ? encodeOrderCursor({ createdAtMicros: Number(last.micros), id: last.order.id })
        : null;
    return { orders: page.map((l) => l.order), nextCursor };
  }

  /** The orders of a kitchen station (a department, or null: every item), see KITCHEN_ORDERS. */
  async kitchenOrders(eateryId: number, departmentId: number | null): Promise<Order[]> {
    const values = [String(eateryId), departmentId === null ? null : String(departmentId)];
    return listedOrders(await runStatement<ListRow>(this.db, KITCHEN_ORDERS, values)).map((l) => l.order);
  }

  /** One order of the restaurant (404 for another restaurant's order). */
  get(eateryId: number, orderId: number): Promise<Order> {
    return loadOrder(this.db, eateryId, orderId);
  }

  /** A guest's own order: 404 unless this device placed it or joined it (db/order-devices.ts). */
  async getForDevice(eateryId: number, orderId: number, deviceId: string): Promise<Order> {
    const order = await findOrder(
      this.db,
      and(eq(orders.id, orderId), eq(orders.eateryId, eateryId), orderOfDevice(deviceId)),
    );
    if (!order) throw notFound();
    return order;
  }

  /** A guest device's orders in the restaurant (placed or joined; optionally of one table), newest first. */
  listForDevice(eateryId: number, deviceId: string, tableId?: number): Promise<Order[]> {
    const conds = [eq(orders.eateryId, eateryId), orderOfDevice(deviceId)];
    if (tableId !== undefined) conds.push(eq(orders.tableId, tableId));
    return newestOrders(this.db, and(...conds));
  }
}
