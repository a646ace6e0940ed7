import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

export interface DatabaseStatus {
  /** The database answered a query within the time limit. */
  database: 'ok' | 'down';
  /** Every migration of this build is applied ('unknown' when the database is down). */
  migrations: 'ok' | 'pending' | 'unknown';
}

/** `when` of the newest migration of this build: drizzle stores it as created_at when it applies one. */
const newestMigration = (): number => {
  const file = fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url));
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
};
const NEWEST_MIGRATION = newestMigration();

/**
 * Whether the database answers and has every migration of this build, within `timeoutMs` (a database that does
 * not answer counts as down: a load balancer's probe must not hang). Used by GET /api/health/ready.
 */
export async function databaseStatus(db: Db, timeoutMs = 2000): Promise<DatabaseStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    const last = await Promise.race([lastAppliedMigration(db), timeout]);
    if (last === null) return { database: 'down', migrations: 'unknown' };
    return { database: 'ok', migrations: last >= NEWEST_MIGRATION ? 'ok' : 'pending' };
  } catch {
    return { database: 'down', migrations: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

async function lastAppliedMigration(db: Db): Promise<number> {
  const exists = await db.execute<{ table: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
  );
  if (!exists.rows[0]?.table) return 0;
  const res = await db.execute<{ last: string | number | null }>(
    sql`select max(created_at) as "last" from drizzle.__drizzle_migrations`,
  );
  return Number(res.rows[0]?.last ?? 0);
}
