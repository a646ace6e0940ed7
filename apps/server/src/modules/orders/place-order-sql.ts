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
 * A whole order in one statement: checks the table, snapshots the dishes, inserts the order and its items and
 * returns them. It inserts only when everything is in order: the table is the restaurant's (and, for guests, not
 * INACTIVE), every dish is a live dish of the restaurant (for guests, also available), and no order of this device
 * has this Idempotency-Key yet (ON CONFLICT DO NOTHING on orders_idempotency_idx). Otherwise it returns no row and
 * inserts nothing; the caller then finds out why (and answers the right error) on the slow path.
 *
 * $1 is the PlaceOrderInput as JSON; the one row is the order with its items as JSON.
 */
const PLACE_ORDER: Statement = {
  name: 'place_order_v3',
  text: `
with req as (
  select (r->>'eateryId')::int as eatery_id, (r->>'tableId')::int as table_id, (r->>'guest')::boolean as guest,
    r->>'note' as note, r->>'deviceId' as device_id, r->>'idempotencyKey' as idempotency_key, r->'items' as items
  from (select $1::jsonb as r) as j
), input as (
  select (e.item->>'dishId')::int as dish_id, (e.item->>'quantity')::int as quantity, e.item->>'note' as note, e.ord
  from req cross join jsonb_array_elements(req.items) with ordinality as e(item, ord)
), t as (
  select tables.id, tables.number from tables, req
  where tables.id = req.table_id and tables.eatery_id = req.eatery_id and (not req.guest or tables.status <> 'INACTIVE')
), d as (
  select dishes.id, ${azName('dishes')} as name, dishes.price,
    jsonb_build_object('az', ${azName('dishes')}, 'en', ${localNameSql('dishes', 'en')}, 'ru', ${localNameSql('dishes', 'ru')}) as names, dishes.kitchen_department_id,
    case when categories.id is null then null else nullif(${azName('categories')}, '') end as category_name
  from req cross join dishes left join categories on categories.id = dishes.category_id
  where dishes.eatery_id = req.eatery_id and dishes.id in (select dish_id from input) and dishes.archived_at is null
    and (not req.guest or dishes.available)
), o as (
  insert into orders (eatery_id, table_id, table_number, status, note, device_id, idempotency_key)
  select req.eatery_id, t.id, t.number, 'CREATED', req.note, req.device_id, req.idempotency_key from req, t
  where (select count(*) from d) = (select count(distinct dish_id) from input)
  on conflict do nothing
  returning id, eatery_id, table_id, table_number, status, note, device_id, version, discount, created_at, updated_at
), i as (
  insert into order_items (order_id, dish_id, name, names, price, quantity, note, status, kitchen_department_id,
    category_name)
  select o.id, d.id, d.name, d.names, d.price, input.quantity, input.note, 'CREATED', d.kitchen_department_id,
    d.category_name
  from o cross join input join d on d.id = input.dish_id
  order by input.ord
  returning id, order_id, dish_id, name, names, price, quantity, note, status, kitchen_department_id, category_name,
    batch, ready_at, created_at
)
select json_build_object(
  'id', o.id, 'eateryId', o.eatery_id, 'tableId', o.table_id, 'tableNumber', o.table_number, 'status', o.status,
  'note', o.note, 'deviceId', o.device_id, 'version', o.version, 'discount', o.discount::text, 'paidAt', null,
  'createdAt', o.created_at, 'updatedAt', o.updated_at,
  'items', coalesce((select json_agg(json_build_object(
    'id', i.id, 'orderId', i.order_id, 'dishId', i.dish_id, 'name', i.name, 'price', i.price::text,
    'quantity', i.quantity, 'note', i.note, 'status', i.status, 'kitchenDepartmentId', i.kitchen_department_id,
    'categoryName', i.category_name, 'names', i.names, 'batch', i.batch, 'readyAt', null,
    'createdAt', i.created_at) order by i.id) from i), '[]'::json))
from o`,
};

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
type PlacedJson = Json<OrderRow> & { items: (Json<ItemRow> & { status: ItemStatus })[] };

export interface PlaceOrderInput {
  eateryId: number;
  tableId: number;
  items: readonly { dishId: number; quantity: number; note?: string | null }[];
  guest: boolean;
  note: string | null;
  deviceId: string | null;
  idempotencyKey: string | null;
}

/** Inserts the order in one statement; null when it was refused (see PLACE_ORDER) and nothing was written. */
export async function insertOrderAtOnce(
  db: Db,
  input: PlaceOrderInput,
): Promise<{ order: OrderRow; items: ItemRow[] } | null> {
  const [placed] = await runJsonStatement<PlacedJson>(db, PLACE_ORDER, [JSON.stringify(input)]);
  if (!placed) return null;
  const { items, ...order } = placed;
  return {
    order: { ...order, paidAt: null, createdAt: new Date(order.createdAt), updatedAt: new Date(order.updatedAt) },
    items: items.map((i) => ({ ...i, readyAt: null, createdAt: new Date(i.createdAt) })),
  };
}
