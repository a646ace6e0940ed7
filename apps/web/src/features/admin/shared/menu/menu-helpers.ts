import { nameIn, type Language, type LocalizedNames, type LocalizedTexts } from '@qr-menu/contract';

/** The menu's languages in the order the forms and cards list them (each with its LanguageBadge). */
export const NAME_LANGS: Language[] = ['az', 'en', 'ru'];

/** The texts of a new category or dish. */
export const EMPTY_TEXTS: LocalizedTexts = {
  nameAz: '',
  nameEn: '',
  nameRu: '',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
};

/** Every text trimmed, as the forms send them. */
export const trimmed = <T extends { [K in keyof T]: string }>(texts: T): T =>
  Object.fromEntries(Object.entries<string>(texts).map(([key, text]) => [key, text.trim()])) as T;

/** The three names in the order az, en, ru. */
const namesOf = (item: LocalizedNames) => NAME_LANGS.map((lng) => nameIn(item, lng));

/** The filled names with their language, for cards that show every name after its language badge. */
export function namesByLanguage(item: LocalizedNames): { lng: Language; name: string }[] {
  return NAME_LANGS.map((lng) => ({ lng, name: nameIn(item, lng) })).filter((n) => n.name);
}

/** Search across the three names, case-insensitively in every locale. */
export function matchesSearch(item: LocalizedNames, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return namesOf(item).some((n) => n.toLocaleLowerCase().includes(q));
}

/** Same name in any language (trimmed, case-insensitive): used to match catalogue entries. */
export function sameName(a: LocalizedNames, b: LocalizedNames): boolean {
  const norm = (s: string) => s.trim().toLocaleLowerCase();
  const left = namesOf(a).map(norm).filter(Boolean);
  const right = new Set(namesOf(b).map(norm).filter(Boolean));
  return left.some((n) => right.has(n));
}

/** Multipart body of a category or dish save: part `data` (JSON text) and an optional file part `image`. */
export function menuFormData(data: Record<string, unknown>, image: File | null): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (image) form.append('image', image, image.name || 'image.webp');
  return form;
}

/** Prices are shown with 2 decimals in the interface language's number format. */
export function formatPrice(price: number, lng: string): string {
  return new Intl.NumberFormat(lng === 'az' ? 'az-AZ' : lng === 'ru' ? 'ru-RU' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(price);
}
