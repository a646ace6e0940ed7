import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eateryResponse, GUEST_ROUTES, guestMenuResponse, type GuestMenu, type Order } from '@qr-menu/contract';
import { eateries } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp } from './helper.js';
import { fixtureImage, multipart } from './menu-fixtures.js';
import { makeDish, makeEatery, makeStaff } from './orders-fixtures.js';

/**
 * Restaurant settings: the service settings (receipt language, the kitchen display's amber / red thresholds) and
 * the guest settings (time zone, currency, guest language, opening hours, logo).
 */

const ctx = setupApp();

const details = (over: Record<string, unknown> = {}) => ({
  name: 'Nar Cafe',
  address: 'Nizami 10',
  phones: ['+994 50 123 45 67'],
  ...over,
});

const put = (id: number, token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/eatery/${id}`, headers: bearer(token), payload });
const get = (id: number, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/eatery/${id}`, headers: bearer(token) });
const rowOf = async (id: number) => (await ctx.app.db.select().from(eateries).where(eq(eateries.id, id)))[0];

function expectValidation(res: LightMyRequestResponse, field: string, messageKey: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().messageKey).toBe('validation');
  expect(res.json().details).toContainEqual({ field, messageKey });
}

describe('language and kitchen thresholds', () => {
  it('defaults az, 10 and 20; PUT sets them, GET reads them back, every role sees them', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    expect((await get(id, owner.token)).json()).toMatchObject({
      language: 'az',
      kitchenAmberMinutes: 10,
      kitchenRedMinutes: 20,
    });
    const res = await put(id, owner.token, details({ language: 'ru', kitchenAmberMinutes: 8, kitchenRedMinutes: 25 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(eateryResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({ language: 'ru', kitchenAmberMinutes: 8, kitchenRedMinutes: 25 });
    const kitchen = await makeStaff(ctx.app, id, ['KITCHEN_ADMIN']);
    expect((await get(id, kitchen.token)).json()).toMatchObject({
      language: 'ru',
      kitchenAmberMinutes: 8,
      kitchenRedMinutes: 25,
    });
    // Left out: kept (a form of an older client never resets them).
    const again = await put(id, owner.token, details({ name: 'Renamed' }));
    expect(again.json()).toMatchObject({
      name: 'Renamed',
      language: 'ru',
      kitchenAmberMinutes: 8,
      kitchenRedMinutes: 25,
    });
  });

  it('a new restaurant may be created with them', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/eatery',
      headers: bearer(owner.token),
      payload: details({ language: 'en', kitchenAmberMinutes: 5, kitchenRedMinutes: 9 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ language: 'en', kitchenAmberMinutes: 5, kitchenRedMinutes: 9 });
  });

  it('400 for bad values, and nothing changes', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    await put(id, owner.token, details({ kitchenAmberMinutes: 10, kitchenRedMinutes: 20 }));
    const before = await rowOf(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kitchenAmberMinutes: 0 }, 'kitchenAmberMinutes', 'validation.kitchenMinutes'],
      [{ kitchenAmberMinutes: 241 }, 'kitchenAmberMinutes', 'validation.kitchenMinutes'],
      [{ kitchenAmberMinutes: 2.5 }, 'kitchenAmberMinutes', 'validation.kitchenMinutes'],
      [{ kitchenRedMinutes: '15' }, 'kitchenRedMinutes', 'validation.kitchenMinutes'],
      [{ kitchenRedMinutes: null }, 'kitchenRedMinutes', 'validation.kitchenMinutes'],
      [{ kitchenAmberMinutes: 20, kitchenRedMinutes: 20 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      [{ kitchenAmberMinutes: 30, kitchenRedMinutes: 15 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      // One of them alone is checked against the stored other one (amber 10, red 20).
      [{ kitchenAmberMinutes: 25 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      [{ kitchenRedMinutes: 10 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      [{ language: 'de' }, 'language', 'validation.invalid'],
      [{ language: 3 }, 'language', 'validation.invalid'],
    ];
    for (const [over, field, key] of cases) {
      expectValidation(await put(id, owner.token, details({ name: 'Changed', ...over })), field, key);
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('only EATERY_ADMIN changes them (403); another restaurant is 404; no token 401', async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    const kitchen = await makeStaff(ctx.app, owner.eateryId, ['KITCHEN_ADMIN']);
    const before = await rowOf(owner.eateryId);
    const forbidden = await put(owner.eateryId, kitchen.token, details({ kitchenAmberMinutes: 3 }));
    expect(forbidden.statusCode).toBe(403);
    const foreign = await put(owner.eateryId, other.token, details({ kitchenAmberMinutes: 3 }));
    expect(foreign.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/eatery/${owner.eateryId}`, payload: details() });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowOf(owner.eateryId)).toEqual(before);
  });
});

const WEEK = [
  { closed: false, open: '09:00', close: '23:00' },
  { closed: false, open: '09:00', close: '23:00' },
  { closed: false, open: '09:00', close: '23:00' },
  { closed: false, open: '09:00', close: '23:00' },
  { closed: false, open: '18:00', close: '02:00' },
  { closed: false, open: '18:00', close: '03:30' },
  { closed: true, open: '09:00', close: '23:00' },
];

const menuOf = async (eateryId: number, tableId: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(eateryId, tableId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GuestMenu;
};

const logoForm = (image?: Buffer) =>
  multipart(
    image
      ? [{ name: 'image', value: image, filename: '../../etc/passwd', contentType: 'image/png' }]
      : [{ name: 'note', value: 'no file' }],
  );
const putLogo = (id: number, token: string, image?: Buffer) => {
  const form = logoForm(image);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${id}/logo`,
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
};

describe('guest settings: time zone, currency, guest language, opening hours', () => {
  it('defaults Asia/Baku, AZN, az and no hours; PUT sets them, GET reads them back; left out: kept', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    expect((await get(id, owner.token)).json()).toMatchObject({
      timeZone: 'Asia/Baku',
      currency: 'AZN',
      guestLanguage: 'az',
      openingHours: null,
      logo: null,
    });
    const res = await put(
      id,
      owner.token,
      details({
        timeZone: 'Europe/Istanbul',
        currency: 'TRY',
        guestLanguage: 'en',
        openingHours: WEEK,
        language: 'ru',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(eateryResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({
      timeZone: 'Europe/Istanbul',
      currency: 'TRY',
      guestLanguage: 'en',
      openingHours: WEEK,
      // The receipt language is its own setting.
      language: 'ru',
    });
    const again = await put(id, owner.token, details({ name: 'Renamed' }));
    expect(again.json()).toMatchObject({ timeZone: 'Europe/Istanbul', currency: 'TRY', guestLanguage: 'en' });
    expect(again.json().openingHours).toEqual(WEEK);
    // null clears the hours.
    expect((await put(id, owner.token, details({ openingHours: null }))).json().openingHours).toBeNull();
  });

  it('400 with translated keys for a bad zone, currency, language or hours, and nothing changes', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    await put(id, owner.token, details({ openingHours: WEEK }));
    const before = await rowOf(id);
    const badDay = (over: object) => WEEK.map((d, i) => (i === 2 ? { ...d, ...over } : d));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'validation.timeZone'],
      [{ timeZone: 'GMT+4' }, 'timeZone', 'validation.timeZone'],
      [{ timeZone: 42 }, 'timeZone', 'validation.timeZone'],
      [{ currency: 'GBP' }, 'currency', 'validation.invalid'],
      [{ currency: 'azn' }, 'currency', 'validation.invalid'],
      [{ guestLanguage: 'de' }, 'guestLanguage', 'validation.invalid'],
      [{ openingHours: WEEK.slice(0, 6) }, 'openingHours', 'validation.invalid'],
      [{ openingHours: badDay({ open: '24:00' }) }, 'openingHours.2.open', 'validation.timeOfDay'],
      [{ openingHours: badDay({ close: '9:00' }) }, 'openingHours.2.close', 'validation.timeOfDay'],
      [{ openingHours: badDay({ closed: 'yes' }) }, 'openingHours.2.closed', 'validation.invalid'],
      [{ openingHours: 'always' }, 'openingHours', 'validation.invalid'],
    ];
    for (const [over, field, key] of cases) {
      expectValidation(await put(id, owner.token, details({ name: 'Changed', ...over })), field, key);
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('a zone the runtime spells differently is stored as listed', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await put(owner.eateryId, owner.token, details({ timeZone: 'asia/tokyo' }));
    expect(res.json().timeZone).toBe('Asia/Tokyo');
  });

  it('a waiter cannot change them (403), another restaurant is 404', async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    const waiter = await makeStaff(ctx.app, owner.eateryId, ['WAITER']);
    const before = await rowOf(owner.eateryId);
    expect((await put(owner.eateryId, waiter.token, details({ currency: 'USD' }))).statusCode).toBe(403);
    expect((await put(owner.eateryId, other.token, details({ currency: 'USD' }))).statusCode).toBe(404);
    expect(await rowOf(owner.eateryId)).toEqual(before);
    // Every member reads them.
    expect((await get(owner.eateryId, waiter.token)).json()).toMatchObject({ currency: 'AZN' });
  });

  it('the guest menu carries them, and follows a change at once', async () => {
    const eatery = await makeEatery(ctx.app, { name: 'Nar Cafe' });
    await makeDish(ctx.app, eatery, { price: '5.00', nameEn: 'Tea' });
    const first = await menuOf(eatery.id, eatery.tableId);
    expect(guestMenuResponse.strict().safeParse(first).success).toBe(true);
    expect(first).toMatchObject({
      timeZone: 'Asia/Baku',
      currency: 'AZN',
      defaultLanguage: 'az',
      logo: null,
      openingHours: null,
    });
    const res = await put(
      eatery.id,
      eatery.owner.token,
      details({ timeZone: 'Asia/Tokyo', currency: 'EUR', guestLanguage: 'ru', openingHours: WEEK }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await menuOf(eatery.id, eatery.tableId);
    expect(after).toMatchObject({ timeZone: 'Asia/Tokyo', currency: 'EUR', defaultLanguage: 'ru', openingHours: WEEK });
    // Amounts are the same numbers whatever the currency shown.
    expect(after.categories[0].dishes[0].price).toBe(5);
  });

  it('the orders board and reports read their days in the new time zone at once', async () => {
    const eatery = await makeEatery(ctx.app);
    // 22:30 UTC on 1 May: 2 May in Baku (UTC+4), still 1 May in New York.
    await ctx.app.db.execute(sql`
      insert into orders (eatery_id, table_id, table_number, status, created_at, updated_at)
      values (${eatery.id}, ${eatery.tableId}, '1', 'CREATED', '2024-05-01 22:30:00+00', '2024-05-01 22:30:00+00')`);
    const board = async (day: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/eatery/${eatery.id}/orders?from=${day}&to=${day}`,
        headers: bearer(eatery.waiter.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Order[]>().length;
    };
    expect([await board('2024-05-01'), await board('2024-05-02')]).toEqual([0, 1]);
    const res = await put(eatery.id, eatery.owner.token, details({ timeZone: 'America/New_York' }));
    expect(res.statusCode, res.body).toBe(200);
    expect([await board('2024-05-01'), await board('2024-05-02')]).toEqual([1, 0]);
    // Reports read the zone on every request too.
    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${eatery.id}/reports?from=2024-05-01&to=2024-05-01`,
      headers: bearer(eatery.owner.token),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().timeZone).toBe('America/New_York');
  });
});

describe('guest settings: logo', () => {
  it('uploads through the images pipeline: a hashed immutable webp URL, shown to guests; DELETE removes it', async () => {
    const eatery = await makeEatery(ctx.app);
    await makeDish(ctx.app, eatery, { price: '2.00' });
    const res = await putLogo(eatery.id, eatery.owner.token, fixtureImage('coban.webp'));
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().logo as string;
    expect(logo).toMatch(/^\/api\/image\/\d+\/[0-9a-f]{16}\.webp$/);
    const image = await ctx.app.inject({ method: 'GET', url: logo });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    expect((await menuOf(eatery.id, eatery.tableId)).logo).toMatchObject({ src: logo, width: expect.any(Number) });
    expect((await get(eatery.id, eatery.waiter.token)).json().logo).toBe(logo);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${eatery.id}/logo`,
      headers: bearer(eatery.owner.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().logo).toBeNull();
    expect((await menuOf(eatery.id, eatery.tableId)).logo).toBeNull();
  });

  it('refuses what is not an image (415), a missing file (400), a waiter (403), another restaurant (404)', async () => {
    const eatery = await makeEatery(ctx.app);
    const other = await registerOwner(ctx.app);
    const before = await rowOf(eatery.id);
    const notImage = await putLogo(eatery.id, eatery.owner.token, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().messageKey).toBe('unsupportedImage');
    expectValidation(await putLogo(eatery.id, eatery.owner.token), 'image', 'validation.required');
    const png = fixtureImage('coban.webp');
    expect((await putLogo(eatery.id, eatery.waiter.token, png)).statusCode).toBe(403);
    expect((await putLogo(eatery.id, other.token, png)).statusCode).toBe(404);
    const foreignDelete = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${eatery.id}/logo`,
      headers: bearer(other.token),
    });
    expect(foreignDelete.statusCode).toBe(404);
    expect(await rowOf(eatery.id)).toEqual(before);
  });
});

describe('table keys and staff confirmation of guest orders', () => {
  it('default off; PUT sets them, GET reads them back for every role, left out they are kept', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    expect((await get(id, owner.token)).json()).toMatchObject({ tableKeysRequired: false, confirmGuestOrders: false });
    const res = await put(id, owner.token, details({ tableKeysRequired: true, confirmGuestOrders: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(eateryResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: true });
    expect(await rowOf(id)).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: true });
    const waiter = await makeStaff(ctx.app, id, ['WAITER']);
    expect((await get(id, waiter.token)).json()).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: true });
    expect((await put(id, owner.token, details({ name: 'Renamed' }))).json()).toMatchObject({
      tableKeysRequired: true,
      confirmGuestOrders: true,
    });
    const off = await put(id, owner.token, details({ confirmGuestOrders: false }));
    expect(off.json()).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: false });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/eatery', headers: bearer(owner.token) });
    expect(list.json()[0]).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: false });
  });

  it('a value that is not a boolean is 400 and changes nothing; only EATERY_ADMIN may set them', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    const before = await rowOf(id);
    for (const [field, value] of [
      ['tableKeysRequired', 'true'],
      ['confirmGuestOrders', 1],
      ['confirmGuestOrders', null],
    ] as const) {
      expectValidation(
        await put(id, owner.token, details({ name: 'Changed', [field]: value })),
        field,
        'validation.invalid',
      );
    }
    const waiter = await makeStaff(ctx.app, id, ['WAITER']);
    expect((await put(id, waiter.token, details({ confirmGuestOrders: true }))).statusCode).toBe(403);
    expect(await rowOf(id)).toEqual(before);
  });
});
