import { LANGUAGES, type Language } from './enums.js';

/** Texts that menus keep in the three languages (the zod block `localizedTexts` in menu.ts has the same fields). */
export interface LocalizedNames {
  nameAz: string;
  nameEn: string;
  nameRu: string;
}
export interface LocalizedDescriptions {
  descriptionAz: string;
  descriptionEn: string;
  descriptionRu: string;
}
export type LocalizedTexts = LocalizedNames & LocalizedDescriptions;

/** What the helpers below read: database rows may hold null (e.g. a left-joined category). */
type Nullable<T> = { [K in keyof T]?: T[K] | null };

const SUFFIX: Record<Language, 'Az' | 'En' | 'Ru'> = { az: 'Az', en: 'En', ru: 'Ru' };

/** A supported language, or the default (az) for anything else ('en-US' is not 'en': callers pass i18n codes). */
export const asLanguage = (lang: string): Language =>
  LANGUAGES.includes(lang as Language) ? (lang as Language) : 'az';

/** The chosen language first, then the others in the fixed order az, en, ru. */
const fallbackOrder = (lang: string): Language[] => {
  const first = asLanguage(lang);
  return [first, ...LANGUAGES.filter((l) => l !== first)];
};

/** The name of exactly that language ('' when empty). */
export const nameIn = (texts: Nullable<LocalizedNames>, lang: Language): string => texts[`name${SUFFIX[lang]}`] ?? '';

/**
 * The one fallback rule for every screen and every snapshot: the trimmed name in `lang`, else the first filled
 * one in the order az, en, ru, else ''. The server stores order-item names with `localName(row, 'az')`.
 */
export function localName(texts: Nullable<LocalizedNames>, lang: string): string {
  for (const l of fallbackOrder(lang)) {
    const v = texts[`name${SUFFIX[l]}`]?.trim();
    if (v) return v;
  }
  return '';
}

/** The description with the same fallback rule as `localName`. */
export function localDescription(texts: Nullable<LocalizedDescriptions>, lang: string): string {
  for (const l of fallbackOrder(lang)) {
    const v = texts[`description${SUFFIX[l]}`]?.trim();
    if (v) return v;
  }
  return '';
}

/** Just the three names of a bigger object (a row, a form), nulls as ''. */
export const pickNames = (row: Nullable<LocalizedNames>): LocalizedNames => ({
  nameAz: row.nameAz ?? '',
  nameEn: row.nameEn ?? '',
  nameRu: row.nameRu ?? '',
});

/** Just the six texts of a bigger object, nulls as ''. */
export const pickTexts = (row: Nullable<LocalizedTexts>): LocalizedTexts => ({
  ...pickNames(row),
  descriptionAz: row.descriptionAz ?? '',
  descriptionEn: row.descriptionEn ?? '',
  descriptionRu: row.descriptionRu ?? '',
});
