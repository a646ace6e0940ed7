import type { ItemStatus, Language } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { runJsonStatement, type Statement } from '../../db/statements.js';
import type { ItemRow, OrderRow } from './order-dto.js';

/** The order in which localName (contract localize.ts) tries the languages, for each wanted language. */
const FALLBACK: Record<Language, Language[]> = {
  az: ['az', 'en', 'ru'],
  en: ['en', 'az', 'ru'],
  ru: ['ru', 'az', 'en'],
};

/** `localName(row, lang)` of the contract, in SQL: the trimmed name in `lang`, else the first filled one (az, en, ru). */
const localNameSql = (table: string, lang: Language) =>
  `coalesce(${FALLBACK[lang].map((l) => `nullif(btrim(${table}.name_${l}, E' \\t\\r\\n'), ''), `).join('')}'')`;
const azName = (table: string) => localNameSql(table, 'az');

/**
 * Several whole orders in one statement (group commit, see order-batcher.ts): for each order it checks the table,
 * snapshots the dishes, inserts the order and its items, and returns them. An order is inserted only when
 * everything about it is in order: the table is the restaurant's (and, for guests, not INACTIVE), every dish is a
 * live dish of the restaurant (for guests, also available), and no order of this device has this Idempotency-Key
 * yet (ON CONFLICT DO NOTHING on orders_idempotency_idx). Otherwise that order gets no row and nothing of it is
 * written, while the others of the statement are; the caller then finds out why (and answers the right error) on
 * the slow path. Orders whose checks live on the slow path only (options chosen, a dish with option groups or
 * availability hours, a restaurant with table keys or staff confirmation) are always left to it. One
 * statement is one transaction: the orders of a batch share its commit (and its WAL flush).
 *
 * $1 is a JSON array of PlaceOrderInput; each row is one inserted order with its items, and `ord`, its 1-based
 * position in $1. Order ids are drawn from the sequence up front, so that the items find their order by id
 * (RETURNING does not promise the input's order); a refused order leaves a gap in the ids, as a rollback does.
 */
const PLACE_ORDERS: Statement = {
  name: 'place_orders_v3',
  text: `
with req as materialized (
  select r.ord, nextval(pg_get_serial_sequence('orders', 'id')) as id, (r.x->>'eateryId')::int as eatery_id,
    (r.x->>'tableId')::int as table_id, (r.x->>'guest')::boolean as guest, r.x->>'note' as note,
    r.x->>'deviceId' as device_id, r.x->>'idempotencyKey' as idempotency_key, r.x->'items' as items
  from jsonb_array_elements($1::jsonb) with ordinality as r(x, ord)
), input as (
  select req.ord as req_ord, (e.item->>'dishId')::int as dish_id, (e.item->>'quantity')::int as quantity,
    e.item->>'note' as note, coalesce(jsonb_array_length(e.item->'optionIds'), 0) as option_count, e.ord
  from req cross join jsonb_array_elements(req.items) with ordinality as e(item, ord)
), d as (
  select distinct on (req.ord, dishes.id) req.ord as req_ord, dishes.id, ${azName('dishes')} as name, dishes.price,
    jsonb_build_object('az', ${azName('dishes')}, 'en', ${localNameSql('dishes', 'en')}, 'ru', ${localNameSql('dishes', 'ru')}) as names, dishes.kitchen_department_id,
    case when categories.id is null then null else nullif(${azName('categories')}, '') end as category_name
  from req join input on input.req_ord = req.ord
    join dishes on dishes.id = input.dish_id and dishes.eatery_id = req.eatery_id
    left join categories on categories.id = dishes.category_id
  where dishes.archived_at is null and (not req.guest or dishes.available)
    -- Options and availability hours are checked on the step-by-step path only.
    and dishes.option_groups = '[]'::jsonb and dishes.available_hours is null and categories.available_hours is null
), ok as (
  select req.ord, req.id, req.eatery_id, tables.id as table_id, tables.number as table_number, req.note,
    req.device_id, req.idempotency_key
  from req join tables on tables.id = req.table_id and tables.eatery_id = req.eatery_id
    join eateries on eateries.id = req.eatery_id
  where (not req.guest or tables.status <> 'INACTIVE')
    -- Table keys and staff-confirmed guest orders are handled on the step-by-step path only.
    and (not req.guest or not (eateries.table_keys_required or eateries.confirm_guest_orders))
    and not exists (select 1 from input where input.req_ord = req.ord and input.option_count > 0)
    and (select count(*) from d where d.req_ord = req.ord)
      = (select count(distinct input.dish_id) from input where input.req_ord = req.ord)
), o as (
  insert into orders (id, eatery_id, table_id, table_number, status, note, device_id, idempotency_key)
  select ok.id, ok.eatery_id, ok.table_id, ok.table_number, 'CREATED', ok.note, ok.device_id, ok.idempotency_key
  from ok order by ok.ord
  on conflict do nothing
  returning id, eatery_id, table_id, table_number, status, note, device_id, version, discount, created_at, updated_at
), i as (
  insert into order_items (order_id, dish_id, name, names, price, quantity, note, status, kitchen_department_id,
    category_name)
  select o.id, d.id, d.name, d.names, d.price, input.quantity, input.note, 'CREATED', d.kitchen_department_id,
    d.category_name
  from o join ok on ok.id = o.id join input on input.req_ord = ok.ord
    join d on d.req_ord = ok.ord and d.id = input.dish_id
  order by ok.ord, input.ord
  returning id, order_id, dish_id, name, names, price, quantity, note, status, kitchen_department_id, category_name,
    batch, options, ready_at, created_at
)
select json_build_object(
  'ord', ok.ord, 'id', o.id, 'eateryId', o.eatery_id, 'tableId', o.table_id, 'tableNumber', o.table_number,
  'status', o.status, 'note', o.note, 'deviceId', o.device_id, 'version', o.version, 'discount', o.discount::text,
  'paidAt', null, 'rejectionReason', null, 'createdAt', o.created_at, 'updatedAt', o.updated_at,
  'items', coalesce((select json_agg(json_build_object(
    'id', i.id, 'orderId', i.order_id, 'dishId', i.dish_id, 'name', i.name, 'price', i.price::text,
    'quantity', i.quantity, 'note', i.note, 'status', i.status, 'kitchenDepartmentId', i.kitchen_department_id,
    'categoryName', i.category_name, 'names', i.names, 'batch', i.batch, 'options', i.options,
    'readyAt', null,
    'createdAt', i.created_at) order by i.id) from i where i.order_id = o.id), '[]'::json))
from o join ok on ok.id = o.id
order by ok.ord`,
};

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
type PlacedJson = Json<OrderRow> & {
  ord: number;
  items: (Json<ItemRow> & { status: ItemStatus })[];
};

export interface PlaceOrderInput {
  eateryId: number;
  tableId: number;
  items: readonly { dishId: number; quantity: number; note?: string | null; optionIds?: readonly number[] }[];
  guest: boolean;
  note: string | null;
  deviceId: string | null;
  idempotencyKey: string | null;
}

export interface InsertedOrder {
  order: OrderRow;
  items: ItemRow[];
}

/**
 * Inserts the orders in one statement; for each input (same positions) its order, or null when that order was
 * refused (see PLACE_ORDERS) and nothing of it was written.
 */
export async function insertOrdersAtOnce(
  db: Db,
  inputs: readonly PlaceOrderInput[],
): Promise<(InsertedOrder | null)[]> {
  const rows = await runJsonStatement<PlacedJson>(db, PLACE_ORDERS, [JSON.stringify(inputs)]);
  const out: (InsertedOrder | null)[] = inputs.map(() => null);
  for (const { ord, items, ...order } of rows) {
    out[ord - 1] = {
      order: { ...order, paidAt: null, createdAt: new Date(order.createdAt), updatedAt: new Date(order.updatedAt) },
      items: items.map((i) => ({ ...i, readyAt: null, createdAt: new Date(i.createdAt) })),
    };
  }
  return out;
}
