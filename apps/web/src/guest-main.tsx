// The guest pages' app: React, the guest feature with its own small router and translations, and the
// current language's strings — no react-router, i18next, Mantine or TanStack Query (those load with app-main.tsx).
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerGuestServiceWorker } from './app/service-worker';
import { GuestApp } from './guest-app';
import { adoptRenderedPath, rememberCartTable, seedGuestData, type GuestPageData } from './features/guest/ssr-data';
import { loadGuestStrings, showGuestLanguage, startLanguage } from './features/guest/lib/i18n';

/** The menu and language a server-rendered guest page carries (its id is the server's guest-pages module's). */
function serverData(): GuestPageData | null {
  const el = document.getElementById('guest-data');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as GuestPageData;
  } catch {
    return null;
  }
}

/**
 * A guest page the server rendered is hydrated with its inlined menu seeded (the first render is the server's page,
 * no menu request). The client starts in the server's language unless the guest's own choice says otherwise
 * (`startLanguage`): a page in another language (a choice only local storage holds) or without server HTML is
 * rendered from scratch. Only the current language's strings are loaded first.
 */
export async function startGuest() {
  // Guest pages only (its scope is /client/), production only: the guest shell and the last menu work offline.
  registerGuestServiceWorker();
  rememberCartTable();
  const root = document.getElementById('root')!;
  const data = serverData();
  if (data) adoptRenderedPath(data);
  const lang = startLanguage();
  document.documentElement.lang = lang;
  await loadGuestStrings(lang);
  showGuestLanguage(lang);
  if (data) seedGuestData(data);
  if (data && data.lang === lang) {
    // A transition: React hydrates in slices of a few milliseconds and lets the browser paint and take input in
    // between, instead of one long task for the whole menu (Total Blocking Time).
    startTransition(() => {
      hydrateRoot(root, <GuestApp />);
    });
    return;
  }
  createRoot(root).render(<GuestApp />);
}
