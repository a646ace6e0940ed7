import { z } from 'zod';
import { LANGUAGES } from './enums.js';
import { managerApprovalField, reasonField } from './orders.js';
import { PAYMENT_METHODS } from './payment-methods.js';
import { MAX_DB_ID, V } from './validation.js';
import { orderItemOptionResponse } from './menu-options.js';
import { lineCents, linesPartCents, toCents } from './money.js';

/**
 * Closing the bill (CASHIER and EATERY_ADMIN). A bill is one or more open orders of the restaurant (an
 * order, or the open orders of a table). Money is exact: amounts travel as numbers or decimal strings with at most
 * 2 decimals and are counted in integer cents (`toCents`), never as floats.
 *
 * - GET  /api/eatery/{id}/bill?orderIds=1,2 → Bill.
 * - PUT  /api/eatery/{id}/bill/discount `{orderIds, amount? | percent?, reason}` → Bill (EATERY_ADMIN only; amount 0
 *   removes it). The discount is shared over the orders in proportion to their totals, to the cent.
 * - POST /api/eatery/{id}/bill/payments `{orderIds, method, amount? | itemIds?, tip?}` → Bill. One part of the bill:
 *   `amount` (at most what is due), or `itemIds` (split by items: the server prices those items, none paid twice),
 *   or neither (everything still due). `tip`: `{amount}` or `{percent}` of the part. When the payments cover the
 *   bill, every order becomes PAID, with paidAt and paidBy (the caller). A final order answers 409 `orderClosed`,
 *   an order waiting for staff confirmation 409 `orderNotConfirmed`. A tip is at most the restaurant's
 *   `tipMaxPercent` of the part (400 tipTooHigh).
 * - POST /api/eatery/{id}/bill/refunds `{orderIds, amount, method, reason}` → Bill (EATERY_ADMIN). Money paid goes
 *   back: a negative payment row per order, never more than was paid (400 amountTooHigh). A PAID order it refunds
 *   is open again (its total is no longer covered); a cancelled one cannot be refunded into (409 orderClosed).
 *
 * The rule every bill keeps: payments − refunds = total + tips once it is PAID, and never more than the total
 * before that.
 */

export { PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';

/** Validation message keys of bills. */
export const BILL_V = {
  /** Not an amount of money: a number >= 0 with at most 2 decimals. */
  amount: 'validation.amount',
  /** More than what is still due. */
  amountTooHigh: 'validation.amountTooHigh',
  /** A percentage 0..100 with at most 2 decimals. */
  percent: 'validation.percent',
  /** An item that is not on the bill, deleted, or already paid. */
  itemNotPayable: 'validation.itemNotPayable',
  /** A discount needs a reason. */
  reasonRequired: 'validation.reasonRequired',
  /** A tip above the restaurant's limit (tipMaxPercent of the part paid). */
  tipTooHigh: 'validation.tipTooHigh',
  /** Cash tendered is less than the part and its tip. */
  tenderedTooLow: 'validation.tenderedTooLow',
  /** Cash tendered only goes with the CASH method. */
  tenderedNotCash: 'validation.tenderedNotCash',
  /** A line split into parts: 1 .. quantity − 1 of it. */
  splitQuantity: 'validation.splitQuantity',
} as const;

/** Largest amount a numeric(10,2) column holds. */
const MAX_AMOUNT_CENTS = 99_999_999_99;

/**
 * An amount of money: number or decimal string ("50", "50.5", "50,50": a comma is the decimal mark in az and ru),
 * >= 0, at most 2 decimals; parsed to integer cents.
 */
export const amountField = z.union([z.number(), z.string()], { error: BILL_V.amount }).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  const cents = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!m || cents > MAX_AMOUNT_CENTS) {
    ctx.addIssue({ code: 'custom', message: BILL_V.amount });
    return z.NEVER;
  }
  return cents;
});

/** A percentage 0..100 with at most 2 decimals, as hundredths of a percent (12.5 → 1250). */
export const percentField = z.union([z.number(), z.string()], { error: BILL_V.percent }).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  const hundredths = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
  if (!m || hundredths > 100_00) {
    ctx.addIssue({ code: 'custom', message: BILL_V.percent });
    return z.NEVER;
  }
  return hundredths;
});

const idList = z
  .array(
    z
      .number({ error: V.invalid })
      .int({ error: V.invalid })
      .positive({ error: V.invalid })
      .max(MAX_DB_ID, { error: V.invalid }),
    { error: (iss) => (iss.input === undefined ? V.required : V.invalid) },
  )
  .min(1, { error: V.required })
  .max(50, { error: V.tooLong });

/** `?orderIds=1,2,3` (1..50 ids). */
export const billQuery = z.object({
  orderIds: z
    .string({ error: V.required })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,49}$/, { error: V.invalid })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(z.number().max(MAX_DB_ID, { error: V.invalid }))),
});

export const tipInput = z.union([z.object({ amount: amountField }), z.object({ percent: percentField })], {
  error: V.invalid,
});

export const billPaymentBody = z.object({
  orderIds: idList,
  method: z.enum(PAYMENT_METHODS, { error: (iss) => (iss.input === undefined ? V.required : V.invalid) }),
  amount: amountField.optional(),
  itemIds: idList.optional(),
  tip: tipInput.optional(),
  /** CASH only: what the guest handed over; the change is tendered − part − tip (400 tenderedTooLow when short). */
  tendered: amountField.optional(),
});
export type BillPaymentBody = z.input<typeof billPaymentBody>;

export const billDiscountBody = z.object({
  orderIds: idList,
  amount: amountField.optional(),
  percent: percentField.optional(),
  reason: z.string({ error: V.invalid }).trim().max(200, { error: V.tooLong }).optional(),
  /** A manager approving when the caller is not one (403 managerApprovalRequired / approvalInvalid). */
  approval: managerApprovalField.optional(),
});
export type BillDiscountBody = z.input<typeof billDiscountBody>;

export const billRefundBody = z.object({
  orderIds: idList,
  amount: amountField.refine((cents) => cents > 0, { error: BILL_V.amount }),
  method: z.enum(PAYMENT_METHODS, { error: (iss) => (iss.input === undefined ? V.required : V.invalid) }),
  reason: reasonField,
  /** A manager approving when the caller is not one (403 managerApprovalRequired / approvalInvalid). */
  approval: managerApprovalField.optional(),
});
export type BillRefundBody = z.input<typeof billRefundBody>;

/**
 * POST /api/eatery/{id}/bill/split-item `{orderIds, itemId, quantity}` → Bill (closeBill roles): one unpaid line of
 * the bill becomes two (3 × burger → 1 + 2) so that split-by-items can pay them apart. The new line keeps the
 * kitchen state, options and price; `quantity` goes to the new line (1 .. quantity − 1, else 400 splitQuantity).
 */
export const billSplitItemBody = z.object({
  orderIds: idList,
  itemId: z.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).max(MAX_DB_ID, {
    error: V.invalid,
  }),
  quantity: z.number({ error: BILL_V.splitQuantity }).int({ error: BILL_V.splitQuantity }).min(1, {
    error: BILL_V.splitQuantity,
  }),
});
export type BillSplitItemBody = z.input<typeof billSplitItemBody>;

const names = z.object({ az: z.string(), en: z.string(), ru: z.string() });

export const billResponse = z.object({
  /** The receipt's header and footer. */
  eatery: z.object({
    id: z.number(),
    name: z.string(),
    timeZone: z.string(),
    language: z.enum(LANGUAGES),
    address: z.string(),
    phones: z.array(z.string()),
    /** VÖEN, '' when not given. */
    taxId: z.string(),
    receiptFooter: z.string(),
    currency: z.string(),
    vatPayer: z.boolean(),
    /** Percent (18 = 18 %). */
    vatRatePercent: z.number(),
    serviceChargeNames: names,
  }),
  orders: z.array(
    z.object({
      id: z.number(),
      /** The order's number of the day (what the receipt prints). */
      number: z.number(),
      tableNumber: z.string(),
      status: z.string(),
      createdAt: z.string(),
      orderPrice: z.number(),
      discount: z.number(),
      /** Its service charge rate (hundredths of a percent) and amount. */
      serviceChargeRate: z.number(),
      serviceCharge: z.number(),
      /** The waiter who served it (name as `createdBy` of a payment), or null. */
      waiter: z.string().nullable(),
    }),
  ),
  /** Live items (not DELETED) of every order of the bill. `paid`: already covered by a split-by-items part. */
  items: z.array(
    z.object({
      id: z.number(),
      orderId: z.number(),
      name: z.string(),
      names,
      quantity: z.number(),
      /** Unit price with the chosen options' deltas. */
      price: z.number(),
      total: z.number(),
      paid: z.boolean(),
      /** The chosen options as they were at ordering time. */
      options: z.array(orderItemOptionResponse),
    }),
  ),
  /** Sum of the items. */
  subtotal: z.number(),
  discount: z.number(),
  discountReason: z.string().nullable(),
  /** The orders' service charges (contract serviceChargeCents of each order after its discount), summed. */
  serviceCharge: z.number(),
  /** subtotal − discount + serviceCharge: what the bill collects, tips apart. */
  total: z.number(),
  /** The VAT `total` includes (0 when the restaurant is not a VAT payer). */
  vat: z.number(),
  /** Sum of the payments' amounts less the refunds (tips not included). */
  paid: z.number(),
  /** Sum of the refunds (a positive number; already taken off `paid`). */
  refunded: z.number(),
  tips: z.number(),
  /** total - paid, never below 0. */
  due: z.number(),
  payments: z.array(
    z.object({
      /** One part (the rows of one payment call), or one refund (a negative amount, with its reason). */
      id: z.string(),
      method: z.enum(PAYMENT_METHODS),
      amount: z.number(),
      reason: z.string().nullable(),
      tip: z.number(),
      /** Cash handed over and the change given back; null when not recorded. */
      tendered: z.number().nullable(),
      change: z.number().nullable(),
      itemIds: z.array(z.number()).nullable(),
      createdAt: z.string(),
      /** Who took it: their name; for a member without a name, their e-mail to an admin and null to a cashier. */
      createdBy: z.string().nullable(),
    }),
  ),
  /** PAID when every order is paid. */
  status: z.enum(['OPEN', 'PAID']),
  paidAt: z.string().nullable(),
  /** Who closed it, named as `createdBy` of a payment. */
  paidBy: z.string().nullable(),
});
export type Bill = z.infer<typeof billResponse>;

/**
 * Equal split of an amount in cents into `parts` parts: every part the same, the first parts one cent more
 * until the sum is exact (10.00 / 3 → 3.34, 3.33, 3.33).
 */
export function splitEqually(cents: number, parts: number): number[] {
  if (!Number.isInteger(cents) || !Number.isInteger(parts) || parts < 1) throw new Error('bad split');
  const base = Math.floor(cents / parts);
  const extra = cents - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * What paying the items `itemIds` of a bill takes, in cents (split by items), as the till shows it before sending:
 * per order, the items' lines less their share of the order's discount (line sum × discount / order price, rounded
 * half-up), plus the order's service charge at its rate on that; when they are the bill's last unpaid items, all that
 * is still due (the rule: money.ts linesPartCents, which the server charges too).
 */
export function billItemsPartCents(bill: Pick<Bill, 'orders' | 'items' | 'due'>, itemIds: readonly number[]): number {
  const wanted = new Set(itemIds);
  const chosen = bill.items.filter((i) => wanted.has(i.id) && !i.paid);
  if (chosen.length === 0) return 0;
  if (bill.items.every((i) => i.paid || wanted.has(i.id))) return toCents(bill.due);
  return linesPartCents(
    bill.orders.map((o) => ({
      id: o.id,
      subtotal: toCents(o.orderPrice),
      discount: toCents(o.discount),
      serviceChargeRate: o.serviceChargeRate,
    })),
    chosen.map((i) => ({ orderId: i.orderId, cents: lineCents(i) })),
  );
}
