import os from 'node:os';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { categories, dishes, orders, tables } from '../src/db/schema.js';
import { lanBases } from '../src/modules/tables/qr-base.js';
import { bearer, loginAs, PASSWORD, registerOwner, setupApp, uniqueEmail, type Owner } from './helper.js';

// The server's network, as os.networkInterfaces() would give it on a restaurant's laptop: loopback, a Wi-Fi address
// with an IPv6 one beside it, and a second card.
const INTERFACES = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  wlan0: [
    { address: '192.168.1.20', family: 'IPv4', internal: false },
    { address: 'fe80::1', family: 'IPv6', internal: false },
  ],
  eth0: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
};
// A spy rather than a module mock: test files share a worker's module cache, where a mock of node:os would come too late.
beforeEach(() => {
  vi.spyOn(os, 'networkInterfaces').mockReturnValue(INTERFACES as unknown as ReturnType<typeof os.networkInterfaces>);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const PUBLIC_URL = 'https://menu.example.com';
// The app is not listening in these tests (inject): the LAN addresses take the configured port.
const ctx = setupApp({ publicUrl: PUBLIC_URL, port: 3000, host: '0.0.0.0' });
const LAN = ['http://192.168.1.20:3000', 'http://10.0.0.7:3000'];

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: object = {}) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().messageKey).toBe(messageKey);
};

async function staffOf(owner: Owner, roles: Role[]) {
  const email = uniqueEmail('staff');
  const res = await send('POST', `/api/eatery/${owner.eateryId}/user`, owner.token, {
    user: { email, password: PASSWORD, roles },
    restaurant: { eateryId: owner.eateryId },
    userProfileRequest: { name: 'Staff Member', phone: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await loginAs(ctx.app, email)).json().jwt as string;
}

const progressOf = (owner: Owner, token = owner.token) => get(`/api/eatery/${owner.eateryId}/setup-progress`, token);

describe('GET /api/eatery/{id}/setup-progress', () => {
  let owner: Owner;
  let other: Owner;
  beforeAll(async () => {
    owner = await registerOwner(ctx.app, { restaurant: 'Setup Cafe' });
    other = await registerOwner(ctx.app, { restaurant: 'Other Cafe' });
  });

  it('a restaurant just registered has nothing yet', async () => {
    const res = await progressOf(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ address: false, phone: false, dishes: 0, tables: 0, staff: 0, hasOrders: false });
  });

  it('follows what the owner adds: details, live dishes, tables, staff besides the owner, the first order', async () => {
    const put = await send('PUT', `/api/eatery/${owner.eateryId}`, owner.token, {
      name: 'Setup Cafe',
      address: 'Nizami 5',
      phones: ['+994 12 000 00 00'],
    });
    expect(put.statusCode, put.body).toBe(200);
    const db = ctx.app.db;
    const [category] = await db
      .insert(categories)
      .values({ eateryId: owner.eateryId, nameEn: 'Soups' })
      .returning({ id: categories.id });
    const dish = (nameEn: string, archivedAt: Date | null = null) => ({
      eateryId: owner.eateryId,
      categoryId: category.id,
      nameEn,
      price: '5.00',
      archivedAt,
    });
    await db.insert(dishes).values([dish('Dovga'), dish('Piti'), dish('Old soup', new Date())]);
    const [table] = await db
      .insert(tables)
      .values({ eateryId: owner.eateryId, number: '1' })
      .returning({ id: tables.id });
    await staffOf(owner, ['WAITER']);
    // Another restaurant's rows never count here.
    await db.insert(tables).values({ eateryId: other.eateryId, number: '9' });
    await db.insert(orders).values({ eateryId: other.eateryId, tableNumber: '9' });

    expect((await progressOf(owner)).json()).toEqual({
      address: true,
      phone: true,
      dishes: 2,
      tables: 1,
      staff: 1,
      hasOrders: false,
    });
    await db.insert(orders).values({ eateryId: owner.eateryId, tableId: table.id, tableNumber: '1' });
    expect((await progressOf(owner)).json().hasOrders).toBe(true);
    expect((await progressOf(other)).json()).toMatchObject({ dishes: 0, tables: 1, staff: 0, hasOrders: true });
  });

  it('is for the restaurant admins: other roles 403, other restaurants 404, no token 401', async () => {
    for (const role of ['WAITER', 'KITCHEN_ADMIN', 'CASHIER'] as const) {
      expectError(await progressOf(owner, await staffOf(owner, [role])), 403, 'accessDenied');
    }
    expectError(await progressOf(owner, other.token), 404, 'notYourResource');
    expectError(await get(`/api/eatery/${owner.eateryId}/setup-progress`), 401, 'jwtInvalid');
    const admin = await staffOf(owner, ['EATERY_ADMIN']);
    expect((await progressOf(owner, admin)).statusCode).toBe(200);
  });
});

describe('GET /api/setup/addresses', () => {
  it('lists the LAN IPv4 addresses with the port, and PUBLIC_URL, to any signed-in user', async () => {
    const owner = await registerOwner(ctx.app);
    const waiter = await staffOf(owner, ['WAITER']);
    for (const token of [owner.token, waiter]) {
      const res = await get('/api/setup/addresses', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ lan: LAN, publicUrl: PUBLIC_URL });
    }
    expectError(await get('/api/setup/addresses'), 401, 'jwtInvalid');
  });

  it('offers no LAN address a phone could not open: only its own when HOST is one address, none on loopback', async () => {
    const owner = await registerOwner(ctx.app);
    const config = ctx.app.config as { host: string };
    const listening = config.host;
    try {
      config.host = '10.0.0.7';
      expect((await get('/api/setup/addresses', owner.token)).json().lan).toEqual(['http://10.0.0.7:3000']);
      config.host = '127.0.0.1';
      expect((await get('/api/setup/addresses', owner.token)).json().lan).toEqual([]);
    } finally {
      config.host = listening;
    }
  });

  it('lanBases skips loopback and IPv6, lists each address once, leaves an unknown port out', () => {
    const twice = { ...INTERFACES, wlan1: [{ address: '10.0.0.7', family: 'IPv4', internal: false }] };
    expect(lanBases(twice as never, 8080)).toEqual(['http://192.168.1.20:8080', 'http://10.0.0.7:8080']);
    expect(lanBases(INTERFACES as never, 0, 'https')).toEqual(['https://192.168.1.20', 'https://10.0.0.7']);
    expect(lanBases({}, 3000)).toEqual([]);
  });
});

describe('QR codes on a chosen base (?base=)', () => {
  let owner: Owner;
  let tableId: number;
  const tablesUrl = (query = '') => `/api/eatery/${owner.eateryId}/table${query}`;
  const q = (base: string) => `?base=${encodeURIComponent(base)}`;

  beforeAll(async () => {
    owner = await registerOwner(ctx.app);
    const res = await send('POST', tablesUrl(), owner.token, { number: '1' });
    expect(res.statusCode, res.body).toBe(201);
    tableId = res.json().id;
  });

  it('links to PUBLIC_URL when no base is asked for', async () => {
    const [table] = (await get(tablesUrl(), owner.token)).json();
    expect(table.qrCodeDto.content).toBe(
      `${PUBLIC_URL}/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`,
    );
  });

  it('links to a LAN address, to PUBLIC_URL or to the address the request came to when asked', async () => {
    for (const base of [...LAN, `${PUBLIC_URL}/`, 'http://localhost:80']) {
      const res = await get(tablesUrl(q(base)), owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const expected = `${base.replace(/\/$/, '')}/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`;
      expect(res.json()[0].qrCodeDto.content).toBe(expected);
    }
    const png = await get(`${tablesUrl(`/${tableId}/qr.png`)}${q(LAN[0])}`, owner.token);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it('refuses any other base, and then changes nothing', async () => {
    const [before] = await ctx.app.db.select().from(tables).where(eq(tables.id, tableId));
    for (const base of ['https://evil.example', 'http://192.168.1.20:3001', 'javascript:alert(1)', 'x'.repeat(301)]) {
      expectError(await get(tablesUrl(q(base)), owner.token), 400, 'validation');
      expectError(await get(`${tablesUrl(`/${tableId}/qr.png`)}${q(base)}`, owner.token), 400, 'validation');
      expectError(await send('POST', `${tablesUrl(`/${tableId}/key`)}${q(base)}`, owner.token), 400, 'validation');
      expectError(await send('POST', tablesUrl(q(base)), owner.token, { number: 'Evil' }), 400, 'validation');
      expectError(
        await send('PUT', `${tablesUrl(`/${tableId}`)}${q(base)}`, owner.token, { number: '2' }),
        400,
        'validation',
      );
    }
    expectError(await get(tablesUrl('?base=a&base=b'), owner.token), 400, 'validation');
    const after = await ctx.app.db.select().from(tables).where(eq(tables.eateryId, owner.eateryId));
    expect(after).toEqual([before]);
  });
});
