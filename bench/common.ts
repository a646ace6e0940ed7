/**
 * Shared pieces of the benchmarks in this folder (not a benchmark itself): the server configuration, a throwaway
 * PostgreSQL database, a restaurant seeded straight into the database with a staff token, percentiles and the
 * verdict line. The benchmarks import the server's own code (buildApp, openDatabase, schema, signJwt).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import type { AppConfig } from '../apps/server/src/config.js';

export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

/** Production settings, rate limits off, silent logs, no web files. */
export function benchConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'production',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    jwtSecret: BENCH_SECRET,
    rateLimits: false,
    logLevel: 'silent',
    webDist: '/nonexistent',
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlDays: 30,
    ...overrides,
  };
}

/**
 * Creates `qrmenu_bench_<random>` on the server of `serverUrl` (e.g. DATABASE_URL) and returns its URL and a drop
 * function (DROP DATABASE ... WITH (FORCE), so it works even when a connection was left open).
 */
export async function createBenchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `qrmenu_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Seeded {
  userId: number;
  eateryId: number;
  tableIds: number[];
  dishIds: number[];
  /** An access token of the owner (EATERY_ADMIN), signed with BENCH_SECRET. */
  token: string;
}

/**
 * One restaurant written straight into the database: an owner with EATERY_ADMIN membership, `tables` tables,
 * `dishes` dishes in 5 categories. Returns the ids and an access token for the owner.
 */
export async function seedRestaurant(
  db: import('../apps/server/src/db/client.js').Db,
  opts: { tables: number; dishes: number; tag?: string },
): Promise<Seeded> {
  const schema = await import('../apps/server/src/db/schema.js');
  const { signJwt } = await import('../apps/server/src/plugins/jwt.js');
  const tag = opts.tag ?? randomBytes(4).toString('hex');
  const [user] = await db
    .insert(schema.users)
    .values({ email: `bench.${tag}@example.com`, passwordHash: 'x', name: 'Bench' })
    .returning({ id: schema.users.id });
  const [eatery] = await db
    .insert(schema.eateries)
    .values({ name: `Bench ${tag}`, address: 'Baku', ownerId: user.id })
    .returning({ id: schema.eateries.id });
  await db.insert(schema.memberships).values({ userId: user.id, eateryId: eatery.id, roles: ['EATERY_ADMIN'] });
  const categoryIds = (
    await db
      .insert(schema.categories)
      .values(
        Array.from({ length: 5 }, (_, c) => ({
          eateryId: eatery.id,
          nameAz: `Kat ${c}`,
          nameEn: `Cat ${c}`,
          nameRu: `Кат ${c}`,
          position: c,
        })),
      )
      .returning({ id: schema.categories.id })
  ).map((r) => r.id);
  const dishIds = (
    await db
      .insert(schema.dishes)
      .values(
        Array.from({ length: opts.dishes }, (_, i) => ({
          eateryId: eatery.id,
          categoryId: categoryIds[i % categoryIds.length],
          nameAz: `Yemək ${i}`,
          nameEn: `Dish ${i}`,
          nameRu: `Блюдо ${i}`,
          price: ((i % 40) + 1.5).toFixed(2),
          position: i,
        })),
      )
      .returning({ id: schema.dishes.id })
  ).map((r) => r.id);
  const tableIds = (
    await db
      .insert(schema.tables)
      .values(Array.from({ length: opts.tables }, (_, i) => ({ eateryId: eatery.id, number: String(i + 1) })))
      .returning({ id: schema.tables.id })
  ).map((r) => r.id);
  const token = signJwt({ sub: user.id, eid: eatery.id }, BENCH_SECRET, 3600);
  return { userId: user.id, eateryId: eatery.id, tableIds, dishIds, token };
}

/** The p-th percentile (0..100) of already sorted numbers (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

/** Prints `measured: value (budget ...): PASS|OVER` and returns whether it passed. */
export function verdict(what: string, value: string, budget: string, pass: boolean): boolean {
  console.log(`${what}: ${value} (budget ${budget}): ${pass ? 'PASS' : 'OVER'}`);
  return pass;
}

export const machine = () =>
  `node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;
