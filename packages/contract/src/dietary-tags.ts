import { z } from 'zod';
import type { Language } from './enums.js';
import { V } from './validation.js';

/**
 * Dietary and allergen tags of a dish: a fixed list, so guests can trust and filter them. The names are
 * here (not in a web translation file) because the server-rendered guest pages and every client show the same words.
 * Icons are the client's choice (the admin uses @tabler/icons-react).
 */
export const DIETARY_TAGS = [
  'vegetarian',
  'vegan',
  'spicy',
  'glutenFree',
  'containsNuts',
  'lactoseFree',
  'halal',
] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

/** The name of each tag in az, en and ru. */
export const DIETARY_TAG_NAMES: Record<DietaryTag, Record<Language, string>> = {
  vegetarian: { az: 'Vegetarian', en: 'Vegetarian', ru: 'Вегетарианское' },
  vegan: { az: 'Vegan', en: 'Vegan', ru: 'Веганское' },
  spicy: { az: 'Acılı', en: 'Spicy', ru: 'Острое' },
  glutenFree: { az: 'Qlütensiz', en: 'Gluten-free', ru: 'Без глютена' },
  containsNuts: { az: 'Qoz-fındıq var', en: 'Contains nuts', ru: 'Содержит орехи' },
  lactoseFree: { az: 'Laktozasız', en: 'Lactose-free', ru: 'Без лактозы' },
  halal: { az: 'Halal', en: 'Halal', ru: 'Халяль' },
};

export const dietaryTagName = (tag: DietaryTag, language: Language): string => DIETARY_TAG_NAMES[tag][language];

/** Validation message key of an unknown tag. */
export const DIETARY_TAG_V = { unknown: 'validation.dietaryTag' } as const;

const isTag = (v: unknown): v is DietaryTag => (DIETARY_TAGS as readonly unknown[]).includes(v);

/**
 * A dish's tags as a request carries them: an array of names of the list (each at most once; duplicates are
 * dropped), stored in the list's order so that every screen shows them alike. 400 `validation.dietaryTag` for a name
 * that is not in the list.
 */
export const dietaryTagsField = z
  .array(z.unknown(), { error: V.invalid })
  .max(DIETARY_TAGS.length * 2, { error: V.tooLong })
  .superRefine((list, ctx) => {
    list.forEach((v, i) => {
      if (!isTag(v)) ctx.addIssue({ code: 'custom', path: [i], message: DIETARY_TAG_V.unknown });
    });
  })
  .transform((list) => DIETARY_TAGS.filter((t) => list.includes(t)));

/** Tags as responses carry them (read from the database: unknown names, should one ever be stored, are left out). */
export const dietaryTagsResponse = z.array(z.enum(DIETARY_TAGS));

/** Tags read from storage: only known ones, in the list's order. */
export const knownDietaryTags = (stored: readonly string[] | null | undefined): DietaryTag[] =>
  stored ? DIETARY_TAGS.filter((t) => stored.includes(t)) : [];
