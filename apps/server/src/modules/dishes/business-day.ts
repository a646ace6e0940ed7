import { addDays, businessDayAt, dayIn, nextOpeningAfter, zonedInstant, type OpeningHours } from '@qr-menu/contract';

/**
 * When a dish put on the stop-list "until the next business day" comes back: the restaurant's next
 * opening time after today, in its time zone, skipping closed days; without opening hours (or with every day
 * closed), the next local midnight. In the early hours of a night that yesterday's hours run into (18:00–02:00,
 * now 00:30) "today" is still yesterday's business day, so the dish is back at today's opening.
 */
export function nextBusinessDayStart(openingHours: OpeningHours | null, timeZone: string, now: Date): Date {
  const today = openingHours ? businessDayAt(openingHours, timeZone, now) : dayIn(now, timeZone);
  const tomorrow = addDays(today, 1);
  return (
    (openingHours && nextOpeningAfter(openingHours, timeZone, now, tomorrow)) ??
    zonedInstant(tomorrow, '00:00', timeZone)
  );
}
