import { sql, type SQL } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { sqlWordList, type Statement } from '../../db/statements.js';
import { SERVICE_CHARGE } from './report-sql.js';

/**
 * The SQL of the X and Z reports (contract reports.ts dayReportResponse): one business day D of a restaurant, the
 * UTC bounds [D + day_start_hour, D+1 + day_start_hour) local in its time zone. DAY_BOUNDS runs first (the bounds,
 * today's business day, the day's closings); DAY_FIGURES then takes the bounds as timestamptz parameters, like the
 * range reports (report-sql.ts). Sums are numeric (exact) and come back as text with 2 decimals.
 *
 * Which rows count: PAID orders by paid_at within the bounds; payments by their business day (payments.business_day,
 * set by the database from the restaurant's zone and day-start hour); voids by the VOID audit entries within the
 * bounds; orders placed (created_at) within the bounds for the cancelled and still open ones; drawer sessions of D.
 */

/** Money as text with two decimals (numeric → exact text). */
const money = (expr: string) => `coalesce(${expr}, 0)::numeric(14, 2)::text`;

/** A timestamptz as ISO 8601 UTC text with milliseconds, as Date.toISOString writes it. */
const iso = (expr: string) => `to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The start of local day `dayExpr` (a date) at the restaurant `e`'s day-start hour, as ISO text. */
const dayStart = (dayExpr: string) =>
  iso(`((${dayExpr})::timestamp + make_interval(hours => e.day_start_hour)) at time zone e.time_zone`);

/**
 * $1 the restaurant, $2 the day (YYYY-MM-DD): the UTC bounds of the business day, the restaurant's business day now
 * (business_day_of), its closing not reopened (with the figures stored then) and the closings reopened, oldest first.
 * No row: no such restaurant.
 */
export const DAY_BOUNDS: Statement = {
  name: 'reports_day_bounds_v1',
  text: `select json_build_object(
  'from', ${dayStart('$2::date')},
  'to', ${dayStart('$2::date + 1')},
  'today', to_char(business_day_of(e.id, now()), 'YYYY-MM-DD'),
  'closed', (select json_build_object('number', z.number, 'closedAt', ${iso('z.closed_at')},
      'closedBy', z.closed_by_name, 'figures', z.figures)
    from z_reports z where z.eatery_id = e.id and z.business_day = $2::date and z.reopened_at is null),
  'reopened', (select coalesce(json_agg(json_build_object('number', z.number, 'at', ${iso('z.reopened_at')},
      'by', coalesce(z.reopened_by_name, ''), 'reason', coalesce(z.reopen_reason, '')) order by z.number), '[]')
    from z_reports z where z.eatery_id = e.id and z.business_day = $2::date and z.reopened_at is not null)
)
from eateries e where e.id = $1::int`,
};

const LO = `$2::timestamptz`;
const HI = `$3::timestamptz`;

/**
 * $1 the restaurant, $2..$3 the UTC bounds of the day, $4 the day: every figure of the day report in one round trip.
 * - paid: PAID orders paid within the bounds, with their service charge in cents (SERVICE_CHARGE, the contract rule);
 *   guests' orders carry the device that placed them (device_id), staff orders none.
 * - methods / refunds: payment rows of the business day; a payment call writes one row per order it pays into, all
 *   with its group_id: a group is one payment (or one refund).
 * - voids: VOID audit entries within the bounds; `before.amount` is the voided line's value (orders/void-item.ts).
 * - drawers: the sessions of the day with their cash payments (method CASH, bound to the session) and movements.
 */
export const DAY_FIGURES: Statement = {
  name: 'reports_day_figures_v1',
  text: `with paid as materialized (
  select o.total, o.discount, o.device_id is not null as guest, ${SERVICE_CHARGE} * 0.01 as service
  from orders o
  where o.eatery_id = $1::int and o.paid_at >= ${LO} and o.paid_at < ${HI} and o.status = 'PAID'
),
pays as materialized (
  select p.method, p.group_id, p.amount, p.tip from payments p
  where p.eatery_id = $1::int and p.business_day = $4::date
),
placed as materialized (
  select o.id, o.status, o.discount from orders o
  where o.eatery_id = $1::int and o.created_at >= ${LO} and o.created_at < ${HI}
)
select json_build_object(
  'eatery', (select json_build_object('id', e.id, 'name', e.name, 'address', e.address, 'phones', e.phones,
      'taxId', e.tax_id, 'timeZone', e.time_zone, 'language', e.language, 'currency', e.currency,
      'vatPayer', e.vat_payer, 'vatRateBp', e.vat_rate_bp)
    from eateries e where e.id = $1::int),
  'sales', (select json_build_object('orders', count(*), 'items', ${money('sum(p.total + p.discount)')},
      'discounts', ${money('sum(p.discount)')}, 'serviceCharge', ${money('sum(p.service)')},
      'guestOrders', count(*) filter (where p.guest),
      'guestAmount', ${money('sum(p.total + p.service) filter (where p.guest)')},
      'staffOrders', count(*) filter (where not p.guest),
      'staffAmount', ${money('sum(p.total + p.service) filter (where not p.guest)')},
      'discounted', count(*) filter (where p.discount > 0))
    from paid p),
  'methods', (select coalesce(json_agg(json_build_object('method', x.method, 'count', x.count,
      'amount', ${money('x.amount')}, 'refunds', ${money('x.refunds')}, 'tips', ${money('x.tips')}) order by x.method), '[]')
    from (select p.method, count(distinct p.group_id) filter (where p.amount > 0) as count, sum(p.amount) as amount,
            -sum(p.amount) filter (where p.amount < 0) as refunds, sum(p.tip) as tips
          from pays p group by p.method) x),
  'refunds', (select json_build_object('count', count(distinct p.group_id), 'amount', ${money('-sum(p.amount)')})
    from pays p where p.amount < 0),
  'voids', (select json_build_object('count', count(*), 'amount', ${money("sum((a.before->>'amount')::numeric)")})
    from audit_log a where a.eatery_id = $1::int and a.kind = 'VOID' and a.at >= ${LO} and a.at < ${HI}),
  'cancelledOrders', (select count(*) from placed d where d.status = 'CANCELLED'),
  'openOrders', (select json_build_object('count', count(*), 'amount', ${money('sum(t.total)')})
    from (select coalesce((select sum(i.price * i.quantity) from order_items i
                           where i.order_id = d.id and i.status <> 'DELETED'), 0) - d.discount as total
          from placed d where d.status in (${sqlWordList(OPEN_ORDER_STATUSES)})) t),
  'drawers', (select coalesce(json_agg(json_build_object('id', s.id, 'userName', s.user_name,
      'openedAt', ${iso('s.opened_at')}, 'closedAt', ${iso('s.closed_at')},
      'openingFloat', ${money('s.opening_float')}, 'counted', s.counted::numeric(14, 2)::text,
      'cashSales', ${money('c.sales')}, 'cashTips', ${money('c.tips')},
      'payIns', ${money('m.pay_ins')}, 'payOuts', ${money('m.pay_outs')}) order by s.opened_at, s.id), '[]')
    from drawer_sessions s
    cross join lateral (select sum(p.amount) as sales, sum(p.tip) as tips from payments p
                        where p.eatery_id = $1::int and p.drawer_session_id = s.id and p.method = 'CASH') c
    cross join lateral (select sum(v.amount) filter (where v.kind = 'PAY_IN') as pay_ins,
                          sum(v.amount) filter (where v.kind = 'PAY_OUT') as pay_outs
                        from drawer_movements v where v.session_id = s.id) m
    where s.eatery_id = $1::int and s.business_day = $4::date)
)`,
};

/**
 * Runs a statement of runJsonStatement's kind (text parameters `$n`, one `json` column) on `ex`, an open transaction
 * too: its parameters bound through Drizzle (the prepared path of runJsonStatement runs beside transactions, not in
 * them). Every `$n` of the text must carry a cast, as the report statements' do.
 */
export async function runJsonIn<T>(ex: Executor, statement: Statement, values: (string | null)[]): Promise<T[]> {
  const parts = statement.text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
  const result = (await ex.execute(sql.join(chunks))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Object.values(row)[0] as T);
}
