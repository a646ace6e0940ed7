import { z } from 'zod';
import { LANGUAGES } from './enums.js';
import { PAYMENT_METHODS } from './bills.js';
import { addDays, dayIn, zonedParts } from './zoned-time.js';

/**
 * Reports for the owner (EATERY_ADMIN only). Days are calendar days in the restaurant's time zone; a
 * range is `from`..`to`, both included. Money is summed in SQL as exact decimals and travels as numbers with at most
 * 2 decimals. Revenue counts PAID orders (their live items minus discount; tips apart).
 *
 * - GET /api/eatery/{id}/reports?from=&to= → Report: the range and the previous range of the same length.
 * - X and Z reports of a business day: see dayReportResponse.
 * - GET /api/eatery/{id}/reports/orders.csv?from=&to=&lang= and …/reports/items.csv?from=&to=&lang= → text/csv,
 *   UTF-8 with BOM, `Content-Disposition: attachment`; the decimal separator of `lang` (az, ru: comma and `;`
 *   between cells; en: point and `,`); cells starting with = + - @ (or a tab / carriage return) are prefixed with `'`.
 */

export const REPORT_V = {
  /** `from`/`to`/`day` not YYYY-MM-DD, `from` after `to`, or a range longer than REPORT_MAX_DAYS. */
  range: 'validation.reportRange',
} as const;

/** Longest range of one report. */
export const REPORT_MAX_DAYS = 366;

const day = z.iso.date({ error: REPORT_V.range });

export const reportQuery = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ['to'], error: REPORT_V.range })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    path: ['to'],
    error: REPORT_V.range,
  });
export type ReportQuery = z.input<typeof reportQuery>;

export const zReportQuery = z.object({ day });

export const csvQuery = z
  .object({ from: day, to: day, lang: z.enum(LANGUAGES, { error: 'validation.invalid' }).optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], error: REPORT_V.range })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    path: ['to'],
    error: REPORT_V.range,
  });

const names = z.object({ az: z.string(), en: z.string(), ru: z.string() });

/** The headline figures of one range. */
export const reportFigures = z.object({
  from: z.string(),
  to: z.string(),
  /** Sum of PAID orders (live items minus discount). */
  revenue: z.number(),
  /** PAID orders. */
  orders: z.number(),
  /** revenue / orders, to the cent (0 without orders). */
  averageCheck: z.number(),
  tips: z.number(),
  discounts: z.number(),
  /** CANCELLED orders placed in the range, and their share of all orders placed in it (0..1, 4 decimals). */
  cancelled: z.number(),
  cancelledShare: z.number(),
  /** Payments of the range by method (amounts without tips). */
  byMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number(), tips: z.number() })),
  /** Average minutes from placing to READY, and to SERVED (ISSUED), over orders that got there; null without any. */
  minutesToReady: z.number().nullable(),
  minutesToServed: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const dishFigure = z.object({
  dishId: z.number().nullable(),
  names,
  quantity: z.number(),
  revenue: z.number(),
});
export type DishFigure = z.infer<typeof dishFigure>;

export const reportResponse = z.object({
  timeZone: z.string(),
  current: reportFigures,
  /** The range of the same length just before. */
  previous: reportFigures,
  /** Every day of the range (also days without sales), revenue and PAID orders. */
  byDay: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
  /** Orders placed (not cancelled) per weekday (1 = Monday … 7 = Sunday) and hour 0..23, only non-zero cells. */
  byHour: z.array(z.object({ weekday: z.number(), hour: z.number(), orders: z.number() })),
  /** Dishes of PAID orders: the 10 most and the 10 least sold, by quantity and by revenue. */
  topByQuantity: z.array(dishFigure),
  bottomByQuantity: z.array(dishFigure),
  topByRevenue: z.array(dishFigure),
  bottomByRevenue: z.array(dishFigure),
  /**
   * Revenue per table (its number), and per waiter: each order is credited once, to the waiter who served it (the
   * staff member who last marked one of its dishes served; name, else e-mail; null: nobody served it from a screen).
   */
  byTable: z.array(z.object({ tableNumber: z.string(), revenue: z.number(), orders: z.number() })),
  byWaiter: z.array(
    z.object({ waiterId: z.number().nullable(), name: z.string().nullable(), revenue: z.number(), orders: z.number() }),
  ),
});
export type Report = z.infer<typeof reportResponse>;

/**
 * X and Z reports: one business day of the restaurant ([D + dayStartHour, D+1 + dayStartHour) in its time zone).
 *
 * - GET  /api/eatery/{id}/reports/day?day= → DayReport (EATERY_ADMIN, CASHIER). An X report (the day so far, live,
 *   `z` null) while the day is open; once closed, the Z report as it was at closing (`z` set).
 * - POST /api/eatery/{id}/reports/z `{ day }` → DayReport with `z`: closes the day (409 `dayClosed` when closed,
 *   409 `drawersStillOpen` while a drawer of that day is open; not a day in the future: 400 reportRange). The
 *   number is the next of the restaurant (1, 2, 3 …). Payments of a closed day cannot be written, changed or
 *   removed (409 `dayClosed`).
 * - POST /api/eatery/{id}/reports/z/reopen `{ day, reason }` → DayReport (EATERY_ADMIN): the day is open again,
 *   written to the audit log (REOPEN_DAY) with the reason; 409 `dayNotClosed` when it is not closed. Closing it
 *   again gives a new number.
 * - GET  /api/eatery/{id}/reports/z/list?from=&to= → the Z reports of a range (numbers, days, who, reopened).
 * - GET  /api/eatery/{id}/reports/day.csv?day=&lang= → the day report as CSV (label; value rows).
 *
 * Which rows count: payments and refunds by their business day (payments.business_day); orders by when they were
 * paid (PAID orders' paid_at within the day); voids by the VOID audit entries of the day; drawers opened that day.
 */
/**
 * The business day (YYYY-MM-DD) an instant belongs to: its date on the restaurant's clock, less `dayStartHour` hours
 * (a bar starting its day at 05:00 counts 02:00 on the 12th to the 11th). The database's business_day_of() is the
 * same rule; screens use this one to pick "today" before asking the server.
 */
export function businessDayOf(at: Date, timeZone: string, dayStartHour: number): string {
  const today = dayIn(at, timeZone);
  return zonedParts(at, timeZone).hour < dayStartHour ? addDays(today, -1) : today;
}

export const zCloseBody = z.object({ day });
export const zReopenBody = z.object({
  day,
  reason: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.reasonRequired' })
    .max(500, { error: 'validation.tooLong' }),
});
export const zListQuery = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { path: ['to'], error: REPORT_V.range });

const countAmount = z.object({ count: z.number(), amount: z.number() });

const drawerLine = z.object({
  id: z.number(),
  userName: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  openingFloat: z.number(),
  cashSales: z.number(),
  cashTips: z.number(),
  payIns: z.number(),
  payOuts: z.number(),
  expected: z.number(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
});

export const dayReportResponse = z.object({
  eatery: z.object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    phones: z.array(z.string()),
    taxId: z.string(),
    timeZone: z.string(),
    language: z.enum(LANGUAGES),
    currency: z.string(),
    vatPayer: z.boolean(),
  }),
  day: z.string(),
  /** ISO 8601 UTC bounds of the business day: [from, to). */
  from: z.string(),
  to: z.string(),
  /** When these figures were computed (for a Z: its closing). */
  generatedAt: z.string(),
  /** Set when the day is closed: the Z report's number, when and by whom; null for an X report. */
  z: z
    .object({
      number: z.number(),
      closedAt: z.string(),
      closedBy: z.string(),
    })
    .nullable(),
  /** Earlier closings of the day that were reopened: number, when, who, why. */
  reopened: z.array(z.object({ number: z.number(), at: z.string(), by: z.string(), reason: z.string() })),
  /**
   * Orders paid in the day: their items, discounts, service charge; gross = items − discounts + service charge
   * (what the guests paid, tips apart); VAT is the part of gross the VAT rate includes (0 when not a VAT payer);
   * net = gross − VAT.
   */
  sales: z.object({
    orders: z.number(),
    items: z.number(),
    discounts: z.number(),
    serviceCharge: z.number(),
    gross: z.number(),
    vatRatePercent: z.number(),
    vat: z.number(),
    net: z.number(),
  }),
  /** Orders paid in the day by who placed them: guests from their phones, staff at the till. */
  byOrigin: z.object({ guest: countAmount, staff: countAmount }),
  /**
   * Payments of the day by method: `amount` taken less refunds (tips apart), `refunds` given back (positive, already
   * taken off), `tips` on top, `count` payments (parts).
   */
  byMethod: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      count: z.number(),
      amount: z.number(),
      refunds: z.number(),
      tips: z.number(),
    }),
  ),
  /** Sum of byMethod's amounts, and of their tips. */
  payments: z.number(),
  tips: z.number(),
  /** Discounts given (orders paid in the day with a discount). */
  discounts: countAmount,
  /** Items voided in the day (VOID audit entries): how many, their value. */
  voids: countAmount,
  /** Refunds in the day (payment parts with a negative amount): how many, how much. */
  refunds: countAmount,
  cancelledOrders: z.number(),
  /** Orders of the day neither PAID nor CANCELLED at the time of the report, and what they are worth. */
  openOrders: countAmount,
  /** The day's drawers, and their sums. */
  drawers: z.array(drawerLine),
  cash: z.object({ expected: z.number(), counted: z.number().nullable(), difference: z.number().nullable() }),
});
export type DayReport = z.infer<typeof dayReportResponse>;

export const zListResponse = z.array(
  z.object({
    number: z.number(),
    day: z.string(),
    closedAt: z.string(),
    closedBy: z.string(),
    reopenedAt: z.string().nullable(),
    reopenReason: z.string().nullable(),
    gross: z.number(),
  }),
);
export type ZList = z.infer<typeof zListResponse>;

/** Text of one CSV cell that a spreadsheet would read as a formula gets a leading `'` (formula injection). */
export function csvSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
