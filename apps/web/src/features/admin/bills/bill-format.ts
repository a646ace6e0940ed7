import { localName, toCents } from '@qr-menu/contract';

/**
 * Money and dates of the bill screens. Sums are done in integer cents (`toCents`), never by adding floats; amounts
 * go to the server as exact decimal strings ("3.34").
 */

/** Cents as the exact decimal string the API reads: 334 → "3.34", 5 → "0.05". */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount (a JSON number with 2 decimals) in the language's number format with 2 decimals: "12.50". */
export function formatAmount(amount: number, lang: string): string {
  let fmt = formatters.get(lang);
  if (!fmt) {
    fmt = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formatters.set(lang, fmt);
  }
  return fmt.format(toCents(amount) / 100);
}

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

/** An item's name in `lang` from its `names`, falling back as the guest menu does, else the name on the order. */
export const itemName = (item: { name: string; names: { az: string; en: string; ru: string } }, lang: string) =>
  localName({ nameAz: item.names.az, nameEn: item.names.en, nameRu: item.names.ru }, lang) || item.name;

/** "3,1,2" from `?orderIds=` as distinct positive ids in ascending order; [] when missing or malformed. */
export function parseOrderIds(raw: string | null): number[] {
  if (!raw || !/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(raw)) return [];
  return [...new Set(raw.split(',').map(Number))].sort((a, b) => a - b);
}
