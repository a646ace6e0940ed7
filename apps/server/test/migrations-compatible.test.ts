import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { journal, migrationsUpTo } from './migrations-fixtures.js';

/**
 * The rule for migrations (docs/decisions, "Migrations stay compatible for one release"): while a new build migrates,
 * instances of the previous build keep serving on the same database. So a migration only adds: every table and column
 * of the previous schema stays, with its type; a column added to an existing table is nullable or has a default (the
 * previous build inserts rows without it); no existing column becomes NOT NULL. Removing something takes two
 * releases: stop using it first, drop it a release later — and that drop is listed here as an allowed exception.
 */

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** Drops made on purpose, a release after the code stopped using them: `migration tag` → `table.column` list. */
const ALLOWED_REMOVALS: Record<string, string[]> = {};

const client = new PGlite();
const db = drizzle(client);
afterAll(() => client.close());

async function columns(): Promise<Map<string, Column>> {
  const { rows } = await client.query<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT table_name, column_name, udt_name, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  return new Map(
    rows.map((r) => [
      `${r.table_name}.${r.column_name}`,
      {
        table: r.table_name,
        column: r.column_name,
        type: r.udt_name,
        nullable: r.is_nullable === 'YES',
        hasDefault: r.column_default !== null,
      },
    ]),
  );
}

/** What in `after` would break a build written for `before`; empty when the step only adds. */
function incompatibilities(before: Map<string, Column>, after: Map<string, Column>, allowed: string[] = []) {
  const problems: string[] = [];
  const tablesBefore = new Set([...before.values()].map((c) => c.table));
  for (const [key, old] of before) {
    const now = after.get(key);
    if (!now) {
      if (!allowed.includes(key)) problems.push(`${key} was removed or renamed`);
      continue;
    }
    if (now.type !== old.type) problems.push(`${key} changed type ${old.type} → ${now.type}`);
    if (old.nullable && !now.nullable) problems.push(`${key} became NOT NULL`);
  }
  for (const [key, added] of after) {
    if (before.has(key) || !tablesBefore.has(added.table)) continue;
    if (!added.nullable && !added.hasDefault) problems.push(`${key} was added NOT NULL without a default`);
  }
  return problems;
}

describe('migrations stay compatible with the previous release', () => {
  it('every migration only adds to the schema before it', async () => {
    const entries = journal().entries;
    let before = await columns();
    for (let count = 1; count <= entries.length; count++) {
      await migrate(db, { migrationsFolder: migrationsUpTo(count) });
      const after = await columns();
      const tag = entries[count - 1].tag;
      expect(incompatibilities(before, after, ALLOWED_REMOVALS[tag]), tag).toEqual([]);
      before = after;
    }
    expect(before.size).toBeGreaterThan(50);
  }, 120_000);

  it('the check refuses a drop, a type change, a new NOT NULL column without default and SET NOT NULL', () => {
    const col = (table: string, column: string, type = 'text', nullable = true, hasDefault = false): Column => ({
      table,
      column,
      type,
      nullable,
      hasDefault,
    });
    const map = (...cols: Column[]) => new Map(cols.map((c) => [`${c.table}.${c.column}`, c]));
    const before = map(col('t', 'a'), col('t', 'b'), col('t', 'c', 'int4'), col('t', 'd'));
    const after = map(
      col('t', 'a'),
      col('t', 'c', 'text'),
      col('t', 'd', 'text', false),
      col('t', 'e', 'text', false),
      col('t', 'f', 'text', false, true),
      col('new_table', 'g', 'text', false),
    );
    expect(incompatibilities(before, after)).toEqual([
      't.b was removed or renamed',
      't.c changed type int4 → text',
      't.d became NOT NULL',
      't.e was added NOT NULL without a default',
    ]);
    expect(incompatibilities(before, map(col('t', 'a'), col('t', 'c', 'int4'), col('t', 'd')), ['t.b'])).toEqual([]);
  });
});
