import { z } from 'zod';
import { OPTION_V } from './menu-rules.js';
import { V } from './validation.js';

/**
 * Requests and responses of dish options and availability hours; the rules themselves (valid choice,
 * price, open now) are zod-free in menu-rules.ts.
 *
 * - Dish create/update (`dishData`) carries `optionGroups` (the whole list; omitted on update: kept) and
 *   `availableHours` (null: always; omitted on update: kept). Category create/update carries `availableHours`.
 * - Ids of groups and options: send the id of an existing one to keep it (orders refer to it), leave it out for a
 *   new one; the server numbers new ones (unique within the dish). "Copy a group from another dish" = send the
 *   group without ids.
 */

export const OPTION_LIMITS = { groups: 10, optionsPerGroup: 30, maxChoices: 30 } as const;

const NAME_MAX = 100;
const optionName = z
  .string({ error: V.invalid })
  .trim()
  .max(NAME_MAX, { error: V.tooLong })
  .nullish()
  .transform((v) => v ?? '');
const names = { nameAz: optionName, nameEn: optionName, nameRu: optionName };
const hasName = (v: { nameAz: string; nameEn: string; nameRu: string }) => !!(v.nameAz || v.nameEn || v.nameRu);

/** Optional id of an existing group/option: a positive integer. */
const keptId = z.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }).optional();

const DELTA_RE = /^\d{1,6}(\.\d{1,2})?$/;
/** A price delta ≥ 0 with at most 2 decimals (number or string, ',' accepted); output a number. */
export const priceDeltaField = z
  .union([z.number(), z.string()], { error: OPTION_V.optionPrice })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return 0;
    const s = typeof v === 'number' ? String(v) : v.trim().replace(',', '.');
    if (!DELTA_RE.test(s)) {
      ctx.addIssue({ code: 'custom', message: OPTION_V.optionPrice });
      return z.NEVER;
    }
    return Number(s);
  });

export const dishOptionInput = z
  .object({
    id: keptId,
    ...names,
    priceDelta: priceDeltaField,
    available: z.boolean({ error: V.invalid }).optional().default(true),
  })
  .refine(hasName, { path: ['nameAz'], error: OPTION_V.optionNameRequired });

const choices = z.number({ error: OPTION_V.optionGroupRange }).int({ error: OPTION_V.optionGroupRange });

export const dishOptionGroupInput = z
  .object({
    id: keptId,
    ...names,
    minChoices: choices.min(0, { error: OPTION_V.optionGroupRange }),
    maxChoices: choices
      .min(1, { error: OPTION_V.optionGroupRange })
      .max(OPTION_LIMITS.maxChoices, { error: OPTION_V.optionGroupRange }),
    options: z
      .array(dishOptionInput, { error: V.invalid })
      .min(1, { error: OPTION_V.optionGroupEmpty })
      .max(OPTION_LIMITS.optionsPerGroup, { error: V.tooLong }),
  })
  .refine(hasName, { path: ['nameAz'], error: OPTION_V.optionNameRequired })
  .refine((g) => g.minChoices <= g.maxChoices && g.minChoices <= g.options.length, {
    path: ['minChoices'],
    error: OPTION_V.optionGroupRange,
  });

/** `optionGroups` of dishData: at most 10 groups. */
export const optionGroupsField = z
  .array(dishOptionGroupInput, { error: V.invalid })
  .max(OPTION_LIMITS.groups, { error: V.tooLong });
export type DishOptionGroupInput = z.input<typeof dishOptionGroupInput>;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: V.invalid }).regex(TIME_RE, { error: V.invalid });

/** Availability hours (see AvailabilityHours in menu-rules.ts); null: no limit. */
export const availableHoursField = z
  .object({
    days: z
      .array(z.number({ error: V.invalid }).int({ error: V.invalid }).min(0, { error: V.invalid }).max(6), {
        error: V.invalid,
      })
      .min(1, { error: OPTION_V.availabilityDays })
      .max(7, { error: V.invalid })
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    from: time,
    to: time,
  })
  .nullable();

// ---- Responses ------------------------------------------------------------------------------------------------

const namesResponse = { nameAz: z.string(), nameEn: z.string(), nameRu: z.string() };

export const dishOptionResponse = z.object({
  id: z.number(),
  ...namesResponse,
  priceDelta: z.number(),
  available: z.boolean(),
});
export const dishOptionGroupResponse = z.object({
  id: z.number(),
  ...namesResponse,
  minChoices: z.number(),
  maxChoices: z.number(),
  options: z.array(dishOptionResponse),
});
export const availableHoursResponse = z
  .object({ days: z.array(z.number()), from: z.string(), to: z.string() })
  .nullable();

const langNames = z.object({ az: z.string(), en: z.string(), ru: z.string() });
/** An order item's chosen option as it was at ordering time (OrderItemOption). */
export const orderItemOptionResponse = z.object({
  groupId: z.number(),
  optionId: z.number(),
  groupNames: langNames,
  names: langNames,
  priceDelta: z.number(),
});

/** Option ids chosen for an order item (at most 60, each a positive integer); omitted: none. */
export const optionIdsField = z
  .array(z.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid }), {
    error: V.invalid,
  })
  .max(60, { error: V.tooLong })
  .optional();
