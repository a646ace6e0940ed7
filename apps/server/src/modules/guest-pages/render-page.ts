import type { GuestMenu, Language } from '@qr-menu/contract';
import { inlineMenuJson } from './inline-menu.js';
import type { PageTemplate } from './page-template.js';

/** The web app's server renderer (apps/web/src/entry-server.tsx). */
export interface GuestRenderer {
  renderGuestPage(path: string, data: { lang: Language; menu: GuestMenu }): Promise<string | null>;
}

/** One guest page to render: the page at `path` in `lang` for a table whose menu API body is `menuJson`. */
export interface PageRequest {
  path: string;
  lang: Language;
  menuJson: string;
}

/**
 * The HTML of a table's guest page: React's markup of the page in the built index.html, with the menu inlined for
 * hydration; null when the renderer has no page for the path. The inlined data names the path rendered: a page may be
 * served at another address (a first scan gets the menu at the QR code's address), and the client takes the rendered
 * path as its address before hydrating. The same function runs in a render worker and, without workers, on the main
 * thread, so both give the same page.
 */
export async function renderTablePage(
  renderer: GuestRenderer,
  template: PageTemplate,
  { path, lang, menuJson }: PageRequest,
): Promise<string | null> {
  const root = await renderer.renderGuestPage(path, { lang, menu: JSON.parse(menuJson) as GuestMenu });
  if (root === null) return null;
  return template.page(
    root,
    `{"lang":"${lang}","path":${JSON.stringify(path)},"menu":${inlineMenuJson(menuJson)}}`,
    lang,
  );
}
