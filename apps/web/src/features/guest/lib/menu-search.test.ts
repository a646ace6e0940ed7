import { describe, expect, it } from 'vitest';
import type { DietaryTag, GuestMenuCategory, GuestMenuDish } from '@qr-menu/contract';
import { filterMenu, passesTags } from './menu-search';

const dish = (id: number, nameEn: string, dietaryTags?: DietaryTag[]): GuestMenuDish => ({
  id,
  nameAz: '',
  nameEn,
  nameRu: '',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 1,
  image: null,
  ...(dietaryTags ? { dietaryTags } : {}),
});

const menu: GuestMenuCategory[] = [
  {
    id: 1,
    nameAz: '',
    nameEn: 'Mains',
    nameRu: '',
    image: null,
    dishes: [
      dish(1, 'Cheese omelette', ['vegetarian', 'eggs', 'milk']),
      dish(2, 'Vegan curry', ['vegan', 'vegetarian', 'spicy', 'soy']),
      dish(3, 'Fish soup', ['fish', 'celery']),
      dish(4, 'Plov'),
    ],
  },
  {
    id: 2,
    nameAz: '',
    nameEn: 'Desserts',
    nameRu: '',
    image: null,
    dishes: [dish(5, 'Baklava', ['containsNuts', 'gluten'])],
  },
];
const shown = (tags: string[], query = '') =>
  filterMenu(menu, { query, tags }).flatMap((c) => c.dishes.map((d) => d.nameEn));

describe('the tag filter: diets keep only the dishes that are, allergens hide the dishes that contain', () => {
  it('a diet keeps only the dishes marked with it; several diets must all be there', () => {
    expect(shown(['vegetarian'])).toEqual(['Cheese omelette', 'Vegan curry']);
    expect(shown(['vegetarian', 'spicy'])).toEqual(['Vegan curry']);
    expect(shown(['halal'])).toEqual([]);
  });

  it('an allergen hides the dishes that contain it; unmarked dishes stay (not known to contain it)', () => {
    expect(shown(['milk'])).toEqual(['Vegan curry', 'Fish soup', 'Plov', 'Baklava']);
    expect(shown(['milk', 'eggs', 'fish'])).toEqual(['Vegan curry', 'Plov', 'Baklava']);
    // Tree nuts keep their stored key.
    expect(shown(['containsNuts'])).not.toContain('Baklava');
  });

  it('diets and allergens together: vegetarian dishes without milk; a category left empty goes', () => {
    expect(shown(['vegetarian', 'milk'])).toEqual(['Vegan curry']);
    expect(filterMenu(menu, { query: '', tags: ['vegetarian', 'gluten'] }).map((c) => c.nameEn)).toEqual(['Mains']);
  });

  it('the search narrows the filtered dishes further', () => {
    expect(shown(['gluten'], 'soup')).toEqual(['Fish soup']);
    expect(shown([], 'baklava')).toEqual(['Baklava']);
  });

  it('passesTags: none chosen passes everything, a dish without tags passes allergens only', () => {
    expect(passesTags(undefined, [])).toBe(true);
    expect(passesTags(undefined, ['sesame', 'lupin'])).toBe(true);
    expect(passesTags(undefined, ['vegan'])).toBe(false);
    expect(passesTags(['vegan', 'sesame'], ['vegan', 'sesame'])).toBe(false);
  });
});
