import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { GuardedPool, retryLostTransactionsOnce } from './connection-faults.js';
import { migratePostgres, type MigrateLog } from './migrate-postgres.js';
import { makePrivate, openPgliteDir } from './pglite-init.js';
import * as schema from './schema.js';

/** This build's migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** How long an instance waits at start for a PostgreSQL server that does not accept connections yet. */
export const DEFAULT_DATABASE_WAIT_MS = 60_000;

const consoleLog: MigrateLog = { info: (m) => console.info(m), warn: (m) => console.warn(m) };

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
/** An open transaction of `Db` (the callback parameter of `db.transaction`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query may run: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool when on PostgreSQL (used by the realtime adapter). */
  pool?: pg.Pool;
  /** The PGlite instance when embedded (used for backups). */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * Opens PGlite (embedded, in dataDir or in memory) or a node-postgres pool, then runs the migrations: every schema
 * change the server needs is in them (nothing else creates tables). On PostgreSQL they run under one advisory lock, so
 * instances that start together apply them once (migrate-postgres.ts).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Another set of migrations (tests of an older schema); this build's by default. */
  migrationsFolder?: string;
  /** PostgreSQL: how long to wait for a server that does not accept connections yet (DEFAULT_DATABASE_WAIT_MS). */
  waitForDatabaseMs?: number;
  /** Where start-up messages go (the console by default). */
  log?: MigrateLog;
}): Promise<Database> {
  const migrationsFolder = opts.migrationsFolder ?? MIGRATIONS_FOLDER;
  const log = opts.log ?? consoleLog;
  if (opts.databaseUrl) {
    const pool = new GuardedPool({ connectionString: opts.databaseUrl, max: 20 }, (message) => log.warn(message));
    const db = retryLostTransactionsOnce(drizzlePg(pool, { schema }) as unknown as Db);
    try {
      await migratePostgres(pool, {
        migrationsFolder,
        waitMs: opts.waitForDatabaseMs ?? DEFAULT_DATABASE_WAIT_MS,
        log,
      });
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let client: PGlite;
  const dir = opts.inMemory ? null : join(opts.dataDir ?? './data', 'pglite');
  if (dir === null) {
    client = new PGlite();
  } else {
    // A new data dir is initialised in a child process, so initdb's ~800 MB never enter the server (pglite-init.ts).
    // DATA_DIR is made 0700 and the database files 0600 there (makePrivate: chmod, as a umask cannot do it).
    client = await openPgliteDir(dir);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // Whatever the migrations made PostgreSQL write with wider modes.
  if (dir !== null) makePrivate(dir);
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
