import { addDays, dayIn, weekdayMinuteIn, weekdayOf, zonedInstant, type OpeningHours } from '@qr-menu/contract';

/**
 * When a dish put on the stop-list "until the next business day" comes back: the restaurant's next
 * opening time after today, in its time zone, skipping closed days; without opening hours (or with every day
 * closed), the next local midnight. In the early hours of a night that yesterday's hours run into (18:00–02:00,
 * now 00:30) "today" is still yesterday's business day, so the dish is back at today's opening.
 */
export function nextBusinessDayStart(openingHours: OpeningHours | null, timeZone: string, now: Date): Date {
  let today = dayIn(now, timeZone);
  if (openingHours) {
    const { minute } = weekdayMinuteIn(now, timeZone);
    const yesterday = addDays(today, -1);
    const hours = openingHours[weekdayOf(yesterday)];
    if (hours && !hours.closed && minutesOf(hours.close) <= minutesOf(hours.open)) {
      if (minute < minutesOf(hours.close)) today = yesterday;
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
