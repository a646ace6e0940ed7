import { z } from 'zod';
import { dietaryTagsField, dietaryTagsResponse } from './dietary-tags.js';
import type { LocalizedTexts } from './localize.js';
import {
  availableHoursField,
  availableHoursResponse,
  dishOptionGroupResponse,
  optionGroupsField,
} from './menu-options.js';
import { pathId, V } from './validation.js';
import { COURSES_MAX } from './course-rules.js';

/**
 * Menu management (categories, dishes, predefined catalogue, kitchen departments): requests,
 * responses and validation. Messages are i18n keys; the menu adds the keys of `MENU_V` to those of `V`.
 *
 * Category and dish create/update are `multipart/form-data` with a part `data` (the JSON of
 * `categoryData` / `dishData`, as a text field or as a JSON blob) and an optional file part `image`.
 * To remove an image on update send `removeImage: true` (or `image: null`); omit both to keep it.
 */
export const MENU_V = {
  /** 'Please fill at least one language name' (category). */
  categoryNameRequired: 'validation.categoryNameRequired',
  /** At least one language name (dish). */
  dishNameRequired: 'validation.dishNameRequired',
  /** 'Please enter a valid price': a number > 0 with at most 2 decimals (at most 99999999.99). */
  price: 'validation.price',
  /** 'Please select at least one …' (predefined categories, template dishes). */
  selectAtLeastOne: 'validation.selectAtLeastOne',
  /** A category's default course must be one the restaurant names. */
  courseUnknown: 'validation.courseUnknown',
} as const;

/** A positive integer id (number or numeric string) that fits the database. */
export const menuId = pathId;

/** An id as JSON carries it: a number or a string of plain decimal digits. */
const idInput = pathId;
/** Optional id; '' counts as absent. */
const optionalId = z
  .union([idInput, z.literal('')], { error: V.invalid })
  .optional()
  .transform((v) => (v === '' ? undefined : v));
/** Optional, nullable id; '' counts as null. */
const nullableId = z
  .union([idInput, z.literal(''), z.null()], { error: V.invalid })
  .optional()
  .transform((v) => (v === '' ? null : v));

/** An optional text: trimmed; missing or null becomes ''. */
const text = (max: number) =>
  z
    .string({ error: V.invalid })
    .trim()
    .max(max, { error: V.tooLong })
    .nullish()
    .transform((v) => v ?? '');

const NAME_MAX = 255;
const DESCRIPTION_MAX = 2000;

const PRICE_RE = /^\d{1,8}(\.\d{1,2})?$/;

/**
 * Price: a number or numeric string ('12', '12.5', '12,50'), > 0, at most 2 decimals.
 * Output: a decimal string with exactly 2 decimals ('12.50'), ready for a numeric(10,2) column.
 */
export const priceField = z.union([z.number(), z.string()], { error: MENU_V.price }).transform((v, ctx) => {
  const s = (typeof v === 'number' ? String(v) : v.trim().replace(',', '.')).replace(/^\+/, '');
  if (!PRICE_RE.test(s)) {
    ctx.addIssue({ code: 'custom', message: MENU_V.price });
    return z.NEVER;
  }
  const [whole, frac = ''] = s.split('.');
  const normalized = `${BigInt(whole).toString()}.${frac.padEnd(2, '0')}`;
  if (/^0\.00$/.test(normalized)) {
    ctx.addIssue({ code: 'custom', message: MENU_V.price });
    return z.NEVER;
  }
  return normalized;
});

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: V.invalid })
  .transform((v) => v === true || v === 'true');

/** Optional image removal flags shared by category and dish data. */
const imageFlags = {
  /** On update: true removes the current image. */
  removeImage: booleanField.optional(),
  /** On update: null removes the current image; any string (e.g. the current URL) is ignored. */
  image: z.string().nullable().optional(),
};

const names = { nameAz: text(NAME_MAX), nameEn: text(NAME_MAX), nameRu: text(NAME_MAX) };
const descriptions = {
  descriptionAz: text(DESCRIPTION_MAX),
  descriptionEn: text(DESCRIPTION_MAX),
  descriptionRu: text(DESCRIPTION_MAX),
};
/** The six menu texts of a dish as a request carries them (trimmed; missing becomes ''). */
export const localizedTexts = z.object({ ...names, ...descriptions });
// The zod block and the zod-free `LocalizedTexts` of localize.ts describe the same fields.
true satisfies z.output<typeof localizedTexts> extends LocalizedTexts ? true : never;
const NAME_KEYS = ['nameAz', 'nameEn', 'nameRu'];
const hasName = (v: { nameAz: string; nameEn: string; nameRu: string }) =>
  v.nameAz.length > 0 || v.nameEn.length > 0 || v.nameRu.length > 0;
/**
 * Also check the names when other fields are invalid, so that every message shows at once. A `when` makes zod run
 * the refinement despite earlier issues, so it must first make sure the object itself was accepted: on `[0]` or
 * `null` the object check has failed (an issue with an empty path) and `hasName` would read a property of a
 * non-object (a 500 instead of a 400).
 */
const nameRule = (error: string) => ({
  path: ['nameAz'],
  error,
  when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    isPlainObject(payload.value) &&
    !payload.issues.some((i) => !i.path?.length || NAME_KEYS.includes(String(i.path[0]))),
});
const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `data` part of POST/PUT /api/eatery/{id}/category[/{categoryId}]. */
export const categoryData = z
  .object({
    ...names,
    /** Optional; when present it must be the restaurant of the path. */
    eateryId: optionalId,
    /** Optional on update; when present it must be the category of the path. */
    categoryId: optionalId,
    /** When its dishes can be ordered (restaurant's time zone); null: always; omitted on update: kept. */
    availableHours: availableHoursField.optional(),
    /** The course its dishes are ordered in by default (1 = the restaurant's first); null: the first; omitted: kept. */
    course: z
      .number({ error: MENU_V.courseUnknown })
      .int({ error: MENU_V.courseUnknown })
      .min(1, { error: MENU_V.courseUnknown })
      .max(COURSES_MAX, { error: MENU_V.courseUnknown })
      .nullable()
      .optional(),
    ...imageFlags,
  })
  .refine(hasName, nameRule(MENU_V.categoryNameRequired));
export type CategoryData = z.input<typeof categoryData>;

/** `data` part of POST/PUT /api/eatery/{id}/category/{categoryId}/dish[/{dishId}]. */
export const dishData = z
  .object({
    ...names,
    ...descriptions,
    price: priceField,
    /** Default true on create; kept when omitted on update. */
    available: booleanField.optional(),
    /**
     * On create: optional, must equal the category of the path. On update: another category of the same
     * restaurant moves the dish there (to the end).
     */
    categoryId: optionalId,
    eateryId: optionalId,
    /** Optional; must be a department of the same restaurant; null or '' clears it; kept when omitted on update. */
    kitchenDepartmentId: nullableId,
    /** Optional on update; when present it must be the dish of the path. */
    dishId: optionalId,
    /** Dietary and allergen tags of DIETARY_TAGS (none on create when omitted; kept when omitted on update). */
    dietaryTags: dietaryTagsField.optional(),
    /** Option groups (menu-options.ts): the whole list; none on create when omitted; kept on update. */
    optionGroups: optionGroupsField.optional(),
    /** When the dish can be ordered (restaurant's time zone); null: always; omitted on update: kept. */
    availableHours: availableHoursField.optional(),
    ...imageFlags,
  })
  .refine(hasName, nameRule(MENU_V.dishNameRequired));
export type DishData = z.input<typeof dishData>;

/** PUT /api/eatery/{id}/category/order: exactly the ids of all categories of the restaurant, in the new order. */
export const categoryOrderBody = z.object({
  categoryIds: z.array(menuId, { error: V.required }).max(1000, { error: V.tooLong }),
});
export type CategoryOrderBody = z.input<typeof categoryOrderBody>;

/** PUT /api/eatery/{id}/category/{categoryId}/dish/order: exactly the ids of the category's dishes. */
export const dishOrderBody = z.object({
  dishIds: z.array(menuId, { error: V.required }).max(2000, { error: V.tooLong }),
});
export type DishOrderBody = z.input<typeof dishOrderBody>;

/**
 * One predefined category to create (POST /api/eatery/{id}/category/predefined), as sent by the web app
 * from a `commonCategory`: names, and `image` = the catalogue image name (or null). An image that is not
 * a catalogue image is rejected. Names missing here are taken from the catalogue entry `categoryId`.
 */
const optionalName = z.string({ error: V.invalid }).trim().max(NAME_MAX, { error: V.tooLong }).nullable().optional();

export const predefinedCategoryItem = z.object({
  /** The catalogue id of the predefined category (optional). */
  categoryId: optionalId,
  nameAz: optionalName,
  nameEn: optionalName,
  nameRu: optionalName,
  image: z.string({ error: V.invalid }).max(200, { error: V.invalid }).nullable().optional(),
  eateryId: optionalId,
});
export const predefinedCategoryList = z
  .array(predefinedCategoryItem, { error: V.required })
  .min(1, { error: MENU_V.selectAtLeastOne })
  .max(100, { error: V.tooLong });
/**
 * Body: one item (multipart part `data`, or JSON) → 201 one category; or a JSON array of items → 201 an array
 * of categories (created atomically).
 */
export const predefinedCategoryBody = z.union([predefinedCategoryItem, predefinedCategoryList]);
export type PredefinedCategoryBody = z.input<typeof predefinedCategoryBody>;

/** One template dish (as returned by GET /api/dish/common/{categoryKey}) to create in a category. */
export const templateDishItem = z
  .object({
    ...names,
    ...descriptions,
    price: priceField,
    available: booleanField.default(true),
    image: z.string({ error: V.invalid }).max(200, { error: V.invalid }).nullable().optional(),
  })
  .refine(hasName, nameRule(MENU_V.dishNameRequired));
/** POST /api/eatery/{id}/category/{categoryId}/dish/templates: JSON array of the selected template dishes. */
export const templateDishesBody = z
  .array(templateDishItem, { error: V.required })
  .min(1, { error: MENU_V.selectAtLeastOne })
  .max(100, { error: V.tooLong });
export type TemplateDishesBody = z.input<typeof templateDishesBody>;

/** POST/PUT /api/eatery/{id}/kitchen-department[/{departmentId}] */
export const departmentBody = z.object({
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  /** Optional (the web app sends it on create); must be the restaurant of the path. */
  restaurantId: optionalId,
  eateryId: optionalId,
});
export type DepartmentBody = z.input<typeof departmentBody>;

// ---- Responses -------------------------------------------------------------------------------------------

/** Image URL (`/api/image/{imageId}.webp`) or null. */
export const imageUrl = z.string().nullable();

/** The names and descriptions as every menu response carries them. */
export const namesResponse = { nameAz: z.string(), nameEn: z.string(), nameRu: z.string() };
export const textsResponse = {
  ...namesResponse,
  descriptionAz: z.string(),
  descriptionEn: z.string(),
  descriptionRu: z.string(),
};

export const dishResponse = z.object({
  id: z.number(),
  dishId: z.number(),
  categoryId: z.number(),
  eateryId: z.number(),
  ...textsResponse,
  /** AZN, a number with at most 2 decimals. */
  price: z.number(),
  available: z.boolean(),
  kitchenDepartmentId: z.number().nullable(),
  image: imageUrl,
  imageId: z.number().nullable(),
  position: z.number(),
  /** Dietary and allergen tags, in the order of DIETARY_TAGS. */
  dietaryTags: dietaryTagsResponse,
  optionGroups: z.array(dishOptionGroupResponse),
  availableHours: availableHoursResponse,
  /** Sold out "until the next business day": when it comes back by itself (ISO 8601, UTC), else null. */
  availableAgainAt: z.string().nullable(),
  /**
   * Portions left (counted stock, set by PUT …/dishes/{dishId}/stock), or null: not counted. Always sent; optional
   * for older copies.
   */
  stockCount: z.number().nullable().optional(),
});
export type Dish = z.infer<typeof dishResponse>;

export const categoryResponse = z.object({
  id: z.number(),
  categoryId: z.number(),
  eateryId: z.number(),
  ...namesResponse,
  image: imageUrl,
  imageId: z.number().nullable(),
  position: z.number(),
  availableHours: availableHoursResponse,
  /** Its dishes' default course (1 = the first), or null: the first. Always sent; optional for older copies. */
  course: z.number().nullable().optional(),
  /** Number of (non-archived) dishes. */
  dishes: z.number(),
  dishCount: z.number(),
});
export type Category = z.infer<typeof categoryResponse>;

/** GET /api/eatery/{id}/category/{categoryId}: the category with its dishes (here `dishes` is the list). */
export const categoryWithDishesResponse = categoryResponse.extend({ dishes: z.array(dishResponse) });
export type CategoryWithDishes = z.infer<typeof categoryWithDishesResponse>;

export const departmentResponse = z.object({
  id: z.number(),
  name: z.string(),
  eateryId: z.number(),
  restaurantId: z.number(),
});
export type Department = z.infer<typeof departmentResponse>;

/** GET /api/category/common. `image` is a catalogue image name (URL: `/api/catalog-image/{image}`) or null. */
export const commonCategoryResponse = z.object({
  categoryId: z.number(),
  key: z.string(),
  ...namesResponse,
  image: z.string().nullable(),
  dishCount: z.number(),
});
export type CommonCategory = z.infer<typeof commonCategoryResponse>;

/** GET /api/dish/common/{categoryKey} (categoryId, key or nameEn of a common category). */
export const commonDishResponse = z.object({
  dishId: z.number(),
  categoryId: z.number(),
  ...textsResponse,
  price: z.number(),
  image: z.string().nullable(),
});
export type CommonDish = z.infer<typeof commonDishResponse>;
