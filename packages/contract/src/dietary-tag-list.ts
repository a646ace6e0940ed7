import type { Language } from './enums.js';

/**
 * Dietary and allergen tags of a dish: a fixed list, so guests can trust and filter them. Two groups: diets (what a
 * dish is: vegan, halal…) and the 14 allergens that EU food law (Regulation 1169/2011, Annex II) asks restaurants to
 * declare (what a dish contains). Both are stored in the dish's one tags column. The names are here (not in a web
 * translation file) because the guest pages, the admin and every client show the same words. Icons are the client's
 * choice (the admin uses @tabler/icons-react). Zod-free, so that the guest pages can import it
 * (`@qr-menu/contract/constants`); the request and response schemas are in dietary-tags.ts.
 */
export const DIET_TAGS = ['vegetarian', 'vegan', 'spicy', 'glutenFree', 'lactoseFree', 'halal'] as const;

/**
 * The 14 allergens, in the order of the regulation. Tree nuts keep the key `containsNuts` of the first list, so that
 * dishes tagged before the allergens existed still read the same.
 */
export const ALLERGENS = [
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
] as const;

/** Every tag: diets first, then allergens (the order dishes store and show them in). */
export const DIETARY_TAGS = [...DIET_TAGS, ...ALLERGENS] as const;

export type DietTag = (typeof DIET_TAGS)[number];
export type Allergen = (typeof ALLERGENS)[number];
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export const DIETARY_TAG_GROUPS = ['diet', 'allergens'] as const;
export type DietaryTagGroup = (typeof DIETARY_TAG_GROUPS)[number];

/** The tags of each group, in the list's order. */
export const DIETARY_TAGS_OF: Record<DietaryTagGroup, readonly DietaryTag[]> = {
  diet: DIET_TAGS,
  allergens: ALLERGENS,
};

export const isAllergen = (tag: string): tag is Allergen => (ALLERGENS as readonly string[]).includes(tag);

export const dietaryTagGroup = (tag: DietaryTag): DietaryTagGroup => (isAllergen(tag) ? 'allergens' : 'diet');

/** The name of each group in az, en and ru (the admin's picker, the guest's dish sheet and filter). */
export const DIETARY_TAG_GROUP_NAMES: Record<DietaryTagGroup, Record<Language, string>> = {
  diet: { az: 'Pəhriz', en: 'Diet', ru: 'Диета' },
  allergens: { az: 'Allergenlər', en: 'Allergens', ru: 'Аллергены' },
};

/**
 * The name of each tag in az, en and ru: short, to fit a chip on a phone's dish row. An allergen is named by what the
 * dish contains ("Milk"); the group says that it is an allergen.
 */
export const DIETARY_TAG_NAMES: Record<DietaryTag, Record<Language, string>> = {
  vegetarian: { az: 'Vegetarian', en: 'Vegetarian', ru: 'Вегетарианское' },
  vegan: { az: 'Vegan', en: 'Vegan', ru: 'Веганское' },
  spicy: { az: 'Acılı', en: 'Spicy', ru: 'Острое' },
  glutenFree: { az: 'Qlütensiz', en: 'Gluten-free', ru: 'Без глютена' },
  lactoseFree: { az: 'Laktozasız', en: 'Lactose-free', ru: 'Без лактозы' },
  halal: { az: 'Halal', en: 'Halal', ru: 'Халяль' },
  gluten: { az: 'Qlüten', en: 'Gluten', ru: 'Глютен' },
  crustaceans: { az: 'Xərçəngkimilər', en: 'Crustaceans', ru: 'Ракообразные' },
  eggs: { az: 'Yumurta', en: 'Eggs', ru: 'Яйца' },
  fish: { az: 'Balıq', en: 'Fish', ru: 'Рыба' },
  peanuts: { az: 'Yer fındığı', en: 'Peanuts', ru: 'Арахис' },
  soy: { az: 'Soya', en: 'Soy', ru: 'Соя' },
  milk: { az: 'Süd', en: 'Milk', ru: 'Молоко' },
  containsNuts: { az: 'Qoz-fındıq', en: 'Tree nuts', ru: 'Орехи' },
  celery: { az: 'Kərəviz', en: 'Celery', ru: 'Сельдерей' },
  mustard: { az: 'Xardal', en: 'Mustard', ru: 'Горчица' },
  sesame: { az: 'Küncüt', en: 'Sesame', ru: 'Кунжут' },
  sulphites: { az: 'Sulfitlər', en: 'Sulphites', ru: 'Сульфиты' },
  lupin: { az: 'Acıpaxla', en: 'Lupin', ru: 'Люпин' },
  molluscs: { az: 'Molyusklar', en: 'Molluscs', ru: 'Моллюски' },
};

export const dietaryTagName = (tag: DietaryTag, language: Language): string => DIETARY_TAG_NAMES[tag][language];

export const dietaryTagGroupName = (group: DietaryTagGroup, language: Language): string =>
  DIETARY_TAG_GROUP_NAMES[group][language];

export const isDietaryTag = (v: unknown): v is DietaryTag => (DIETARY_TAGS as readonly unknown[]).includes(v);
