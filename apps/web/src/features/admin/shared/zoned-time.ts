/**
 * Calendar days and clock times of an instant in the restaurant's time zone (the browser's own for a zone it does not
 * know): the orders board's days, the kitchen's and the menu's "back tomorrow at 08:00".
 */

/** The restaurant's time zone when it is valid here, else the browser's own (undefined). */
export function safeTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return timeZone;
  } catch {
    return undefined;
  }
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Calendar fields of an instant as a clock in `timeZone` shows them. */
export function zonedParts(date: Date, timeZone?: string): ZonedParts {
  const key = timeZone ?? '';
  let fmt = partsFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: safeTimeZone(timeZone),
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    partsFormatters.set(key, fmt);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(fmt.formatToParts(date).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayIn(date: Date, timeZone?: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** YYYY-MM-DD plus `days` (may be negative). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** The clock time (HH:MM) of an instant in `timeZone`. */
export function clockTime(date: Date, timeZone?: string): string {
  const p = zonedParts(date, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}
