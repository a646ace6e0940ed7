import { z } from 'zod';
import { DIETARY_TAGS, isDietaryTag, type DietaryTag } from './dietary-tag-list.js';
import { V } from './validation.js';

/**
 * Requests and responses of a dish's dietary and allergen tags. The list, its two groups (diets and the 14 allergens)
 * and the names are in dietary-tag-list.ts (zod-free: the guest pages import it), re-exported here.
 */
export * from './dietary-tag-list.js';

/** Validation message key of an unknown tag. */
export const DIETARY_TAG_V = { unknown: 'validation.dietaryTag' } as const;

/**
 * A dish's tags as a request carries them: an array of names of the list (each at most once; duplicates are
 * dropped), stored in the list's order (diets, then allergens) so that every screen shows them alike. 400
 * `validation.dietaryTag` for a name that is not in the list.
 */
export const dietaryTagsField = z
  .array(z.unknown(), { error: V.invalid })
  .max(DIETARY_TAGS.length * 2, { error: V.tooLong })
  .superRefine((list, ctx) => {
    list.forEach((v, i) => {
      if (!isDietaryTag(v)) ctx.addIssue({ code: 'custom', path: [i], message: DIETARY_TAG_V.unknown });
    });
  })
  .transform((list) => DIETARY_TAGS.filter((t) => list.includes(t)));

/** Tags as responses carry them (read from the database: unknown names, should one ever be stored, are left out). */
export const dietaryTagsResponse = z.array(z.enum(DIETARY_TAGS));

/** Tags read from storage: only known ones, in the list's order. */
export const knownDietaryTags = (stored: readonly string[] | null | undefined): DietaryTag[] =>
  stored ? DIETARY_TAGS.filter((t) => stored.includes(t)) : [];
