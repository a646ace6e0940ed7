/**
 * Money and dates of the bill screens. Sums are done in integer cents (`toCents`), never by adding floats; amounts
 * go to the server as exact decimal strings ("3.34").
 */

import { isFinalOrderStatus, toCents, type Bill, type OrderItemOption } from '@qr-menu/contract';
import { formatZonedDateTime } from '../shared/date-format';
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

/**
 * Date and time in the restaurant's time zone (not the browser's): what a receipt and "paid at" show, as every admin
 * screen writes them ("06.01.2026 00:30" in az and ru, written out: browsers without Azerbaijani calendar data
 * printed "2026-01-06"). An unknown zone name: the browser's own zone rather than nothing.
 */
export const formatDateTime = (iso: string, lang: string, timeZone: string): string =>
  formatZonedDateTime(iso, lang, timeZone);

/** A rate in hundredths of a percent as the language writes it, without the sign: 1000 → "10", 1250 → "12,5" (az). */
export function formatRate(hundredths: number, lang: string): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(hundredths / 100);
}

/**
 * The service charge's line label in a language: the restaurant's name for it and its rate ("Xidmət haqqı 10 %").
 * Orders keep the rate they were placed under, so a bill may mix rates: then the name alone.
 */
export function serviceChargeLabel(bill: Pick<Bill, 'eatery' | 'orders'>, lang: string): string {
  const names = bill.eatery.serviceChargeNames;
  const name = (names as Record<string, string>)[lang] || names.en;
  const rates = [...new Set(bill.orders.filter((o) => toCents(o.serviceCharge) > 0).map((o) => o.serviceChargeRate))];
  return rates.length === 1 ? `${name} ${formatRate(rates[0], lang)} %` : name;
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
