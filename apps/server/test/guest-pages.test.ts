import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type GuestMenu } from '@qr-menu/contract';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { createCategory, createDish } from './menu-fixtures.js';
import { inlineMenuJson } from '../src/modules/guest-pages/inline-menu.js';
import { newDeviceId } from '../src/modules/guest/device.js';

/**
 * Server-rendered guest pages with the web app's renderer taken from its source
 * (apps/web/src/entry-server.tsx) and a small index.html standing in for the build.
 */
const webDist = mkdtempSync(join(tmpdir(), 'qrmenu-web-'));
const STYLESHEET = '/assets/index-test.css';
const CSS = 'body{color:#222}';
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, STYLESHEET), CSS);
// The loader of the page's script (apps/web/src/features/guest/boot.ts); only its presence matters here.
writeFileSync(join(webDist, 'guest-boot.js'), '');
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html>\n<html lang="az">\n  <head>\n    <title>QR Menu</title>\n' +
    '    <script type="module" crossorigin src="/assets/index-test.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-test.js">\n' +
    `    <link rel="stylesheet" crossorigin href="${STYLESHEET}">\n  </head>\n  <body>\n` +
    '    <div id="root"><p class="boot-stalled">The page did not load.</p></div>\n  </body>\n</html>\n',
);
// The build's manifest: the guest app's chunk and its strings, one pair of module files per language.
const strings = (l: string) => [`src/features/guest/i18n/${l}.json`, `src/i18n/${l}.json?guest`];
const manifest: Record<string, unknown> = {
  'src/guest-main.tsx': { file: 'assets/guest-main-test.js', dynamicImports: ['az', 'en', 'ru'].flatMap(strings) },
};
for (const l of ['az', 'en', 'ru'])
  strings(l).forEach((key, i) => (manifest[key] = { file: `assets/${l}-${i ? 'app' : 'guest'}-test.js` }));
mkdirSync(join(webDist, '.vite'));
writeFileSync(join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest));
const webSsrEntry = fileURLToPath(new URL('../../web/src/entry-server.tsx', import.meta.url));

const ctx = setupApp({ webDist, webSsrEntry });
let owner: Owner;
let table: number;
let soups: number;
let dushbara: number;
const EVIL = 'Lentil</script><script>alert(1)</script>';

const pageUrl = (tableId = table) => `/client/eatery/${owner.eateryId}/table/${tableId}/menu`;
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

/** The inlined JSON of a page, parsed as the client parses it. */
function inlined(html: string): { lang: string; path?: string; menu: GuestMenu } {
  const m = /<script type="application\/json" id="guest-data">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]);
}

/** The markup in the app's root element (what the server rendered), without the inlined data. */
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));

beforeAll(async () => {
  owner = await registerOwner(ctx.app, { restaurant: 'Sahil Cafe' });
  soups = (await createCategory(ctx.app, owner, { nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' })).id;
  await createDish(ctx.app, owner, soups, { nameAz: 'Mərci', nameEn: EVIL, nameRu: 'Чечевица', price: 4.5 });
  dushbara = (
    await createDish(ctx.app, owner, soups, { nameAz: 'Düşbərə', nameEn: 'Dushbara', nameRu: 'Дюшбара', price: 6 })
  ).id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${owner.eateryId}/table`,
    headers: bearer(owner.token),
    payload: { number: '7', seats: 4 },
  });
  expect(res.statusCode).toBe(201);
  table = res.json().id as number;
});

describe('server-rendered guest menu page', () => {
  it('has the dishes in the HTML, in the cookie language, with the menu inlined and escaped', async () => {
    const res = await get(pageUrl(), { cookie: 'language=ru' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<html lang="ru"');
    expect(rootOf(html)).toContain('Чечевица');
    expect(html).toContain('Дюшбара');
    expect(html).toContain('Супы');
    expect(html).toContain('Sahil Cafe');
    expect(html).not.toContain('boot-stalled');
    // The dish name never closes the data element: two </script>, the data element's and the script loader's.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    const data = inlined(html);
    expect(data.lang).toBe('ru');
    expect(data.menu.eateryId).toBe(owner.eateryId);
    expect(data.menu.tableId).toBe(table);
    expect(data.menu.categories[0].dishes.map((d) => d.nameEn)).toContain(EVIL);
  });

  it('renders once per menu version and language; the next request is served from the cache', async () => {
    const url = pageUrl();
    const first = await get(url, { cookie: 'language=en' });
    expect(first.statusCode).toBe(200);
    // Escaped as text in the markup, not as tags.
    expect(first.body).toContain('Lentil&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const renders = ctx.app.guestPages.renders;
    const second = await get(url, { cookie: 'language=en' });
    expect(second.body).toBe(first.body);
    expect(ctx.app.guestPages.renders).toBe(renders);

    // Conditional and compressed answers come from the same cached page.
    const etag = String(second.headers.etag);
    expect((await get(url, { cookie: 'language=en', 'if-none-match': etag })).statusCode).toBe(304);
    const br = await get(url, { cookie: 'language=en', 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    expect(ctx.app.guestPages.renders).toBe(renders);

    // A staff edit changes the menu's ETag: the page is rendered again with the new name.
    const edit = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/category`,
      headers: { ...bearer(owner.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({
        nameAz: 'İçkilər',
        nameEn: 'Drinks',
        nameRu: 'Напитки',
      })}\r\n--x--\r\n`,
    });
    expect(edit.statusCode).toBe(201);
    // The old menu's pages are freed at once (they would never be asked for again).
    expect(ctx.app.guestPages.size).toBe(0);
    const drinks = edit.json().id as number;
    await createDish(ctx.app, owner, drinks, { nameAz: 'Çay', nameEn: 'Black tea', nameRu: 'Чай', price: 1 });
    const after = await get(url, { cookie: 'language=en' });
    expect(after.body).toContain('Black tea');
    expect(ctx.app.guestPages.renders).toBe(renders + 1);
  });

  it('renders in az without a language cookie, and in each language on its own', async () => {
    const az = await get(pageUrl());
    expect(az.body).toContain('<html lang="az"');
    expect(rootOf(az.body)).toContain('Mərci');
    expect(inlined(az.body).lang).toBe('az');
    const unknown = await get(pageUrl(), { cookie: 'language=de' });
    expect(inlined(unknown.body).lang).toBe('az');
    const en = await get(pageUrl(), { cookie: 'language=en' });
    expect(rootOf(en.body)).toContain('Dushbara');
    expect(rootOf(en.body)).not.toContain('Düşbərə');
  });

  it('states the service charge under the menu, rendered anew when the restaurant changes it', async () => {
    const notice = 'Hesaba 10 % xidmət haqqı əlavə olunur';
    const setCharge = (serviceChargePercent: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${owner.eateryId}`,
        headers: bearer(owner.token),
        payload: { name: 'Sahil Cafe', address: 'Baku', phones: ['+994 12 000 00 00'], serviceChargePercent },
      });
    expect(rootOf((await get(pageUrl())).body)).not.toContain('xidmət haqqı');
    expect((await setCharge(10)).statusCode).toBe(200);
    // The settings change frees the old menu's pages at once, like a menu edit.
    expect(ctx.app.guestPages.size).toBe(0);
    const charged = await get(pageUrl());
    expect(rootOf(charged.body)).toContain(notice);
    expect(inlined(charged.body).menu.serviceChargePercent).toBe(10);
    expect(rootOf((await get(pageUrl(), { cookie: 'language=ru' })).body)).toContain(
      'К счёту добавляется 10 % за обслуживание',
    );
    expect((await setCharge(0)).statusCode).toBe(200);
    expect(rootOf((await get(pageUrl())).body)).not.toContain(notice);
  });

  it('renders the page of a scanned QR code (a first scan: the menu) with the menu inlined', async () => {
    const res = await get(`/client/eatery/${owner.eateryId}/table/${table}/add/false/menu`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sahil Cafe');
    expect(inlined(res.body).menu.tableId).toBe(table);
  });

  it('inlines the stylesheets (no request before the first paint) and leaves their links disabled', async () => {
    const res = await get(pageUrl());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<style>${CSS}</style>`);
    // Kept, not fetched: Vite's preloader skips a stylesheet a link already names.
    expect(res.body).toContain(`<link rel="stylesheet" crossorigin href="${STYLESHEET}" disabled>`);
    expect(res.body).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/);
  });

  it('requests its script only through the loader at the end of the body (after the page has loaded)', async () => {
    const { body } = await get(pageUrl());
    expect(body).not.toContain('<script type="module"');
    expect(body).not.toContain('rel="modulepreload"');
    // The guest app's chunk and the page language's strings (az without a cookie) with the rest, in one round.
    const loader =
      '<script async src="/guest-boot.js" data-entry="/assets/index-test.js" data-preload="/assets/az-guest-test.js ' +
      '/assets/az-app-test.js /assets/react-test.js /assets/guest-main-test.js"></script></body>';
    expect(body).toContain(loader);
    expect(body.indexOf('id="guest-data"')).toBeLessThan(body.indexOf(loader));
  });

  it('answers the guest pages the browser draws (cart without a table cookie) with index.html, styles inlined', async () => {
    const res = await get('/client/cart', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(body).toContain('boot-stalled');
    expect(body).toContain(`<style>${CSS}</style>`);
    expect(body).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(body).not.toContain('guest-boot.js');
  });

  it('preloads the guest app and the strings of the cookie language only with the pages the browser draws', async () => {
    const { body } = await get('/client/orders', { cookie: 'language=ru' });
    for (const file of ['guest-main-test.js', 'ru-guest-test.js', 'ru-app-test.js'])
      expect(body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    expect(body).not.toMatch(/(az|en)-(guest|app)-test\.js/);
  });

  it('answers the plain SPA page for unknown tables and malformed ids', async () => {
    for (const url of [
      pageUrl(999_999),
      `/client/eatery/${owner.eateryId}/table/abc/menu`,
      '/client/eatery/0/table/1/menu',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('boot-stalled');
      expect(res.body, url).not.toContain('guest-data');
    }
  });
});

describe("the QR code's address: the menu on a first scan, the welcome for a phone with an open order", () => {
  const qrUrl = () => `/client/eatery/${owner.eateryId}/table/${table}/add/false/menu`;
  const device = (id: string) => ({ cookie: `device_id=${id}; language=en` });

  it('a phone that has not ordered here gets the menu at once, rendered at the menu address it then shows', async () => {
    const menuPage = await get(pageUrl(), { cookie: 'language=en' });
    // No device cookie (a first scan ever), or a phone that never ordered at this table.
    for (const headers of [{ cookie: 'language=en' }, device(newDeviceId())]) {
      const res = await get(`${qrUrl()}?k=table-key`, headers);
      expect(res.statusCode).toBe(200);
      expect(rootOf(res.body)).toContain('Dushbara');
      expect(rootOf(res.body)).not.toContain('Welcome');
      expect(inlined(res.body).path).toBe(pageUrl());
      // The menu address's own page: one render, one cache entry.
      expect(res.headers.etag).toBe(menuPage.headers.etag);
      expect(res.cookies.find((c) => c.name === 'guest_table')?.value).toBe(`${owner.eateryId}.${table}`);
    }
  });

  it('a phone with an open order at the table gets the decision page; once the order is closed, the menu', async () => {
    const phone = newDeviceId();
    const placed = await ctx.app.inject({
      method: 'POST',
      url: GUEST_ROUTES.placeOrder(owner.eateryId, table),
      cookies: { device_id: phone },
      payload: { items: [{ dishId: dushbara, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const welcome = await get(qrUrl(), device(phone));
    expect(welcome.statusCode).toBe(200);
    expect(inlined(welcome.body).path).toBe(qrUrl());
    // The decision page (its buttons wait for the phone's orders on the client), not the menu's dishes.
    expect(rootOf(welcome.body)).not.toContain('Dushbara');
    expect(welcome.headers.etag).not.toBe((await get(pageUrl(), { cookie: 'language=en' })).headers.etag);
    // Another phone at the same table still gets the menu.
    expect(inlined((await get(qrUrl(), device(newDeviceId()))).body).path).toBe(pageUrl());

    const cancelled = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/orders/${placed.json().id}`,
      headers: bearer(owner.token),
      payload: { status: 'CANCELLED' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(inlined((await get(qrUrl(), device(phone))).body).path).toBe(pageUrl());
  });

  it("names the table's own address, not the request's spelling (a cached page is everyone's)", async () => {
    const scanned = await get(`/client/eatery/${owner.eateryId}/table/${table}/add/%3Cx%3E/menu`);
    expect(inlined(scanned.body).path).toBe(pageUrl());
  });
});

describe("server-rendered pages of the cart's table (the table cookie)", () => {
  const tableCookie = (tableId = table) => `guest_table=${owner.eateryId}.${tableId}`;

  it('the scanned menu and decision pages set the table cookie (path /client, readable by the client)', async () => {
    for (const url of [pageUrl(), `/client/eatery/${owner.eateryId}/table/${table}/add/false/menu`]) {
      const res = await get(url);
      const cookie = res.cookies.find((c) => c.name === 'guest_table');
      expect(cookie, url).toMatchObject({ value: `${owner.eateryId}.${table}`, path: '/client', sameSite: 'Lax' });
      expect(cookie?.httpOnly, url).toBeFalsy();
      expect(cookie?.maxAge, url).toBeGreaterThan(30 * 24 * 3600);
    }
  });

  it("renders the cart page for the cookie's table: restaurant, page, menu inlined, script after the paint", async () => {
    const res = await get('/client/cart', { cookie: `${tableCookie()}; language=en` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en"');
    expect(html).not.toContain('boot-stalled');
    // The header names the restaurant and the table; the page is the cart's (the server's cart is empty).
    expect(rootOf(html)).toContain('Sahil Cafe');
    expect(rootOf(html)).toContain('Table 7');
    expect(rootOf(html)).toMatch(/Your order|Your cart is empty/);
    // The menu page's dishes are not drawn here, only inlined for the cart's checks (sold out, hours).
    expect(rootOf(html)).not.toContain('Dushbara');
    const data = inlined(html);
    expect(data.lang).toBe('en');
    expect(data.menu.tableId).toBe(table);
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<script async src="/guest-boot.js"');
  });

  it('renders "my orders" and the cart table\'s menu (/client/menu) for the cookie\'s table', async () => {
    const orders = await get('/client/orders', { cookie: `${tableCookie()}; language=en` });
    expect(rootOf(orders.body)).toContain('Sahil Cafe');
    // The orders are this phone's (its device cookie): the page waits for them on the client.
    expect(rootOf(orders.body)).toContain('aria-busy="true"');
    expect(inlined(orders.body).menu.tableId).toBe(table);
    const menu = await get('/client/menu', { cookie: tableCookie() });
    expect(rootOf(menu.body)).toContain('Mərci');
    expect(inlined(menu.body).menu.tableId).toBe(table);
  });

  it('renders the cart page once per menu version and language, again after a menu edit', async () => {
    const cookie = `${tableCookie()}; language=ru`;
    const first = await get('/client/cart', { cookie });
    const renders = ctx.app.guestPages.renders;
    const second = await get('/client/cart', { cookie });
    expect(second.body).toBe(first.body);
    expect((await get('/client/cart', { cookie, 'if-none-match': String(second.headers.etag) })).statusCode).toBe(304);
    expect(ctx.app.guestPages.renders).toBe(renders);
    // Another language is a page of its own.
    expect((await get('/client/cart', { cookie: `${tableCookie()}; language=az` })).body).toContain('lang="az"');
    expect(ctx.app.guestPages.renders).toBe(renders + 1);

    await createDish(ctx.app, owner, soups, { nameAz: 'Xəngəl', nameEn: 'Khingal', nameRu: 'Хингал', price: 7 });
    const after = await get('/client/cart', { cookie });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(second.headers.etag);
    expect(inlined(after.body).menu.categories.flatMap((c) => c.dishes.map((d) => d.nameEn))).toContain('Khingal');
    expect(ctx.app.guestPages.renders).toBe(renders + 2);
  });

  it('answers the shell for a malformed or unknown table cookie, and for confirmation pages', async () => {
    for (const [url, cookie] of [
      ['/client/cart', 'guest_table=abc'],
      ['/client/cart', `guest_table=${owner.eateryId}`],
      ['/client/cart', `guest_table=${owner.eateryId}.0`],
      ['/client/orders', tableCookie(999_999)],
      ['/client/order-confirmation/5', tableCookie()],
    ]) {
      const res = await get(url, { cookie });
      expect(res.statusCode, `${url} ${cookie}`).toBe(200);
      expect(res.body, `${url} ${cookie}`).toContain('boot-stalled');
      expect(res.body, `${url} ${cookie}`).not.toContain('guest-data');
    }
  });
});

describe('the menu a guest page inlines', () => {
  it("leaves out a photo's src where it is the dish's image, and nothing else", () => {
    const photo = { src: '/api/image/1/a.webp', srcSet: '/api/image/1/a/160.webp 160w', width: 640, height: 480 };
    const menu = {
      eateryId: 1,
      categories: [
        {
          id: 2,
          dishes: [
            { id: 3, image: '/api/image/1/a.webp', photo },
            { id: 4, image: '/api/image/1/b.webp', photo: { ...photo, src: '/api/image/1/other.webp' } },
            { id: 5, image: null, photo: null },
          ],
        },
      ],
    };
    const dishes = (JSON.parse(inlineMenuJson(JSON.stringify(menu))) as typeof menu).categories[0].dishes;
    expect(dishes[0]).toEqual({ id: 3, image: '/api/image/1/a.webp', photo: { ...photo, src: undefined } });
    expect(dishes[0].photo).not.toHaveProperty('src');
    expect(dishes[1]).toEqual(menu.categories[0].dishes[1]);
    expect(dishes[2]).toEqual(menu.categories[0].dishes[2]);
  });
});

describe('the language of a guest page on the first visit (no language cookie)', () => {
  it("speaks the phone's language (Accept-Language), q-values and regions included", async () => {
    const en = await get(pageUrl(), { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toContain('<html lang="en"');
    expect(inlined(en.body).lang).toBe('en');
    expect(rootOf(en.body)).toContain('Dushbara');
    const ru = await get(pageUrl(), { 'accept-language': 'ru' });
    expect(inlined(ru.body).lang).toBe('ru');
    expect(rootOf(ru.body)).toContain('Чечевица');
    expect(inlined((await get(pageUrl(), { 'accept-language': 'tr-TR,tr;q=0.9,ru;q=0.5' })).body).lang).toBe('ru');
    expect(inlined((await get(pageUrl(), { 'accept-language': 'az;q=0.4,en;q=0.8' })).body).lang).toBe('en');
    // Pages differ by the header: a cache in between must keep them apart.
    expect(String(en.headers.vary)).toContain('accept-language');
  });

  it('the language cookie (the guest’s own choice) wins over the header', async () => {
    const res = await get(pageUrl(), { cookie: 'language=az', 'accept-language': 'en-US,en;q=0.9' });
    expect(inlined(res.body).lang).toBe('az');
    expect(rootOf(res.body)).toContain('Mərci');
  });

  it("none of ours in the header: the restaurant's guest language, else az", async () => {
    expect(inlined((await get(pageUrl(), { 'accept-language': 'de' })).body).lang).toBe('az');
    const ru = await registerOwner(ctx.app, { restaurant: 'Rus Cafe' });
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${ru.eateryId}`,
      headers: bearer(ru.token),
      payload: { name: 'Rus Cafe', address: 'Nizami 1', phones: ['+994 50 123 45 67'], guestLanguage: 'ru' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const cat = (await createCategory(ctx.app, ru, { nameAz: 'Çay', nameEn: 'Tea', nameRu: 'Чай' })).id;
    await createDish(ctx.app, ru, cat, { nameAz: 'Qara çay', nameEn: 'Black tea', nameRu: 'Чёрный чай', price: 2 });
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${ru.eateryId}/table`,
      headers: bearer(ru.token),
      payload: { number: '1', seats: 2 },
    });
    const url = `/client/eatery/${ru.eateryId}/table/${made.json().id}/menu`;
    const headers: Record<string, string>[] = [{ 'accept-language': 'de' }, { 'accept-language': 'tr-TR' }, {}];
    for (const header of headers) {
      const res = await get(url, header);
      expect(inlined(res.body).lang, JSON.stringify(header)).toBe('ru');
      expect(rootOf(res.body)).toContain('Чёрный чай');
    }
    // The phone's language and a cookie still come first.
    expect(inlined((await get(url, { 'accept-language': 'en' })).body).lang).toBe('en');
    expect(inlined((await get(url, { cookie: 'language=az', 'accept-language': 'en' })).body).lang).toBe('az');
    // The pages the browser draws say the same language on <html>, which the client starts in.
    const confirmation = await get('/client/order-confirmation/5', {
      cookie: `guest_table=${ru.eateryId}.${made.json().id}`,
      'accept-language': 'de',
    });
    expect(confirmation.body).toContain('<html lang="ru"');
    expect(confirmation.body).toContain('boot-stalled');
  });

  it('the pages the browser draws carry the language on <html> and preload its strings', async () => {
    const en = await get('/client/cart', { 'accept-language': 'en-GB,en;q=0.8' });
    expect(en.body).toContain('<html lang="en"');
    expect(en.body).toContain('<link rel="modulepreload" crossorigin href="/assets/en-guest-test.js">');
    const cookie = await get('/client/cart', { cookie: 'language=ru', 'accept-language': 'en' });
    expect(cookie.body).toContain('<html lang="ru"');
    expect((await get('/client/cart')).body).toContain('<html lang="az"');
  });
});
