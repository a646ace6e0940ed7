import type { OpeningHours } from '@qr-menu/contract';

/**
 * When a dish put on the stop-list "until the next business day" comes back: the restaurant's next
 * opening time after today, in its time zone, skipping closed days; without opening hours (or with every day
 * closed), the next local midnight. In the early hours of a night that yesterday's hours run into (18:00–02:00,
 * now 00:30) "today" is still yesterday's business day, so the dish is back at today's opening.
 */
export function nextBusinessDayStart(openingHours: OpeningHours | null, timeZone: string, now: Date): Date {
  let today = localDate(now, timeZone);
  if (openingHours) {
    const { hour, minute } = partsIn(now, timeZone);
    const yesterday = addDays(today, -1);
    const hours = openingHours[weekdayOf(yesterday)];
    if (hours && !hours.closed && minutesOf(hours.close) <= minutesOf(hours.open)) {
      if (hour * 60 + minute < minutesOf(hours.close)) today = yesterday;
    }
    for (let inDays = 1; inDays <= 7; inDays++) {
      const day = addDays(today, inDays);
      const hours = openingHours[weekdayOf(day)];
      if (!hours || hours.closed) continue;
      const start = zonedInstant(day, hours.open, timeZone);
      if (start > now) return start;
    }
  }
  return zonedInstant(addDays(today, 1), '00:00', timeZone);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

function partsIn(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** The calendar date of an instant in a time zone. */
function localDate(at: Date, timeZone: string): LocalDate {
  const { year, month, day } = partsIn(at, timeZone);
  return { year, month, day };
}

function addDays(d: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** 0 = Monday … 6 = Sunday, as the opening hours are stored. */
const weekdayOf = (d: LocalDate) => (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local date and 'HH:MM' name in a time zone. Two rounds settle daylight-saving changes; a wall time
 * that a spring-forward skips comes out shifted by the gap (still the morning of that day).
 */
export function zonedInstant(d: LocalDate, hhmm: string, timeZone: string): Date {
  const wall = Date.UTC(d.year, d.month - 1, d.day, Number(hhmm.slice(0, 2)), Number(hhmm.slice(3, 5)));
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}
