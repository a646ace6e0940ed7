import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { isDatabaseUnavailable } from './connection-faults.js';

/**
 * The advisory lock that every instance takes before it migrates one PostgreSQL database. Any fixed number works as
 * long as nothing else in the database uses it: this one spells "qrmenu" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x71726d656e75;

/** How long to wait between tries while the database does not accept connections (doubling up to the maximum). */
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MigrateLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Applies this build's migrations to a PostgreSQL database that several instances may start on at the same moment.
 *
 * PostgreSQL does not make `CREATE TABLE` (even `IF NOT EXISTS`) safe when two sessions run it together, and drizzle's
 * migrator takes no lock: so the migrations run on one connection that holds a session advisory lock. An instance that
 * starts while another migrates waits on the lock, then finds every migration applied and goes on. If the migrating
 * instance dies, PostgreSQL drops its lock with its connection and the next one in line migrates.
 *
 * While the database does not accept connections yet (it is starting, restarting or failing over), the instance waits
 * and tries again for up to `waitMs`, then gives up with the last error.
 */
export async function migratePostgres(
  pool: pg.Pool,
  opts: { migrationsFolder: string; waitMs: number; log: MigrateLog },
): Promise<void> {
  const client = await connectWhenUp(pool, opts.waitMs, opts.log);
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      MIGRATION_LOCK_KEY,
    ]);
    if (!rows[0].locked) {
      opts.log.info('database: another instance is applying migrations; waiting for it');
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    try {
      await migrate(drizzle(client), { migrationsFolder: opts.migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    // A connection that broke mid-migration must not go back to the pool as if it were healthy.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
  client.release();
}

/** A client of the pool, once the database accepts connections (or the last error after `waitMs`). */
async function connectWhenUp(pool: pg.Pool, waitMs: number, log: MigrateLog): Promise<pg.PoolClient> {
  const deadline = Date.now() + waitMs;
  let delay = FIRST_RETRY_MS;
  let warned = false;
  for (;;) {
    try {
      return await pool.connect();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() + delay > deadline) throw err;
      if (!warned) {
        warned = true;
        const reason = (err as { code?: string; message?: string }).code ?? (err as Error).message;
        log.warn(
          `database: not accepting connections yet (${reason}); trying again for ${Math.round(waitMs / 1000)} s`,
        );
      }
      await sleep(delay);
      delay = Math.min(delay * 2, MAX_RETRY_MS);
    }
  }
}
