// The server's renderer of guest pages, built by `vite build --ssr` into dist-ssr/entry-server.js and
// loaded by the server's guest-pages module: the same guest app and components the client hydrates (guest-main.tsx).
import { renderToString } from 'react-dom/server';
import { LANGUAGES } from '@qr-menu/contract/constants';
import { GuestApp } from './guest-app';
import { renderWithGuestData, type GuestPageData } from './features/guest/ssr-data';
import { preloadGuestPages } from './features/guest/lib/lazy-page';
import { addGuestStrings, showGuestLanguage } from './features/guest/lib/i18n';
import appAz from './i18n/az.json';
import appEn from './i18n/en.json';
import appRu from './i18n/ru.json';
import guestAz from './features/guest/i18n/az.json';
import guestEn from './features/guest/i18n/en.json';
import guestRu from './features/guest/i18n/ru.json';

export type { GuestPageData } from './features/guest/ssr-data';

const strings = { az: [guestAz, appAz], en: [guestEn, appEn], ru: [guestRu, appRu] };
for (const lng of LANGUAGES) addGuestStrings(lng, strings[lng]);

/**
 * The markup of the app's root element for a guest page (`path`, e.g. /client/eatery/1/table/2/menu) in `data.lang`
 * with `data.menu` as the table's menu. (Never null since the guest app has its own router; the type stays for the
 * server's module, which sends the page the browser draws on null.)
 */
export async function renderGuestPage(path: string, data: GuestPageData): Promise<string | null> {
  // The pages loaded on demand (cart, confirmation, my orders) must be loaded before the synchronous render.
  await preloadGuestPages();
  // No await between the language switch and the (synchronous) render: another request cannot switch in between.
  showGuestLanguage(data.lang);
  return Promise.resolve(renderWithGuestData(data, () => renderToString(<GuestApp path={path} />)));
}
