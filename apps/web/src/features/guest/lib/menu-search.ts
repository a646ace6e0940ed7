import type { GuestMenuCategory, GuestMenuDish } from '@qr-menu/contract';

/**
 * The menu's search box and tag filter: a dish matches a search in any of the three languages (name or
 * description), whatever the guest's language; with tags chosen it must carry every one of them.
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
  tags: readonly string[];
}

export const isFiltering = (f: MenuFilter) => f.query.trim() !== '' || f.tags.length > 0;

/** The categories with only their matching dishes; categories left empty are left out. */
export function filterMenu<C extends GuestMenuCategory>(categories: readonly C[], filter: MenuFilter): C[] {
  if (!isFiltering(filter)) return categories as C[];
  const words = foldText(filter.query).split(/\s+/).filter(Boolean);
  const matches = (d: GuestMenuDish) => {
    if (filter.tags.some((tag) => !(d.dietaryTags as readonly string[] | undefined)?.includes(tag))) return false;
    if (words.length === 0) return true;
    const text = dishText(d);
    return words.every((w) => text.includes(w));
  };
  return categories.map((c) => ({ ...c, dishes: c.dishes.filter(matches) })).filter((c) => c.dishes.length > 0);
}
