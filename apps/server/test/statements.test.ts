import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { runJsonStatement, type Statement } from '../src/db/statements.js';
import { openTestDatabase } from './helper.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table stmt_test (id serial primary key, label text not null)`);
});
afterAll(() => database.close());

const INSERT: Statement = {
  name: 'stmt_test_insert',
  text: `insert into stmt_test (label) select x->>'label' from (select $1::jsonb as x) j
         returning json_build_object('id', id, 'label', label)`,
};
const COUNT: Statement = { name: 'stmt_test_count', text: `select json_build_object('n', count(*)) from stmt_test` };

describe('runJsonStatement (prepared statements on PGlite and PostgreSQL)', () => {
  it('runs a statement many times with JSON in and out, text kept exactly', async () => {
    const labels = ['plain', 'кириллица', 'çörək "quoted" \\ back', 'x'.repeat(5000)];
    for (const label of labels) {
      const [row] = await runJsonStatement<{ id: number; label: string }>(database.db, INSERT, [
        JSON.stringify({ label }),
      ]);
      expect(row).toEqual({ id: expect.any(Number), label });
    }
    expect(await runJsonStatement(database.db, COUNT, [])).toEqual([{ n: labels.length }]);
  });

  it('a failing execution throws and leaves the statement usable', async () => {
    await expect(runJsonStatement(database.db, INSERT, [JSON.stringify({})])).rejects.toThrow(/null value/);
    const [row] = await runJsonStatement<{ label: string }>(database.db, INSERT, [JSON.stringify({ label: 'after' })]);
    expect(row.label).toBe('after');
  });

  it('waits for an open transaction instead of running inside it', async () => {
    const before = (await runJsonStatement<{ n: number }>(database.db, COUNT, []))[0].n;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const insideTx = new Promise<void>((resolve) => (opened = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into stmt_test (label) values ('in tx')`);
      opened();
      await held;
      throw new Error('roll back');
    });
    // The statement is sent while the transaction is open (its row inserted, not yet rolled back).
    await insideTx;
    const inserted = runJsonStatement(database.db, INSERT, [JSON.stringify({ label: 'outside' })]);
    release();
    await expect(tx).rejects.toThrow('roll back');
    await inserted;
    // The rolled-back row is gone; the statement's row was committed on its own.
    const labels = await database.db.execute<{ label: string }>(sql`select label from stmt_test order by id`);
    const rows = 'rows' in labels ? labels.rows : labels;
    expect((rows as { label: string }[]).map((r) => r.label)).not.toContain('in tx');
    expect((rows as { label: string }[]).map((r) => r.label)).toContain('outside');
    expect((await runJsonStatement<{ n: number }>(database.db, COUNT, []))[0].n).toBe(before + 1);
  });
});
