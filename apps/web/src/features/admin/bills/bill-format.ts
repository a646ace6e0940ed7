/**
 * Money and dates of the bill screens. Sums are done in integer cents (`toCents`), never by adding floats; amounts
 * go to the server as exact decimal strings ("3.34").
 */

import { formatInZone, isFinalOrderStatus, toCents, type Bill, type OrderItemOption } from '@qr-menu/contract';
import { itemOptionsText } from '../shared/live/item-options';

// The admin-wide money format and item names, as the bill screens import them from here.
export { formatAmount } from '../shared/money-format';
export { itemName } from '../shared/live/item-name';

/**
 * A bill item's chosen options with their deltas ("Size: 0.5 L (+1.50)"), '' without. The bill's items may carry
 * `options` like order items; a server that does not send them yet shows none.
 */
export const billItemOptions = (item: object, lang: string): string =>
  itemOptionsText((item as { options?: OrderItemOption[] }).options, lang, true);

/** Date and time in the restaurant's time zone (not the browser's): what a receipt and "paid at" show. */
export function formatDateTime(iso: string, lang: string, timeZone: string): string {
  // An unknown zone name: the browser's own zone rather than nothing.
  return formatInZone(new Date(iso), lang, { dateStyle: 'short', timeStyle: 'short' }, timeZone);
}

/** "3,1,2" from `?orderIds=` as distinct positive ids in ascending order; [] when missing or malformed. */
export function parseOrderIds(raw: string | null): number[] {
  if (!raw || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(raw)) return [];
  return [...new Set(raw.split(',').map(Number))].sort((a, b) => a - b);
}

type BillPayment = Bill['payments'][number];

/** A refund is a payment row with a negative amount (and a reason). */
export const isRefund = (payment: Pick<BillPayment, 'amount'>): boolean => toCents(payment.amount) < 0;

/** The bill's orders that are closed (PAID or CANCELLED): no payment or discount is taken on them until reopened. */
export const closedOrders = (bill: Pick<Bill, 'orders'>) => bill.orders.filter((o) => isFinalOrderStatus(o.status));
