import type { Statement } from '../../db/statements.js';

/**
 * The SQL of the owner's reports (contract reports.ts). Every statement takes `$1` the restaurant, `$2`..`$3` the
 * range (dates, both included) and computes the UTC bounds in the restaurant's time zone itself
 * (`date::timestamp AT TIME ZONE tz`): a day is [D 00:00, D+1 00:00) local, so an order at 23:30 in Asia/Baku
 * belongs to that day and not to the UTC one. Sums are numeric (exact) and come back as text; the service turns them
 * into cents. Each statement answers one `json` value, so a figure group is one round trip.
 *
 * Which orders count:
 * - revenue, orders, discounts, days, tables, waiters, dishes: PAID orders by when they were paid (paid_at, else
 *   updated_at for orders closed before paid_at existed). Order total = its live items (not DELETED) − discount.
 * - cancelled share, hours of the week, minutes to READY / SERVED: orders placed (created_at) in the range.
 * - tips and amounts by payment method: payments made (created_at) in the range.
 *
 * Index use: orders by (eatery_id, created_at) — orders_eatery_created_idx. A paid order was created before it was
 * paid, so `created_at < end of range` bounds the scan of paid orders from above; there is no lower bound on
 * created_at (an order may stay open for days), so that scan walks the restaurant's older orders too: an index on
 * (eatery_id, paid_at) would bound it on both sides (not added: no schema change in this issue).
 */

/** `b`: the bounds — lo/hi of the range, plo: start of the previous range ($4), tz of the restaurant. */
const bounds = (prevFrom: string) => `b as (
  select e.time_zone as tz,
    ($2::date::timestamp at time zone e.time_zone) as lo,
    (($3::date + 1)::timestamp at time zone e.time_zone) as hi,
    (${prevFrom}::date::timestamp at time zone e.time_zone) as plo
  from eateries e where e.id = $1::int
)`;

/** Money as text with two decimals (numeric → exact text). */
const money = (expr: string) => `coalesce(${expr}, 0)::numeric(14, 2)::text`;

/**
 * PAID orders of the range ($2..$3) and of the previous one ($4..$2-1): the headline figures of both, and for the
 * range its days, tables, waiters and dishes.
 */
export const PAID_FIGURES: Statement = {
  name: 'reports_paid_v1',
  text: `with ${bounds('$4')},
paid as materialized (
  select o.id, o.table_id, o.table_number, o.discount, coalesce(o.paid_at, o.updated_at) as at
  from orders o
  where o.eatery_id = $1::int and o.status = 'PAID'
    and o.created_at < (select hi from b)
    and coalesce(o.paid_at, o.updated_at) >= (select plo from b)
    and coalesce(o.paid_at, o.updated_at) < (select hi from b)
),
items as materialized (
  select i.order_id, i.dish_id, i.name, i.names, i.id, i.quantity, i.price * i.quantity as line
  from order_items i
  where i.order_id in (select id from paid) and i.status <> 'DELETED'
),
po as materialized (
  select p.id, p.table_id, p.table_number, p.discount, p.at, p.at >= (select lo from b) as current,
    coalesce(t.subtotal, 0) - p.discount as total
  from paid p left join (select order_id, sum(line) as subtotal from items group by order_id) t on t.order_id = p.id
),
cur as (select * from po where current)
select json_build_object(
  'periods', (select coalesce(json_agg(json_build_object(
      'current', x.current, 'revenue', ${money('x.revenue')}, 'orders', x.orders, 'discounts', ${money('x.discounts')})), '[]')
    from (select current, sum(total) as revenue, count(*) as orders, sum(discount) as discounts
          from po group by current) x),
  'byDay', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
      'revenue', ${money('s.revenue')}, 'orders', coalesce(s.orders, 0)) order by d.day)
    from generate_series($2::date, $3::date, interval '1 day') as d(day)
    left join (select (c.at at time zone (select tz from b))::date as day, sum(c.total) as revenue, count(*) as orders
               from cur c group by 1) s on s.day = d.day::date),
  'byTable', (select coalesce(json_agg(json_build_object('tableNumber', t.table_number,
      'revenue', ${money('t.revenue')}, 'orders', t.orders) order by t.revenue desc, t.table_number), '[]')
    from (select table_number, sum(total) as revenue, count(*) as orders from cur group by table_number) t),
  'byWaiter', (select coalesce(json_agg(json_build_object('waiterId', w.waiter_id, 'name', w.name,
      'revenue', ${money('w.revenue')}, 'orders', w.orders) order by w.revenue desc, w.name nulls last), '[]')
    from (select a.waiter_id, coalesce(nullif(u.name, ''), u.email) as name, sum(c.total) as revenue,
            count(*) as orders
          from cur c
          left join table_assignments a on a.table_id = c.table_id
          left join users u on u.id = a.waiter_id
          group by a.waiter_id, u.name, u.email) w),
  'dishes', (select coalesce(json_agg(json_build_object('dishId', d.dish_id, 'name', d.name, 'names', d.names,
      'quantity', d.quantity, 'revenue', ${money('d.revenue')})), '[]')
    from (select i.dish_id, min(i.name) as name, (array_agg(i.names order by i.id desc))[1] as names,
            sum(i.quantity) as quantity, sum(i.line) as revenue
          from items i join cur c on c.id = i.order_id
          group by i.dish_id, case when i.dish_id is null then i.name end) d)
)`,
};

/** Orders placed in the range and in the previous one: cancelled share, hours of the week, minutes to READY/SERVED. */
export const PLACED_FIGURES: Statement = {
  name: 'reports_placed_v1',
  text: `with ${bounds('$4')},
placed as materialized (
  select o.id, o.status, o.created_at, o.created_at >= (select lo from b) as current
  from orders o
  where o.eatery_id = $1::int and o.created_at >= (select plo from b) and o.created_at < (select hi from b)
),
reached as (
  select h.order_id, min(h.changed_at) filter (where h.status = 'READY') as ready,
    min(h.changed_at) filter (where h.status = 'ISSUED') as issued
  from order_status_history h
  where h.order_id in (select id from placed) and h.status in ('READY', 'ISSUED')
  group by h.order_id
)
select json_build_object(
  'timeZone', (select tz from b),
  'periods', (select coalesce(json_agg(x), '[]') from (
    select p.current, count(*) as placed, count(*) filter (where p.status = 'CANCELLED') as cancelled,
      round((avg(extract(epoch from r.ready - p.created_at)) / 60)::numeric, 1)::float8 as "minutesToReady",
      round((avg(extract(epoch from r.issued - p.created_at)) / 60)::numeric, 1)::float8 as "minutesToServed"
    from placed p left join reached r on r.order_id = p.id
    group by p.current) x),
  'byHour', (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'hour', h.hour, 'orders', h.orders)
      order by h.weekday, h.hour), '[]')
    from (select extract(isodow from p.created_at at time zone (select tz from b))::int as weekday,
            extract(hour from p.created_at at time zone (select tz from b))::int as hour, count(*) as orders
          from placed p where p.current and p.status <> 'CANCELLED' group by 1, 2) h)
)`,
};

/** Payments of the range and of the previous one, by method: amounts (without tips), tips, number of payments. */
export const PAYMENT_FIGURES: Statement = {
  name: 'reports_payments_v1',
  text: `with ${bounds('$4')}
select coalesce(json_agg(json_build_object('current', x.current, 'method', x.method,
    'amount', ${money('x.amount')}, 'tips', ${money('x.tips')}, 'count', x.count) order by x.method), '[]')
from (select p.created_at >= (select lo from b) as current, p.method, sum(p.amount) as amount, sum(p.tip) as tips,
        count(distinct p.group_id) as count
      from payments p
      where p.eatery_id = $1::int and p.created_at >= (select plo from b) and p.created_at < (select hi from b)
      group by 1, 2) x`,
};

/**
 * What only the Z report adds, for orders placed on the day ($2 = $3): items DELETED from them (quantity and value)
 * and the orders still open (neither PAID nor CANCELLED) with what they are worth; and the restaurant.
 */
export const DAY_EXTRAS: Statement = {
  name: 'reports_day_v1',
  text: `with ${bounds('$2')},
day as materialized (
  select o.id, o.status, o.discount from orders o
  where o.eatery_id = $1::int and o.created_at >= (select lo from b) and o.created_at < (select hi from b)
)
select json_build_object(
  'eatery', (select json_build_object('id', e.id, 'name', e.name, 'timeZone', e.time_zone, 'language', e.language)
             from eateries e where e.id = $1::int),
  'cancelledItems', (select json_build_object('count', coalesce(sum(i.quantity), 0), 'value', ${money('sum(i.price * i.quantity)')})
    from order_items i where i.order_id in (select id from day) and i.status = 'DELETED'),
  'openOrders', (select json_build_object('count', count(*), 'value', ${money('sum(t.total)')})
    from (select d.id, coalesce((select sum(i.price * i.quantity) from order_items i
                                 where i.order_id = d.id and i.status <> 'DELETED'), 0) - d.discount as total
          from day d where d.status not in ('PAID', 'CANCELLED')) t)
)`,
};

/** Columns of the orders CSV, one row per order placed in the range, oldest first; limit $4. */
export const ORDERS_CSV: Statement = {
  name: 'reports_orders_csv_v1',
  text: `with ${bounds('$2')}
select json_build_object(
  'id', o.id,
  'date', to_char(o.created_at at time zone b.tz, 'YYYY-MM-DD'),
  'time', to_char(o.created_at at time zone b.tz, 'HH24:MI'),
  'table', o.table_number,
  'status', o.status,
  'items', coalesce(it.quantity, 0),
  'total', ${money('coalesce(it.subtotal, 0) - o.discount')},
  'discount', ${money('o.discount')},
  'tips', ${money('pm.tips')},
  'paidAt', to_char(o.paid_at at time zone b.tz, 'YYYY-MM-DD HH24:MI'),
  'methods', pm.methods
)
from b, orders o
left join lateral (select sum(i.quantity) as quantity, sum(i.price * i.quantity) as subtotal
                   from order_items i where i.order_id = o.id and i.status <> 'DELETED') it on true
left join lateral (select sum(p.tip) as tips, array_agg(distinct p.method) as methods
                   from payments p where p.order_id = o.id) pm on true
where o.eatery_id = $1::int and o.created_at >= b.lo and o.created_at < b.hi
order by o.created_at, o.id
limit $4::int`,
};

/** Columns of the items CSV: every item (also DELETED ones) of the orders placed in the range; limit $4. */
export const ITEMS_CSV: Statement = {
  name: 'reports_items_csv_v1',
  text: `with ${bounds('$2')}
select json_build_object(
  'orderId', o.id,
  'date', to_char(o.created_at at time zone b.tz, 'YYYY-MM-DD HH24:MI'),
  'table', o.table_number,
  'name', i.name,
  'names', i.names,
  'quantity', i.quantity,
  'price', ${money('i.price')},
  'line', ${money('i.price * i.quantity')},
  'status', i.status,
  'note', i.note
)
from b, orders o join order_items i on i.order_id = o.id
where o.eatery_id = $1::int and o.created_at >= b.lo and o.created_at < b.hi
order by o.created_at, o.id, i.id
limit $4::int`,
};
