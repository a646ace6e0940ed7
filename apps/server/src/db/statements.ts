import { PGlite, protocol } from '@electric-sql/pglite';
import type { Db } from './client.js';

/**
 * Hand-written SQL for the few hot paths where one statement replaces several round trips (placing an order).
 * A statement is prepared once per connection and then only executed: on PostgreSQL a named prepared statement
 * (node-postgres sends Parse the first time only); on PGlite the same through its wire protocol, in one call into
 * the database per execution (its `query()` makes six, and parses and plans the statement every time).
 *
 * runJsonStatement keeps the two drivers alike: text parameters (JSON for anything structured), rows of one `json`
 * column.
 */
export interface Statement {
  /** Unique per statement text: the database keeps the prepared plan under this name. */
  name: string;
  text: string;
}

interface PgQueryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Runs the statement on the database behind the Drizzle instance and returns its rows. On PGlite through its
 * `query()` (not prepared): for statements whose parameters are not all text.
 */
export async function runStatement<Row>(db: Db, statement: Statement, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  if (client instanceof PGlite) return (await client.query<Row>(statement.text, values)).rows;
  return (await client.query({ name: statement.name, text: statement.text, values })).rows as Row[];
}

/**
 * Runs a statement of text parameters that returns one `json` column, prepared on both databases; returns that
 * column of each row.
 */
export async function runJsonStatement<T>(db: Db, statement: Statement, values: (string | null)[]): Promise<T[]> {
  const client = clientOf(db);
  if (client instanceof PGlite) return runOnPglite<T>(client, statement, values);
  const { rows } = await client.query({ name: statement.name, text: statement.text, values });
  return rows.map((row) => Object.values(row)[0] as T);
}

const clientOf = (db: Db) => (db as unknown as { $client: PGlite | PgQueryable }).$client;

/** The statements already prepared in each PGlite instance (a PGlite instance is one session). */
const preparedIn = new WeakMap<PGlite, Set<string>>();

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function runOnPglite<T>(pglite: PGlite, statement: Statement, values: (string | null)[]): Promise<T[]> {
  // Like PGlite's own query(): wait for any open transaction, then hold the session for this one exchange.
  return pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      let prepared = preparedIn.get(pglite);
      if (!prepared) preparedIn.set(pglite, (prepared = new Set()));
      if (!prepared.has(statement.name)) {
        await pglite.execProtocol(
          concat([serialize.parse({ name: statement.name, text: statement.text, types: [] }), serialize.sync()]),
        );
        prepared.add(statement.name);
      }
      const { messages } = await pglite.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      );
      const rows: T[] = [];
      for (const m of messages) {
        if (m.name === 'dataRow') {
          const field = (m as unknown as { fields: (string | null)[] }).fields[0];
          rows.push((field === null ? null : JSON.parse(field)) as T);
        }
      }
      return rows;
    }),
  );
}

/**
 * Words of the contract (statuses such as KITCHEN_ORDER_STATUSES) as the literals of an SQL `in (…)` list:
 * `'CREATED', 'READY'`. Only upper-case words are accepted, so nothing needs quoting and the statement text stays
 * the same on every run (it names one prepared plan).
 */
export function sqlWordList(words: readonly string[]): string {
  if (words.length === 0) throw new Error('an SQL list needs at least one word');
  for (const w of words) if (!/^[A-Z_]+$/.test(w)) throw new Error(`not a constant word: ${w}`);
  return words.map((w) => `'${w}'`).join(', ');
}
