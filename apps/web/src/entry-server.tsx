// The server's renderer of guest pages (issue 14), built by `vite build --ssr` into dist-ssr/entry-server.js and
// loaded by the server's guest-pages module: the same routes and components the client hydrates.
import './i18n';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createRoutes } from './app/router';
import * as guest from './features/guest';
import { i18n } from './i18n';

export type { GuestPageData } from './features/guest';

const handler = createStaticHandler(createRoutes(guest));

/**
 * The markup of the app's root element for a guest page (`path`, e.g. /client/eatery/1/table/2/menu) in `data.lang`
 * with `data.menu` as the table's menu, or null when the router answers a redirect instead of a page.
 */
export async function renderGuestPage(path: string, data: guest.GuestPageData): Promise<string | null> {
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // No await between the language switch and the (synchronous) render: another request cannot switch in between.
  void i18n.changeLanguage(data.lang);
  return guest.renderWithGuestData(data, () =>
    renderToString(
      <StrictMode>
        {/* hydrate={false}: no inline script (the CSP allows none); the client builds its own router. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </StrictMode>,
    ),
  );
}
