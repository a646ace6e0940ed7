import { useEffect, useLayoutEffect } from 'react';
import { LANGUAGES, type Language } from '@qr-menu/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { setLanguage } from '../../../i18n';

/**
 * A language suffix (/landing/ru) sets the language; an unknown suffix goes to the bare path. The returned
 * function is for the page's language switch, which navigates to the bare path.
 */
export function useLanguageRoute() {
  const { lang } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = `/${pathname.split('/')[1]}`;
  // Before paint, so a /landing/ru visitor never sees the page in another language first.
  useLayoutEffect(() => {
    if (LANGUAGES.includes(lang as Language)) setLanguage(lang as Language);
    else if (lang) navigate(base, { replace: true });
  }, [lang, base, navigate]);
  return () => {
    if (pathname !== base) navigate(base);
  };
}

const describedBy = () => document.querySelector<HTMLMetaElement>('meta[name="description"]');

/** Sets the document title, the description meta and <html lang> for the current language. */
export function usePageMeta(titleKey: string, descriptionKey: string) {
  const { t, i18n } = useTranslation();
  const title = t(titleKey);
  const description = t(descriptionKey);
  // Leaving the page puts back the generic title and description of index.html (other pages may set their own).
  // (Declared first so that it reads the description before this page replaces it.)
  useEffect(() => {
    const initial = describedBy()?.content;
    const initialTitle = document.title;
    return () => {
      const meta = describedBy();
      if (meta && initial !== undefined) meta.content = initial;
      document.title = initialTitle;
    };
  }, []);
  useEffect(() => {
    document.title = title;
    document.documentElement.lang = i18n.language;
    let meta = describedBy();
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description, i18n.language]);
}
