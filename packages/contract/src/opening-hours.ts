import { addDays, dayIn, weekdayMinuteIn, weekdayOf, zonedInstant } from './zoned-time.js';

/**
 * A restaurant's opening hours, zod-free so that the server and the guest pages apply the same rule: is it open at
 * an instant, until when, and when does it open next. The request schemas are in eatery.ts.
 *
 * One weekday's hours: `open`–`close` ('HH:MM') in the restaurant's time zone. A close time at or before the open
 * time runs past midnight into the next day (18:00–02:00); the same time for both means open round the clock.
 * `closed`: not open that day (the times are kept for the form).
 */
export interface DayHours {
  closed: boolean;
  open: string;
  close: string;
}

/** Seven days, Monday first (index 0 = Monday, as `weekdayMinuteIn` counts them). */
export type OpeningHours = DayHours[];

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Does a day's hours run past midnight into the next day? */
const pastMidnight = (day: DayHours) => minutesOf(day.close) <= minutesOf(day.open);

/**
 * Is a local weekday and minute in the night that yesterday's hours run into (18:00–02:00, now 00:30)? Such early
 * hours belong to yesterday's hours even when today is a closed day.
 */
function inYesterdaysNight(hours: OpeningHours, weekday: number, minute: number): DayHours | null {
  const yesterday = hours[(weekday + 6) % 7];
  if (!yesterday || yesterday.closed || !pastMidnight(yesterday)) return null;
  return minute < minutesOf(yesterday.close) ? yesterday : null;
}

/** Whether the restaurant is open at an instant, and until when ('HH:MM') or from when it opens again. */
export type OpeningState = { open: true; until: string } | { open: false; opensAt: Date | null };

/**
 * The restaurant at `at` (in its time zone): open until a local 'HH:MM', or closed with the instant it opens next
 * (null when every day is closed). Open from the open time (included) to the close time (excluded).
 */
export function openingStateAt(hours: OpeningHours, timeZone: string, at: Date): OpeningState {
  const { weekday, minute } = weekdayMinuteIn(at, timeZone);
  const night = inYesterdaysNight(hours, weekday, minute);
  if (night) return { open: true, until: night.close };
  const today = hours[weekday];
  if (today && !today.closed && minute >= minutesOf(today.open)) {
    if (pastMidnight(today) || minute < minutesOf(today.close)) return { open: true, until: today.close };
  }
  return { open: false, opensAt: nextOpeningAfter(hours, timeZone, at) };
}

/** Is the restaurant open at `at` (its own time zone)? Null hours (not given) count as open. */
export function isOpenAt(hours: OpeningHours | null, timeZone: string, at: Date): boolean {
  return !hours || openingStateAt(hours, timeZone, at).open;
}

/**
 * The first opening time later than `after`, looking at `fromDay` (YYYY-MM-DD in the restaurant's zone; default:
 * the day of `after`) and the week after it, skipping closed days; null when every day is closed.
 */
export function nextOpeningAfter(
  hours: OpeningHours,
  timeZone: string,
  after: Date,
  fromDay: string = dayIn(after, timeZone),
): Date | null {
  for (let inDays = 0; inDays <= 7; inDays++) {
    const day = addDays(fromDay, inDays);
    const dayHours = hours[weekdayOf(day)];
    if (!dayHours || dayHours.closed) continue;
    const start = zonedInstant(day, dayHours.open, timeZone);
    if (start > after) return start;
  }
  return null;
}

/**
 * The calendar day (YYYY-MM-DD) whose hours `at` belongs to: yesterday in the night yesterday's hours run into,
 * else today (the stop-list's "until the next business day" counts from it).
 */
export function businessDayAt(hours: OpeningHours, timeZone: string, at: Date): string {
  const today = dayIn(at, timeZone);
  const { weekday, minute } = weekdayMinuteIn(at, timeZone);
  return inYesterdaysNight(hours, weekday, minute) ? addDays(today, -1) : today;
}

/** The restaurant settings that decide whether guests may order at a given time. */
export interface GuestOrderHours {
  /** The owner's switch "guests order only within opening hours". */
  ordersWithinHours: boolean;
  openingHours: OpeningHours | null;
  timeZone: string;
}

/**
 * Null when guests may order at `at`: the switch is off, no hours are given, or the restaurant is open. Otherwise
 * guest orders are refused (staff orders never are) and `opensAt` says when they are taken again (null: every day
 * is closed).
 */
export function guestOrdersClosedAt(settings: GuestOrderHours, at: Date): { opensAt: Date | null } | null {
  if (!settings.ordersWithinHours || !settings.openingHours) return null;
  const state = openingStateAt(settings.openingHours, settings.timeZone, at);
  return state.open ? null : { opensAt: state.opensAt };
}
