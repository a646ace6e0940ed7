/**
 * Calendar days and clock times in a restaurant's time zone: the one place that asks Intl for the parts of an instant
 * (the orders board's days, the kitchen's and the menu's "back tomorrow at 08:00", opening and availability hours,
 * the stop-list's next business day, the reports' "today"). Zod-free, so guest pages may use it too.
 *
 * Days are 'YYYY-MM-DD' strings, weekdays 0 = Monday … 6 = Sunday (as opening hours are stored), times 'HH:MM'.
 * A time zone this runtime does not know counts as the runtime's own (`safeTimeZone`).
 */

/** The time zone when this runtime knows it, else undefined (the runtime's own zone). */
export function safeTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
    return timeZone;
  } catch {
    return undefined;
  }
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** One formatter per zone: building an Intl.DateTimeFormat is far slower than using one. */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of an instant as a clock in `timeZone` shows them. */
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
      second: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    });
    partsFormatters.set(key, fmt);
  }
  const parts = fmt.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const num = (type: Intl.DateTimeFormatPartTypes) => Number(part(type) || 0);
  return {
    year: num('year'),
    month: num('month'),
    day: num('day'),
    hour: num('hour') % 24,
    minute: num('minute'),
    second: num('second'),
    weekday: WEEKDAY_NAMES.indexOf(part('weekday')),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function dayIn(date: Date, timeZone?: string): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The clock time (HH:MM) of an instant in `timeZone`. */
export function clockTime(date: Date, timeZone?: string): string {
  const p = zonedParts(date, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** Weekday (0 = Monday) and minute of the day of an instant in `timeZone`. */
export function weekdayMinuteIn(at: Date, timeZone?: string): { weekday: number; minute: number } {
  const p = zonedParts(at, timeZone);
  return { weekday: p.weekday, minute: p.hour * 60 + p.minute };
}

const dayUtc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};
const dayOfUtc = (ms: number) => {
  const t = new Date(ms);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** YYYY-MM-DD plus `days` (may be negative). */
export const addDays = (day: string, days: number): string => dayOfUtc(dayUtc(day) + days * 86_400_000);

/** The weekday of a calendar day: 0 = Monday … 6 = Sunday. */
export const weekdayOf = (day: string): number => (new Date(dayUtc(day)).getUTCDay() + 6) % 7;

/**
 * A coming instant as people say it on the zone's clock: `inDays` calendar days after the day of `now` (0 today,
 * 1 tomorrow…), its weekday (0 = Monday) and its time 'HH:MM'.
 */
export function dayAndTime(at: Date, now: Date, timeZone?: string): { inDays: number; weekday: number; time: string } {
  const p = zonedParts(at, timeZone);
  const inDays = Math.round((dayUtc(dayIn(at, timeZone)) - dayUtc(dayIn(now, timeZone))) / 86_400_000);
  return { inDays, weekday: p.weekday, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a calendar day and 'HH:MM' name in a time zone. Two rounds settle daylight-saving changes; a wall time
 * that a spring-forward skips comes out shifted by the gap (still the morning of that day).
 */
export function zonedInstant(day: string, hhmm: string, timeZone: string): Date {
  const wall = dayUtc(day) + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))) * 60_000;
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** Text formatters by language, zone and options: building one is far slower than using it. */
const textFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as text in `lang` (Intl's wording of `options`) on the clock of `timeZone`; a zone this runtime does
 * not know, or none, gives the runtime's own clock.
 */
export function formatInZone(
  date: Date,
  lang: string,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string | null,
): string {
  const zone = safeTimeZone(timeZone);
  const key = `${lang}|${zone ?? ''}|${JSON.stringify(options)}`;
  let fmt = textFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(lang, { ...options, timeZone: zone });
    textFormatters.set(key, fmt);
  }
  return fmt.format(date);
}

/** "UTC+04:00": how far the zone's clock is from UTC at `at` ('' when the runtime cannot say). */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const name = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return name ? name.replace('GMT', 'UTC') : '';
  } catch {
    return '';
  }
}
