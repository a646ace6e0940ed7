import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE, GUEST_ROUTES } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { signJwt } from '../src/plugins/jwt.js';
import { TEST_DATABASE_URL, createPostgresDatabase, testConfig } from './helper.js';
import { appliedMigrations, journal } from './migrations-fixtures.js';
import { previousBuild } from './previous-build.js';
import { SERVER_PROCESS_JWT_SECRET, startServerProcess, waitUntilReady } from './server-process.js';

/**
 * A rolling deploy on one PostgreSQL database: the previous release's server (taken from the repository's history,
 * run as its own process) keeps serving while this build starts, applies the newest migration and serves beside it.
 * What makes it work is the rule that a migration only adds (migrations-compatible.test.ts checks it for each one).
 */

const MIGRATIONS = journal().entries.length;
const stops: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** The dish's names in az, en and ru (the guest menu shows one or more of them). */
const DISH_NAMES = ['Mərci', 'Lentil soup', 'Чечевичный суп'];

interface Restaurant {
  id: number;
  tableId: number;
  dishId: number;
  /** A staff token of its owner, signed with the servers' secret. */
  token: string;
}

/** A restaurant with an owner, a table and a dish, in plain SQL (columns every release has). */
async function seedRestaurant(url: string): Promise<Restaurant> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (sql: string, values: unknown[]) => (await client.query<{ id: number }>(sql, values)).rows[0].id;
    const owner = await one(`INSERT INTO users (email, password_hash, name) VALUES ($1, 'x', 'Owner') RETURNING id`, [
      `rolling.${Date.now()}@example.com`,
    ]);
    const id = await one(
      `INSERT INTO eateries (name, address, owner_id, time_zone) VALUES ('Rolling', '', $1, 'Asia/Baku') RETURNING id`,
      [owner],
    );
    await client.query(`INSERT INTO memberships (user_id, eatery_id, roles) VALUES ($1, $2, '{EATERY_ADMIN}')`, [
      owner,
      id,
    ]);
    const tableId = await one(
      `INSERT INTO tables (eatery_id, number, status) VALUES ($1, '1', 'ACTIVE') RETURNING id`,
      [id],
    );
    const category = await one(
      `INSERT INTO categories (eatery_id, name_az, name_en, name_ru) VALUES ($1, 'Şorbalar', 'Soups', 'Супы') RETURNING id`,
      [id],
    );
    const dishId = await one(
      `INSERT INTO dishes (eatery_id, category_id, name_az, name_en, name_ru, price, available)
       VALUES ($1, $2, $3, $4, $5, 4.50, true) RETURNING id`,
      [id, category, ...DISH_NAMES],
    );
    return { id, tableId, dishId, token: signJwt({ sub: owner, eid: id }, SERVER_PROCESS_JWT_SECRET, 900) };
  } finally {
    await client.end();
  }
}

/** What a restaurant does all day, once, over HTTP: a guest reads the menu and orders, staff see the order. */
async function serviceRound(base: string, R: Restaurant) {
  const cookie = `${DEVICE_COOKIE}=${newDeviceId()}`;
  const call = async (method: 'GET' | 'POST', path: string, opts: { body?: object; staff?: boolean } = {}) => {
    const headers: Record<string, string> = opts.staff ? { authorization: `Bearer ${R.token}` } : { cookie };
    if (opts.body) headers['content-type'] = 'application/json';
    const res = await fetch(base + path, { method, headers, body: opts.body ? JSON.stringify(opts.body) : undefined });
    return { status: res.status, text: await res.text() };
  };
  const menu = await call('GET', GUEST_ROUTES.menu(R.id, R.tableId));
  expect(menu.status, menu.text).toBe(200);
  const placed = await call('POST', GUEST_ROUTES.placeOrder(R.id, R.tableId), {
    body: { items: [{ dishId: R.dishId, quantity: 2 }] },
  });
  expect(placed.status, placed.text).toBe(201);
  const order = JSON.parse(placed.text) as { id: number };
  const list = await call('GET', `/api/eatery/${R.id}/orders`, { staff: true });
  expect(list.status, list.text).toBe(200);
  expect(list.text).toContain(`"id":${order.id}`);
  const kitchen = await call('GET', `/api/eatery/${R.id}/kitchen`, { staff: true });
  expect(kitchen.status, kitchen.text).toBe(200);
  const mine = await call('GET', GUEST_ROUTES.order(R.id, order.id));
  expect(mine.status, mine.text).toBe(200);
}

describe.skipIf(!TEST_DATABASE_URL)('rolling deploy on PostgreSQL', () => {
  it('the previous release keeps serving while this build applies the newest migrations', async () => {
    const created = await createPostgresDatabase();
    stops.push(created.drop);
    const previous = previousBuild(MIGRATIONS);
    stops.push(() => previous.remove());

    // The previous release runs on its own schema (it migrates the empty database itself).
    const old = await startServerProcess(created.url, previous.serverDir);
    stops.push(() => old.kill());
    await waitUntilReady(old);
    expect(await appliedMigrations(created.url)).toEqual({ rows: previous.migrations, distinct: previous.migrations });
    const R = await seedRestaurant(created.url);
    await serviceRound(old.url, R);

    // This build starts and migrates; the previous one serves meanwhile (a round at a time, until it is done).
    let migrated = false;
    const starting = (async () => {
      const database = await openDatabase({ databaseUrl: created.url });
      const app: FastifyInstance = await buildApp(testConfig({ jwtSecret: SERVER_PROCESS_JWT_SECRET }), database);
      stops.push(async () => {
        await app.close();
        await database.close();
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    })().finally(() => (migrated = true));
    let roundsDuringMigration = 0;
    do {
      await serviceRound(old.url, R);
      roundsDuringMigration++;
    } while (!migrated);
    const current = await starting;
    expect(roundsDuringMigration).toBeGreaterThan(0);
    expect(await appliedMigrations(created.url)).toEqual({ rows: MIGRATIONS, distinct: MIGRATIONS });

    // Both serve the same restaurant afterwards; the previous release logged no warning or error throughout.
    await serviceRound(old.url, R);
    await serviceRound(current, R);
    const ready = await fetch(`${current}/api/health/ready`);
    expect(ready.status).toBe(200);

    // A menu change made on this build reaches the previous release's guest menu, which it has cached: the dish sold
    // out here leaves the menu there (the previous release hears its own NOTIFY, which this build still sends).
    const menuOfOld = async () => {
      const res = await fetch(old.url + GUEST_ROUTES.menu(R.id, R.tableId), {
        headers: { cookie: `${DEVICE_COOKIE}=${newDeviceId()}` },
      });
      return res.text();
    };
    const before = await menuOfOld();
    expect(
      DISH_NAMES.some((name) => before.includes(name)),
      before,
    ).toBe(true);
    const soldOut = await fetch(`${current}/api/eatery/${R.id}/dish/${R.dishId}/availability`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${R.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ available: false }),
    });
    expect(soldOut.status, await soldOut.text()).toBe(200);
    await vi.waitFor(
      async () => {
        const after = await menuOfOld();
        expect(DISH_NAMES.filter((name) => after.includes(name))).toEqual([]);
      },
      { timeout: 5000, interval: 50 },
    );
    old.stop();
    expect(await old.exited).toBe(0);
    expect(old.output.stderr + old.output.stdout).toBe('');
  }, 180_000);
});
