import type { Statement } from '../../db/statements.js';

/**
 * The SQL of the owner's reports (contract reports.ts). Statements take `$1` the restaurant, `$2`..`$3` the UTC bounds
 * of the range and `$4` the restaurant's time zone; the bounds are computed in SQL first (DAY_STARTS:
 * `date::timestamp AT TIME ZONE tz`): a day is [D 00:00, D+1 00:00) local, so an order at 23:30 in Asia/Baku
 * belongs to that day and not to the UTC one. Sums are numeric (exact) and come back as text; the
 * service turns them into cents. Each statement answers one `json` value: a figure group is one round trip.
 *
 * Which orders count:
 * - revenue, orders, discounts, days, tables, waiters, dishes: PAID orders by when they were paid (paid_at; set for
 *   every PAID order by the trigger of migration 0004). Order total = its live items (not DELETED) − discount, stored
 *   on the order (orders.total) while it is PAID; dishes from report_dish_hours (per UTC hour and dish).
 * - cancelled share, hours of the week, minutes to READY / SERVED: orders placed (created_at) in the range; the first
 *   READY / ISSUED times are stored on the order (orders.ready_at / served_at).
 * - tips and amounts by payment method: payments made (created_at) in the range (payments_eatery_idx).
 *
 * Index use: paid orders by (eatery_id, paid_at) — orders_eatery_paid_idx; orders placed by (eatery_id, created_at)
 * — orders_eatery_created_idx; dish hours by their primary key (eatery_id, hour, …).
 */

/**
 * The UTC bounds of days in the restaurant's time zone: `$2::date` → start of that day, for each date of the array
 * ($2 text[]), as ISO text. Run first; the statements below take the bounds as timestamptz parameters, so that the
 * planner sees constants (row estimates, index ranges) and no row converts a time zone in a filter.
 */
export const DAY_STARTS: Statement = {
  name: 'reports_day_starts_v1',
  text: `select json_build_object('timeZone', e.time_zone, 'starts', (
    select json_object_agg(d, to_char((d::date::timestamp at time zone e.time_zone) at time zone 'UTC',
                                       'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
    from unnest($2::text[]) d))
  from eateries e where e.id = $1::int`,
};

/**
 * The service charge of one order `o`, in integer cents: the contract rule serviceChargeCents (money.ts) of its total
 * after discount (orders.total, numeric, while PAID) at the rate it was placed under (orders.service_charge_bp), i.e.
 * percentOf: floor((cents × rate + 5000) / 10000). Exact: numeric throughout, never a float. The X/Z reports sum it
 * per order, as a bill does.
 */
export const SERVICE_CHARGE = `floor((o.total * 100 * o.service_charge_bp + 5000) / 10000)`;

/** Parameters of the statements: $2 start of the range, $3 end (excluded), $4 time zone, $5 start of the previous. */
const LO = `$2::timestamptz`;
const HI = `$3::timestamptz`;
const PLO = `$5::timestamptz`;
/** The range's first and last day (local dates) for generate_series. */
const FIRST_DAY = `($2::timestamptz at time zone $4::text)::date`;
const LAST_DAY = `(($3::timestamptz at time zone $4::text)::date - 1)`;

/** Money as text with two decimals (numeric → exact text). */
const money = (expr: string) => `coalesce(${expr}, 0)::numeric(14, 2)::text`;

/** Whole UTC hours inside the range: its start rounded up, its end rounded down (report_dish_hours is per UTC hour). */
const HOUR_LO = `(case when date_trunc('hour', ${LO}, 'UTC') = ${LO} then ${LO}
  else date_trunc('hour', ${LO}, 'UTC') + interval '1 hour' end)`;
const HOUR_HI = `greatest(date_trunc('hour', ${HI}, 'UTC'), ${HOUR_LO})`;

/**
 * The hour of `col`, counted from the start of the range (its local midnight): hours of the restaurant's day, found by
 * plain arithmetic per row; the few hundred hours are then turned into local days / weekdays with the time zone.
 * (Right for every zone whose offsets, DST included, differ by whole hours from the range's start: all but Lord Howe.)
 */
const HOUR_BIN = (col: string) => `date_bin('1 hour', ${col}, ${LO})`;

/**
 * PAID orders of the range ($2..$3, no time zone needed), for the previous range: number of orders, discounts and the
 * items' amount (revenue = amount − discounts), from the totals stored on the orders (orders_eatery_paid_idx).
 */
export const PAID_TOTALS: Statement = {
  name: 'reports_paid_totals_v4',
  text: `select json_build_object('orders', count(*), 'discounts', ${money('sum(o.discount)')},
  'amount', ${money('sum(o.total + o.discount)')})
from orders o
where o.eatery_id = $1::int and o.paid_at >= ${LO} and o.paid_at < ${HI} and o.status = 'PAID'`,
};

/**
 * PAID orders of the range, from their stored totals, grouped three ways at once (grouping sets: by hour of the
 * range — summed into local days afterwards —, table number, table id); dishes from the dish hours (report_dish_hours) of the whole UTC hours of the range plus the
 * items of the orders paid in its edge parts (not empty only in a time zone whose offset is not whole hours).
 * Revenue of a group = sum of the orders' totals (live items − discount); amount = revenue + discounts.
 * Waiters: each order once, for the waiter who served it (orders.served_by); null when nobody served it from a screen.
 * Dish names: those of the group's latest item (order_items.names, a snapshot at ordering time).
 */
export const PAID_DETAIL: Statement = {
  name: 'reports_paid_detail_v6',
  text: `with ords as materialized (
  select case when grouping(${HOUR_BIN('o.paid_at')}) = 0 then 'hour' when grouping(o.table_number) = 0 then 'table'
              when grouping(o.served_by) = 0 then 'waiter' else 'all' end as kind,
    ${HOUR_BIN('o.paid_at')} as hour, o.table_number, o.served_by,
    count(*) as orders, sum(o.discount) as discounts, sum(o.total) as revenue
  from orders o
  where o.eatery_id = $1::int and o.paid_at >= ${LO} and o.paid_at < ${HI} and o.status = 'PAID'
  group by grouping sets ((), (${HOUR_BIN('o.paid_at')}), (o.table_number), (o.served_by))
),
days as (
  select (hour at time zone $4::text)::date as day, sum(orders) as orders, sum(revenue) as revenue
  from ords where kind = 'hour' group by 1
),
dish_parts as (
  select r.dish_id, r.name_key, sum(r.quantity) as quantity, sum(r.amount) as amount, max(r.last_item) as last_item
  from report_dish_hours r
  where r.eatery_id = $1::int and r.hour >= ${HOUR_LO} and r.hour < ${HOUR_HI}
  group by 1, 2
  union all
  select coalesce(i.dish_id, 0), case when i.dish_id is null then i.name else '' end,
    sum(i.quantity), sum(i.price * i.quantity), max(i.id)
  from orders o join order_items i on i.order_id = o.id
  where o.eatery_id = $1::int and o.status = 'PAID' and i.status <> 'DELETED'
    and ((o.paid_at >= ${LO} and o.paid_at < least(${HOUR_LO}, ${HI}))
      or (o.paid_at >= ${HOUR_HI} and o.paid_at < ${HI}))
  group by 1, 2
),
dishes as (
  select dish_id, sum(quantity) as quantity, sum(amount) as amount, max(last_item) as last_item
  from dish_parts group by dish_id, name_key
)
select json_build_object(
  'orders', coalesce((select orders from ords where kind = 'all'), 0),
  'discounts', (select ${money('discounts')} from ords where kind = 'all'),
  'amount', (select ${money('revenue + discounts')} from ords where kind = 'all'),
  'byDay', (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
      'revenue', ${money('o.revenue')}, 'orders', coalesce(o.orders, 0)) order by d.day)
    from generate_series(${FIRST_DAY}, ${LAST_DAY}, interval '1 day') as d(day)
    left join days o on o.day = d.day::date),
  'byTable', (select coalesce(json_agg(json_build_object('tableNumber', o.table_number,
      'revenue', ${money('o.revenue')}, 'orders', o.orders) order by o.revenue desc, o.table_number), '[]')
    from ords o where o.kind = 'table'),
  'byWaiter', (select coalesce(json_agg(json_build_object('waiterId', w.waiter_id, 'name', w.name,
      'revenue', ${money('w.revenue')}, 'orders', w.orders) order by w.revenue desc, w.name nulls last), '[]')
    from (select o.served_by as waiter_id, coalesce(nullif(u.name, ''), u.email) as name,
            o.revenue, o.orders
          from ords o
          left join users u on u.id = o.served_by
          where o.kind = 'waiter') w),
  'dishes', (select coalesce(json_agg(json_build_object('dishId', nullif(d.dish_id, 0), 'name', i.name,
      'names', i.names, 'quantity', d.quantity, 'revenue', ${money('d.amount')})), '[]')
    from dishes d join order_items i on i.id = d.last_item)
)`,
};

/**
 * Orders placed in the range and in the previous one: cancelled share, hours of the week, minutes to READY/SERVED
 * (the first READY / ISSUED times stored on the orders by the status trigger).
 */
export const PLACED_FIGURES: Statement = {
  name: 'reports_placed_v5',
  text: `with hours as (
  select ${HOUR_BIN('o.created_at')} as hour, count(*) as placed,
    count(*) filter (where o.status = 'CANCELLED') as cancelled,
    sum(o.ready_at - o.created_at) as to_ready, count(o.ready_at) as readied,
    sum(o.served_at - o.created_at) as to_served, count(o.served_at) as served
  from orders o
  where o.eatery_id = $1::int and o.created_at >= ${PLO} and o.created_at < ${HI}
  group by 1
),
periods as (
  select hour >= ${LO} as current, sum(placed) as placed, sum(cancelled) as cancelled,
    round((extract(epoch from sum(to_ready)) / nullif(sum(readied), 0) / 60)::numeric, 1)::float8 as "minutesToReady",
    round((extract(epoch from sum(to_served)) / nullif(sum(served), 0) / 60)::numeric, 1)::float8 as "minutesToServed"
  from hours group by 1
)
select json_build_object(
  'periods', (select coalesce(json_agg(p), '[]') from periods p),
  'byHour', (select coalesce(json_agg(json_build_object('weekday', h.weekday, 'hour', h.hour, 'orders', h.orders)
      order by h.weekday, h.hour), '[]')
    from (select extract(isodow from x.hour at time zone $4::text)::int as weekday,
            extract(hour from x.hour at time zone $4::text)::int as hour, sum(x.placed - x.cancelled) as orders
          from hours x where x.hour >= ${LO} group by 1, 2 having sum(x.placed - x.cancelled) > 0) h)
)`,
};

/**
 * Payments of the range and of the previous one (from $4), by method: amounts (without tips, less refunds), the
 * refunds (negative rows) apart, and tips.
 */
export const PAYMENT_FIGURES: Statement = {
  name: 'reports_payments_v4',
  text: `select coalesce(json_agg(json_build_object('current', x.current, 'method', x.method,
    'amount', ${money('x.amount')}, 'refunds', ${money('x.refunds')}, 'tips', ${money('x.tips')}) order by x.method), '[]')
from (select p.created_at >= ${LO} as current, p.method, sum(p.amount) as amount, sum(p.tip) as tips,
        -sum(least(p.amount, 0)) as refunds
      from payments p
      where p.eatery_id = $1::int and p.created_at >= $4::timestamptz and p.created_at < ${HI}
      group by 1, 2) x`,
};

/**
 * Columns of the orders CSV, one row per order placed in the range, oldest first; limit $5. Orders are named by their
 * number of the day (with the date), as staff and guests know them; ids stay internal.
 */
export const ORDERS_CSV: Statement = {
  name: 'reports_orders_csv_v4',
  text: `select json_build_object(
  'id', o.number,
  'date', to_char(o.created_at at time zone $4::text, 'YYYY-MM-DD'),
  'time', to_char(o.created_at at time zone $4::text, 'HH24:MI'),
  'table', o.table_number,
  'status', o.status,
  'items', coalesce(it.quantity, 0),
  'total', ${money('coalesce(it.subtotal, 0) - o.discount')},
  'discount', ${money('o.discount')},
  'tips', ${money('pm.tips')},
  'paidAt', to_char(o.paid_at at time zone $4::text, 'YYYY-MM-DD HH24:MI'),
  'methods', pm.methods
)
from orders o
left join lateral (select sum(i.quantity) as quantity, sum(i.price * i.quantity) as subtotal
                   from order_items i where i.order_id = o.id and i.status <> 'DELETED') it on true
left join lateral (select sum(p.tip) as tips, array_agg(distinct p.method) as methods
                   from payments p where p.order_id = o.id) pm on true
where o.eatery_id = $1::int and o.created_at >= ${LO} and o.created_at < ${HI}
order by o.created_at, o.id
limit $5::int`,
};

/** Columns of the items CSV: every item (also DELETED ones) of the orders placed in the range; limit $5. */
export const ITEMS_CSV: Statement = {
  name: 'reports_items_csv_v4',
  text: `select json_build_object(
  'orderId', o.number,
  'date', to_char(o.created_at at time zone $4::text, 'YYYY-MM-DD HH24:MI'),
  'table', o.table_number,
  'name', i.name,
  'names', i.names,
  'quantity', i.quantity,
  'price', ${money('i.price')},
  'line', ${money('i.price * i.quantity')},
  'status', i.status,
  'note', i.note
)
from orders o join order_items i on i.order_id = o.id
where o.eatery_id = $1::int and o.created_at >= ${LO} and o.created_at < ${HI}
order by o.created_at, o.id, i.id
limit $5::int`,
};
