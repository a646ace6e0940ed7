import type { Language } from '@qr-menu/contract';
import { ApiError } from '../../../api/api-error';

/** Flags next to the three name fields and names on cards. */
export const FLAGS: Record<Language, string> = { az: '🇦🇿', en: '🇬🇧', ru: '🇷🇺' };
export const NAME_LANGS: Language[] = ['az', 'en', 'ru'];

interface Named {
  nameAz: string;
  nameEn: string;
  nameRu: string;
}

const nameOf = (item: Named, lng: Language) => (lng === 'az' ? item.nameAz : lng === 'en' ? item.nameEn : item.nameRu);

/** The name in the interface language, else the first filled one (az, en, ru). */
export function localName(item: Named, lng: string): string {
  const own = nameOf(item, (NAME_LANGS.includes(lng as Language) ? lng : 'az') as Language);
  return own || item.nameAz || item.nameEn || item.nameRu;
}

/** The filled names with their language, for cards that show every name with its flag. */
export function namesWithFlags(item: Named): { lng: Language; flag: string; name: string }[] {
  return NAME_LANGS.map((lng) => ({ lng, flag: FLAGS[lng], name: nameOf(item, lng) })).filter((n) => n.name);
}

/** Search across the three names, case-insensitively in every locale. */
export function matchesSearch(item: Named, query: string): boolean {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return true;
  return [item.nameAz, item.nameEn, item.nameRu].some((n) => n.toLocaleLowerCase().includes(q));
}

/** Same name in any language (trimmed, case-insensitive): used to match catalogue entries. */
export function sameName(a: Named, b: Named): boolean {
  const norm = (s: string) => s.trim().toLocaleLowerCase();
  const left = [a.nameAz, a.nameEn, a.nameRu].map(norm).filter(Boolean);
  const right = new Set([b.nameAz, b.nameEn, b.nameRu].map(norm).filter(Boolean));
  return left.some((n) => right.has(n));
}

/** `details[].messageKey` of a 400 answer by form field (first message per field). */
export function serverFieldErrors(err: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(err instanceof ApiError)) return errors;
  for (const d of err.details) {
    const field = d.field.split('.')[0];
    if (field && !(field in errors)) errors[field] = d.messageKey;
  }
  return errors;
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
