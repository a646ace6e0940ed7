import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@qr-menu/contract/constants';
import { isLanguage, saveLanguage, savedLanguage } from './saved-language';
import az from './az.json';
import en from './en.json';
import ru from './ru.json';

export { savedLanguage };

void i18n.use(initReactI18next).init({
  resources: { az: { translation: az }, en: { translation: en }, ru: { translation: ru } },
  lng: savedLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Switches language and remembers it in local storage and a one-year cookie. */
export function setLanguage(lng: Language) {
  saveLanguage(lng);
  void i18n.changeLanguage(lng);
}

export type TranslationBundle = Record<Language, Record<string, unknown>>;

/** Feature chunks add their own strings when they load, so guest pages never carry admin texts. */
export function registerTranslations(bundle: TranslationBundle) {
  for (const lng of LANGUAGES) i18n.addResourceBundle(lng, 'translation', bundle[lng], true, true);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
