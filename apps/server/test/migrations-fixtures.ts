import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../src/db/client.js';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** This build's migration journal (meta/_journal.json). */
export function journal(): Journal {
  return JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** A migrations folder holding only this build's first `count` migrations: the schema of an earlier release. */
export function migrationsUpTo(count: number): string {
  const all = journal();
  const dir = mkdtempSync(join(tmpdir(), `qrmenu-migrations-${count}-`));
  mkdirSync(join(dir, 'meta'));
  const entries = all.entries.slice(0, count);
  for (const entry of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(dir, `${entry.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...all, entries }));
  return dir;
}

/** How many migrations the database has recorded as applied, and how many distinct ones. */
export async function appliedMigrations(url: string): Promise<{ rows: number; distinct: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: number; distinct: number }>(
      'SELECT count(*)::int AS rows, count(DISTINCT hash)::int AS "distinct" FROM drizzle.__drizzle_migrations',
    );
    return rows[0];
  } finally {
    await client.end();
  }
}
