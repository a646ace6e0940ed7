import { eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import type { OrderTx } from './order-writer.js';

/**
 * What has been paid into orders: the sum of their payment rows less the refunds (negative rows), tips apart, in
 * cents, per order id (0 for an order without payments). Money of an existing order moves only as the order and
 * payment state machine allows (docs/decisions/0042-order-and-payment-state-machine.md): this is what its checks
 * read.
 */
export async function paidCents(ex: Executor, orderIds: readonly number[]): Promise<Map<number, number>> {
  const paid = new Map<number, number>(orderIds.map((id) => [id, 0]));
  if (orderIds.length === 0) return paid;
  const rows = await ex
    .select({ orderId: payments.orderId, cents: sql<string>`(sum(${payments.amount}) * 100)::bigint::text` })
    .from(payments)
    .where(inArray(payments.orderId, [...orderIds]))
    .groupBy(payments.orderId);
  for (const r of rows) paid.set(r.orderId, Number(r.cents));
  return paid;
}

/** What has been paid into one order, in cents (see paidCents). */
export async function orderPaidCents(ex: Executor, orderId: number): Promise<number> {
  return (await paidCents(ex, [orderId])).get(orderId) ?? 0;
}

/** Whether the order has payment rows at all (refunded ones too: they are its money trail). */
export async function hasPaymentRows(ex: Executor, orderId: number): Promise<boolean> {
  const rows = await ex
    .select({ n: sql<number>`1` })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .limit(1);
  return rows.length > 0;
}

/**
 * How the audit log names an order: its number of the day and its table, without words of any language (the entry's
 * date and orderId say which day and which order).
 */
export const orderSubject = (order: { number: number | null; tableNumber: string }) =>
  order.tableNumber ? `#${order.number} · ${order.tableNumber}` : `#${order.number}`;

/**
 * A discount never exceeds the order's items: after its items got cheaper (a void, a lower quantity, another dish),
 * the discount is lowered to what the items now cost. Returns the discount before and after, in cents, when it
 * changed.
 */
export async function keepDiscountWithinItems(
  w: OrderTx,
  orderId: number,
): Promise<{ before: number; after: number } | null> {
  const order = await w.order(orderId);
  const before = toCents(order.discount);
  const after = Math.min(before, toCents(order.orderPrice));
  if (after === before) return null;
  await w.update([orderId], { discount: centsToDecimal(after) });
  return { before, after };
}
