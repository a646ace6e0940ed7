import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { GuardedPool, retryLostTransactionsOnce } from './connection-faults.js';
import { openPgliteDir } from './pglite-init.js';
import * as schema from './schema.js';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

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

/** Opens PGlite (embedded, in dataDir or in memory) or a node-postgres pool, then runs migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new GuardedPool({ connectionString: opts.databaseUrl, max: 20 }, (message) => console.warn(message));
    const db = retryLostTransactionsOnce(drizzlePg(pool, { schema }) as unknown as Db);
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let client: PGlite;
  if (opts.inMemory) {
    client = new PGlite();
  } else {
    // A new data dir is initialised in a child process, so initdb's ~800 MB never enter the server (pglite-init.ts).
    client = await openPgliteDir(join(opts.dataDir ?? './data', 'pglite'));
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}
