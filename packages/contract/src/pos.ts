import type { ItemStatus } from './enums.js';

/**
 * Point-of-sale rules shared by the server and the screens (zod-free): order kinds, courses, moved lines, PINs and
 * counted stock.
 */

/** DINE_IN at a table; TAKEAWAY rung up by staff without a table; PICKUP ordered by a guest from the pickup link. */
export const ORDER_KINDS = ['DINE_IN', 'TAKEAWAY', 'PICKUP'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** How a held course reaches the kitchen: fired by the waiter only, or also once the course before it is all READY. */
export const COURSE_FIRE_MODES = ['MANUAL', 'AFTER_PREVIOUS'] as const;
export type CourseFireMode = (typeof COURSE_FIRE_MODES)[number];

/**
 * Which lines placed together wait as held courses: every line whose course comes after the earliest course among
 * them (lines without a course never wait). A round of a starter and two mains sends the starter and holds the mains;
 * a round of mains alone sends them.
 */
export function heldLines(courses: readonly (number | null | undefined)[]): boolean[] {
  const given = courses.filter((c): c is number => typeof c === 'number');
  if (given.length === 0) return courses.map(() => false);
  const first = Math.min(...given);
  return courses.map((c) => typeof c === 'number' && c > first);
}

/** A line as it was moved between tables (order_moves.items): what the kitchen's "moved to table 7" notice lists. */
export interface MovedLine {
  itemId: number;
  name: string;
  names: { az: string; en: string; ru: string } | null;
  quantity: number;
  status: ItemStatus;
  kitchenDepartmentId: number | null;
}

/** A staff PIN: 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/;
/** Wrong PINs in a row a device takes before it refuses PINs for PIN_LOCK_MINUTES. */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 5;
/** The idle time (seconds) after which a device's screen locks: allowed range and default. */
export const DEVICE_LOCK_SECONDS = { min: 30, max: 3600, default: 120 } as const;
/** The request header a registered device sends its token in (GET /api/devices/me, POST /api/auth/pin). */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** The most portions a counted dish can be given (a day's stock, not a warehouse). */
export const STOCK_COUNT_MAX = 9999;
/** Guests see "N left" (when the owner shows it) once a counted dish is down to this many portions. */
export const STOCK_LEFT_SHOWN_BELOW = 10;

/**
 * What a guest menu shows of a counted dish's portions left: the count when the owner shows it and the dish is down to
 * STOCK_LEFT_SHOWN_BELOW or fewer portions, else null (a dish with plenty left, or uncounted, shows no number; a
 * dish at zero is sold out and off the menu).
 */
export function stockLeftShown(stockCount: number | null, showStockLeft: boolean): number | null {
  return showStockLeft && stockCount !== null && stockCount <= STOCK_LEFT_SHOWN_BELOW ? stockCount : null;
}

/** The seats a line may name at a table: 1..SEAT_MAX. */
export const SEAT_MAX = 20;

/**
 * The course a line is placed in: the one sent, else its category's default when the restaurant still names it,
 * else the first; null when the restaurant has no courses (`courseCount` 0).
 */
export function lineCourse(sent: number | null | undefined, categoryCourse: number | null, courseCount: number) {
  if (courseCount === 0) return null;
  if (sent !== null && sent !== undefined) return sent;
  return categoryCourse !== null && categoryCourse >= 1 && categoryCourse <= courseCount ? categoryCourse : 1;
}
