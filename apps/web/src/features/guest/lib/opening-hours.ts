import type { GuestMenu } from '@qr-menu/contract';
import { weekdayMinuteIn } from '@qr-menu/contract/constants';

type Hours = NonNullable<GuestMenu['openingHours']>;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Today's opening hours in the header, in the restaurant's time zone: open until when, or closed and when
 * it opens next. A day's hours that pass midnight (close at or before open) run into the next morning.
 */
export type OpenState =
  { open: true; until: string } | { open: false; opens: { inDays: number; weekday: number; time: string } | null };

export function openState(hours: Hours | null | undefined, timeZone: string, at: Date): OpenState | null {
  if (!hours || hours.length !== 7) return null;
  const { weekday, minute } = weekdayMinuteIn(at, timeZone);
  const today = hours[weekday];
  const yesterday = hours[(weekday + 6) % 7];
  if (yesterday && !yesterday.closed) {
    const open = minutesOf(yesterday.open);
    const close = minutesOf(yesterday.close);
    if (close <= open && minute < close) return { open: true, until: yesterday.close };
  }
  if (today && !today.closed) {
    const open = minutesOf(today.open);
    const close = minutesOf(today.close);
    if (minute >= open && (close <= open || minute < close)) return { open: true, until: today.close };
    if (minute < open) return { open: false, opens: { inDays: 0, weekday, time: today.open } };
  }
  for (let inDays = 1; inDays <= 7; inDays++) {
    const day = (weekday + inDays) % 7;
    if (!hours[day].closed) return { open: false, opens: { inDays, weekday: day, time: hours[day].open } };
  }
  return { open: false, opens: null };
}
