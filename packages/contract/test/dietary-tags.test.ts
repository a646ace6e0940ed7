import { describe, expect, it } from 'vitest';
import {
  ALLERGENS,
  DIET_TAGS,
  DIETARY_TAG_GROUP_NAMES,
  DIETARY_TAG_GROUPS,
  DIETARY_TAG_NAMES,
  DIETARY_TAGS,
  DIETARY_TAGS_OF,
  dietaryTagGroup,
  dietaryTagName,
  dietaryTagsField,
  dietaryTagsResponse,
  isAllergen,
  knownDietaryTags,
  LANGUAGES,
} from '../src/index.js';
import * as constants from '../src/constants.js';

describe('the two groups of dietary tags', () => {
  it('are the diets and the 14 allergens of EU law, every tag in exactly one of them', () => {
    expect(DIET_TAGS).toEqual(['vegetarian', 'vegan', 'spicy', 'glutenFree', 'lactoseFree', 'halal']);
    expect(ALLERGENS).toHaveLength(14);
    expect(new Set(ALLERGENS)).toEqual(
      new Set([
        'gluten',
        'crustaceans',
        'eggs',
        'fish',
        'peanuts',
        'soy',
        'milk',
        'containsNuts',
        'celery',
        'mustard',
        'sesame',
        'sulphites',
        'lupin',
        'molluscs',
      ]),
    );
    expect(DIETARY_TAGS).toEqual([...DIET_TAGS, ...ALLERGENS]);
    expect(new Set(DIETARY_TAGS).size).toBe(DIETARY_TAGS.length);
    for (const tag of DIET_TAGS) expect([dietaryTagGroup(tag), isAllergen(tag)], tag).toEqual(['diet', false]);
    for (const tag of ALLERGENS) expect([dietaryTagGroup(tag), isAllergen(tag)], tag).toEqual(['allergens', true]);
    expect(DIETARY_TAG_GROUPS.flatMap((g) => DIETARY_TAGS_OF[g])).toEqual([...DIETARY_TAGS]);
  });

  it('tree nuts keep the stored key containsNuts, as an allergen', () => {
    expect(isAllergen('containsNuts')).toBe(true);
    expect(dietaryTagName('containsNuts', 'en')).toBe('Tree nuts');
    expect(knownDietaryTags(['containsNuts', 'vegan'])).toEqual(['vegan', 'containsNuts']);
  });

  it('every tag and group has its own name in az, en and ru, in the right script', () => {
    const latin = /^[A-Za-zÇçƏəĞğIıİiÖöŞşÜü' -]+$/;
    const cyrillic = /^[А-Яа-яЁё -]+$/;
    for (const names of [DIETARY_TAG_NAMES, DIETARY_TAG_GROUP_NAMES] as Record<string, Record<string, string>>[]) {
      for (const [key, name] of Object.entries(names)) {
        for (const lng of LANGUAGES) expect(name[lng]?.trim(), `${key} ${lng}`).toBeTruthy();
        expect(name.az, key).toMatch(latin);
        expect(name.en, key).toMatch(latin);
        expect(name.ru, key).toMatch(cyrillic);
      }
    }
    expect(Object.keys(DIETARY_TAG_NAMES).sort()).toEqual([...DIETARY_TAGS].sort());
    // Each language tells every tag apart (a filter chip is only its name).
    for (const lng of LANGUAGES) {
      const names = DIETARY_TAGS.map((t) => dietaryTagName(t, lng));
      expect(new Set(names).size, lng).toBe(names.length);
    }
    expect(DIETARY_TAGS.map((t) => dietaryTagName(t, 'az'))).toContain('Küncüt');
    expect(dietaryTagName('milk', 'ru')).toBe('Молоко');
  });

  it('the lists, groups and names are in the zod-free entry (the guest pages use them)', () => {
    expect(constants.ALLERGENS).toBe(ALLERGENS);
    expect(constants.DIETARY_TAG_NAMES).toBe(DIETARY_TAG_NAMES);
    expect(constants.dietaryTagGroup).toBe(dietaryTagGroup);
  });
});

describe('dietary tags in requests and responses', () => {
  it('accepts allergens with diets, keeps each once, in the list order (diets first)', () => {
    expect(dietaryTagsField.parse(['milk', 'vegetarian', 'eggs', 'milk', 'containsNuts'])).toEqual([
      'vegetarian',
      'eggs',
      'milk',
      'containsNuts',
    ]);
    expect(dietaryTagsField.parse([...DIETARY_TAGS].reverse())).toEqual([...DIETARY_TAGS]);
    expect(dietaryTagsResponse.parse(['gluten', 'molluscs'])).toEqual(['gluten', 'molluscs']);
  });

  it('an unknown name (a misspelt allergen too) is validation.dietaryTag at its index', () => {
    const r = dietaryTagsField.safeParse(['eggs', 'sulfites', 'Milk']);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[1], 'validation.dietaryTag'],
      [[2], 'validation.dietaryTag'],
    ]);
    expect(dietaryTagsResponse.safeParse(['keto']).success).toBe(false);
  });
});
