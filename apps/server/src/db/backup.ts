import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database (PGlite). A running server owns its data directory (PGlite is in-process), so
 * the dump is taken by the server itself (see backup-socket.ts) and restored into a new directory by the
 * `db:restore` script. On PostgreSQL use pg_dump (README).
 */

/** The folder of the PGlite files inside DATA_DIR (as openDatabase lays it out). */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/**
 * A gzip tar of the whole PGlite data directory, consistent: a checkpoint first, then the copy while holding
 * PGlite's transaction lock (no transaction of the app is half-way) and query lock (nothing writes meanwhile).
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const blob = await client.transaction(() => client.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}

/**
 * Restores a dump into `dataDir` (which must not hold a database yet): PGlite unpacks it, then opens it once to
 * check that it starts and answers. Returns the number of orders in it, for the operator's confirmation.
 */
export async function restorePglite(dumpFile: string, dataDir: string): Promise<{ orders: number }> {
  const dir = pgliteDir(dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} already holds a database; restore into a new data directory`);
  }
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { loadDataDir: new Blob([readFileSync(dumpFile)]) });
  try {
    const res = await client.query<{ n: number }>('select count(*)::int as n from orders');
    return { orders: res.rows[0]?.n ?? 0 };
  } finally {
    await client.close();
  }
}
