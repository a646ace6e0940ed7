import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, ordersTopic, type GuestMenu, type Role } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { categories, users } from '../src/db/schema.js';
import { TEST_DATABASE_URL, bearer, createPostgresDatabase, testConfig } from './helper.js';
import { currentTokenFor, makeDish, makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';
import { makeAccount, signIn } from './session-fixtures.js';
import { connectSocket, disconnection, subscribe } from './socket-client.js';

/**
 * The bounds of the one invalidation channel, with two instances on one PostgreSQL database (as behind a round-robin
 * load balancer: a write on A, the very next request on B):
 * - a role taken away on A is refused on B from the very next request after A's 200 (the shared access version);
 * - a session ended on one instance (password changed, logout) closes its sockets on the other within a second and
 *   its token is refused there from the next request;
 * - a guest menu change and a staff orders list change made on A show on B within P99_BOUND_MS at the 99th
 *   percentile (the change's message over the realtime channel).
 */

const TRIES = 100;
const P99_BOUND_MS = 100;

const instances: { app: FastifyInstance; database: Database }[] = [];
let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let a: FastifyInstance;
let b: FastifyInstance;
let E: TestEatery;

const sockets: Socket[] = [];
const status = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(token) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The q-quantile of the samples (nearest rank: for q = 0.99 of 100 samples, the largest but one). */
function percentile(samples: number[], q: number) {
  const sorted = [...samples].sort((x, y) => x - y);
  return sorted[Math.ceil(sorted.length * q) - 1];
}

const summary = (samples: number[]) =>
  `p50 ${percentile(samples, 0.5).toFixed(1)} ms, p99 ${percentile(samples, 0.99).toFixed(1)} ms, ` +
  `max ${Math.max(...samples).toFixed(1)} ms`;

/** Milliseconds from now until `probe` holds on B (polled about every millisecond; fails after 5 s). */
async function msUntil(probe: () => Promise<boolean>) {
  const start = performance.now();
  while (!(await probe())) {
    if (performance.now() - start > 5000) throw new Error('not within 5 s');
    await sleep(1);
  }
  return performance.now() - start;
}

if (!TEST_DATABASE_URL) {
  console.warn('invalidation-bounds.test.ts: skipped: TEST_DATABASE_URL is not set (needs PostgreSQL)');
}

describe.skipIf(!TEST_DATABASE_URL)('invalidation bounds with two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    shared = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: shared.url });
      instances.push({ app: await buildApp(testConfig({ rateLimits: false }), database), database });
    }
    await Promise.all(instances.map(({ app }) => app.listen({ port: 0, host: '127.0.0.1' })));
    [a, b] = instances.map((i) => i.app);
    // The instances hear each other once the adapters' heartbeats crossed.
    const start = Date.now();
    for (;;) {
      const counts = await Promise.all([a, b].map((app) => app.realtime.io!.of('/').adapter.serverCount()));
      if (counts.every((n) => n === 2)) break;
      if (Date.now() - start > 15_000) throw new Error(`instances do not see each other: ${counts}`);
      await sleep(50);
    }
    E = await makeEatery(a);
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.drop();
  });

  it(`a role taken away on A is refused on B from the very next request (0 of ${TRIES})`, async () => {
    const staff = await makeStaff(a, E.id, ['EATERY_ADMIN', 'WAITER']);
    const [{ email }] = await a.db.select({ email: users.email }).from(users).where(eq(users.id, staff.userId));
    const setRoles = async (roles: Role[]) => {
      const res = await a.inject({
        method: 'PUT',
        url: `/api/eatery/${E.id}/user/${staff.userId}`,
        headers: bearer(E.owner.token),
        payload: { username: email, roles },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Admin only (the owner's reports): 403 for anyone else before the query is even validated.
    const adminOnlyOnB = async (token: string) =>
      (await b.inject({ method: 'GET', url: `/api/eatery/${E.id}/reports`, headers: bearer(token) })).statusCode;

    let stale = 0;
    for (let i = 0; i < TRIES; i++) {
      await setRoles(['WAITER', 'EATERY_ADMIN']);
      const token = await currentTokenFor(a, staff.userId, E.id);
      // B answers as an admin, from the database or from its memory (which now holds the admin role).
      expect(await adminOnlyOnB(token)).not.toBe(403);
      expect(await adminOnlyOnB(token)).not.toBe(403);
      await setRoles(['WAITER']);
      // The role taken away ended that session (401); a session begun since is refused the route (403).
      if ((await adminOnlyOnB(token)) !== 401) stale++;
      if ((await adminOnlyOnB(await currentTokenFor(a, staff.userId, E.id))) !== 403) stale++;
    }
    expect(stale).toBe(0);
  });

  it(`a guest menu change on A shows on B within ${P99_BOUND_MS} ms at p99 (${TRIES} edits)`, async () => {
    // Two categories with a dish each: each edit swaps their order.
    const [second] = await a.db
      .insert(categories)
      .values({ eateryId: E.id, nameAz: 'İçkilər', nameEn: 'Drinks', nameRu: 'Напитки' })
      .returning({ id: categories.id });
    await makeDish(a, E, { price: '4.00', nameEn: 'Soup' });
    await makeDish(a, { id: E.id, categoryId: second.id }, { price: '1.00', nameEn: 'Tea' });
    a.menuCache.invalidate(E.id); // the inserts above bypassed the services
    const firstOnB = async () => {
      const res = await b.inject({ method: 'GET', url: GUEST_ROUTES.menu(E.id, E.tableId) });
      return (res.json() as GuestMenu).categories[0].id;
    };
    let order = [E.categoryId, second.id];
    // Once the message of that invalidation reached B too, B keeps the menu it builds.
    await msUntil(async () => (await firstOnB()) === order[0] && b.menuCache.local.size > 0);

    const delays: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      expect(b.menuCache.local.size, 'B serves the menu from its cache').toBeGreaterThan(0);
      order = [order[1], order[0]];
      const res = await a.inject({
        method: 'PUT',
        url: `/api/eatery/${E.id}/category/order`,
        headers: bearer(E.owner.token),
        payload: { categoryIds: order },
      });
      expect(res.statusCode, res.body).toBe(200);
      delays.push(await msUntil(async () => (await firstOnB()) === order[0]));
    }
    console.log(`invalidation-bounds: guest menu on B ${summary(delays)}`);
    expect(percentile(delays, 0.99)).toBeLessThanOrEqual(P99_BOUND_MS);
  });

  it(`an orders list change on A shows on B within ${P99_BOUND_MS} ms at p99 (${TRIES} orders)`, async () => {
    const dish = await makeDish(a, E, { price: '2.00', nameEn: 'Bread' });
    const newestOnB = async () => {
      // The newest order only: a small page, so that polling measures the change's way to B, not JSON parsing.
      const res = await b.inject({
        method: 'GET',
        url: `/api/eatery/${E.id}/orders?limit=1`,
        headers: bearer(E.waiter.token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number }[])[0]?.id;
    };
    await newestOnB();

    const delays: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      expect(b.ordersListCache.size, 'B serves the list from its cache').toBeGreaterThan(0);
      const res = await a.inject({
        method: 'POST',
        url: `/api/eatery/${E.id}/orders`,
        headers: bearer(E.waiter.token),
        payload: { tableId: E.tableId, items: [{ dishId: dish, quantity: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = (res.json() as { id: number }).id;
      delays.push(await msUntil(async () => (await newestOnB()) === id));
    }
    console.log(`invalidation-bounds: orders list on B ${summary(delays)}`);
    expect(percentile(delays, 0.99)).toBeLessThanOrEqual(P99_BOUND_MS);
  });

  it('a password changed on B ends the session on A: its socket within a second, its token and cookie at once', async () => {
    const account = await makeAccount(a, E.id, ['WAITER']);
    const onA = await signIn(a, account);
    const port = (a.server.address() as AddressInfo).port;
    const { socket } = await connectSocket(`http://127.0.0.1:${port}`, { token: onA.token }, sockets);
    expect((await subscribe(socket, ordersTopic(E.id))).ok).toBe(true);
    const [{ email }] = await b.db.select({ email: users.email }).from(users).where(eq(users.id, account.userId));

    const closed = disconnection(socket, 1000);
    const res = await b.inject({
      method: 'PUT',
      url: `/api/eatery/${E.id}/user/${account.userId}`,
      headers: bearer(E.owner.token),
      payload: { username: email, password: 'brand-new-pass-7', roles: ['WAITER'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const status = await a.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(onA.token) });
    expect(status.statusCode).toBe(401);
    const refreshed = await a.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { cookie: onA.cookie },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('a logout on B closes that session’s socket on A and refuses its token there', async () => {
    const account = await makeAccount(a, E.id, ['KITCHEN_ADMIN']);
    const device = await signIn(a, account);
    const port = (a.server.address() as AddressInfo).port;
    const { socket } = await connectSocket(`http://127.0.0.1:${port}`, { token: device.token }, sockets);
    expect((await status(a, device.token)).statusCode).toBe(200); // cached as live on A

    const closed = disconnection(socket, 1000);
    const out = await b.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: device.cookie } });
    expect(out.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await status(a, device.token)).statusCode).toBe(401);
  });
});
