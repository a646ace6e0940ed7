import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  isFinalOrderStatus,
  lineCents,
  serviceChargeCents,
  toCents,
  vatIncludedCents,
  type Language,
} from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { eateries, orderItems, orders, payments } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { orderSubject } from '../orders/order-money.js';

/** A bill as the database holds it, and the money it adds up to (bills.service.ts tells the rules). */

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** What a bill needs of its restaurant: the tip limit, and the receipt's header and footer. */
export interface BillEatery {
  id: number;
  name: string;
  timeZone: string;
  language: Language;
  tipMaxPercent: number;
  address: string;
  phones: string[];
  taxId: string;
  receiptFooter: string;
  currency: string;
  vatPayer: boolean;
  vatRateBp: number;
  serviceChargeNames: { az: string; en: string; ru: string };
}

/** A bill as stored: its orders (by id), their live items and their payments. */
export interface BillState {
  eatery: BillEatery;
  orders: OrderRow[];
  items: ItemRow[];
  payments: PaymentRow[];
}

export const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Money of each order and of the whole bill, in cents. An order's total is its live items less its discount plus its
 * service charge (the contract's serviceChargeCents at the rate the order was placed under); the bill's service
 * charge is the sum of its orders'. The VAT is the part of the bill's total the restaurant's rate includes.
 */
export function totals(state: BillState) {
  const perOrder = state.orders.map((o) => {
    const subtotal = sum(state.items.filter((i) => i.orderId === o.id).map(lineCents));
    const discount = toCents(o.discount);
    const serviceCharge = serviceChargeCents(subtotal - discount, o.serviceChargeBp);
    const paid = sum(state.payments.filter((p) => p.orderId === o.id).map((p) => toCents(p.amount)));
    return { id: o.id, subtotal, discount, serviceCharge, total: subtotal - discount + serviceCharge, paid };
  });
  const subtotal = sum(perOrder.map((o) => o.subtotal));
  const discount = sum(perOrder.map((o) => o.discount));
  const serviceCharge = sum(perOrder.map((o) => o.serviceCharge));
  const total = subtotal - discount + serviceCharge;
  const paid = sum(perOrder.map((o) => o.paid));
  const tips = sum(state.payments.map((p) => toCents(p.tip)));
  const refunded = -sum(state.payments.map((p) => Math.min(0, toCents(p.amount))));
  return {
    perOrder,
    subtotal,
    discount,
    serviceCharge,
    total,
    vat: state.eatery.vatPayer ? vatIncludedCents(total, state.eatery.vatRateBp) : 0,
    paid,
    refunded,
    tips,
    due: Math.max(0, total - paid),
  };
}

/** Ids of the items already paid by a split-by-items part. */
export const paidItemIds = (state: BillState) => new Set(state.payments.flatMap((p) => p.itemIds ?? []));

/**
 * Reads a bill: the orders (every one must be this restaurant's: 404 otherwise, without saying which), their live
 * items and their payments. With `lock`, the orders are locked for the transaction, in id order (no deadlock
 * between two bills sharing orders).
 */
export async function readBill(ex: Executor, eateryId: number, orderIds: number[], lock: boolean): Promise<BillState> {
  const ids = [...new Set(orderIds)];
  const query = ex
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.eateryId, eateryId)))
    .orderBy(asc(orders.id));
  const rows = lock ? await query.for('update') : await query;
  if (rows.length !== ids.length) throw notFound();
  const [eatery] = await ex
    .select({
      id: eateries.id,
      name: eateries.name,
      timeZone: eateries.timeZone,
      language: eateries.language,
      tipMaxPercent: eateries.tipMaxPercent,
      address: eateries.address,
      phones: eateries.phones,
      taxId: eateries.taxId,
      receiptFooter: eateries.receiptFooter,
      currency: eateries.currency,
      vatPayer: eateries.vatPayer,
      vatRateBp: eateries.vatRateBp,
      serviceChargeNames: eateries.serviceChargeNames,
    })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  const items = await ex
    .select()
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, ids), sql`${orderItems.status} <> 'DELETED'`))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
  const paid = await ex
    .select()
    .from(payments)
    .where(inArray(payments.orderId, ids))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return { eatery: { ...eatery, language: eatery.language as Language }, orders: rows, items, payments: paid };
}

/**
 * New discounts and payments only on open orders that staff confirmed: 409 `orderClosed` when one is PAID or
 * CANCELLED, 409 `orderNotConfirmed` when one still waits for confirmation (it may yet be rejected).
 */
export function assertPayable(state: BillState) {
  if (state.orders.some((o) => isFinalOrderStatus(o.status))) throw new AppError(409, 'orderClosed');
  if (state.orders.some((o) => o.status === 'NEEDS_CONFIRMATION')) throw new AppError(409, 'orderNotConfirmed');
}

/** What an audit entry of a bill names: its order when it is one, and its orders in words. */
export const billAuditTarget = (state: BillState) => ({
  orderId: state.orders.length === 1 ? state.orders[0].id : null,
  subject: state.orders.map(orderSubject).join(', '),
});

/** The ids of the bill's orders. */
export const idsOf = (state: BillState) => state.orders.map((o) => o.id);
