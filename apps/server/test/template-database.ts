import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';

/**
 * Every server test file starts from a copy of one migrated database instead of migrating its own: a fresh PGlite
 * costs several seconds of CPU to initialise and migrate, a copy loaded from a dump about a third of that; on
 * PostgreSQL, CREATE DATABASE ... TEMPLATE copies the files of the migrated one. test/global-setup.ts makes the
 * template once per vitest run; helper.ts's openTestDatabase opens a copy per test file.
 */

/** Migrates an in-memory PGlite and writes its data directory (a gzipped tarball) into `dir`; returns the file. */
export async function createPgliteTemplate(dir: string): Promise<string> {
  const database = await openDatabase({ inMemory: true });
  try {
    const dump = await database.pglite!.dumpDataDir('gzip');
    const file = join(dir, 'pglite-template.tgz');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

/** An in-memory PGlite started from the template's dump: already migrated, so no migrations run. */
export async function openPgliteCopy(templateFile: string): Promise<Database> {
  const client = new PGlite({ loadDataDir: new Blob([await readFile(templateFile)]) });
  await client.waitReady;
  return { db: drizzle(client, { schema }), kind: 'pglite', pglite: client, close: () => client.close() };
}

/** Runs one statement on the server of `serverUrl` (CREATE and DROP DATABASE cannot run in a transaction). */
async function adminQuery(serverUrl: string, sql: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export interface CreatedDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new database on the server of `serverUrl`: empty, or a copy of `template` (a database nobody is connected to).
 * The name is random, so that test files running at once never meet.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  opts: { prefix?: string; template?: string } = {},
): Promise<CreatedDatabase> {
  const name = `${opts.prefix ?? 'qrmenu_test'}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${opts.template ? ` TEMPLATE ${opts.template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A migrated PostgreSQL database to copy from; closed again, since a template must have no connections. */
export async function createPostgresTemplate(serverUrl: string): Promise<CreatedDatabase> {
  const template = await createPostgresDatabase(serverUrl, { prefix: 'qrmenu_template' });
  try {
    const database = await openDatabase({ databaseUrl: template.url, log: { info: () => {}, warn: console.warn } });
    await database.close();
  } catch (err) {
    await template.drop();
    throw err;
  }
  return template;
}
