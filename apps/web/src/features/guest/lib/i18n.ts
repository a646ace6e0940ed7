import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language } from '@qr-menu/contract/constants';
import { isLanguage, saveLanguage, savedLanguage } from '../../../i18n/saved-language';

/**
 * The guest pages' translations without i18next (it and react-i18next were ~13 KB of the first load).
 * The same keys and JSON files as before (features/guest/i18n and the app's shared strings); the guest strings only
 * interpolate `{{name}}` (no plurals, no nesting), which is all this supports. Only the page's language is loaded;
 * another is loaded when the guest switches to it.
 */
export type Strings = Record<string, unknown>;
export type TValues = Record<string, unknown>;
export type TFunction = (key: string, values?: TValues) => string;

/** Each language's strings are their own chunks: the guest's own and the app's shared ones (errors, common…). */
const loaders: Record<Language, () => Promise<Strings[]>> = {
  az: () =>
    Promise.all([import('../i18n/az.json'), import('../../../i18n/az.json?guest')]).then((m) =>
      m.map((x) => x.default),
    ),
  en: () =>
    Promise.all([import('../i18n/en.json'), import('../../../i18n/en.json?guest')]).then((m) =>
      m.map((x) => x.default),
    ),
  ru: () =>
    Promise.all([import('../i18n/ru.json'), import('../../../i18n/ru.json?guest')]).then((m) =>
      m.map((x) => x.default),
    ),
};

const strings = new Map<Language, Strings[]>();
const translators = new Map<Language, TFunction>();
let language: Language = DEFAULT_LANGUAGE;
/**
 * The language last chosen: the switch shows it at once, the page follows when its strings are loaded. The switch
 * must not show the page's language meanwhile: React puts a controlled select back to its value after every event,
 * so a choice made on the server's page before hydration would be undone by the change event that follows it.
 */
let chosen: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function lookup(sources: Strings[] | undefined, key: string): string | undefined {
  for (const source of sources ?? []) {
    let node: unknown = source;
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Strings)[part] : undefined;
    if (typeof node === 'string') return node;
  }
  return undefined;
}

/** The translator of a language: one function per language, so a switch changes its identity (memoized rows). */
function translator(lng: Language): TFunction {
  let t = translators.get(lng);
  if (!t) {
    t = (key, values) => {
      const text = lookup(strings.get(lng), key) ?? lookup(strings.get('en'), key) ?? key;
      if (!values) return text;
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) =>
        values[name] === undefined ? '' : String(values[name]),
      );
    };
    translators.set(lng, t);
  }
  return t;
}

/** Gives a language's strings directly (the server renderer and tests, which import them statically). */
export function addGuestStrings(lng: Language, sources: Strings[]) {
  strings.set(lng, sources);
}

/** Loads a language's strings (once). */
export async function loadGuestStrings(lng: Language): Promise<void> {
  if (!strings.has(lng)) strings.set(lng, await loaders[lng]());
}

/** Makes `lng` the current language at once (its strings must be there: loadGuestStrings or addGuestStrings). */
export function showGuestLanguage(lng: Language) {
  if (lng === language && lng === chosen) return;
  language = chosen = lng;
  notify();
}

/**
 * The guest's language switch: remembered (local storage, cookie), its strings loaded, then shown. The last choice
 * wins: a switch whose strings arrive after a later one's is not shown (the page stays in the saved language).
 */
export async function setGuestLanguage(lng: Language): Promise<void> {
  saveLanguage(lng);
  if (chosen !== lng) {
    chosen = lng;
    notify();
  }
  await loadGuestStrings(lng);
  if (chosen === lng) showGuestLanguage(lng);
}

/**
 * Whether the guest ever chose a language here: saveLanguage (i18n/saved-language) keeps the choice in local storage
 * and in the cookie, both named LANGUAGE_COOKIE.
 */
function choseBefore(): boolean {
  const cookie = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1];
  return isLanguage(localStorage.getItem(LANGUAGE_COOKIE)) || isLanguage(cookie);
}

/**
 * The language the guest pages start in: the guest's own choice (local storage, cookie), else the one the server
 * picked for the page and put on <html lang> (the phone's Accept-Language, the restaurant's guest language or az:
 * contract `guestPageLanguage`), so that hydration never flips the page to another language; else az.
 */
export function startLanguage(): Language {
  if (choseBefore()) return savedLanguage();
  const served = document.documentElement.lang;
  return isLanguage(served) ? served : DEFAULT_LANGUAGE;
}

export function guestLanguage(): Language {
  return language;
}

/** Translates outside components (with the current language). */
export function guestT(key: string, values?: TValues): string {
  return translator(language)(key, values);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => language;
const chosenSnapshot = () => chosen;

/** The language last chosen, for the language switch (the page may still show the previous one). */
export function useChosenLanguage(): Language {
  return useSyncExternalStore(subscribe, chosenSnapshot, chosenSnapshot);
}

/** Same shape as react-i18next's hook, as far as the guest pages use it. */
export function useTranslation() {
  const lng = useSyncExternalStore(subscribe, snapshot, snapshot);
  return {
    t: translator(lng),
    i18n: { language: lng, exists: (key: string) => lookup(strings.get(lng), key) !== undefined },
  };
}
