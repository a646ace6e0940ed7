import type { ItemStatus } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { runJsonStatement, type Statement } from '../../db/statements.js';
import type { DishFacts, PlaceOrderInput, PlacingFacts, TableFacts } from './batch-eligibility.js';
import type { ItemRow, OrderRow } from './order-dto.js';
import type { itemRows } from './order-item-rows.js';

/**
 * The two statements of the batch path (place-order-batch.ts), each one round trip for a whole batch of orders.
 * They hold no ordering rule: one reads what the rules need (takesBatchPath, dish snapshots), the other writes the
 * rows made from it.
 */

/**
 * For each order of $1 (a JSON array of {eateryId, tableId, dishIds}, in order): its table with the restaurant's
 * guest settings and opening hours (null when the table is not the restaurant's), and its live dishes of the
 * restaurant. The dishes are looked up by id (`= any(array(...))`): an `in (subquery)` made PostgreSQL read every dish of
 * the restaurant with its category for each order and keep the asked ones (40 dishes: 2.5× the time; it grows with
 * the menu).
 */
const READ_FACTS: Statement = {
  name: 'placing_facts_v5',
  text: `
select json_build_object(
  'table', (
    select json_build_object('id', t.id, 'number', t.number, 'status', t.status,
      'tableKeysRequired', e.table_keys_required, 'confirmGuestOrders', e.confirm_guest_orders,
      'ordersWithinHours', e.orders_within_hours, 'openingHours', e.opening_hours, 'timeZone', e.time_zone,
      'courseCount', jsonb_array_length(e.courses),
      'kitchenPrinters', exists(select 1 from printers p where p.eatery_id = e.id and p.enabled and p.kitchen))
    from tables t join eateries e on e.id = t.eatery_id
    where t.id = (r.x->>'tableId')::int and t.eatery_id = (r.x->>'eateryId')::int),
  'dishes', coalesce((
    select json_agg(json_build_object('id', d.id, 'nameAz', d.name_az, 'nameEn', d.name_en, 'nameRu', d.name_ru,
      'price', d.price::text, 'kitchenDepartmentId', d.kitchen_department_id, 'available', d.available,
      'optionGroups', d.option_groups, 'hasOptions', d.option_groups <> '[]'::jsonb,
      'hasHours', d.available_hours is not null or c.available_hours is not null,
      'counted', d.stock_count is not null,
      'category', case when c.id is null then null
        else json_build_object('nameAz', c.name_az, 'nameEn', c.name_en, 'nameRu', c.name_ru) end))
    from dishes d left join categories c on c.id = d.category_id
    where d.id = any(array(select value::int from jsonb_array_elements_text(r.x->'dishIds')))
      and d.eatery_id = (r.x->>'eateryId')::int and d.archived_at is null), '[]'::json))
from jsonb_array_elements($1::jsonb) with ordinality as r(x, ord)
order by r.ord`,
};

/** Reads the facts of each order (same positions as `inputs`) in one statement. */
export async function readPlacingFacts(db: Db, inputs: readonly PlaceOrderInput[]): Promise<PlacingFacts[]> {
  const asked = inputs.map((o) => ({
    eateryId: o.eateryId,
    tableId: o.tableId,
    dishIds: o.items.map((i) => i.dishId),
  }));
  const rows = await runJsonStatement<{ table: TableFacts | null; dishes: DishFacts[] }>(db, READ_FACTS, [
    JSON.stringify(asked),
  ]);
  return rows.map((r) => ({ table: r.table, dishes: new Map(r.dishes.map((d) => [d.id, d])) }));
}

/** An order to insert as it will be stored: status CREATED, its items in batch 1 with status CREATED. */
export interface NewOrderRow {
  eateryId: number;
  tableId: number;
  tableNumber: string;
  note: string | null;
  deviceId: string | null;
  idempotencyKey: string | null;
  items: ReturnType<typeof itemRows>;
}

/**
 * Inserts the orders of $1 (a JSON array of NewOrderRow) and their items, and returns each inserted order with its
 * items and `ord`, its 1-based position in $1. An order of a device whose Idempotency-Key is already taken is
 * skipped (ON CONFLICT DO NOTHING on orders_idempotency_idx) with nothing of it written. Order ids are drawn from
 * the sequence up front, so that the items find their order by id (RETURNING does not promise the input's order);
 * a skipped order leaves a gap in the ids, as a rollback does. One statement is one transaction: the orders share
 * its commit (and its WAL flush).
 */
const INSERT_ORDERS: Statement = {
  name: 'insert_orders_v4',
  text: `
with req as materialized (
  select r.ord, nextval(pg_get_serial_sequence('orders', 'id')) as id, r.x
  from jsonb_array_elements($1::jsonb) with ordinality as r(x, ord)
), o as (
  insert into orders (id, eatery_id, table_id, table_number, status, note, device_id, idempotency_key)
  select req.id, (req.x->>'eateryId')::int, (req.x->>'tableId')::int, req.x->>'tableNumber', 'CREATED',
    req.x->>'note', req.x->>'deviceId', req.x->>'idempotencyKey'
  from req order by req.ord
  on conflict do nothing
  returning id, eatery_id, table_id, table_number, status, note, device_id, version, discount, service_charge_bp,
    number, kind, customer_name, customer_phone, created_at, updated_at
), i as (
  insert into order_items (order_id, dish_id, name, names, price, options, quantity, note, status,
    kitchen_department_id, category_name)
  select o.id, (e.item->>'dishId')::int, e.item->>'name', e.item->'names', (e.item->>'price')::numeric,
    e.item->'options', (e.item->>'quantity')::int, e.item->>'note', 'CREATED',
    (e.item->>'kitchenDepartmentId')::int, e.item->>'categoryName'
  from o join req on req.id = o.id cross join jsonb_array_elements(req.x->'items') with ordinality as e(item, ord)
  order by req.ord, e.ord
  returning id, order_id, dish_id, name, names, price, quantity, note, status, kitchen_department_id, category_name,
    batch, options, ready_at, seat, course, held, created_at
)
select json_build_object(
  'ord', req.ord, 'id', o.id, 'eateryId', o.eatery_id, 'tableId', o.table_id, 'tableNumber', o.table_number,
  'status', o.status, 'note', o.note, 'deviceId', o.device_id, 'version', o.version, 'discount', o.discount::text,
  'serviceChargeBp', o.service_charge_bp, 'number', o.number,
  'paidAt', null, 'rejectionReason', null, 'kind', o.kind, 'customerName', o.customer_name,
  'customerPhone', o.customer_phone, 'createdAt', o.created_at, 'updatedAt', o.updated_at,
  'items', coalesce((select json_agg(json_build_object(
    'id', i.id, 'orderId', i.order_id, 'dishId', i.dish_id, 'name', i.name, 'price', i.price::text,
    'quantity', i.quantity, 'note', i.note, 'status', i.status, 'kitchenDepartmentId', i.kitchen_department_id,
    'categoryName', i.category_name, 'names', i.names, 'batch', i.batch, 'options', i.options,
    'readyAt', null, 'voidReason', null, 'voidedFrom', null, 'voidedAt', null,
    'seat', i.seat, 'course', i.course, 'held', i.held, 'createdAt', i.created_at) order by i.id) from i where i.order_id = o.id), '[]'::json))
from o join req on req.id = o.id
order by req.ord`,
};

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
type PlacedJson = Json<OrderRow> & {
  ord: number;
  items: (Json<ItemRow> & { status: ItemStatus })[];
};

export interface InsertedOrder {
  order: OrderRow;
  items: ItemRow[];
}

/**
 * Inserts the orders in one statement; for each (same positions) its order, or null when it was skipped (its
 * Idempotency-Key is taken) and nothing of it was written.
 */
export async function insertOrdersAtOnce(db: Db, rows: readonly NewOrderRow[]): Promise<(InsertedOrder | null)[]> {
  const out: (InsertedOrder | null)[] = rows.map(() => null);
  if (rows.length === 0) return out;
  const placed = await runJsonStatement<PlacedJson>(db, INSERT_ORDERS, [JSON.stringify(rows)]);
  for (const { ord, items, ...order } of placed) {
    out[ord - 1] = {
      order: { ...order, paidAt: null, createdAt: new Date(order.createdAt), updatedAt: new Date(order.updatedAt) },
      items: items.map((i) => ({
        ...i,
        readyAt: null,
        voidedAt: null,
        voidedBy: null,
        createdAt: new Date(i.createdAt),
      })),
    };
  }
  return out;
}
