import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, LIMITS, type Language } from '@qr-menu/contract/constants';

/** Where the chosen language is kept (local storage key and cookie name); shared by the admin and the guest pages. */
const STORAGE_KEY = 'language';

export const isLanguage = (v: unknown): v is Language => LANGUAGES.includes(v as Language);

/** The saved language: local storage, then the cookie, then az. */
export function savedLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
  if (isLanguage(stored)) return stored;
  const cookie =
    typeof document !== 'undefined'
      ? new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1]
      : null;
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}

/** Remembers a switch in local storage and a one-year cookie (the server renders guest pages in it). */
export function saveLanguage(lng: Language) {
  localStorage.setItem(STORAGE_KEY, lng);
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=${LIMITS.languageCookieSeconds}; samesite=lax`;
  document.documentElement.lang = lng;
}
