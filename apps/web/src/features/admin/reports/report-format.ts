import { formatInZone, localNameByLanguage, toCents } from '@qr-menu/contract';

/** Numbers of the report pages in the interface language; money always with 2 decimals and "AZN". */

const cache = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(options)}`;
  let fmt = cache.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(lang, options);
    cache.set(key, fmt);
  }
  return fmt;
}

/** Money: the admin-wide format ("1 234,50 AZN" in az/ru, "1,234.50 AZN" in en). */
export { formatAmount, formatMoney } from '../shared/money-format';

export const formatCount = (n: number, lang: string) => numberFormat(lang, { maximumFractionDigits: 0 }).format(n);

/** Minutes with one decimal at most: "12,5". */
export const formatMinutes = (n: number, lang: string) => numberFormat(lang, { maximumFractionDigits: 1 }).format(n);

/** A share 0..1 as a percentage with one decimal at most: 0.125 → "12,5 %" (the language's own spacing). */
export const formatShare = (share: number, lang: string) =>
  numberFormat(lang, { style: 'percent', maximumFractionDigits: 1 }).format(share);

export type Trend = 'up' | 'down' | 'same' | 'new';

export interface Change {
  trend: Trend;
  /** Relative change in percent (one decimal); null for 'new' (nothing to compare with). */
  percent: number | null;
}

/**
 * How `current` compares with `previous`. Money is compared in cents, so 0.1 + 0.2 never makes a change; a previous
 * value of 0 gives 'new' (a percentage of nothing means nothing), both 0 give 'same'.
 */
export function compare(current: number, previous: number, money = false): Change {
  const cur = money ? toCents(current) : current;
  const prev = money ? toCents(previous) : previous;
  if (cur === prev) return { trend: 'same', percent: 0 };
  if (prev === 0) return { trend: 'new', percent: null };
  const percent = Math.round(((cur - prev) / Math.abs(prev)) * 1000) / 10;
  return { trend: cur > prev ? 'up' : 'down', percent };
}

/** "+12,5 %" / "−3 %": the sign is always written, so the change is readable without its colour. */
export function formatChange(percent: number, lang: string): string {
  const text = numberFormat(lang, { maximumFractionDigits: 1 }).format(Math.abs(percent));
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '±';
  return `${sign}${text} %`;
}

/** A dish's name in the interface language, with the menu's fallback to another language. */
export const dishName = (names: { az: string; en: string; ru: string }, lang: string) =>
  localNameByLanguage(names, lang);

/**
 * A day "2026-01-05" as a date of the language, not shifted by any zone: "Jan 5" from Intl in en; in az and ru
 * written as numbers ("05.01", "05.01.2026"), as every admin date there (browsers often ship no Azerbaijani calendar
 * names: Chromium writes "M01 5").
 */
export function formatDay(day: string, lang: string, withYear = false): string {
  const [year, month, date] = day.split('-');
  if (lang === 'az' || lang === 'ru') return withYear ? `${date}.${month}.${year}` : `${date}.${month}`;
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  };
  return formatInZone(new Date(`${day}T00:00:00Z`), lang, options, 'UTC');
}
