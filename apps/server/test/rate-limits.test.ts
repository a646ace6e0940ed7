import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { AppError } from '../src/plugins/app-error.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { failureRateLimit, RATE, RATE_LIMIT_TABLE, rateLimitsPlugin } from '../src/plugins/rate-limits.js';
import { TEST_DATABASE_URL, openTestDatabase, testConfig, uniqueEmail } from './helper.js';

/**
 * The rate-limit store (plugins/rate-limits.ts) on small apps that have only the plugin, one login-like route
 * with RATE.login and one route that always fails under a failureRateLimit (3 failures per key), so the store is
 * tested on its own: in memory on PGlite, shared through PostgreSQL by two instances on one database, shared
 * through Redis when it is reachable, and in each instance's memory while the shared store fails.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Where no PostgreSQL store is wanted: the plugin only looks at `kind` and `pool`. */
const noPostgres = { kind: 'pglite' } as Database;

const apps: FastifyInstance[] = [];
const databases: Database[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});
afterAll(async () => {
  for (const db of databases.splice(0)) await db.close();
});

async function miniApp(database: Database, overrides: Partial<AppConfig> & { redisUrl?: string } = {}) {
  const app = Fastify();
  app.decorate('config', testConfig(overrides));
  app.decorate('database', database);
  await app.register(errorsPlugin);
  await app.register(rateLimitsPlugin);
  app.post('/login', { config: { rateLimit: RATE.login } }, async () => ({ ok: true }));
  const failures = failureRateLimit(app, {
    max: 3,
    timeWindow: '1 minute',
    keyGenerator: (req) => `test-failed|${req.ip}|${String(req.headers['x-key'])}`,
  });
  app.post('/fail', { onRequest: (req, reply) => failures.check(req, reply) }, async (req) => {
    await failures.fail(req);
    throw new AppError(401, 'invalidPass');
  });
  await app.ready();
  apps.push(app);
  return app;
}

const login = (app: FastifyInstance, email: string, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/login', remoteAddress: ip, payload: { email } });

/** Status codes of `n` logins, alternating between the apps (a round-robin load balancer). */
async function roundRobin(instances: FastifyInstance[], email: string, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) codes.push((await login(instances[i % instances.length], email)).statusCode);
  return codes;
}

const TEN_OK_THEN_429 = [...Array<number>(10).fill(200), 429];

/** Status codes of `n` requests to the always-failing route, alternating between the apps, all with one key. */
async function failRoundRobin(instances: FastifyInstance[], key: string, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await instances[i % instances.length].inject({
      method: 'POST',
      url: '/fail',
      remoteAddress: '203.0.113.7',
      headers: { 'x-key': key },
    });
    codes.push(res.statusCode);
    if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }
  return codes;
}
const THREE_FAILURES_THEN_429 = [401, 401, 401, 429, 429];

/** A Redis URL where nothing listens: Redis configured but down. */
const REDIS_DOWN_URL = 'redis://127.0.0.1:1';

async function reachable(url: string) {
  const probe = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await reachable(REDIS_URL);

describe('rate limits: the store', () => {
  it('in memory: counts per key, answers 429 with the error body after the limit; RATE_LIMITS=off allows all', async () => {
    const database = noPostgres;
    const app = await miniApp(database);
    const email = uniqueEmail('limited');
    expect(await roundRobin([app], email, 11)).toEqual(TEN_OK_THEN_429);
    const res = await login(app, email);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ messageKey: 'tooManyRequests' });
    // Another e-mail from the same address, and the same e-mail from another address, have their own counts.
    expect((await login(app, uniqueEmail('other'))).statusCode).toBe(200);
    expect((await login(app, email, '203.0.113.8')).statusCode).toBe(200);

    const open = await miniApp(database, { rateLimits: false });
    expect((await roundRobin([open], email, 12)).every((c) => c === 200)).toBe(true);
    expect((await failRoundRobin([open], 'open', 6)).every((c) => c === 401)).toBe(true);
  });

  it('in memory: a failure limit counts failures only, and answers 429 with Retry-After past its max', async () => {
    const app = await miniApp(noPostgres);
    expect(await failRoundRobin([app], 'memory', 5)).toEqual(THREE_FAILURES_THEN_429);
    expect(await failRoundRobin([app], 'another key', 1)).toEqual([401]);
  });

  it('Redis configured but down: each instance counts in its own memory instead of letting everything through', async () => {
    const [a, b] = [
      await miniApp(noPostgres, { redisUrl: REDIS_DOWN_URL }),
      await miniApp(noPostgres, { redisUrl: REDIS_DOWN_URL }),
    ];
    const email = uniqueEmail('redis-down');
    expect(await roundRobin([a], email, 11)).toEqual(TEN_OK_THEN_429);
    // The other instance has its own count.
    expect((await login(b, email)).statusCode).toBe(200);
    expect(await failRoundRobin([a], 'redis-down', 5)).toEqual(THREE_FAILURES_THEN_429);
  });

  describe.skipIf(!TEST_DATABASE_URL)('on PostgreSQL', () => {
    if (!TEST_DATABASE_URL) console.warn('rate-limits.test.ts: PostgreSQL store skipped: TEST_DATABASE_URL is not set');

    it('two instances on one database share the count: the 11th login across both answers 429', async () => {
      const first = await openTestDatabase();
      databases.push(first);
      // A second pool on the same database: another instance.
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${(await first.pool!.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db}`;
      const second = await openDatabase({ databaseUrl: url.toString() });
      databases.unshift(second); // closed before `first` drops the database
      const [a, b] = await Promise.all([miniApp(first), miniApp(second)]);
      const email = uniqueEmail('shared');
      expect(await roundRobin([a, b], email, 11)).toEqual(TEN_OK_THEN_429);
      expect((await login(a, email)).statusCode).toBe(429);
      const rows = await first.pool!.query(`SELECT hits FROM ${RATE_LIMIT_TABLE} WHERE key LIKE $1`, [`%${email}`]);
      expect(rows.rows).toEqual([{ hits: 12 }]);
    });

    it('starts a new window once the old one has passed', async () => {
      const database = await openTestDatabase();
      databases.push(database);
      const app = await miniApp(database);
      const email = uniqueEmail('window');
      expect(await roundRobin([app], email, 11)).toEqual(TEN_OK_THEN_429);
      await database.pool!.query(`UPDATE ${RATE_LIMIT_TABLE} SET reset_at = now() - interval '1 second'`);
      expect((await login(app, email)).statusCode).toBe(200);
    });

    it('two instances on one database share the failure counts', async () => {
      const first = await openTestDatabase();
      databases.push(first);
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${(await first.pool!.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db}`;
      const second = await openDatabase({ databaseUrl: url.toString() });
      databases.unshift(second);
      const [a, b] = await Promise.all([miniApp(first), miniApp(second)]);
      expect(await failRoundRobin([a, b], 'pg-shared', 5)).toEqual(THREE_FAILURES_THEN_429);
    });

    it('counts in memory while the store fails, instead of answering 500 or letting everything through', async () => {
      const database = await openTestDatabase();
      databases.push(database);
      const app = await miniApp(database);
      await database.pool!.query(`DROP TABLE ${RATE_LIMIT_TABLE}`);
      expect(await roundRobin([app], uniqueEmail('nostore'), 11)).toEqual(TEN_OK_THEN_429);
      expect(await failRoundRobin([app], 'nostore', 5)).toEqual(THREE_FAILURES_THEN_429);
    });
  });

  // Skipped without a Redis on a developer's machine; in CI (CI=true) a missing Redis is a failure instead.
  it.runIf(!redisUp && process.env.CI)('CI has a Redis to test against', () => {
    expect.fail(`no Redis at ${REDIS_URL}: set TEST_REDIS_URL or start one`);
  });

  describe.skipIf(!redisUp)('on Redis (REDIS_URL)', () => {
    if (!redisUp) console.warn(`rate-limits.test.ts: Redis store skipped: no Redis at ${REDIS_URL} (TEST_REDIS_URL)`);

    it('two instances with one Redis share the count (it wins over PostgreSQL and memory)', async () => {
      const [a, b] = [
        await miniApp(noPostgres, { redisUrl: REDIS_URL }),
        await miniApp(noPostgres, { redisUrl: REDIS_URL }),
      ];
      const email = uniqueEmail(`redis-${randomBytes(4).toString('hex')}`);
      expect(await roundRobin([a, b], email, 11)).toEqual(TEN_OK_THEN_429);
      expect(await failRoundRobin([a, b], `redis-${randomBytes(4).toString('hex')}`, 5)).toEqual(
        THREE_FAILURES_THEN_429,
      );
    });
  });
});
