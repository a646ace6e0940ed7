import { toCents } from '@qr-menu/contract';

/**
 * Money on the admin screens: exactly 2 decimals in the interface language's number format ("1,234.50" in en).
 * The amount (a JSON number with 2 decimals) goes through integer cents, so float noise never shows.
 */

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount without the currency: "12.50". */
export function formatAmount(amount: number, lang: string): string {
  let fmt = formatters.get(lang);
  if (!fmt) {
    fmt = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    formatters.set(lang, fmt);
  }
  return fmt.format(toCents(amount) / 100);
}

/** An amount with the currency label: "12.50 AZN". */
export const formatMoney = (amount: number, lang: string, unit = 'AZN') => `${formatAmount(amount, lang)} ${unit}`;
