import { toCents } from './money.js';
import { weekdayMinuteIn } from './zoned-time.js';

/**
 * Dish options and availability hours, zod-free so that guest pages can use the same rules as the server:
 * which option choices are valid, what they add to the price, and whether a dish can be ordered right now.
 * The zod schemas of requests and responses are in menu-options.ts.
 */

/** Validation keys of option choices and availability (the web translates them like the `V` keys). */
export const OPTION_V = {
  /** A required group has no choice ("Please choose a size"). */
  optionRequired: 'validation.optionRequired',
  /** More choices in a group than its maximum. */
  optionTooMany: 'validation.optionTooMany',
  /** An option id that is not an option of this dish (or given twice). */
  optionUnknown: 'validation.optionUnknown',
  /** The option exists but is not available. */
  optionUnavailable: 'validation.optionUnavailable',
  /** Admin form: a group's min/max do not fit (0 ≤ min ≤ max, max ≥ 1, min ≤ number of options). */
  optionGroupRange: 'validation.optionGroupRange',
  /** Admin form: a group needs at least one option. */
  optionGroupEmpty: 'validation.optionGroupEmpty',
  /** Admin form: a group or option needs a name in at least one language. */
  optionNameRequired: 'validation.optionNameRequired',
  /** Admin form: a price delta is not a number ≥ 0 with at most 2 decimals. */
  optionPrice: 'validation.optionPrice',
  /** The dish is outside its availability hours (or its category's) right now. */
  dishNotNow: 'validation.dishNotNow',
  /** Availability hours: at least one weekday. */
  availabilityDays: 'validation.availabilityDays',
} as const;

/** One choice of a group, e.g. "0.5 L" +1.50. */
export interface DishOption {
  /** Unique within the dish; kept across edits of the dish. */
  id: number;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  /** Added to the dish's price, in the restaurant's currency: a number ≥ 0 with at most 2 decimals. */
  priceDelta: number;
  available: boolean;
}

/** A group of options, e.g. "Size" (min 1, max 1: one required choice), "Extras" (min 0, max 3). */
export interface DishOptionGroup {
  /** Unique within the dish; kept across edits of the dish. */
  id: number;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  minChoices: number;
  maxChoices: number;
  options: DishOption[];
}

/** What an order item keeps of each chosen option, as it was at ordering time. */
export interface OrderItemOption {
  groupId: number;
  optionId: number;
  groupNames: { az: string; en: string; ru: string };
  names: { az: string; en: string; ru: string };
  priceDelta: number;
}

export interface OptionProblem {
  /** The group the problem is about, or null for an option id that belongs to no group of the dish. */
  groupId: number | null;
  messageKey: string;
}

/**
 * Problems of a choice of option ids for a dish with these groups; [] when it is valid: every id an option of the
 * dish (once), every chosen option available, and each group within its min..max.
 */
export function checkOptionChoice(groups: readonly DishOptionGroup[], optionIds: readonly number[]): OptionProblem[] {
  const problems: OptionProblem[] = [];
  const groupOf = new Map<number, DishOptionGroup>();
  for (const g of groups) for (const o of g.options) groupOf.set(o.id, g);
  const seen = new Set<number>();
  for (const id of optionIds) {
    if (seen.has(id) || !groupOf.has(id)) problems.push({ groupId: null, messageKey: OPTION_V.optionUnknown });
    seen.add(id);
  }
  for (const g of groups) {
    const chosen = g.options.filter((o) => seen.has(o.id));
    if (chosen.some((o) => !o.available)) problems.push({ groupId: g.id, messageKey: OPTION_V.optionUnavailable });
    if (chosen.length < g.minChoices) problems.push({ groupId: g.id, messageKey: OPTION_V.optionRequired });
    if (chosen.length > g.maxChoices) problems.push({ groupId: g.id, messageKey: OPTION_V.optionTooMany });
  }
  return problems;
}

/** The chosen options (in the dish's group and option order) as an order item keeps them. */
export function chosenOptions(groups: readonly DishOptionGroup[], optionIds: readonly number[]): OrderItemOption[] {
  const ids = new Set(optionIds);
  return groups.flatMap((g) =>
    g.options
      .filter((o) => ids.has(o.id))
      .map((o) => ({
        groupId: g.id,
        optionId: o.id,
        groupNames: { az: g.nameAz, en: g.nameEn, ru: g.nameRu },
        names: { az: o.nameAz, en: o.nameEn, ru: o.nameRu },
        priceDelta: o.priceDelta,
      })),
  );
}

/** Unit price in integer cents: the dish's price plus the deltas of the chosen options. */
export function unitPriceCents(price: string | number, options: readonly { priceDelta: number }[]): number {
  return options.reduce((sum, o) => sum + toCents(o.priceDelta), toCents(price));
}

// ---- Availability hours -----------------------------------------------------------------------------------------

/**
 * When a category or dish can be ordered, in the restaurant's time zone: on `days` (0 = Monday … 6 = Sunday, as
 * WEEKDAYS) from `from` to `to` ('HH:MM'). A `to` at or before `from` runs past midnight into the next day
 * (22:00–02:00 on Friday covers Saturday 00:00–02:00); the same time for both means the whole day.
 */
export interface AvailabilityHours {
  days: number[];
  from: string;
  to: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Is a local weekday and minute inside the hours? Null hours: always. */
export function isWithinHours(hours: AvailabilityHours | null | undefined, weekday: number, minute: number): boolean {
  if (!hours) return true;
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  const yesterday = (weekday + 6) % 7;
  if (from === to) return hours.days.includes(weekday);
  if (to > from) return hours.days.includes(weekday) && minute >= from && minute < to;
  return (hours.days.includes(weekday) && minute >= from) || (hours.days.includes(yesterday) && minute < to);
}

/** Can something with these hours be ordered at `at`? */
export function isAvailableAt(hours: AvailabilityHours | null | undefined, timeZone: string, at: Date): boolean {
  if (!hours) return true;
  const { weekday, minute } = weekdayMinuteIn(at, timeZone);
  return isWithinHours(hours, weekday, minute);
}

/**
 * When the hours next begin after `at` (the guest menu's greyed "from 08:00"): `inDays` 0 for later today, 1 for
 * tomorrow …, and the local time 'HH:MM'; null when the hours have no days.
 */
export function nextAvailableStart(
  hours: AvailabilityHours,
  timeZone: string,
  at: Date,
): { inDays: number; weekday: number; time: string } | null {
  if (hours.days.length === 0) return null;
  const { weekday, minute } = weekdayMinuteIn(at, timeZone);
  const from = minutesOf(hours.from);
  for (let inDays = 0; inDays <= 7; inDays++) {
    const day = (weekday + inDays) % 7;
    if (hours.days.includes(day) && (inDays > 0 || from > minute)) return { inDays, weekday: day, time: hours.from };
  }
  return null;
}
