import type { GuestMenuCategory, GuestMenuDish } from '@qr-menu/contract';
import { isAllergen } from '@qr-menu/contract/constants';

/**
 * The menu's search box and tag filter: a dish matches a search in any of the three languages (name or
 * description), whatever the guest's language. A chosen diet ("Vegan") keeps only the dishes that carry it (all of
 * them, when several are chosen); a chosen allergen ("Milk") hides the dishes that carry it: a guest who avoids milk
 * asks for the dishes without it, while "only milk" would mean nothing. A dish without a tag is not known to be free
 * of it, only not marked: the filter sheet says so.
 */

/** Lower case without accents, dotless ı as i, ə as e: "Şorba" and "sorba" meet. */
export function foldText(text: string): string {
  return text
    .toLocaleLowerCase('az')
    .replace(/ı/g, 'i')
    .replace(/ə/g, 'e')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

const dishText = (d: GuestMenuDish) =>
  foldText([d.nameAz, d.nameEn, d.nameRu, d.descriptionAz, d.descriptionEn, d.descriptionRu].join('\n'));

export interface MenuFilter {
  query: string;
  /** Diets the dishes must carry, allergens they must not. */
  tags: readonly string[];
}

/** Whether a dish passes the chosen tags: every chosen diet on it, no chosen allergen. */
export function passesTags(dishTags: readonly string[] | undefined, chosen: readonly string[]): boolean {
  return chosen.every((tag) => {
    const carries = dishTags?.includes(tag) ?? false;
    return isAllergen(tag) ? !carries : carries;
  });
}

export const isFiltering = (f: MenuFilter) => f.query.trim() !== '' || f.tags.length > 0;

/** The categories with only their matching dishes; categories left empty are left out. */
export function filterMenu<C extends GuestMenuCategory>(categories: readonly C[], filter: MenuFilter): C[] {
  if (!isFiltering(filter)) return categories as C[];
  const words = foldText(filter.query).split(/\s+/).filter(Boolean);
  const matches = (d: GuestMenuDish) => {
    if (!passesTags(d.dietaryTags, filter.tags)) return false;
    if (words.length === 0) return true;
    const text = dishText(d);
    return words.every((w) => text.includes(w));
  };
  return categories.map((c) => ({ ...c, dishes: c.dishes.filter(matches) })).filter((c) => c.dishes.length > 0);
}
