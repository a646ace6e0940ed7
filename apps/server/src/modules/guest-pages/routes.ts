import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { asLanguage, type GuestMenu, type Language } from '@qr-menu/contract';
import { etagMatches } from '../../plugins/etag.js';
import { parsePathId } from '../../plugins/path-id.js';
import { PageCache, RenderedPage } from './page-cache.js';
import { inlineMenuJson } from './inline-menu.js';
import { PageTemplate } from './page-template.js';

/** The web app's server renderer (apps/web/src/entry-server.tsx). */
interface GuestRenderer {
  renderGuestPage(path: string, data: { lang: Language; menu: GuestMenu }): Promise<string | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-rendered guest pages (tests read `renders`). */
    guestPages: PageCache;
  }
}

/**
 * The language the client will start in, as far as the server can know it: the web app picks local storage, then
 * the `language` cookie (both written on every switch), then az (apps/web/src/i18n). When local storage says
 * otherwise, the client renders instead of hydrating.
 */
function pageLanguage(request: FastifyRequest): Language {
  return asLanguage(request.cookies.language ?? '');
}

/**
 * Server-rendered guest pages (issue 14): GET of a table's menu page or of its decision page answers the built
 * index.html with the page rendered by React and the table's menu inlined, so the menu shows with no request
 * waterfall (and without JavaScript). The menu comes from the menu cache (app.menuCache); each page is rendered once
 * per menu ETag and language (PageCache). Unknown or inactive tables and malformed ids get the guest shell
 * (index.html with the guest chunk preloaded and its styles inlined), as do the guest pages the browser draws (cart,
 * orders, confirmation): the client shows its page or message. A build without the renderer gets the plain SPA page.
 * fastify-plugin: `app.guestPages` is visible to the app (tests).
 */
export const guestPageRoutes = fp(async (app) => {
  const { webDist } = app.config;
  const entry = app.config.webSsrEntry ?? join(dirname(webDist), 'dist-ssr', 'entry-server.js');
  const cache = new PageCache();
  app.decorate('guestPages', cache);
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'guest pages: no server renderer built; guest pages are rendered in the browser only');
    return;
  }
  const renderer = (await import(pathToFileURL(entry).href)) as GuestRenderer;
  const template = new PageTemplate(webDist);

  /** A page with its ETag, compressed as the browser accepts. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'accept-encoding, cookie');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(page.brotli());
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(page.gzip());
    return reply.send(page.html);
  };

  /**
   * The guest pages the browser draws (the cart lives in the phone, so the server cannot draw it; unknown tables):
   * index.html with the guest chunk preloaded and the guest styles inlined.
   */
  const shells = new Map<Language, RenderedPage>();
  const shellPage = (request: FastifyRequest) => {
    const lang = pageLanguage(request);
    let page = shells.get(lang);
    if (!page) shells.set(lang, (page = new RenderedPage(Buffer.from(template.guestShell(lang)))));
    return page;
  };

  const handler =
    (kind: 'menu' | 'decision') =>
    async (request: FastifyRequest<{ Params: { id: string; tableId: string } }>, reply: FastifyReply) => {
      const eateryId = parsePathId(request.params.id);
      const tableId = parsePathId(request.params.tableId);
      if (!eateryId || !tableId) return sendPage(request, reply, shellPage(request));
      const menu = await app.menuCache.get(eateryId, tableId);
      if (menu.kind !== 'ok') return sendPage(request, reply, shellPage(request));
      const lang = pageLanguage(request);
      const path = request.url.split('?')[0];
      let page;
      try {
        page = await cache.get(`${menu.etag}|${lang}|${kind}`, async () => {
          const body = menu.body.toString('utf8');
          const data = { lang, menu: JSON.parse(body) as GuestMenu };
          const root = await renderer.renderGuestPage(path, data);
          return root === null ? null : template.page(root, `{"lang":"${lang}","menu":${inlineMenuJson(body)}}`, lang);
        });
      } catch (err) {
        request.log.error({ err }, 'guest pages: render failed; sending the page the browser draws');
        return sendPage(request, reply, shellPage(request));
      }
      if (!page) return sendPage(request, reply, shellPage(request));

      return sendPage(request, reply, page);
    };

  app.get('/client/eatery/:id/table/:tableId/menu', handler('menu'));
  app.get('/client/eatery/:id/table/:tableId/add/:flag/menu', handler('decision'));
  // Every other guest page (cart, orders, confirmation…) is drawn by the browser.
  app.get('/client/*', (request, reply) => sendPage(request, reply, shellPage(request)));
});
