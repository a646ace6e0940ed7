import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { guestPageLanguage, LANGUAGE_COOKIE, TABLE_COOKIE, type Language } from '@qr-menu/contract';
import { etagMatches } from '../../plugins/etag.js';
import { readDeviceId } from '../guest/device.js';
import { parsePathId } from '../../plugins/path-id.js';
import { PageCache, RenderedPage } from './page-cache.js';
import { PageTemplate } from './page-template.js';
import { renderTablePage, type GuestRenderer } from './render-page.js';
import { defaultRenderWorkers, RenderPool, RenderRefused } from './render-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server-rendered guest pages (tests read `renders`). */
    guestPages: PageCache;
  }
}

/**
 * The language of a guest page (contract `guestPageLanguage`): the guest's choice (the `language` cookie, written on
 * every switch), else the phone's (`Accept-Language`), else the restaurant's guest language (`restaurant`, when the
 * page has one), else az. The page says which (`<html lang>`, the page data) and the client starts in it unless local
 * storage holds another choice (then it renders instead of hydrating).
 */
function pageLanguage(request: FastifyRequest, restaurant: Language | null = null): Language {
  return guestPageLanguage({
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'],
    restaurant,
  });
}

/**
 * The table of the phone's cart, as far as the server can know it (contract TABLE_COOKIE). Nothing secret: the ids
 * are in the table's QR link.
 */
const TABLE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function cookieTable(request: FastifyRequest): { eateryId: number; tableId: number } | null {
  const m = /^(\d+)\.(\d+)$/.exec(request.cookies[TABLE_COOKIE] ?? '');
  const eateryId = parsePathId(m?.[1]);
  const tableId = parsePathId(m?.[2]);
  return eateryId && tableId ? { eateryId, tableId } : null;
}

/**
 * The guest pages of the cart's table (the path names no table): rendered for the cookie's table. The cart page is
 * drawn with an empty cart on that table (the server has no local storage); the client re-renders it with the
 * stored cart. Confirmation pages (one per order) stay with the browser: a cache entry per order and language.
 */
const CART_TABLE_PAGES = {
  '/client/cart': 'cart',
  '/client/orders': 'orders',
  '/client/menu': 'cart-menu',
  '/client/order-decision': 'cart-decision',
} as const;
type PageKind = 'menu' | 'decision' | (typeof CART_TABLE_PAGES)[keyof typeof CART_TABLE_PAGES];

/** The addresses a scanned table's pages are rendered at (the QR code's is the decision page's). */
const GUEST_PAGE_PATHS = {
  menu: ({ eateryId, tableId }: { eateryId: number; tableId: number }) =>
    `/client/eatery/${eateryId}/table/${tableId}/menu`,
  decision: ({ eateryId, tableId }: { eateryId: number; tableId: number }) =>
    `/client/eatery/${eateryId}/table/${tableId}/add/false/menu`,
};

/**
 * Server-rendered guest pages: GET of a table's menu page or of its decision page answers the built
 * index.html with the page rendered by React and the table's menu inlined, so the menu shows with no request
 * waterfall (and without JavaScript); those pages set the table cookie, and the cart, "my orders" and the cart
 * table's menu and decision pages (/client/menu, /client/order-decision) are rendered the same way for the cookie's table. The menu comes from the menu cache
 * (app.menuCache); each page is rendered once per menu ETag, language and page (PageCache), so a changed menu
 * renders its pages anew. A page is rendered in a render worker (RenderPool), so that rendering a big menu never
 * holds up the other restaurants' requests; on the main thread only without workers (`guestPageWorkers: 0`) or with a
 * renderer that is not plain JavaScript (tests load apps/web/src/entry-server.tsx through vitest's transform, which a
 * worker thread does not have). Unknown or inactive tables, malformed ids, no table cookie, and the other guest pages
 * (confirmation) get the guest shell (index.html with the guest chunk preloaded and its styles inlined): the client
 * shows its page or message. A build without the renderer gets the plain SPA page.
 * fastify-plugin: `app.guestPages` is visible to the app (tests).
 */
export const guestPageRoutes = fp(async (app) => {
  const { webDist } = app.config;
  const entry = app.config.webSsrEntry ?? join(dirname(webDist), 'dist-ssr', 'entry-server.js');
  const cache = new PageCache();
  app.decorate('guestPages', cache);
  app.metrics.registerCache('guest_pages', cache.lookups);
  // Pages of an old menu are never asked for again (their key holds its ETag): free them when the menu changes.
  app.realtime.onDataChange((change) => {
    if (change.kind === 'menu' || change.kind === 'settings') cache.dropEatery(change.eateryId);
    else if (change.kind === 'everything') cache.clear();
  });
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'guest pages: no server renderer built; guest pages are rendered in the browser only');
    return;
  }
  const template = new PageTemplate(webDist);
  const workers = app.config.guestPageWorkers ?? defaultRenderWorkers();
  const pool = workers > 0 && /\.m?js$/.test(entry) ? new RenderPool(workers, { entry, webDist }) : null;
  if (pool) app.addHook('onClose', () => pool.close());
  const renderer = pool ? null : ((await import(pathToFileURL(entry).href)) as GuestRenderer);

  /** The page `path` in `lang` for a table's menu (API body): in a render worker, or on the main thread. */
  const renderPage = async (path: string, lang: Language, menu: Buffer): Promise<RenderedPage | null> => {
    if (pool) {
      const parts = await pool.render({ path, lang, menu });
      return parts && new RenderedPage(parts);
    }
    const html = await renderTablePage(renderer!, template, { path, lang, menuJson: menu.toString('utf8') });
    return html === null ? null : new RenderedPage(Buffer.from(html));
  };

  /** A page with its ETag, compressed as the browser accepts. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    reply
      .header('Cache-Control', 'no-cache')
      .header('ETag', page.etag)
      .header('Vary', 'accept-encoding, accept-language, cookie');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(page.brotli());
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(page.gzip());
    return reply.send(page.html);
  };

  /**
   * The guest pages the browser draws (confirmation; unknown tables; no table cookie): index.html with the guest
   * chunk preloaded and the guest styles inlined.
   */
  const shells = new Map<Language, RenderedPage>();
  const shellPage = (request: FastifyRequest, restaurant: Language | null = null) => {
    const lang = pageLanguage(request, restaurant);
    let page = shells.get(lang);
    if (!page) shells.set(lang, (page = new RenderedPage(Buffer.from(template.guestShell(lang)))));
    return page;
  };

  /** The page `kind` at `path` for a table, rendered (or from the cache); the shell when there is nothing to render. */
  const sendTablePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    table: { eateryId: number; tableId: number } | null,
    kind: PageKind,
    path: string,
  ) => {
    if (!table) return sendPage(request, reply, shellPage(request));
    const menu = await app.menuCache.get(table.eateryId, table.tableId);
    if (menu.kind !== 'ok') return sendPage(request, reply, shellPage(request));
    const lang = pageLanguage(request, menu.language);
    let page;
    try {
      page = await cache.get(`${table.eateryId}|${menu.etag}|${lang}|${kind}`, () => renderPage(path, lang, menu.body));
    } catch (err) {
      if (err instanceof RenderRefused) request.log.warn({ err }, 'guest pages: not rendered; sending the shell');
      else request.log.error({ err }, 'guest pages: render failed; sending the page the browser draws');
      return sendPage(request, reply, shellPage(request, menu.language));
    }
    return sendPage(request, reply, page ?? shellPage(request, menu.language));
  };

  /**
   * Whether this phone (its device cookie) has an open order at the table: what the decision page offers to follow.
   * A phone without the cookie has ordered nowhere. When the answer cannot be had, the decision page is kept (its
   * client asks again).
   */
  const hasOpenOrder = async (request: FastifyRequest, table: { eateryId: number; tableId: number }) => {
    const deviceId = readDeviceId(request);
    if (!deviceId) return false;
    try {
      return (await app.services.guest.deviceOrders(table.eateryId, table.tableId, deviceId)).hasOrders;
    } catch (err) {
      request.log.warn({ err }, 'guest pages: no device orders; sending the decision page');
      return true;
    }
  };

  /**
   * A table's page from its QR code, rendered at the table's own addresses (the path is inlined with the page and
   * becomes the browser's address: cached pages are shared, so never a path as a request spelled it). The QR code's
   * address (`kind` decision) is the decision page ("My orders" or "New order") only for a phone with an open order
   * at the table; on a first scan (no order from this phone) it is the menu page at once, the client then shows the
   * menu's address. Decided here, before the first paint: no decision page flashes by on the way to the menu.
   */
  const scanned =
    (kind: 'menu' | 'decision') =>
    async (request: FastifyRequest<{ Params: { id: string; tableId: string } }>, reply: FastifyReply) => {
      const eateryId = parsePathId(request.params.id);
      const tableId = parsePathId(request.params.tableId);
      const table = eateryId && tableId ? { eateryId, tableId } : null;
      if (!table) return sendTablePage(request, reply, null, kind, request.url.split('?')[0]);
      // The phone's cart moves to the scanned table (usePlaceSync): so do the pages of the cart's table.
      reply.setCookie(TABLE_COOKIE, `${table.eateryId}.${table.tableId}`, {
        path: '/client',
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: TABLE_COOKIE_MAX_AGE_SECONDS,
      });
      const menuPage = kind === 'menu' || !(await hasOpenOrder(request, table));
      const path = menuPage ? GUEST_PAGE_PATHS.menu(table) : GUEST_PAGE_PATHS.decision(table);
      return sendTablePage(request, reply, table, menuPage ? 'menu' : 'decision', path);
    };

  app.get('/client/eatery/:id/table/:tableId/menu', scanned('menu'));
  app.get('/client/eatery/:id/table/:tableId/add/:flag/menu', scanned('decision'));
  for (const [path, kind] of Object.entries(CART_TABLE_PAGES)) {
    app.get(path, (request, reply) => sendTablePage(request, reply, cookieTable(request), kind, path));
  }
  // Every other guest page (confirmation…) is drawn by the browser, in the language of the cart's restaurant when the
  // phone says none of ours: the same page the menu pages render.
  app.get('/client/*', async (request, reply) => {
    const table = cookieTable(request);
    let restaurant: Language | null = null;
    try {
      const menu = table ? await app.menuCache.get(table.eateryId, table.tableId) : null;
      if (menu?.kind === 'ok') restaurant = menu.language;
    } catch (err) {
      // The page the browser draws needs no database: without the restaurant's language it still opens.
      request.log.warn({ err }, 'guest pages: no restaurant language for the shell');
    }
    return sendPage(request, reply, shellPage(request, restaurant));
  });
});
