import { z } from 'zod';
import { LANGUAGES, ROLES } from './enums.js';
import { V } from './validation.js';

const optionalCoordinate = (min: number, max: number, key: string) =>
  z.preprocess(
    (v) =>
      v === undefined || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? Number(v) : v,
    z.number({ error: key }).min(min, { error: key }).max(max, { error: key }).nullable(),
  );

/** Restaurant form and POST/PUT /api/eatery body. Blank phones are dropped; at least one must stay. */
/** Validation message keys of the restaurant form. */
export const EATERY_V = {
  /** A whole number of minutes, 1..240. */
  kitchenMinutes: 'validation.kitchenMinutes',
  /** The red threshold must be later than the amber one. */
  kitchenMinutesOrder: 'validation.kitchenMinutesOrder',
} as const;

const kitchenMinutes = z
  .number({ error: EATERY_V.kitchenMinutes })
  .int({ error: EATERY_V.kitchenMinutes })
  .min(1, { error: EATERY_V.kitchenMinutes })
  .max(240, { error: EATERY_V.kitchenMinutes });

export const eateryBody = z
  .object({
    name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
    address: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(255, { error: V.tooLong }),
    phones: z
      .array(z.string({ error: V.invalid }).max(40, { error: V.tooLong }), { error: V.required })
      .max(10, { error: V.tooLong })
      .transform((list) => list.map((p) => p.trim()).filter((p) => p.length > 0))
      .pipe(z.array(z.string()).min(1, { error: V.required })),
    geoLat: optionalCoordinate(-90, 90, V.latitude).optional(),
    geoLng: optionalCoordinate(-180, 180, V.longitude).optional(),
    timeZone: z.string().max(64).optional(),
    /** Language of printed receipts. */
    language: z.enum(LANGUAGES, { error: V.invalid }).optional(),
    /** Kitchen display thresholds in minutes (1..240): a ticket turns amber, then red (amber < red). */
    kitchenAmberMinutes: kitchenMinutes.optional(),
    kitchenRedMinutes: kitchenMinutes.optional(),
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
  kitchenAmberMinutes: z.number(),
  kitchenRedMinutes: z.number(),
  ownerId: z.number(),
  roles: z.array(z.enum(ROLES)),
});
export type Eatery = z.infer<typeof eateryResponse>;
