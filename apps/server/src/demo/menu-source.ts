import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  centsToDecimal,
  pickNames,
  pickTexts,
  type LocalizedDescriptions,
  type LocalizedNames,
  type LocalizedTexts,
} from '@qr-menu/contract/constants';
import type { AvailabilityHours, DishOptionGroupInput } from '@qr-menu/contract';
import { CATALOG } from '../modules/catalog/catalog-data.js';

/** One dish of the demo menu; `image` holds the original file's bytes (processed like an upload later). */
export interface DemoDish extends LocalizedTexts {
  /** Decimal string with 2 decimals (AZN). */
  price: string;
  image: Buffer | null;
  /** Option groups without ids (menu-extras.ts). */
  optionGroups?: DishOptionGroupInput[];
}

export interface DemoCategory extends LocalizedNames {
  image: Buffer | null;
  /** Drinks go to the bar, everything else to the kitchen. */
  department: 'kitchen' | 'bar';
  /** When its dishes can be ordered; none: always. */
  availableHours?: AvailabilityHours | null;
  dishes: DemoDish[];
}

export interface DemoMenu {
  categories: DemoCategory[];
  /** Where the menu came from, for the start-up message. */
  source: string;
  /** How many dishes and categories have a photo. */
  photos: number;
}

interface FixtureDish extends LocalizedNames, Partial<LocalizedDescriptions> {
  price: number | string;
  image?: string | null;
}

interface FixtureCategory extends LocalizedNames {
  image?: string | null;
  dishes: FixtureDish[];
}

export interface FixtureEatery {
  name?: string;
  address?: string;
  phones?: string[];
  geoLat?: number;
  geoLng?: number;
}

/**
 * Photos for fixture names that have no file of their own: the closest picture in the fixture images
 * (`capital_salad` is the Olivier salad, `pakhlava` is baklava, ...). Anything not listed falls back to a
 * word of its name (`cheese_burger` -> `burger`), then to its category's picture.
 */
const IMAGE_ALIASES: Record<string, string> = {
  // categories
  kebabs: 'lamb_kebab',
  side_dishes: 'rice',
  kids_menu: 'fast_food',
  alcoholic_drinks: 'drinks',
  // dishes
  chicken_burger: 'burger',
  vegetarian_burger: 'burger',
  bbq_chicken_pizza: 'chicken_pizza',
  mixed_pizza: 'pizza',
  seafood_pizza: 'pizza',
  tike_kebab: 'lamb_kebab',
  lula_kebab: 'lamb_kebab',
  vegetable_kebab: 'chicken_veggie',
  capital_salad: 'olivier',
  tom_yum_soup: 'soup',
  cream_soup: 'tomato_soup',
  onion_rings: 'snack',
  nuggets: 'fast_food',
  cheese_sticks: 'cheese_roll',
  lavash_roll: 'wrap',
  coke: 'drinks',
  fanta: 'drinks',
  water: 'drinks',
  fresh_orange_juice: 'fresh_juice',
  salmon_stroganoff: 'salmon_steak',
  shrimp_tempura: 'grilled_shrimp',
  seafood_paella: 'seafood_assortment',
  vegetable_lasagna: 'pasta',
  mushroom_risotto: 'rice',
  spinach_cutlets: 'vegetarian',
  hummus_plate: 'appetizer',
  vegetable_fajita: 'wrap',
  lamb_goulash: 'govurma',
  chicken_tabaka: 'chicken',
  meat_guvech: 'beef',
  iskender_kebab: 'lamb_kebab',
  mashed_potatoes: 'main_course',
  grilled_vegetables: 'vegetarian',
  bulgur_pilaf: 'plov',
  chicken_nuggets: 'fast_food',
  mac_and_cheese: 'alfredo',
  sweet_crepes: 'pancakes',
  fruit_juice: 'fresh_juice',
  pakhlava: 'baklava',
  kunefe: 'shekerbura',
  fruit_platter: 'pomegranate',
};

/**
 * Demo prices in AZN by category (the fixture menus price almost everything at 1.99), in menu order: the
 * categories are shown in this order, unknown ones last.
 */
const CATEGORY_PRICES: Record<string, number> = {
  salads: 6.5,
  soups: 4.5,
  snacks: 4,
  kebabs: 9,
  'main courses': 12,
  burgers: 8.5,
  pizza: 11,
  seafood: 16,
  vegetarian: 7.5,
  'side dishes': 3.5,
  'kids menu': 5.5,
  desserts: 5,
  drinks: 2,
  'alcoholic drinks': 6,
};
const CATEGORY_ORDER = Object.keys(CATEGORY_PRICES);
/** Variation of the dishes' prices within a category, in cents. */
const PRICE_STEPS = [0, 50, 100, 0, 150, 50, 100];

const BAR_CATEGORIES = new Set(['drinks', 'alcoholic drinks']);

const stem = (file: string) => file.replace(/\.[a-z0-9]+$/i, '').toLowerCase();

/** Finds the best picture among `files` (stems) for a fixture image name, or null. */
export function matchImage(name: string | null | undefined, files: ReadonlySet<string>): string | null {
  if (!name) return null;
  const s = stem(name);
  if (files.has(s)) return s;
  const alias = IMAGE_ALIASES[s];
  if (alias && files.has(alias)) return alias;
  for (const word of s.split(/[_\s-]+/).sort((a, b) => b.length - a.length)) {
    for (const candidate of [word, word.replace(/s$/, '')]) if (candidate && files.has(candidate)) return candidate;
  }
  return null;
}

function priceOf(categoryEn: string, index: number, fixturePrice: number | string): string {
  const base = CATEGORY_PRICES[categoryEn.toLowerCase()];
  if (base === undefined) return centsToDecimal(Math.round(Number(fixturePrice) * 100));
  return centsToDecimal(Math.round(base * 100) + PRICE_STEPS[index % PRICE_STEPS.length]);
}

/**
 * The menus of `fixturesDir/menus/*.json` merged by English category and dish name (a later file adds what an
 * earlier one lacks), with photos from `fixturesDir/images`. Null when the folder or its menus are missing.
 */
export function loadFixtureMenu(fixturesDir: string): (DemoMenu & { eatery: FixtureEatery | null }) | null {
  const menusDir = join(fixturesDir, 'menus');
  const imagesDir = join(fixturesDir, 'images');
  if (!existsSync(menusDir)) return null;
  const menuFiles = readdirSync(menusDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (menuFiles.length === 0) return null;

  const imageFiles = existsSync(imagesDir) ? readdirSync(imagesDir).filter((f) => /\.(webp|jpe?g|png)$/i.test(f)) : [];
  const byStem = new Map(imageFiles.map((f) => [stem(f), f]));
  const stems = new Set(byStem.keys());
  const cache = new Map<string, Buffer>();
  const read = (s: string | null): Buffer | null => {
    if (!s) return null;
    let bytes = cache.get(s);
    if (!bytes) {
      bytes = readFileSync(join(imagesDir, byStem.get(s)!));
      cache.set(s, bytes);
    }
    return bytes;
  };

  let eatery: FixtureEatery | null = null;
  const categories = new Map<string, { fixture: FixtureCategory; dishes: Map<string, FixtureDish> }>();
  for (const file of menuFiles) {
    const data = JSON.parse(readFileSync(join(menusDir, file), 'utf8')) as {
      eatery?: FixtureEatery;
      categories?: FixtureCategory[];
    };
    eatery ??= data.eatery ?? null;
    for (const c of data.categories ?? []) {
      const key = c.nameEn.trim().toLowerCase();
      let entry = categories.get(key);
      if (!entry) categories.set(key, (entry = { fixture: c, dishes: new Map() }));
      for (const d of c.dishes ?? []) {
        const dishKey = d.nameEn.trim().toLowerCase();
        if (!entry.dishes.has(dishKey)) entry.dishes.set(dishKey, d);
      }
    }
  }

  let photos = 0;
  const result: DemoCategory[] = [];
  for (const [key, { fixture, dishes }] of categories) {
    const categoryStem = matchImage(fixture.image, stems) ?? matchImage(fixture.nameEn.replace(/ /g, '_'), stems);
    const categoryImage = read(categoryStem);
    if (categoryImage) photos++;
    result.push({
      ...pickNames(fixture),
      image: categoryImage,
      department: BAR_CATEGORIES.has(key) ? 'bar' : 'kitchen',
      dishes: [...dishes.values()].map((d, i) => {
        const image = read(matchImage(d.image, stems)) ?? categoryImage;
        if (image) photos++;
        return {
          ...pickTexts(d),
          price: priceOf(fixture.nameEn, i, d.price),
          image,
        };
      }),
    });
  }
  const rank = (c: DemoCategory) => {
    const i = CATEGORY_ORDER.indexOf(c.nameEn.toLowerCase());
    return i === -1 ? CATEGORY_ORDER.length : i;
  };
  result.sort((a, b) => rank(a) - rank(b));
  return { categories: result, source: fixturesDir, photos, eatery };
}

/** Without the fixtures: the product's own catalogue (names and prices in three languages, no photos). */
export function catalogMenu(): DemoMenu {
  return {
    source: 'the built-in catalogue',
    photos: 0,
    categories: CATALOG.map((c) => ({
      ...pickNames(c),
      image: null,
      department: /drink|beverage/i.test(c.nameEn) ? 'bar' : 'kitchen',
      dishes: c.dishes.map((d) => ({ ...d, image: null })),
    })),
  };
}
