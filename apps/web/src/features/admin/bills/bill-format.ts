/**
 * Money and dates of the bill screens. Sums are done in integer cents (`toCents`), never by adding floats; amounts
 * go to the server as exact decimal strings ("3.34").
 */

/** Cents as the exact decimal string the API reads: 334 → "3.34", 5 → "0.05". */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

// The admin-wide money format and item names, as the bill screens import them from here.
export { formatAmount } from '../shared/money-format';
export { itemName } from '../shared/live/item-name';

/** Date and time in the restaurant's time zone (not the browser's): what a receipt and "paid at" show. */
export function formatDateTime(iso: string, lang: string, timeZone: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(date);
  } catch {
    // An unknown zone name: the browser's own zone rather than nothing.
    return new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(date);
  }
}

/** "3,1,2" from `?orderIds=` as distinct positive ids in ascending order; [] when missing or malformed. */
export function parseOrderIds(raw: string | null): number[] {
  if (!raw || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(raw)) return [];
  return [...new Set(raw.split(',').map(Number))].sort((a, b) => a - b);
}
