import {
  drawerExpectedCents,
  fromCents,
  toCents,
  vatIncludedCents,
  type DayReport,
  type Language,
  type PaymentMethod,
} from '@qr-menu/contract';
import type { Statement } from '../../db/statements.js';
import { notFound } from '../../plugins/app-error.js';
import { DAY_BOUNDS, DAY_FIGURES } from './day-report-sql.js';

/**
 * The X/Z report of one business day (contract dayReportResponse) from the rows of DAY_BOUNDS and DAY_FIGURES. Every
 * amount is read as exact decimal text, turned into integer cents, summed and derived in cents (VAT and the drawers'
 * expected cash by the contract rules), and only then sent as a JSON number.
 */

/** Runs a report statement (runJsonStatement on the database, runJsonIn in a transaction). */
export type RunJson = <T>(statement: Statement, values: (string | null)[]) => Promise<T[]>;

type Reopened = DayReport['reopened'];

/** DAY_BOUNDS' answer. */
export interface DayBounds {
  from: string;
  to: string;
  /** The restaurant's business day now. */
  today: string;
  /** The day's closing not reopened, with the report stored then. */
  closed: { number: number; closedAt: string; closedBy: string; figures: DayReport } | null;
  reopened: Reopened;
}

interface CountMoney {
  count: number;
  amount: string;
}

/** DAY_FIGURES' answer: counts as numbers, money as decimal text. */
export interface DayFigures {
  eatery: Omit<DayReport['eatery'], 'language'> & { language: Language; vatRateBp: number };
  sales: {
    orders: number;
    items: string;
    discounts: string;
    serviceCharge: string;
    guestOrders: number;
    guestAmount: string;
    staffOrders: number;
    staffAmount: string;
    discounted: number;
  };
  methods: { method: PaymentMethod; count: number; amount: string; refunds: string; tips: string }[];
  refunds: CountMoney;
  voids: CountMoney;
  cancelledOrders: number;
  openOrders: CountMoney;
  drawers: {
    id: number;
    userName: string;
    openedAt: string;
    closedAt: string | null;
    openingFloat: string;
    counted: string | null;
    cashSales: string;
    cashTips: string;
    payIns: string;
    payOuts: string;
  }[];
}

const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const countMoney = (x: CountMoney) => ({ count: x.count, amount: fromCents(toCents(x.amount)) });

/** The bounds and closings of `day`; 404 when the restaurant is gone. */
export async function readDayBounds(run: RunJson, eateryId: number, day: string): Promise<DayBounds> {
  const [bounds] = await run<DayBounds>(DAY_BOUNDS, [String(eateryId), day]);
  if (!bounds) throw notFound();
  return bounds;
}

/** The live figures of `day` (an X report, or a Z report being closed when `z` is given). */
export async function computeDayReport(
  run: RunJson,
  eateryId: number,
  day: string,
  bounds: DayBounds,
  generatedAt: Date,
  z: DayReport['z'] = null,
): Promise<DayReport> {
  const [figures] = await run<DayFigures>(DAY_FIGURES, [String(eateryId), bounds.from, bounds.to, day]);
  return buildDayReport(day, bounds, figures, generatedAt, z);
}

/**
 * The report of `day` as the API sends it: a closed day's stored Z report (a reprint is the same paper, with the
 * list of reopened closings as it is now), else the live X report.
 */
export async function readDayReport(run: RunJson, eateryId: number, day: string): Promise<DayReport> {
  const bounds = await readDayBounds(run, eateryId, day);
  if (bounds.closed) return { ...bounds.closed.figures, reopened: bounds.reopened };
  return computeDayReport(run, eateryId, day, bounds, new Date());
}

export function buildDayReport(
  day: string,
  bounds: DayBounds,
  f: DayFigures,
  generatedAt: Date,
  z: DayReport['z'],
): DayReport {
  const { vatRateBp, ...eatery } = f.eatery;
  const items = toCents(f.sales.items);
  const discounts = toCents(f.sales.discounts);
  const serviceCharge = toCents(f.sales.serviceCharge);
  const gross = items - discounts + serviceCharge;
  const vat = eatery.vatPayer ? vatIncludedCents(gross, vatRateBp) : 0;

  const methods = f.methods.map((m) => ({
    method: m.method,
    count: m.count,
    amount: toCents(m.amount),
    refunds: toCents(m.refunds),
    tips: toCents(m.tips),
  }));

  const drawers = f.drawers.map((d) => {
    const line = {
      openingFloat: toCents(d.openingFloat),
      cashSales: toCents(d.cashSales),
      cashTips: toCents(d.cashTips),
      payIns: toCents(d.payIns),
      payOuts: toCents(d.payOuts),
    };
    const expected = drawerExpectedCents(line);
    // Counted at its close; the difference is against the expected cash the line shows (over > 0, short < 0).
    const counted = d.closedAt === null || d.counted === null ? null : toCents(d.counted);
    return { d, line, expected, counted, difference: counted === null ? null : counted - expected };
  });
  const allCounted = drawers.every((d) => d.counted !== null);

  return {
    eatery,
    day,
    from: bounds.from,
    to: bounds.to,
    generatedAt: generatedAt.toISOString(),
    z,
    reopened: bounds.reopened,
    sales: {
      orders: f.sales.orders,
      items: fromCents(items),
      discounts: fromCents(discounts),
      serviceCharge: fromCents(serviceCharge),
      gross: fromCents(gross),
      vatRatePercent: eatery.vatPayer ? vatRateBp / 100 : 0,
      vat: fromCents(vat),
      net: fromCents(gross - vat),
    },
    byOrigin: {
      guest: { count: f.sales.guestOrders, amount: fromCents(toCents(f.sales.guestAmount)) },
      staff: { count: f.sales.staffOrders, amount: fromCents(toCents(f.sales.staffAmount)) },
    },
    byMethod: methods.map((m) => ({
      method: m.method,
      count: m.count,
      amount: fromCents(m.amount),
      refunds: fromCents(m.refunds),
      tips: fromCents(m.tips),
    })),
    payments: fromCents(sumOf(methods.map((m) => m.amount))),
    tips: fromCents(sumOf(methods.map((m) => m.tips))),
    discounts: { count: f.sales.discounted, amount: fromCents(discounts) },
    voids: countMoney(f.voids),
    refunds: countMoney(f.refunds),
    cancelledOrders: f.cancelledOrders,
    openOrders: countMoney(f.openOrders),
    drawers: drawers.map(({ d, line, expected, counted, difference }) => ({
      id: d.id,
      userName: d.userName,
      openedAt: d.openedAt,
      closedAt: d.closedAt,
      openingFloat: fromCents(line.openingFloat),
      cashSales: fromCents(line.cashSales),
      cashTips: fromCents(line.cashTips),
      payIns: fromCents(line.payIns),
      payOuts: fromCents(line.payOuts),
      expected: fromCents(expected),
      counted: counted === null ? null : fromCents(counted),
      difference: difference === null ? null : fromCents(difference),
    })),
    cash: {
      expected: fromCents(sumOf(drawers.map((d) => d.expected))),
      counted: allCounted ? fromCents(sumOf(drawers.map((d) => d.counted ?? 0))) : null,
      difference: allCounted ? fromCents(sumOf(drawers.map((d) => d.difference ?? 0))) : null,
    },
  };
}
