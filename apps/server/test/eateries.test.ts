import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eateries, memberships, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import {
  bearer,
  errorBodyOf,
  loginAs,
  PASSWORD,
  registerOwner,
  setupApp,
  TEST_PASSWORD_HASH_COST,
  uniqueEmail,
  type Owner,
} from './helper.js';

/** A new restaurant's service charge, VAT, receipt and business-day settings. */
const CHARGES_AND_TAX_DEFAULTS = {
  serviceChargePercent: 0,
  serviceChargeNames: { az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' },
  serviceChargeTakeaway: false,
  vatPayer: false,
  vatRatePercent: 18,
  taxId: '',
  receiptFooter: '',
  dayStartHour: 0,
};

/** A new restaurant's device lock, courses, pickup and stock settings. */
const SERVICE_DEFAULTS = {
  deviceLockSeconds: 120,
  courses: [],
  courseFireMode: 'MANUAL',
  pickupEnabled: false,
  showStockLeft: false,
};

const ctx = setupApp();

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey, message: expect.any(String) });
};

const validEatery = (over: Record<string, unknown> = {}) => ({
  name: 'Nar Cafe',
  address: 'Nizami 10, Baku',
  phones: ['+994 50 123 45 67'],
  geoLat: 40.4093,
  geoLng: 49.8671,
  ...over,
});

const create = (owner: Owner, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/eatery', headers: bearer(owner.token), payload });

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const rowOf = async (id: number) => (await ctx.app.db.select().from(eateries).where(eq(eateries.id, id)))[0];

/** A user created directly in the database with the given roles in a restaurant, then signed in. */
async function memberOf(eateryId: number, roles: string[]) {
  const email = uniqueEmail('staff');
  const [user] = await ctx.app.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_HASH_COST), name: 'Staff Member' })
    .returning({ id: users.id });
  await ctx.app.db.insert(memberships).values({ userId: user.id, eateryId, roles });
  const login = await loginAs(ctx.app, email);
  expect(login.statusCode).toBe(200);
  return { userId: user.id, token: login.json().jwt as string };
}

describe('GET /api/eatery and /api/eatery/owner/{userId}', () => {
  it("lists only the caller's restaurants", async () => {
    const a = await registerOwner(ctx.app, { restaurant: 'Alpha Cafe' });
    const b = await registerOwner(ctx.app, { restaurant: 'Beta Bar' });
    const a2 = (await create(a, validEatery({ name: 'Alpha Two' }))).json();

    const listA = await call('GET', '/api/eatery', a.token);
    expect(listA.statusCode).toBe(200);
    expect(listA.json().map((e: { id: number }) => e.id)).toEqual([a.eateryId, a2.id]);
    const listB = await call('GET', '/api/eatery', b.token);
    expect(listB.json()).toEqual([
      {
        id: b.eateryId,
        name: 'Beta Bar',
        address: '',
        phones: [],
        phone: null,
        geoLat: null,
        geoLng: null,
        timeZone: 'Asia/Baku',
        language: 'az',
        guestLanguage: 'az',
        currency: 'AZN',
        openingHours: null,
        ordersWithinHours: true,
        tableKeysRequired: false,
        confirmGuestOrders: false,
        logo: null,
        kitchenAmberMinutes: 10,
        kitchenRedMinutes: 20,
        tipMaxPercent: 100,
        ...CHARGES_AND_TAX_DEFAULTS,
        ...SERVICE_DEFAULTS,
        ownerId: b.userId,
        roles: ['EATERY_ADMIN'],
      },
    ]);
  });

  it('a staff member sees the restaurants they work in, with their roles', async () => {
    const owner = await registerOwner(ctx.app);
    const waiter = await memberOf(owner.eateryId, ['WAITER']);
    const list = await call('GET', '/api/eatery', waiter.token);
    expect(list.json()).toEqual([expect.objectContaining({ id: owner.eateryId, roles: ['WAITER'] })]);
    // Not owned by them.
    expect((await call('GET', `/api/eatery/owner/${waiter.userId}`, waiter.token)).json()).toEqual([]);
  });

  it('owner list: own id 200, another id 403 accessDenied, bad id 400, no token 401', async () => {
    const a = await registerOwner(ctx.app);
    const b = await registerOwner(ctx.app);
    const own = await call('GET', `/api/eatery/owner/${a.userId}`, a.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((e: { id: number }) => e.id)).toEqual([a.eateryId]);
    expectError(await call('GET', `/api/eatery/owner/${b.userId}`, a.token), 403, 'accessDenied');
    expectError(await call('GET', '/api/eatery/owner/abc', a.token), 400, 'validation');
    expectError(await call('GET', `/api/eatery/owner/${a.userId}`), 401, 'jwtInvalid');
  });

  it('401 without a token', async () => {
    expectError(await call('GET', '/api/eatery'), 401, 'jwtInvalid');
  });
});

describe('POST /api/eatery', () => {
  it('creates a restaurant owned by the caller, ignoring id and ownerProfileId in the body', async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    const res = await create(owner, validEatery({ id: other.eateryId, ownerProfileId: other.userId, ownerId: 1 }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Nar Cafe',
      address: 'Nizami 10, Baku',
      phones: ['+994 50 123 45 67'],
      phone: '+994 50 123 45 67',
      geoLat: 40.4093,
      geoLng: 49.8671,
      timeZone: 'Asia/Baku',
      language: 'az',
      guestLanguage: 'az',
      currency: 'AZN',
      openingHours: null,
      ordersWithinHours: true,
      tableKeysRequired: false,
      confirmGuestOrders: false,
      logo: null,
      kitchenAmberMinutes: 10,
      kitchenRedMinutes: 20,
      tipMaxPercent: 100,
      ...CHARGES_AND_TAX_DEFAULTS,
      ...SERVICE_DEFAULTS,
      ownerId: owner.userId,
      roles: ['EATERY_ADMIN'],
    });
    expect(body.id).not.toBe(other.eateryId);
    // The other owner's restaurant is untouched.
    expect((await rowOf(other.eateryId)).ownerId).toBe(other.userId);
    expect((await rowOf(other.eateryId)).name).toBe('Test Restaurant');
    // The caller can use it at once.
    expect((await call('GET', `/api/eatery/${body.id}`, owner.token)).statusCode).toBe(200);
  });

  it('trims text, drops blank phones, accepts numbers as strings and empty coordinates as null', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await create(owner, {
      name: '  Trim Me ',
      address: ' Street 1 ',
      phones: ['  ', ' 111 ', '', '222'],
      geoLat: '40.5',
      geoLng: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Trim Me',
      address: 'Street 1',
      phones: ['111', '222'],
      phone: '111',
      geoLat: 40.5,
      geoLng: null,
    });
    const blank = await create(owner, { name: 'Blank', address: 'A', phones: ['1'], geoLat: '  ', geoLng: ' 49.8 ' });
    expect(blank.json()).toMatchObject({ geoLat: null, geoLng: 49.8 });
    const noCoords = await create(owner, { name: 'No Coords', address: 'A', phones: ['1'] });
    expect(noCoords.json()).toMatchObject({ geoLat: null, geoLng: null });
    const nulls = await create(owner, { name: 'Nulls', address: 'A', phones: ['1'], geoLat: null, geoLng: null });
    expect(nulls.statusCode).toBe(201);
    const edges = await create(owner, { name: 'Edges', address: 'A', phones: ['1'], geoLat: -90, geoLng: 180 });
    expect(edges.json()).toMatchObject({ geoLat: -90, geoLng: 180 });
  });

  it('accepts names with & quotes brackets / ! and digits, on create and on rename', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await create(owner, validEatery({ name: 'Sultan & Grill' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Sultan & Grill');
    for (const name of ['Çay Evi "Nərgiz"', 'Café (Old City) / 2', 'Wow!']) {
      const put = await call('PUT', `/api/eatery/${res.json().id}`, owner.token, validEatery({ name }));
      expect(put.statusCode, put.body).toBe(200);
      expect((await call('GET', `/api/eatery/${res.json().id}`, owner.token)).json().name).toBe(name);
    }
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { name: undefined }, 'name', 'validation.required'],
    ['blank name', { name: '   ' }, 'name', 'validation.required'],
    ['name too long', { name: 'n'.repeat(101) }, 'name', 'validation.tooLong'],
    ['name with markup', { name: '<b>Nar</b>' }, 'name', 'validation.restaurantName'],
    ['name with a line break', { name: 'Nar\nCafe' }, 'name', 'validation.restaurantName'],
    ['missing address', { address: undefined }, 'address', 'validation.required'],
    ['blank address', { address: ' ' }, 'address', 'validation.required'],
    ['missing phones', { phones: undefined }, 'phones', 'validation.required'],
    ['no phones', { phones: [] }, 'phones', 'validation.required'],
    ['only blank phones', { phones: ['', '  '] }, 'phones', 'validation.required'],
    ['phone not a string', { phones: [123] }, 'phones.0', 'validation.invalid'],
    ['phone too long', { phones: ['1'.repeat(41)] }, 'phones.0', 'validation.tooLong'],
    ['latitude 91', { geoLat: 91 }, 'geoLat', 'validation.latitude'],
    ['latitude -91', { geoLat: -91 }, 'geoLat', 'validation.latitude'],
    ['latitude not a number', { geoLat: 'north' }, 'geoLat', 'validation.latitude'],
    ['longitude 181', { geoLng: 181 }, 'geoLng', 'validation.longitude'],
    ['longitude as text out of range', { geoLng: '-180.5' }, 'geoLng', 'validation.longitude'],
  ];

  let shared: Owner | undefined;
  it.each(invalid)('%s -> 400 with details, nothing created', async (_label, over, field, messageKey) => {
    shared ??= await registerOwner(ctx.app);
    const res = await create(shared, validEatery(over));
    expectError(res, 400, 'validation');
    expect(res.json().details).toContainEqual({ field, messageKey });
    const list = await call('GET', '/api/eatery', shared.token);
    expect(list.json()).toHaveLength(1);
  });

  it('an unknown time zone -> 400, a known one is kept', async () => {
    const owner = await registerOwner(ctx.app);
    expectError(await create(owner, validEatery({ timeZone: 'Mars/Olympus' })), 400, 'validation');
    const ok = await create(owner, validEatery({ timeZone: 'Europe/Istanbul' }));
    expect(ok.json().timeZone).toBe('Europe/Istanbul');
  });

  it('401 without a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/eatery', payload: validEatery() });
    expectError(res, 401, 'jwtInvalid');
  });

  it('401 (not 500) for a still-valid token of a deleted account', async () => {
    const owner = await registerOwner(ctx.app);
    await ctx.app.db.delete(eateries).where(eq(eateries.ownerId, owner.userId));
    await ctx.app.db.delete(users).where(eq(users.id, owner.userId));
    expectError(await create(owner, validEatery()), 401, 'jwtInvalid');
    // No account, no live session: every signed-in route refuses the token.
    expectError(await call('GET', '/api/eatery', owner.token), 401, 'jwtInvalid');
  });

  it('text the database cannot store (NUL character) -> 400, not 500', async () => {
    const owner = await registerOwner(ctx.app);
    expectError(await create(owner, validEatery({ name: 'Nar\u0000Cafe' })), 400, 'validation');
    expectError(
      await call('PUT', `/api/eatery/${owner.eateryId}`, owner.token, validEatery({ address: 'a\u0000b' })),
      400,
      'validation',
    );
    expect((await rowOf(owner.eateryId)).name).toBe('Test Restaurant');
  });
});

describe('GET, PUT, DELETE /api/eatery/{id}', () => {
  it('the owner reads, updates and deletes a restaurant', async () => {
    const owner = await registerOwner(ctx.app);
    const id = (await create(owner, validEatery())).json().id;

    const got = await call('GET', `/api/eatery/${id}`, owner.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id, name: 'Nar Cafe', roles: ['EATERY_ADMIN'] });

    const put = await call('PUT', `/api/eatery/${id}`, owner.token, {
      name: 'Nar Cafe 2',
      address: 'Fountain Square',
      phones: ['1', ' ', '2'],
      geoLat: '',
      geoLng: '49.1',
      id: 12345,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      id,
      name: 'Nar Cafe 2',
      address: 'Fountain Square',
      phones: ['1', '2'],
      geoLat: null,
      geoLng: 49.1,
      ownerId: owner.userId,
    });
    expect(await rowOf(id)).toMatchObject({ name: 'Nar Cafe 2', phones: ['1', '2'], geoLat: null, geoLng: 49.1 });

    const del = await call('DELETE', `/api/eatery/${id}`, owner.token);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect(await rowOf(id)).toBeUndefined();
    expectError(await call('GET', `/api/eatery/${id}`, owner.token), 404, 'notYourResource');
    expectError(await call('DELETE', `/api/eatery/${id}`, owner.token), 404, 'notYourResource');
  });

  it('PUT with invalid data -> 400 and nothing changes', async () => {
    const owner = await registerOwner(ctx.app);
    const id = (await create(owner, validEatery())).json().id;
    const before = await rowOf(id);
    for (const over of [{ name: '' }, { phones: [' '] }, { geoLat: 91 }, { address: undefined }]) {
      const res = await call('PUT', `/api/eatery/${id}`, owner.token, validEatery({ name: 'Changed', ...over }));
      expectError(res, 400, 'validation');
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it("another owner's restaurant -> 404 notYourResource and nothing changes", async () => {
    const a = await registerOwner(ctx.app);
    const b = await registerOwner(ctx.app);
    const before = await rowOf(b.eateryId);
    expectError(await call('GET', `/api/eatery/${b.eateryId}`, a.token), 404, 'notYourResource');
    expectError(await call('PUT', `/api/eatery/${b.eateryId}`, a.token, validEatery()), 404, 'notYourResource');
    expectError(await call('DELETE', `/api/eatery/${b.eateryId}`, a.token), 404, 'notYourResource');
    expect(await rowOf(b.eateryId)).toEqual(before);
    // A restaurant that does not exist answers the same.
    const missing = await call('GET', '/api/eatery/99999999', a.token);
    expectError(missing, 404, 'notYourResource');
    const foreign = await call('GET', `/api/eatery/${b.eateryId}`, a.token);
    expect(errorBodyOf(missing)).toEqual(errorBodyOf(foreign));
  });

  it('malformed ids -> 404 (never 500)', async () => {
    const owner = await registerOwner(ctx.app);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', '%20', 'null']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(method, `/api/eatery/${id}`, owner.token, method === 'PUT' ? validEatery() : undefined);
        expect([400, 404], `${method} ${id}: ${res.body}`).toContain(res.statusCode);
        expect(res.json().messageKey).toMatch(/^(notYourResource|validation|notFound)$/);
      }
    }
    expect((await rowOf(owner.eateryId)).name).toBe('Test Restaurant');
  });

  it('401 without a token or with a bad one', async () => {
    const owner = await registerOwner(ctx.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? validEatery() : undefined;
      expectError(await call(method, `/api/eatery/${owner.eateryId}`, undefined, payload), 401, 'jwtInvalid');
      expectError(await call(method, `/api/eatery/${owner.eateryId}`, 'bad.token.here', payload), 401, 'jwtInvalid');
    }
    expect(await rowOf(owner.eateryId)).toBeDefined();
  });

  it('a waiter can read the restaurant but not change or delete it (403 accessDenied)', async () => {
    const owner = await registerOwner(ctx.app);
    const waiter = await memberOf(owner.eateryId, ['WAITER']);
    const before = await rowOf(owner.eateryId);
    const got = await call('GET', `/api/eatery/${owner.eateryId}`, waiter.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: owner.eateryId, roles: ['WAITER'], ownerId: owner.userId });
    expectError(
      await call('PUT', `/api/eatery/${owner.eateryId}`, waiter.token, validEatery({ name: 'Hijacked' })),
      403,
      'accessDenied',
    );
    expectError(await call('DELETE', `/api/eatery/${owner.eateryId}`, waiter.token), 403, 'accessDenied');
    expect(await rowOf(owner.eateryId)).toEqual(before);
  });

  it('a second EATERY_ADMIN may edit but only the owner deletes', async () => {
    const owner = await registerOwner(ctx.app);
    const admin = await memberOf(owner.eateryId, ['EATERY_ADMIN']);
    const put = await call('PUT', `/api/eatery/${owner.eateryId}`, admin.token, validEatery({ name: 'Edited' }));
    expect(put.statusCode).toBe(200);
    expect(put.json().ownerId).toBe(owner.userId);
    expectError(await call('DELETE', `/api/eatery/${owner.eateryId}`, admin.token), 403, 'accessDenied');
    expect(await rowOf(owner.eateryId)).toMatchObject({ name: 'Edited', ownerId: owner.userId });
  });

  it("deleting a restaurant removes the memberships in it; the owner's session moves on", async () => {
    const owner = await registerOwner(ctx.app);
    const waiter = await memberOf(owner.eateryId, ['WAITER']);
    const second = (await create(owner, validEatery({ name: 'Second' }))).json().id;
    expect((await call('DELETE', `/api/eatery/${owner.eateryId}`, owner.token)).statusCode).toBe(204);
    const rows = await ctx.app.db.select().from(memberships).where(eq(memberships.eateryId, owner.eateryId));
    expect(rows).toEqual([]);
    expect((await call('GET', '/api/eatery', waiter.token)).json()).toEqual([]);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: owner.cookie },
    });
    expect(refreshed.json().eateryId).toBe(second);
  });
});
