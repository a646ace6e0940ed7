import { and, asc, between, eq } from 'drizzle-orm';
import {
  fromCents,
  toCents,
  type DayReport,
  type DishFigure,
  type PaymentMethod,
  type Report,
  type ReportFigures,
  type ZList,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { zReports } from '../../db/schema.js';
import { runJsonStatement, type Statement } from '../../db/statements.js';
import { notFound } from '../../plugins/app-error.js';
import { readDayReport, type RunJson } from './day-report.js';
import { KeyedQueue } from './one-at-a-time.js';
import { DAY_STARTS, PAID_DETAIL, PAID_TOTALS, PAYMENT_FIGURES, PLACED_FIGURES } from './report-sql.js';
import { closeDay, reopenDay } from './z-close.js';

/** How many dishes each top / bottom list holds. */
export const DISH_LIST_SIZE = 10;

type Names = { az: string; en: string; ru: string };

/** PAID orders of a range: how many, their discounts and their live items' amount (revenue = amount − discounts). */
interface PaidTotals {
  orders: number;
  discounts: string;
  amount: string;
}

interface PaidDetail extends PaidTotals {
  byDay: { day: string; revenue: string; orders: number }[];
  byTable: { tableNumber: string; revenue: string; orders: number }[];
  byWaiter: { waiterId: number | null; name: string | null; revenue: string; orders: number }[];
  dishes: { dishId: number | null; name: string; names: Names | null; quantity: number; revenue: string }[];
}

interface PlacedRows {
  periods: {
    current: boolean;
    placed: number;
    cancelled: number;
    minutesToReady: number | null;
    minutesToServed: number | null;
  }[];
  byHour: { weekday: number; hour: number; orders: number }[];
}

interface PaymentRow {
  current: boolean;
  method: PaymentMethod;
  amount: string;
  refunds: string;
  tips: string;
}

type ZListEntry = ZList[number];

/** A decimal text from SQL (exact) as the JSON number the contract sends. */
const amount = (text: string) => fromCents(toCents(text));

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
const lengthInDays = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The same length of days just before `from`..`to`. */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const n = lengthInDays(from, to);
  return { from: addDays(from, -n), to: addDays(from, -1) };
}

function dishFigure(row: PaidDetail['dishes'][number]): DishFigure {
  const names = row.names ?? { az: row.name, en: row.name, ru: row.name };
  return { dishId: row.dishId, names, quantity: row.quantity, revenue: amount(row.revenue) };
}

/** Ties are broken by name so that the lists are the same on every call. */
const byName = (a: DishFigure, b: DishFigure) =>
  a.names.az.localeCompare(b.names.az) || (a.dishId ?? 0) - (b.dishId ?? 0);

/**
 * Top and bottom `DISH_LIST_SIZE` dishes by `key`: among dishes sold in the range (a dish nobody ordered is in no
 * list). The menu is small, so all its dishes come from SQL and are sorted here.
 */
function topAndBottom(dishes: DishFigure[], key: 'quantity' | 'revenue') {
  const sorted = [...dishes].sort((a, b) => b[key] - a[key] || byName(a, b));
  const ascending = [...dishes].sort((a, b) => a[key] - b[key] || byName(a, b));
  return { top: sorted.slice(0, DISH_LIST_SIZE), bottom: ascending.slice(0, DISH_LIST_SIZE) };
}

/** Revenue in cents of PAID orders: their items' amount minus their discounts. */
const revenueCents = (t: PaidTotals) => toCents(t.amount) - toCents(t.discounts);

/**
 * The owner's reports: figures of a range, the X/Z report of a day, CSV rows. Their SQL reads every order of the range,
 * so one restaurant's reports run one at a time on this server (a report asked for while another of the same
 * restaurant runs waits for it): someone opening many report tabs, or exporting in a loop, holds at most one
 * report's database connections, never the pool that every other restaurant's requests need. Other restaurants'
 * reports do not wait.
 */
export class ReportsService {
  /** One report of a restaurant at a time, keyed by its id. */
  private readonly oneAtATime = new KeyedQueue<number>();

  constructor(private readonly db: Db) {}

  /** Report statements on the database itself (prepared; the transactions of z-close.ts bind theirs). */
  private readonly onDb: RunJson = (statement, values) => runJsonStatement(this.db, statement, values);

  /**
   * The restaurant's time zone and the UTC start of each of `days` in it (computed by the database: DAY_STARTS).
   * 404 when the restaurant is gone.
   */
  private async dayStarts(eateryId: number, days: string[]) {
    const [row] = await runJsonStatement<{ timeZone: string; starts: Record<string, string> }>(this.db, DAY_STARTS, [
      String(eateryId),
      `{${days.join(',')}}`,
    ]);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The figure groups of `from`..`to` and of `prevFrom`..`from`-1: PAID orders of the range in detail, of the
   * previous range in total, orders placed and payments of both; in parallel (on PostgreSQL one connection each).
   */
  private async figures(eateryId: number, from: string, to: string, prevFrom: string) {
    const { timeZone, starts } = await this.dayStarts(eateryId, [prevFrom, from, addDays(to, 1)]);
    const [plo, lo, hi] = [starts[prevFrom], starts[from], starts[addDays(to, 1)]];
    const id = String(eateryId);
    const [[paid], [previous], [placed], [payments]] = await Promise.all([
      runJsonStatement<PaidDetail>(this.db, PAID_DETAIL, [id, lo, hi, timeZone]),
      runJsonStatement<PaidTotals>(this.db, PAID_TOTALS, [id, plo, lo]),
      runJsonStatement<PlacedRows>(this.db, PLACED_FIGURES, [id, lo, hi, timeZone, plo]),
      runJsonStatement<PaymentRow[]>(this.db, PAYMENT_FIGURES, [id, lo, hi, plo]),
    ]);
    return { timeZone, lo, hi, paid, previous, placed, payments };
  }

  /** The report of `from`..`to` and of the range of the same length just before (contract reportResponse). */
  report(eateryId: number, from: string, to: string): Promise<Report> {
    return this.oneAtATime.run(eateryId, () => this.buildReport(eateryId, from, to));
  }

  private async buildReport(eateryId: number, from: string, to: string): Promise<Report> {
    const prev = previousRange(from, to);
    const { timeZone, paid, previous, placed, payments } = await this.figures(eateryId, from, to, prev.from);

    const headline = (current: boolean, totals: PaidTotals, range: { from: string; to: string }): ReportFigures => {
      const q = placed.periods.find((r) => r.current === current);
      const pays = payments.filter((r) => r.current === current);
      const revenue = revenueCents(totals);
      const placedCount = q?.placed ?? 0;
      const cancelled = q?.cancelled ?? 0;
      return {
        from: range.from,
        to: range.to,
        revenue: fromCents(revenue),
        orders: totals.orders,
        averageCheck: totals.orders === 0 ? 0 : fromCents(Math.round(revenue / totals.orders)),
        tips: fromCents(pays.reduce((sum, r) => sum + toCents(r.tips), 0)),
        discounts: amount(totals.discounts),
        cancelled,
        cancelledShare: placedCount === 0 ? 0 : Math.round((cancelled / placedCount) * 10_000) / 10_000,
        byMethod: pays.map((r) => ({ method: r.method, amount: amount(r.amount), tips: amount(r.tips) })),
        minutesToReady: q?.minutesToReady ?? null,
        minutesToServed: q?.minutesToServed ?? null,
      };
    };

    const dishes = paid.dishes.map(dishFigure);
    const byQuantity = topAndBottom(dishes, 'quantity');
    const byRevenue = topAndBottom(dishes, 'revenue');
    return {
      timeZone,
      current: headline(true, paid, { from, to }),
      previous: headline(false, previous, prev),
      byDay: paid.byDay.map((d) => ({ day: d.day, revenue: amount(d.revenue), orders: d.orders })),
      byHour: placed.byHour,
      topByQuantity: byQuantity.top,
      bottomByQuantity: byQuantity.bottom,
      topByRevenue: byRevenue.top,
      bottomByRevenue: byRevenue.bottom,
      byTable: paid.byTable.map((t) => ({ tableNumber: t.tableNumber, revenue: amount(t.revenue), orders: t.orders })),
      byWaiter: paid.byWaiter.map((w) => ({
        waiterId: w.waiterId,
        name: w.name,
        revenue: amount(w.revenue),
        orders: w.orders,
      })),
    };
  }

  /** The X report of a business day, or its Z report once closed (contract dayReportResponse). */
  dayReport(eateryId: number, day: string): Promise<DayReport> {
    return this.oneAtATime.run(eateryId, () => readDayReport(this.onDb, eateryId, day));
  }

  /** Closes a business day: its Z report (z-close.ts). */
  closeDay(eateryId: number, day: string, userId: number): Promise<DayReport> {
    return this.oneAtATime.run(eateryId, () => closeDay(this.db, eateryId, day, userId));
  }

  /** Opens a closed business day again, with a reason (z-close.ts). */
  reopenDay(eateryId: number, day: string, reason: string, userId: number): Promise<DayReport> {
    return this.oneAtATime.run(eateryId, () => reopenDay(this.db, eateryId, day, reason, userId));
  }

  /** The Z reports of the business days `from`..`to`, by number (contract zListResponse). */
  async zList(eateryId: number, from: string, to: string): Promise<ZListEntry[]> {
    const rows = await this.db
      .select()
      .from(zReports)
      .where(and(eq(zReports.eateryId, eateryId), between(zReports.businessDay, from, to)))
      .orderBy(asc(zReports.number));
    return rows.map((z) => ({
      number: z.number,
      day: z.businessDay,
      closedAt: z.closedAt.toISOString(),
      closedBy: z.closedByName,
      reopenedAt: z.reopenedAt?.toISOString() ?? null,
      reopenReason: z.reopenReason,
      gross: (z.figures as unknown as DayReport).sales.gross,
    }));
  }

  /** Rows of a CSV statement (report-sql.ts ORDERS_CSV / ITEMS_CSV) of `from`..`to`, at most `limit`. */
  csvRows<Row>(statement: Statement, eateryId: number, from: string, to: string, limit: number): Promise<Row[]> {
    return this.oneAtATime.run(eateryId, async () => {
      const { timeZone, starts } = await this.dayStarts(eateryId, [from, addDays(to, 1)]);
      const values = [String(eateryId), starts[from], starts[addDays(to, 1)], timeZone, String(limit)];
      return runJsonStatement<Row>(this.db, statement, values);
    });
  }
}
