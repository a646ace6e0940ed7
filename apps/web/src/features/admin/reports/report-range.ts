import { addDays, REPORT_MAX_DAYS, weekdayOf } from '@qr-menu/contract';

/**
 * Report ranges as calendar days (YYYY-MM-DD) in the RESTAURANT's time zone, not the browser's: "today" for a
 * restaurant in Baku is Baku's date even when the owner looks from elsewhere. Day arithmetic is done on the date
 * strings as UTC midnights, which have no daylight-saving jumps.
 */

export const RANGE_PRESETS = ['today', 'yesterday', 'week', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 1 = Monday … 7 = Sunday, as the report's heat map counts. */
export const isoWeekday = (day: string) => weekdayOf(day) + 1;

/** The range of a preset around `today` (a restaurant date); weeks run Monday to Sunday. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, today: string): DayRange {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'week': {
      const monday = addDays(today, 1 - isoWeekday(today));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      const nextFirst = fromUtc(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 1));
      return { from: first, to: addDays(nextFirst, -1) };
    }
  }
}

/** A real calendar date written YYYY-MM-DD ("2026-02-30" is not). */
export const isDay = (text: string) => DAY_RE.test(text) && !Number.isNaN(toUtc(text)) && fromUtc(toUtc(text)) === text;

/** Why a custom range cannot be asked for (a translation key), or null when it can — the rules of the contract. */
export function rangeError(range: DayRange): string | null {
  if (!isDay(range.from) || !isDay(range.to)) return 'reports.range.invalidDay';
  if (range.from > range.to) return 'reports.range.fromAfterTo';
  if ((toUtc(range.to) - toUtc(range.from)) / DAY_MS >= REPORT_MAX_DAYS) return 'reports.range.tooLong';
  return null;
}
