import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { memberships, users } from '../src/db/schema.js';
import { AccessCache } from '../src/plugins/access-cache.js';
import {
  TEST_DATABASE_URL,
  bearer,
  createPostgresDatabase,
  randomIp,
  setupApp,
  testConfig,
  uniqueEmail,
} from './helper.js';
import { currentTokenFor, makeEatery, makeStaff, tokenFor, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * The access check's memberships come from memory. It must never grant what the database no longer
 * grants: a role taken away, a user removed, a restaurant deleted answer 403/404 on the very next request (on every
 * instance: on PostgreSQL through the shared access version), and a role granted works at once.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('AccessCache', () => {
  const waiter = { roles: ['WAITER'] as Role[], ownerId: 1 };

  it('keeps answers (and "not a member") until cleared', () => {
    const cache = new AccessCache();
    expect(cache.get(1, 2)).toBeUndefined();
    cache.set(1, 2, waiter, cache.generation);
    cache.set(1, 3, null, cache.generation);
    expect(cache.get(1, 2)).toEqual(waiter);
    expect(cache.get(1, 3)).toBeNull();
    expect(cache.get(2, 2)).toBeUndefined();
    cache.clear();
    expect(cache.get(1, 2)).toBeUndefined();
    expect(cache.get(1, 3)).toBeUndefined();
  });

  it('does not store an answer read while it was cleared', () => {
    const cache = new AccessCache();
    const generation = cache.generation; // taken before the database is asked
    cache.clear(); // a role taken away meanwhile
    cache.set(1, 2, waiter, generation);
    expect(cache.get(1, 2)).toBeUndefined();
  });

  it('expires answers after its TTL and holds at most maxEntries', () => {
    const cache = new AccessCache(1000, 2);
    cache.set(1, 1, waiter, cache.generation, 0);
    expect(cache.get(1, 1, 999)).toEqual(waiter);
    expect(cache.get(1, 1, 1000)).toBeUndefined();
    cache.set(1, 1, waiter, cache.generation, 0);
    cache.set(1, 2, waiter, cache.generation, 0);
    cache.set(1, 3, waiter, cache.generation, 0);
    expect(cache.size).toBe(2);
    expect(cache.get(1, 1, 0)).toBeUndefined(); // the oldest went
    expect(cache.get(1, 3, 0)).toEqual(waiter);
  });
});

/**
 * A route for EATERY_ADMIN only (the owner's reports): the access check answers 403 to anyone else before the query
 * is even validated, so "allowed" is any answer but 403 and 404.
 */
const adminOnly = (eateryId: number) => `/api/eatery/${eateryId}/reports`;
const allowed = (status: number) => status !== 403 && status !== 404;

const usersUrl = (eateryId: number, userId?: number) =>
  `/api/eatery/${eateryId}/user${userId === undefined ? '' : `/${userId}`}`;

function get(app: FastifyInstance, url: string, token: string) {
  return app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function emailOf(app: FastifyInstance, userId: number) {
  const [u] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u.email;
}

/** The owner sets the staff member's roles through the API (on instance `app`). */
async function setRoles(app: FastifyInstance, e: TestEatery, staff: Staff, roles: Role[]) {
  const res = await app.inject({
    method: 'PUT',
    url: usersUrl(e.id, staff.userId),
    headers: bearer(e.owner.token),
    payload: { username: await emailOf(app, staff.userId), roles },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function removeStaff(app: FastifyInstance, e: TestEatery, staff: Staff) {
  const res = await app.inject({ method: 'DELETE', url: usersUrl(e.id, staff.userId), headers: bearer(e.owner.token) });
  expect(res.statusCode, res.body).toBe(204);
}

describe('memberships from memory (one instance)', () => {
  const ctx = setupApp();
  let E: TestEatery;
  beforeAll(async () => {
    E = await makeEatery(ctx.app);
  });

  it('answers from memory: a membership removed behind the back (no route) is still honoured on PGlite', async () => {
    const staff = await makeStaff(ctx.app, E.id, ['WAITER']);
    expect((await get(ctx.app, `/api/eatery/${E.id}/orders`, staff.token)).statusCode).toBe(200);
    await ctx.app.db
      .delete(memberships)
      .where(and(eq(memberships.userId, staff.userId), eq(memberships.eateryId, E.id)));
    // PGlite (one instance): until a service publishes an access change, or the TTL (a few seconds) runs out: the
    // reason every change of memberships must go through the services. PostgreSQL (instances may share it): the
    // access version, bumped by the database's trigger in the delete's own transaction, refuses it at once.
    const behindTheBack = (await get(ctx.app, `/api/eatery/${E.id}/orders`, staff.token)).statusCode;
    expect(behindTheBack).toBe(ctx.database.kind === 'postgres' ? 404 : 200);
    await setRoles(ctx.app, E, E.waiter, ['WAITER']); // any access write clears it
    expect((await get(ctx.app, `/api/eatery/${E.id}/orders`, staff.token)).statusCode).toBe(404);
  });

  it('a role taken away: the session ends, the next one gets 403; granted again: works at once', async () => {
    const staff = await makeStaff(ctx.app, E.id, ['EATERY_ADMIN', 'WAITER']);
    expect(allowed((await get(ctx.app, adminOnly(E.id), staff.token)).statusCode)).toBe(true);
    await setRoles(ctx.app, E, staff, ['WAITER']);
    expect((await get(ctx.app, adminOnly(E.id), staff.token)).statusCode).toBe(401);
    const next = await currentTokenFor(ctx.app, staff.userId, E.id);
    expect((await get(ctx.app, adminOnly(E.id), next)).statusCode).toBe(403);
    expect((await get(ctx.app, `/api/eatery/${E.id}/orders`, next)).statusCode).toBe(200);
    await setRoles(ctx.app, E, staff, ['WAITER', 'EATERY_ADMIN']);
    expect(allowed((await get(ctx.app, adminOnly(E.id), next)).statusCode)).toBe(true);
  });

  it('a user removed from the restaurant: the session ends; a later one of the account gets 404', async () => {
    const staff = await makeStaff(ctx.app, E.id, ['CASHIER']);
    const other = await makeEatery(ctx.app, { name: 'Keeps the account' });
    await ctx.app.db.insert(memberships).values({ userId: staff.userId, eateryId: other.id, roles: ['CASHIER'] });
    expect((await get(ctx.app, `/api/eatery/${E.id}/orders`, staff.token)).statusCode).toBe(200);
    await removeStaff(ctx.app, E, staff);
    expect((await get(ctx.app, `/api/eatery/${E.id}/orders`, staff.token)).statusCode).toBe(401);
    const next = await currentTokenFor(ctx.app, staff.userId, E.id);
    expect((await get(ctx.app, `/api/eatery/${E.id}/orders`, next)).statusCode).toBe(404);
    expect((await get(ctx.app, `/api/eatery/${other.id}/orders`, next)).statusCode).toBe(200);
  });

  it('a restaurant deleted: 404 on the next request', async () => {
    const other = await makeEatery(ctx.app, { name: 'Second' });
    const orders = `/api/eatery/${other.id}/orders`;
    expect((await get(ctx.app, orders, other.waiter.token)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${other.id}`,
      headers: bearer(other.owner.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await get(ctx.app, orders, other.waiter.token)).statusCode).toBe(404);
    expect((await get(ctx.app, orders, other.owner.token)).statusCode).toBe(404);
  });

  it('a restaurant registered after its id was refused to its future owner: works at once', async () => {
    // The next user's and restaurant's ids, asked for before they exist ("not a member" is cached too).
    const next = async (sequence: string) => {
      const { rows } = await ctx.app.db.execute(sql.raw(`select nextval('${sequence}')::int as last`));
      return (rows[0] as { last: number }).last + 1;
    };
    const [userId, eateryId] = [await next('users_id_seq'), await next('eateries_id_seq')];
    const token = tokenFor(ctx.app, userId);
    const orders = `/api/eatery/${eateryId}/orders`;
    // No such user yet: no live session ("not live" is cached too).
    expect((await get(ctx.app, orders, token)).statusCode).toBe(401);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/eatery',
      remoteAddress: randomIp(),
      payload: {
        user: { email: uniqueEmail(), password: 'saffron-plov-7' },
        restaurant: { name: 'Registered' },
        userProfileRequest: { name: 'New Owner', phone: null },
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toMatchObject({ userId, eateryId });
    expect((await get(ctx.app, orders, token)).statusCode).toBe(200);
  });
});

describe('memberships from memory across instances (PostgreSQL)', () => {
  if (!TEST_DATABASE_URL) {
    console.warn('access-cache.test.ts: two-instance tests skipped: TEST_DATABASE_URL is not set');
  }
  const instances: { app: FastifyInstance; database: Database }[] = [];
  let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  beforeAll(async () => {
    if (!TEST_DATABASE_URL) return;
    shared = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: shared.url });
      instances.push({ app: await buildApp(testConfig(), database), database });
    }
    await Promise.all(instances.map(({ app }) => app.listen({ port: 0, host: '127.0.0.1' })));
    const start = Date.now();
    for (;;) {
      const counts = await Promise.all(instances.map(({ app }) => app.realtime.io!.of('/').adapter.serverCount()));
      if (counts.every((n) => n === 2)) break;
      if (Date.now() - start > 15000) throw new Error(`instances do not see each other: ${counts}`);
      await sleep(100);
    }
  });

  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.drop();
  });

  /**
   * Asks instance `app` until it answers `status`; the time it took. The timeout is below the cache's TTL, so
   * passing shows the other instance's message did it, not the expiry.
   */
  async function untilStatus(
    app: FastifyInstance,
    url: string,
    token: string,
    expected: (status: number) => boolean,
    timeoutMs = 4000, // below MEMBERSHIP_TTL_MS (5 s)
  ) {
    const start = Date.now();
    for (;;) {
      if (expected((await get(app, url, token)).statusCode)) return Date.now() - start;
      if (Date.now() - start > timeoutMs) throw new Error(`${url}: still the old answer after ${timeoutMs} ms`);
      await sleep(2);
    }
  }

  it.skipIf(!TEST_DATABASE_URL)(
    'a role taken away, granted, a user removed on instance B: instance A follows at once (the access version)',
    async () => {
      const [a, b] = instances.map((i) => i.app);
      expect(a.realtime.remoteChangesHeard).toBe(true);
      const E = await makeEatery(a);
      const staff = await makeStaff(a, E.id, ['EATERY_ADMIN', 'WAITER']);
      const orders = `/api/eatery/${E.id}/orders`;

      expect(allowed((await get(a, adminOnly(E.id), staff.token)).statusCode)).toBe(true); // cached on A
      expect((await get(a, orders, staff.token)).statusCode).toBe(200);
      await setRoles(b, E, staff, ['WAITER']);
      // The role taken away ended the session; the next session of the user is refused the admin's route.
      const endedMs = await untilStatus(a, orders, staff.token, (s) => s === 401);
      const next = await currentTokenFor(b, staff.userId, E.id);
      const takenMs = await untilStatus(a, adminOnly(E.id), next, (s) => s === 403);
      expect((await get(a, orders, next)).statusCode).toBe(200);

      await setRoles(b, E, staff, ['WAITER', 'EATERY_ADMIN']);
      const grantedMs = await untilStatus(a, adminOnly(E.id), next, allowed);

      await removeStaff(b, E, staff);
      const removedMs = await untilStatus(a, orders, next, (s) => s === 401);
      console.log(
        `access-cache: A follows B after ${endedMs} ms (session ended), ${takenMs} ms (role taken), ` +
          `${grantedMs} ms (granted), ` +
          `${removedMs} ms (removed)`,
      );
    },
    30_000,
  );
});
