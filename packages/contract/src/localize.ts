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

/** Names kept per language, as order lines, their options and the restaurant's courses keep them. */
export type NamesByLanguage = { [L in Language]?: string | null };

/** `localName` for names kept per language ({az, en, ru}). */
export const localNameByLanguage = (names: NamesByLanguage, lang: string): string =>
  localName({ nameAz: names.az, nameEn: names.en, nameRu: names.ru }, lang);

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

// ---- The language a guest page opens in ----------------------------------------------------------------------

/** Our language an Accept-Language tag names ('en-US' → en, 'RU' → ru), or null. */
const tagLanguage = (tag: string): Language | null => {
  const primary = tag.split(/[-_]/)[0].toLowerCase();
  return LANGUAGES.includes(primary as Language) ? (primary as Language) : null;
};

/**
 * The phone's preferred language among ours, from an `Accept-Language` header (`en-US,en;q=0.9,ru;q=0.8`): the one
 * with the highest q-value (1 when not given; ties keep the header's order), regional variants counting as their
 * language. Null when the header names none of ours (or only with q=0), or is missing.
 */
export function acceptedLanguage(header: string | null | undefined): Language | null {
  let best: Language | null = null;
  let bestQ = 0;
  for (const part of (header ?? '').split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const lang = tagLanguage(tag.trim());
    if (!lang) continue;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=(.*)$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    // A malformed q-value (NaN) never wins.
    if (q > bestQ) {
      best = lang;
      bestQ = q;
    }
  }
  return best;
}

/**
 * The language a guest page opens in: the guest's own choice (the `language` cookie), else the phone's
 * (`Accept-Language`), else the restaurant's guest language, else az. The server renders the page in it and says so
 * (`<html lang>`, the page data), and the client starts in it unless the guest chose one before.
 */
export function guestPageLanguage(sources: {
  cookie?: string | null;
  acceptLanguage?: string | null;
  restaurant?: string | null;
}): Language {
  const { cookie, acceptLanguage, restaurant } = sources;
  if (cookie && LANGUAGES.includes(cookie as Language)) return cookie as Language;
  return acceptedLanguage(acceptLanguage) ?? asLanguage(restaurant ?? '');
}

// ---- Reasons staff give for rejecting a guest order ----------------------------------------------------------

/**
 * The common reasons of the reject dialog. A preset is stored and sent as `preset:<key>` (PRESET_REASON_PREFIX), so
 * every reader sees it in their own language (guest `client.rejectionReasons.<key>`, staff
 * `orders.reject.reasons.<key>`); a reason staff wrote themselves is kept and shown as typed.
 */
export const REJECTION_REASONS = ['soldOut', 'closing', 'noGuest', 'duplicate', 'callWaiter'] as const;
export type RejectionReasonKey = (typeof REJECTION_REASONS)[number];
export const PRESET_REASON_PREFIX = 'preset:';

/** The stored form of a preset reason: `preset:soldOut`. */
export const presetReason = (key: RejectionReasonKey): string => `${PRESET_REASON_PREFIX}${key}`;

/** The preset a stored reason names, or null for a reason written by hand (or none). */
export function rejectionReasonKey(reason: string | null | undefined): RejectionReasonKey | null {
  if (!reason?.startsWith(PRESET_REASON_PREFIX)) return null;
  const key = reason.slice(PRESET_REASON_PREFIX.length);
  return REJECTION_REASONS.includes(key as RejectionReasonKey) ? (key as RejectionReasonKey) : null;
}
