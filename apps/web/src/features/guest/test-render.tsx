import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { LANGUAGES, type Language } from '@qr-menu/contract/constants';
import appAz from '../../i18n/az.json';
import appEn from '../../i18n/en.json';
import appRu from '../../i18n/ru.json';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';
import { addGuestStrings, showGuestLanguage } from './lib/i18n';
import { matchPath, MemoryRouter, ParamsProvider } from './lib/router';

export { jsonResponse } from '../../test/render';

const strings = { az: [az, appAz], en: [en, appEn], ru: [ru, appRu] };

/** Every language's guest strings, at once (tests switch languages synchronously). */
export function addAllGuestStrings() {
  for (const lng of LANGUAGES) addGuestStrings(lng, strings[lng]);
}

/** Shows the guest pages in `lang` (its strings loaded). */
export function setGuestLanguageForTests(lang: Language) {
  addAllGuestStrings();
  showGuestLanguage(lang);
}

/**
 * Renders a guest screen piece with the guest app's router (at `path`; `route`: the pattern its parameters come
 * from) and translations in `lang`.
 */
export async function renderGuest(
  ui: ReactNode,
  { lang = 'en' as Language, path = '/', route }: { lang?: Language; path?: string; route?: string } = {},
) {
  setGuestLanguageForTests(lang);
  const params = (route && matchPath(route, path)) || {};
  return Promise.resolve(
    render(
      <MemoryRouter path={path}>
        <ParamsProvider params={params}>{ui}</ParamsProvider>
      </MemoryRouter>,
    ),
  );
}
