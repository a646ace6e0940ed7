import { z } from 'zod';
import { LANGUAGES, ROLES } from './enums.js';
import { restaurantNameCharactersOk, V } from './validation.js';
import type { DayHours } from './opening-hours.js';
import { COURSES_MAX } from './course-rules.js';
import { COURSE_FIRE_MODES, DEVICE_LOCK_SECONDS } from './pos.js';

const optionalCoordinate = (min: number, max: number, key: string) =>
  z.preprocess(
    (v) =>
      v === undefined || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v) : v,
    z.number({ error: key }).min(min, { error: key }).max(max, { error: key }).nullable(),
  );

/** Validation message keys of the restaurant form. */
export const EATERY_V = {
  /** Not a time zone of the list (Intl.supportedValuesOf('timeZone')). */
  timeZone: 'validation.timeZone',
  /** A time of day is HH:MM, 00:00..23:59. */
  timeOfDay: 'validation.timeOfDay',
  /** A whole number of minutes, 1..240. */
  kitchenMinutes: 'validation.kitchenMinutes',
  /** The red threshold must be later than the amber one. */
  kitchenMinutesOrder: 'validation.kitchenMinutesOrder',
  /** The tip limit is a whole percent 0..100 of the part paid. */
  tipMaxPercent: 'validation.tipMaxPercent',
  /** The service charge is a percentage 0..25 with at most 2 decimals. */
  serviceChargePercent: 'validation.serviceChargePercent',
  /** The VAT rate is a percentage 0..100 with at most 2 decimals. */
  vatRatePercent: 'validation.vatRatePercent',
  /** A taxpayer number (VÖEN) is 10 digits. */
  taxId: 'validation.taxId',
  /** The business day starts at a whole hour 0..11. */
  dayStartHour: 'validation.dayStartHour',
  /** A device's screen locks after DEVICE_LOCK_SECONDS.min..max whole seconds. */
  deviceLockSeconds: 'validation.deviceLockSeconds',
  /** A course needs a name in at least one language. */
  courseName: 'validation.courseName',
  /** At most COURSES_MAX courses. */
  coursesMax: 'validation.coursesMax',
} as const;

/** The service charge's name when the owner gave none for a language. */
export const DEFAULT_SERVICE_CHARGE_NAMES = { az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' } as const;

/** Azerbaijan's VAT rate, in hundredths of a percent: what a new VAT payer starts with. */
export const DEFAULT_VAT_RATE_BP = 1800;

/** The highest service charge a restaurant may set, in percent. */
export const MAX_SERVICE_CHARGE_PERCENT = 25;

/** The latest hour a business day may start at (a day starting at noon would split a lunch service). */
export const MAX_DAY_START_HOUR = 11;

/** A percentage 0..max with at most 2 decimals, as hundredths of a percent (10 → 1000, 12.5 → 1250). */
const percentBp = (max: number, key: string) =>
  z
    .number({ error: key })
    .min(0, { error: key })
    .max(max, { error: key })
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: key,
    })
    .transform((v) => Math.round(v * 100));

/** A service charge name: blank takes the default name of that language. */
const chargeName = z.string({ error: V.invalid }).trim().max(40, { error: V.tooLong });

/** A course's name in one language (blank: the course is named in another language). */
const courseNameText = z.string({ error: V.invalid }).trim().max(40, { error: V.tooLong });

/** The restaurant's courses in serving order, each named in at least one language. */
const coursesField = z
  .array(
    z
      .object({ az: courseNameText, en: courseNameText, ru: courseNameText }, { error: V.invalid })
      .refine((c) => c.az !== '' || c.en !== '' || c.ru !== '', { path: ['az'], error: EATERY_V.courseName }),
    { error: V.invalid },
  )
  .max(COURSES_MAX, { error: EATERY_V.coursesMax });

/** The largest tip a bill takes when the restaurant set no limit of its own: as much again as the part paid. */
export const DEFAULT_TIP_MAX_PERCENT = 100;

const kitchenMinutes = z
  .number({ error: EATERY_V.kitchenMinutes })
  .int({ error: EATERY_V.kitchenMinutes })
  .min(1, { error: EATERY_V.kitchenMinutes })
  .max(240, { error: EATERY_V.kitchenMinutes });

// ---- Restaurant settings --------------------------------------------------------------------------------------

/** The restaurant's time zone when none is set. */
export const DEFAULT_TIME_ZONE = 'Asia/Baku';

/** Currencies a restaurant can show prices in. Only the shown code changes: amounts stay exact decimals. */
export const CURRENCIES = ['AZN', 'USD', 'EUR', 'RUB', 'TRY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'AZN';

let zoneList: Set<string> | null = null;
/**
 * The time zones a restaurant may pick: the runtime's IANA list (Intl.supportedValuesOf) and UTC, which some runtimes
 * leave out of it.
 */
export function timeZoneList(): string[] {
  if (!zoneList) {
    const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
    zoneList = new Set([...(intl.supportedValuesOf?.('timeZone') ?? []), 'UTC']);
  }
  return [...zoneList];
}

/**
 * The name to store for a time zone, or null when it is not one of `timeZoneList()`. Another spelling the runtime
 * resolves to a listed zone ('asia/baku', or 'Asia/Kolkata' where the list says 'Asia/Calcutta') gives the listed
 * name, so a browser and a server whose lists differ a little still agree.
 */
export function canonicalTimeZone(tz: string): string | null {
  const list = timeZoneList();
  if (list.includes(tz)) return tz;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // A runtime without supportedValuesOf: whatever it accepts.
  if (list.length === 1) return resolved;
  return list.includes(resolved) ? resolved : null;
}

/** Days of the opening hours, in order: index 0 is Monday. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const TIME_OF_DAY_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z.string({ error: EATERY_V.timeOfDay }).regex(TIME_OF_DAY_RE, { error: EATERY_V.timeOfDay });

/** One weekday's hours (see opening-hours.ts for what they mean). */
export const dayHours = z.object({
  closed: z.boolean({ error: V.invalid }),
  open: timeOfDay,
  close: timeOfDay,
}) satisfies z.ZodType<DayHours>;

/** Seven days, Monday first; null: hours not given. */
export const openingHoursField = z.array(dayHours, { error: V.invalid }).length(7, { error: V.invalid }).nullable();

/** A time zone in a request: '' or missing keeps the stored one; else it must be on the list (stored canonical). */
const timeZoneField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: EATERY_V.timeZone })
    .max(64, { error: EATERY_V.timeZone })
    .transform((tz, ctx) => {
      const canonical = canonicalTimeZone(tz);
      if (canonical) return canonical;
      ctx.addIssue({ code: 'custom', message: EATERY_V.timeZone });
      return z.NEVER;
    })
    .optional(),
);

/** Restaurant form and POST/PUT /api/eatery body. Blank phones are dropped; at least one must stay. */
export const eateryBody = z
  .object({
    name: z
      .string({ error: V.required })
      .trim()
      .min(1, { error: V.required })
      .max(100, { error: V.tooLong })
      // The characters registration refuses (markup, control characters); existing short names stay editable.
      .refine(restaurantNameCharactersOk, { error: V.restaurantName }),
    address: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(255, { error: V.tooLong }),
    phones: z
      .array(z.string({ error: V.invalid }).max(40, { error: V.tooLong }), { error: V.required })
      .max(10, { error: V.tooLong })
      .transform((list) => list.map((p) => p.trim()).filter((p) => p.length > 0))
      .pipe(z.array(z.string()).min(1, { error: V.required })),
    geoLat: optionalCoordinate(-90, 90, V.latitude).optional(),
    geoLng: optionalCoordinate(-180, 180, V.longitude).optional(),
    /** IANA name (default Asia/Baku): the orders board's days, reports, receipts and guest pages use it. */
    timeZone: timeZoneField.optional(),
    /** Language of printed receipts (staff paperwork). */
    language: z.enum(LANGUAGES, { error: V.invalid }).optional(),
    /** The language a guest's menu opens in, until the guest picks one (a separate choice from receipts'). */
    guestLanguage: z.enum(LANGUAGES, { error: V.invalid }).optional(),
    /** The currency code shown beside prices. Left out: kept. */
    currency: z.enum(CURRENCIES, { error: V.invalid }).optional(),
    /** Seven days, Monday first; null clears them; left out: kept. */
    openingHours: openingHoursField.optional(),
    /**
     * Guests order only within the opening hours (when hours are given): outside them a guest order is refused with
     * 409 `closedNow`; staff orders are not bound. New restaurants: on. Left out: kept.
     */
    ordersWithinHours: z.boolean({ error: V.invalid }).optional(),
    /**
     * Guest orders must present their table's QR key. Turning it on gives every table without a key one
     * (their QR codes change: reprint them). Left out: kept.
     */
    tableKeysRequired: z.boolean({ error: V.invalid }).optional(),
    /** New guest orders wait in NEEDS_CONFIRMATION until staff accept or reject them. Left out: kept. */
    confirmGuestOrders: z.boolean({ error: V.invalid }).optional(),
    /** Kitchen display thresholds in minutes (1..240): a ticket turns amber, then red (amber < red). */
    kitchenAmberMinutes: kitchenMinutes.optional(),
    kitchenRedMinutes: kitchenMinutes.optional(),
    /** The largest tip, in whole percent of the part paid (0 takes no tips). */
    tipMaxPercent: z
      .number({ error: EATERY_V.tipMaxPercent })
      .int({ error: EATERY_V.tipMaxPercent })
      .min(0, { error: EATERY_V.tipMaxPercent })
      .max(100, { error: EATERY_V.tipMaxPercent })
      .optional(),
    /**
     * The service charge in percent (0..25, 2 decimals; 0: none), added to each dine-in order's total after discount
     * and stated to guests before they order. Orders keep the rate they were placed under. Left out: kept.
     */
    serviceChargePercent: percentBp(MAX_SERVICE_CHARGE_PERCENT, EATERY_V.serviceChargePercent).optional(),
    /** Its name per language (blank: the default name). Left out: kept. */
    serviceChargeNames: z
      .object({ az: chargeName, en: chargeName, ru: chargeName }, { error: V.invalid })
      .transform((n) => ({
        az: n.az || DEFAULT_SERVICE_CHARGE_NAMES.az,
        en: n.en || DEFAULT_SERVICE_CHARGE_NAMES.en,
        ru: n.ru || DEFAULT_SERVICE_CHARGE_NAMES.ru,
      }))
      .optional(),
    /** The service charge applies to takeaway orders too (default: dine-in only). Left out: kept. */
    serviceChargeTakeaway: z.boolean({ error: V.invalid }).optional(),
    /** A VAT payer: receipts and the Z report show the VAT the prices include. Left out: kept. */
    vatPayer: z.boolean({ error: V.invalid }).optional(),
    /** The VAT rate in percent (default 18). Menu prices include it. Left out: kept. */
    vatRatePercent: percentBp(100, EATERY_V.vatRatePercent).optional(),
    /** The taxpayer number (VÖEN, 10 digits) printed on receipts; '' clears it. Left out: kept. */
    taxId: z
      .string({ error: EATERY_V.taxId })
      .trim()
      .regex(/^(\d{10})?$/, { error: EATERY_V.taxId })
      .optional(),
    /** A few lines at the foot of every receipt. Left out: kept. */
    receiptFooter: z.string({ error: V.invalid }).trim().max(300, { error: V.tooLong }).optional(),
    /** The local hour the business day starts at (0..11): the Z report's day and the orders' numbers follow it. */
    dayStartHour: z
      .number({ error: EATERY_V.dayStartHour })
      .int({ error: EATERY_V.dayStartHour })
      .min(0, { error: EATERY_V.dayStartHour })
      .max(MAX_DAY_START_HOUR, { error: EATERY_V.dayStartHour })
      .optional(),
    /** A registered device's screen locks after this many seconds without a touch. Left out: kept. */
    deviceLockSeconds: z
      .number({ error: EATERY_V.deviceLockSeconds })
      .int({ error: EATERY_V.deviceLockSeconds })
      .min(DEVICE_LOCK_SECONDS.min, { error: EATERY_V.deviceLockSeconds })
      .max(DEVICE_LOCK_SECONDS.max, { error: EATERY_V.deviceLockSeconds })
      .optional(),
    /**
     * The courses in serving order (at most COURSES_MAX; [] : none, every line goes to the kitchen at once). A
     * category whose default course is no longer named falls back to the first. Left out: kept.
     */
    courses: coursesField.optional(),
    /** MANUAL: the waiter fires each held course; AFTER_PREVIOUS: also once the course before it is READY. */
    courseFireMode: z.enum(COURSE_FIRE_MODES, { error: V.invalid }).optional(),
    /** Guests may order for pickup from the restaurant-wide link and QR code. Left out: kept. */
    pickupEnabled: z.boolean({ error: V.invalid }).optional(),
    /** Guests see "N left" on dishes with a counted stock. Left out: kept. */
    showStockLeft: z.boolean({ error: V.invalid }).optional(),
  })
  .refine(
    (b) =>
      b.kitchenAmberMinutes === undefined ||
      b.kitchenRedMinutes === undefined ||
      b.kitchenAmberMinutes < b.kitchenRedMinutes,
    { path: ['kitchenRedMinutes'], error: EATERY_V.kitchenMinutesOrder },
  );
export type EateryBody = z.input<typeof eateryBody>;

export const eateryResponse = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  phones: z.array(z.string()),
  phone: z.string().nullable(),
  geoLat: z.number().nullable(),
  geoLng: z.number().nullable(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  guestLanguage: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
  openingHours: z.array(dayHours).nullable(),
  /** Guests order only within the opening hours (no effect while no hours are given). */
  ordersWithinHours: z.boolean(),
  tableKeysRequired: z.boolean(),
  confirmGuestOrders: z.boolean(),
  /** The logo's URL (it carries the content hash, so it changes with the logo), or null. */
  logo: z.string().nullable(),
  kitchenAmberMinutes: z.number(),
  kitchenRedMinutes: z.number(),
  tipMaxPercent: z.number(),
  /** Percent (10.5 = 10.5 %), 0 when none. */
  serviceChargePercent: z.number(),
  serviceChargeNames: z.object({ az: z.string(), en: z.string(), ru: z.string() }),
  serviceChargeTakeaway: z.boolean(),
  vatPayer: z.boolean(),
  /** Percent (18 = 18 %). */
  vatRatePercent: z.number(),
  taxId: z.string(),
  receiptFooter: z.string(),
  dayStartHour: z.number(),
  deviceLockSeconds: z.number(),
  /** Course n of an order line is entry n - 1; [] : no courses. */
  courses: z.array(z.object({ az: z.string(), en: z.string(), ru: z.string() })),
  courseFireMode: z.enum(COURSE_FIRE_MODES),
  pickupEnabled: z.boolean(),
  showStockLeft: z.boolean(),
  ownerId: z.number(),
  roles: z.array(z.enum(ROLES)),
});
export type Eatery = z.infer<typeof eateryResponse>;
