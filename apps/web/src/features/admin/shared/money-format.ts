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

/**
 * A difference with its sign always written ("+1.00", "−1.00", "0.00"): a drawer's over (+) or short (−) reads
 * without its colour, on screen and on paper.
 */
export function formatSignedAmount(amount: number, lang: string): string {
  const cents = toCents(amount);
  const text = formatAmount(Math.abs(cents) / 100, lang);
  return cents > 0 ? `+${text}` : cents < 0 ? `−${text}` : text;
}

/** Over (> 0), short (< 0) or even: what colours a drawer's difference. */
export const differenceSign = (amount: number): 'over' | 'short' | 'even' => {
  const cents = toCents(amount);
  return cents > 0 ? 'over' : cents < 0 ? 'short' : 'even';
};
