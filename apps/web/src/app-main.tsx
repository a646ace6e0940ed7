import './app/base.css';
import { i18n } from './i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, type GuestModule } from './app/router';
import { installChunkReload } from './app/chunk-reload';
import { registerGuestServiceWorker } from './app/service-worker';
import { installGlobalErrorReporting } from './api/report-error';
import type { GuestPageData } from './features/guest/ssr-data';

installGlobalErrorReporting();
installChunkReload();
// Guest pages only (its scope is /client/), production only: the guest shell and the last menu work offline.
registerGuestServiceWorker();

/** The menu and language a server-rendered guest page carries (its id is the server's guest-pages module's). */
function serverData(): GuestPageData | null {
  const el = document.getElementById('guest-data');
  if (!el?.textContent || !window.location.pathname.startsWith('/client/')) return null;
  try {
    return JSON.parse(el.textContent) as GuestPageData;
  } catch {
    return null;
  }
}

const app = (guest?: GuestModule) => (
  <StrictMode>
    <RouterProvider router={createRouter(guest)} />
  </StrictMode>
);

/**
 * A guest page the server rendered is hydrated: the guest chunk is loaded first (the router renders it at once, not
 * through a lazy route) and its query cache is given the inlined menu, so the first render is the server's page and
 * no menu request is made. Any other page (or a language the server could not know: only the cookie reaches it) is
 * rendered from scratch. No Mantine and no TanStack Query here: they load with the admin, sign-in and marketing
 * pages (app/MantineRoot), so the guest pages stay small (issue 14). Render errors of any page show app/RouteError.
 */
async function start() {
  const root = document.getElementById('root')!;
  const data = serverData();
  if (data) {
    try {
      const guest = await import('./features/guest');
      guest.seedGuestData(data);
      if (data.lang === i18n.language) {
        // A transition: React hydrates in slices of a few milliseconds and lets the browser paint and take input in
        // between, instead of one long task for the whole menu (Total Blocking Time, issue 14).
        startTransition(() => {
          hydrateRoot(root, app(guest));
        });
        return;
      }
      createRoot(root).render(app(guest));
      return;
    } catch {
      // The guest chunk did not load: the lazy route below tries again and shows its error page.
    }
  }
  createRoot(root).render(app());
}

void start();
