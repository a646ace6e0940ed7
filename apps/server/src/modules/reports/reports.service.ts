import {
  fromCents,
  toCents,
  type DishFigure,
  type PaymentMethod,
  type Report,
  type ReportFigures,
  type ZReport,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { runJsonStatement } from '../../db/statements.js';
import { notFound } from '../../plugins/app-error.js';
import { DAY_EXTRAS, PAID_FIGURES, PAYMENT_FIGURES, PLACED_FIGURES } from './report-sql.js';

/** How many dishes each top / bottom list holds. */
export const DISH_LIST_SIZE = 10;

type Names = { az: string; en: string; ru: string };

interface PaidRows {
  periods: { current: boolean; revenue: string; orders: number; discounts: string }[];
  byDay: { day: string; revenue: string; orders: number }[];
  byTable: { tableNumber: string; revenue: string; orders: number }[];
  byWaiter: { waiterId: number | null; name: string | null; revenue: string; orders: number }[];
  dishes: { dishId: number | null; name: string; names: Names | null; quantity: number; revenue: string }[];
}

interface PlacedRows {
  timeZone: string;
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
  tips: string;
  count: number;
}

interface DayExtras {
  eatery: ZReport['eatery'] | null;
  cancelledItems: { count: number; value: string };
  openOrders: { count: number; value: string };
}

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

function dishFigure(row: PaidRows['dishes'][number]): DishFigure {
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

export class ReportsService {
  constructor(private readonly db: Db) {}

  /** The three figure groups of `from`..`to` and of `prevFrom`..`from`-1, in parallel (one connection each). */
  private async figures(eateryId: number, from: string, to: string, prevFrom: string) {
    const values = [String(eateryId), from, to, prevFrom];
    const [[paid], [placed], [payments]] = await Promise.all([
      runJsonStatement<PaidRows>(this.db, PAID_FIGURES, values),
      runJsonStatement<PlacedRows>(this.db, PLACED_FIGURES, values),
      runJsonStatement<PaymentRow[]>(this.db, PAYMENT_FIGURES, values),
    ]);
    return { paid, placed, payments };
  }

  /** The report of `from`..`to` and of the range of the same length just before (contract reportResponse). */
  async report(eateryId: number, from: string, to: string): Promise<Report> {
    const previous = previousRange(from, to);
    const { paid, placed, payments } = await this.figures(eateryId, from, to, previous.from);

    const headline = (current: boolean, range: { from: string; to: string }): ReportFigures => {
      const p = paid.periods.find((r) => r.current === current);
      const q = placed.periods.find((r) => r.current === current);
      const pays = payments.filter((r) => r.current === current);
      const revenue = p ? toCents(p.revenue) : 0;
      const orders = p?.orders ?? 0;
      const placedCount = q?.placed ?? 0;
      const cancelled = q?.cancelled ?? 0;
      return {
        from: range.from,
        to: range.to,
        revenue: fromCents(revenue),
        orders,
        averageCheck: orders === 0 ? 0 : fromCents(Math.round(revenue / orders)),
        tips: fromCents(pays.reduce((sum, r) => sum + toCents(r.tips), 0)),
        discounts: p ? amount(p.discounts) : 0,
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
      timeZone: placed.timeZone,
      current: headline(true, { from, to }),
      previous: headline(false, previous),
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

  /** "Close the day": one business day in the restaurant's time zone (contract zReportResponse). */
  async zReport(eateryId: number, day: string): Promise<ZReport> {
    const [{ paid, placed, payments }, [extras]] = await Promise.all([
      this.figures(eateryId, day, day, day),
      runJsonStatement<DayExtras>(this.db, DAY_EXTRAS, [String(eateryId), day, day]),
    ]);
    if (!extras.eatery) throw notFound();
    const p = paid.periods.find((r) => r.current);
    const pays = payments.filter((r) => r.current);
    return {
      eatery: extras.eatery,
      day,
      generatedAt: new Date().toISOString(),
      revenue: p ? amount(p.revenue) : 0,
      orders: p?.orders ?? 0,
      byMethod: pays.map((r) => ({ method: r.method, amount: amount(r.amount), tips: amount(r.tips), count: r.count })),
      tips: fromCents(pays.reduce((sum, r) => sum + toCents(r.tips), 0)),
      discounts: p ? amount(p.discounts) : 0,
      cancelledOrders: placed.periods.find((r) => r.current)?.cancelled ?? 0,
      cancelledItems: { count: extras.cancelledItems.count, value: amount(extras.cancelledItems.value) },
      openOrders: { count: extras.openOrders.count, value: amount(extras.openOrders.value) },
    };
  }
}
