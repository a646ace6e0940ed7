import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_ROUTES, guestMenuResponse, type GuestMenu } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { dishes, eateries } from '../src/db/schema.js';
import { MenuCache } from '../src/modules/guest/menu-cache.js';
import { etagMatches } from '../src/plugins/etag.js';
import { TEST_DATABASE_URL, bearer, registerOwner, setupApp, testConfig, type Owner } from './helper.js';
import { addStaff, createCategory, createDish, fixtureImage, menuForm, sendForm } from './menu-fixtures.js';
import { makeDish } from './orders-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let other: Owner;
let waiterToken: string;
let soups: number;
let drinks: number;
let lentil: number;
let tomato: number;
let tea: number;
let hidden: number;
let table: number;
let inactiveTable: number;
let otherTable: number;

const menuUrl = (eateryId: number | string, tableId: number | string) => GUEST_ROUTES.menu(eateryId, tableId);
const getMenu = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'GET', url, headers });
const menuOf = async (app: FastifyInstance = ctx.app) => {
  const res = await getMenu(menuUrl(owner.eateryId, table), {}, app);
  expect(res.statusCode).toBe(200);
  return res.json() as GuestMenu;
};
const dishIds = (m: GuestMenu) => m.categories.flatMap((c) => c.dishes.map((d) => d.id));
const dishUrl = (categoryId: number, dishId?: number) =>
  `/api/eatery/${owner.eateryId}/category/${categoryId}/dish${dishId === undefined ? '' : `/${dishId}`}`;

async function createTable(o: Owner, number: string, status = 'ACTIVE') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${o.eateryId}/table`,
    headers: bearer(o.token),
    payload: { number, seats: 4, status },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const editDish = (categoryId: number, dishId: number, data: Record<string, unknown>, token = owner.token) =>
  sendForm(ctx.app, 'PUT', dishUrl(categoryId, dishId), token, menuForm({ price: 5, ...data }));

beforeAll(async () => {
  owner = await registerOwner(ctx.app, { restaurant: 'Sahil Cafe' });
  other = await registerOwner(ctx.app, { restaurant: 'Other Place' });
  waiterToken = (await addStaff(ctx.app, owner.eateryId, ['WAITER'])).token;
  soups = (await createCategory(ctx.app, owner, { nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' })).id;
  drinks = (await createCategory(ctx.app, owner, { nameEn: 'Drinks' })).id;
  await createCategory(ctx.app, owner, { nameEn: 'Empty' });
  const onlyUnavailable = (await createCategory(ctx.app, owner, { nameEn: 'Sold out' })).id;
  const withImage = await sendForm(
    ctx.app,
    'POST',
    dishUrl(soups),
    owner.token,
    menuForm(
      {
        nameAz: 'Mərcimək',
        nameEn: 'Lentil soup',
        nameRu: 'Чечевичный суп',
        descriptionAz: 'Qırmızı',
        descriptionEn: 'Red lentils',
        descriptionRu: 'Красная',
        price: 4.5,
      },
      fixtureImage('lentil_soup.webp'),
    ),
  );
  expect(withImage.statusCode).toBe(201);
  lentil = withImage.json().id;
  tomato = (await createDish(ctx.app, owner, soups, { nameEn: 'Tomato soup', price: '3.10' })).id;
  tea = (await createDish(ctx.app, owner, drinks, { nameEn: 'Tea', price: 1 })).id;
  hidden = (await createDish(ctx.app, owner, soups, { nameEn: 'Hidden', available: false })).id;
  await createDish(ctx.app, owner, onlyUnavailable, { nameEn: 'Gone', available: false });
  // Archived dishes (deleted, kept for order history) never show.
  await makeDish(
    ctx.app,
    { id: owner.eateryId, categoryId: soups },
    { price: '2.00', nameEn: 'Archived', archived: true },
  );
  table = await createTable(owner, 'A7');
  inactiveTable = await createTable(owner, 'X1', 'INACTIVE');
  otherTable = await createTable(other, '1');
  // Dish order inside Soups: tomato first.
  const order = await ctx.app.inject({
    method: 'PUT',
    url: `${dishUrl(soups)}/order`,
    headers: bearer(owner.token),
    payload: { dishIds: [tomato, lentil, hidden] },
  });
  expect(order.statusCode).toBe(200);
  ctx.app.menuCache.invalidate(owner.eateryId); // the archived dish was inserted directly
});

describe('guest menu', () => {
  it('answers the guest menu: available dishes only, categories that have some, in staff order', async () => {
    const res = await getMenu(menuUrl(owner.eateryId, table));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const menu = res.json() as GuestMenu;
    expect(guestMenuResponse.strict().safeParse({ ...menu, categories: [] }).success).toBe(true);
    expect(menu).toMatchObject({ eateryId: owner.eateryId, tableId: table, eateryName: 'Sahil Cafe', tableName: 'A7' });
    expect(menu.categories.map((c) => c.nameEn)).toEqual(['Soups', 'Drinks']);
    expect(menu.categories[0].dishes.map((d) => d.id)).toEqual([tomato, lentil]);
    expect(Object.keys(menu.categories[0]).sort()).toEqual([
      'availableHours',
      'dishes',
      'id',
      'image',
      'nameAz',
      'nameEn',
      'nameRu',
    ]);
    const soup = menu.categories[0].dishes[1];
    expect(soup).toEqual({
      id: lentil,
      nameAz: 'Mərcimək',
      nameEn: 'Lentil soup',
      nameRu: 'Чечевичный суп',
      descriptionAz: 'Qırmızı',
      descriptionEn: 'Red lentils',
      descriptionRu: 'Красная',
      price: 4.5,
      image: expect.stringMatching(/^\/api\/image\/\d+\/[0-9a-f]{16}\.webp$/),
      photo: {
        src: soup.image,
        srcSet: expect.stringMatching(/ 160w, .* 320w, .* 640w, .* \d+w$/),
        width: expect.any(Number),
        height: expect.any(Number),
      },
      dietaryTags: [],
      optionGroups: [],
      availableHours: null,
    });
    expect(menu.categories[0]).toMatchObject({ id: soups, nameAz: 'Şorbalar', nameRu: 'Супы', image: null });
    expect(menu.categories[0].dishes[0]).toMatchObject({ price: 3.1, image: null, photo: null });
    expect(dishIds(menu)).not.toContain(hidden);
    // The image URL works without a token.
    const img = await ctx.app.inject({ method: 'GET', url: soup.image! });
    expect(img.statusCode).toBe(200);
  });

  it('needs no token and sets no cookie', async () => {
    const res = await getMenu(menuUrl(owner.eateryId, table));
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 404 notYourResource for another restaurant’s table, unknown ids and ids that are not numbers', async () => {
    for (const [e, t] of [
      [owner.eateryId, otherTable],
      [other.eateryId, table],
      [owner.eateryId, 99_999_999],
      [99_999_999, table],
      ['abc', table],
      [owner.eateryId, 'abc'],
      [owner.eateryId, '0'],
      [owner.eateryId, '-1'],
      [owner.eateryId, '1.5'],
      [owner.eateryId, '99999999999999999999'],
    ] as const) {
      const res = await getMenu(menuUrl(e, t));
      expect(res.statusCode, `${e}/${t}`).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
  });

  it('answers 409 tableInactive for an INACTIVE table, and the menu once the table is active again', async () => {
    const res = await getMenu(menuUrl(owner.eateryId, inactiveTable));
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('tableInactive');
    // Cached as inactive: still 409 on the second call.
    expect((await getMenu(menuUrl(owner.eateryId, inactiveTable))).statusCode).toBe(409);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/table/${inactiveTable}`,
      headers: bearer(owner.token),
      payload: { number: 'X1', seats: 4, status: 'ACTIVE' },
    });
    expect(put.statusCode).toBe(200);
    const again = await getMenu(menuUrl(owner.eateryId, inactiveTable));
    expect(again.statusCode).toBe(200);
    expect(again.json().tableName).toBe('X1');
  });
});

describe('ETag and 304', () => {
  it('sends an ETag with Cache-Control no-cache and answers 304 to If-None-Match', async () => {
    const first = await getMenu(menuUrl(owner.eateryId, table));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await getMenu(menuUrl(owner.eateryId, table));
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
      const res = await getMenu(menuUrl(owner.eateryId, table), { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const stale = await getMenu(menuUrl(owner.eateryId, table), { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('sends the menu gzip-compressed to clients that accept it, the same bytes once unzipped', async () => {
    const plain = await getMenu(menuUrl(owner.eateryId, table));
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await getMenu(menuUrl(owner.eateryId, table), { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('gives each table its own ETag (the table name is part of the body)', async () => {
    const t2 = await createTable(owner, 'B2');
    const a = await getMenu(menuUrl(owner.eateryId, table));
    const b = await getMenu(menuUrl(owner.eateryId, t2));
    expect(b.json().tableName).toBe('B2');
    expect(b.headers.etag).not.toBe(a.headers.etag);
    expect((await getMenu(menuUrl(owner.eateryId, t2), { 'if-none-match': a.headers.etag as string })).statusCode).toBe(
      200,
    );
  });

  it('etagMatches handles lists, weak tags and blanks', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('', '"a"')).toBe(false);
    expect(etagMatches('"b" , W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"ab"', '"a"')).toBe(false);
  });
});

describe('cache invalidation', () => {
  it('serves from the cache: a direct database change shows only after invalidate()', async () => {
    const before = await menuOf();
    await ctx.app.db.update(dishes).set({ nameEn: 'Direct edit' }).where(eq(dishes.id, tea));
    expect(await menuOf()).toEqual(before);
    ctx.app.menuCache.invalidate(owner.eateryId);
    const after = await menuOf();
    expect(after.categories[1].dishes[0].nameEn).toBe('Direct edit');
  });

  it('a dish edit through the staff API changes the menu and its ETag at once', async () => {
    const before = await getMenu(menuUrl(owner.eateryId, table));
    const res = await editDish(drinks, tea, { nameEn: 'Black tea', price: '1.20' });
    expect(res.statusCode).toBe(200);
    const after = await getMenu(menuUrl(owner.eateryId, table), { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().categories[1].dishes[0]).toMatchObject({ id: tea, nameEn: 'Black tea', price: 1.2 });
  });

  it('making a dish unavailable removes it (and its category when it was the last one); available again brings it back', async () => {
    await menuOf();
    expect((await editDish(drinks, tea, { nameEn: 'Black tea', available: false })).statusCode).toBe(200);
    let menu = await menuOf();
    expect(dishIds(menu)).not.toContain(tea);
    expect(menu.categories.map((c) => c.id)).toEqual([soups]);
    expect((await editDish(drinks, tea, { nameEn: 'Black tea', available: true })).statusCode).toBe(200);
    menu = await menuOf();
    expect(dishIds(menu)).toContain(tea);
  });

  it('a new dish, a deleted dish, category order, table rename and restaurant rename all show at once', async () => {
    await menuOf();
    const cake = (await createDish(ctx.app, owner, drinks, { nameEn: 'Cake' })).id;
    expect(dishIds(await menuOf())).toContain(cake);

    const del = await ctx.app.inject({ method: 'DELETE', url: dishUrl(drinks, cake), headers: bearer(owner.token) });
    expect(del.statusCode).toBeLessThan(300);
    expect(dishIds(await menuOf())).not.toContain(cake);

    const ids = (
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/eatery/${owner.eateryId}/category`,
          headers: bearer(owner.token),
        })
      ).json() as { id: number }[]
    ).map((c) => c.id);
    const reorder = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/category/order`,
      headers: bearer(owner.token),
      payload: { categoryIds: [...ids].reverse() },
    });
    expect(reorder.statusCode).toBe(200);
    expect((await menuOf()).categories.map((c) => c.id)).toEqual([drinks, soups]);

    const rename = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/table/${table}`,
      headers: bearer(owner.token),
      payload: { number: 'A8', seats: 4, status: 'ACTIVE' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await menuOf()).tableName).toBe('A8');

    const eatery = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}`,
      headers: bearer(owner.token),
      payload: { name: 'Sahil Cafe 2', address: 'Baku', phones: ['+994 12 000 00 00'] },
    });
    expect(eatery.statusCode).toBe(200);
    expect((await menuOf()).eateryName).toBe('Sahil Cafe 2');
  });

  it('carries the restaurant’s service charge (none at first); a change in the settings reaches guests at once', async () => {
    const before = await getMenu(menuUrl(owner.eateryId, table));
    expect(before.json()).toMatchObject({
      serviceChargePercent: 0,
      serviceChargeNames: { az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' },
    });
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${owner.eateryId}`,
        headers: bearer(owner.token),
        payload: { name: 'Sahil Cafe 2', address: 'Baku', phones: ['+994 12 000 00 00'], ...payload },
      });
    const set = await put({ serviceChargePercent: 12.5, serviceChargeNames: { az: 'Servis', en: '', ru: 'Сервис' } });
    expect(set.statusCode, set.body).toBe(200);
    const after = await getMenu(menuUrl(owner.eateryId, table));
    expect(after.json()).toMatchObject({
      serviceChargePercent: 12.5,
      serviceChargeNames: { az: 'Servis', en: 'Service charge', ru: 'Сервис' },
    });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A refused value changes nothing, and the cached menu stays as it was.
    const refused = await put({ serviceChargePercent: 30 });
    expect(refused.statusCode).toBe(400);
    expect((await menuOf()).serviceChargePercent).toBe(12.5);
    expect((await put({ serviceChargePercent: 0 })).statusCode).toBe(200);
    expect((await menuOf()).serviceChargePercent).toBe(0);
  });

  it('a refused staff write (403) or another restaurant’s write leaves the cache alone', async () => {
    const before = await menuOf();
    await ctx.app.db.update(dishes).set({ nameEn: 'Sneaky' }).where(eq(dishes.id, tomato));
    const denied = await editDish(soups, tomato, { nameEn: 'By waiter' }, waiterToken);
    expect(denied.statusCode).toBe(403);
    const foreign = await sendForm(
      ctx.app,
      'POST',
      `/api/eatery/${other.eateryId}/category`,
      other.token,
      menuForm({ nameEn: 'Theirs' }),
    );
    expect(foreign.statusCode).toBe(201);
    expect(await menuOf()).toEqual(before);
    ctx.app.menuCache.invalidate(owner.eateryId);
    expect(dishIds(await menuOf())).toContain(tomato);
    expect((await menuOf()).categories.find((c) => c.id === soups)!.dishes[0].nameEn).toBe('Sneaky');
  });

  it('a restaurant deleted by its owner answers 404', async () => {
    const gone = await registerOwner(ctx.app, { restaurant: 'Closing Soon' });
    const cat = (await createCategory(ctx.app, gone, { nameEn: 'Food' })).id;
    await createDish(ctx.app, gone, cat, { nameEn: 'Plov' });
    const t = await createTable(gone, '1');
    expect((await getMenu(menuUrl(gone.eateryId, t))).statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${gone.eateryId}`,
      headers: bearer(gone.token),
    });
    expect(del.statusCode).toBe(204);
    expect((await getMenu(menuUrl(gone.eateryId, t))).statusCode).toBe(404);
  });
});

describe('MenuCache', () => {
  const source = () => {
    const state = { name: 'R', version: 1, calls: 0, gate: null as Promise<void> | null };
    return {
      state,
      loadEatery: async () => {
        state.calls++;
        const v = state.version;
        if (state.gate) await state.gate;
        return {
          name: state.name,
          timeZone: 'Asia/Baku',
          categories: [{ id: v, nameAz: '', nameEn: `v${v}`, nameRu: '', image: null, dishes: [] }],
        };
      },
      loadTable: async () => ({ number: '1', status: 'ACTIVE' }),
    };
  };
  const body = async (c: MenuCache) => {
    const r = await c.get(1, 1);
    if (r.kind !== 'ok') throw new Error(r.kind);
    return JSON.parse(r.body.toString()) as GuestMenu;
  };

  it('builds once for concurrent requests', async () => {
    const s = source();
    const cache = new MenuCache(s);
    await Promise.all(Array.from({ length: 10 }, () => cache.get(1, 1)));
    expect(s.state.calls).toBe(1);
  });

  it('does not store a build that raced with an invalidation', async () => {
    const s = source();
    const cache = new MenuCache(s);
    let open!: () => void;
    s.state.gate = new Promise((r) => (open = r));
    const pending = cache.get(1, 1); // reads version 1 ...
    s.state.version = 2; // ... the menu changes ...
    cache.invalidate(1); // ... and the change is announced before the read finishes
    s.state.gate = null;
    open();
    expect((await pending).kind).toBe('ok');
    expect((await body(cache)).categories[0].nameEn).toBe('v2');
  });

  it('keeps the cached bytes under its budget by dropping the least recently used restaurants', async () => {
    const s = source();
    const cache = new MenuCache(s, () => true, 60_000, 1000);
    for (let id = 1; id <= 20; id++) expect((await cache.get(id, 1)).kind).toBe('ok');
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.size).toBeGreaterThan(1);
    expect(cache.size).toBeLessThan(20);
    const calls = s.state.calls;
    await cache.get(20, 1); // the most recent one is still there
    expect(s.state.calls).toBe(calls);
    await cache.get(1, 1); // the oldest was dropped
    expect(s.state.calls).toBe(calls + 1);
    cache.clear();
    expect(cache.bytes).toBe(0);
    // One restaurant with many tables stays within the budget too (further tables are served uncached).
    for (let table = 1; table <= 20; table++) expect((await cache.get(1, table)).kind).toBe('ok');
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('expires entries after the TTL and stores nothing while disabled', async () => {
    const s = source();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new MenuCache(s, () => true, 10);
      await body(cache);
      vi.advanceTimersByTime(10);
      await body(cache);
      expect(s.state.calls).toBe(1);
      vi.advanceTimersByTime(1);
      await body(cache);
      expect(s.state.calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
    const off = new MenuCache(s, () => false);
    const calls = s.state.calls;
    await body(off);
    await body(off);
    expect(s.state.calls).toBe(calls + 2);
    expect(off.size).toBe(0);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('several instances on PostgreSQL', () => {
  let second: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    const url = ctx.database.pool!.options.connectionString!;
    const database = await openDatabase({ databaseUrl: url });
    second = { app: await buildApp(testConfig(), database), database };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  async function eventually(check: () => Promise<boolean>, ms = 5000) {
    const start = Date.now();
    while (Date.now() - start < ms) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not reached');
  }

  it('a dish edit on one instance invalidates the cached menu on the other (the realtime channel)', async () => {
    const before = await menuOf(second.app);
    expect(second.app.menuCache.local.size).toBeGreaterThan(0);
    expect((await editDish(soups, tomato, { nameEn: 'Edited on A', price: 3.1 })).statusCode).toBe(200);
    await eventually(async () =>
      (await menuOf(second.app)).categories.some((c) => c.dishes.some((d) => d.nameEn === 'Edited on A')),
    );
    expect(await menuOf(second.app)).not.toEqual(before);
  });

  it('bypasses the cache while the realtime channel LISTEN connection is down, and caches again once it is back', async () => {
    await menuOf(second.app);
    const admin = new pg.Client({ connectionString: ctx.database.pool!.options.connectionString });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query ILIKE 'LISTEN "socket.io%'`,
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      await eventually(async () => !second.app.menuCache.local.enabled, 2000);
      // While down: a direct change is visible at once (no cache).
      await second.app.db.update(eateries).set({ name: 'While down' }).where(eq(eateries.id, owner.eateryId));
      expect((await menuOf(second.app)).eateryName).toBe('While down');
      await eventually(async () => second.app.menuCache.local.enabled && ctx.app.menuCache.local.enabled, 5000);
      // Back: the channel works again between the instances.
      await menuOf(second.app);
      expect(second.app.menuCache.local.size).toBeGreaterThan(0);
      expect((await editDish(soups, tomato, { nameEn: 'After reconnect', price: 3.1 })).statusCode).toBe(200);
      await eventually(async () =>
        (await menuOf(second.app)).categories.some((c) => c.dishes.some((d) => d.nameEn === 'After reconnect')),
      );
    } finally {
      await admin.end();
    }
  });
});
