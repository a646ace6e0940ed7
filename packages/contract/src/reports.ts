import { z } from 'zod';
import { LANGUAGES } from './enums.js';
import { PAYMENT_METHODS } from './bills.js';

/**
 * Reports for the owner (EATERY_ADMIN only). Days are calendar days in the restaurant's time zone; a
 * range is `from`..`to`, both included. Money is summed in SQL as exact decimals and travels as numbers with at most
 * 2 decimals. Revenue counts PAID orders (their live items minus discount; tips apart).
 *
 * - GET /api/eatery/{id}/reports?from=&to= → Report: the range and the previous range of the same length.
 * - GET /api/eatery/{id}/reports/z?day= → ZReport: one business day ("close the day").
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

export const zReportResponse = z.object({
  eatery: z.object({ id: z.number(), name: z.string(), timeZone: z.string(), language: z.enum(LANGUAGES) }),
  day: z.string(),
  /** ISO 8601, UTC: when the report was made. */
  generatedAt: z.string(),
  revenue: z.number(),
  orders: z.number(),
  /**
   * Per method: `amount` taken for the bills less the refunds (tips apart), `refunds` given back (a positive number,
   * already taken off `amount`), `tips` charged on top, and the payments' count. What the drawer or the terminal
   * holds for a method is amount + tips.
   */
  byMethod: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      amount: z.number(),
      refunds: z.number(),
      tips: z.number(),
      count: z.number(),
    }),
  ),
  tips: z.number(),
  discounts: z.number(),
  cancelledOrders: z.number(),
  /** Items DELETED from orders of the day, and their value. */
  cancelledItems: z.object({ count: z.number(), value: z.number() }),
  /** Orders of the day still neither PAID nor CANCELLED, and what they are worth. */
  openOrders: z.object({ count: z.number(), value: z.number() }),
});
export type ZReport = z.infer<typeof zReportResponse>;

/** Text of one CSV cell that a spreadsheet would read as a formula gets a leading `'` (formula injection). */
export function csvSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
