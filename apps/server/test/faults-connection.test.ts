import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable, retryLostTransactionsOnce } from '../src/db/connection-faults.js';
import { TEST_DATABASE_URL } from './helper.js';

const lost = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

/** A stand-in for drizzle's db.transaction: runs the callback, then "commits" (which may fail). */
function fakeDb(failures: { during?: number; commit?: number }) {
  const calls = { attempts: 0 };
  const db = {
    async transaction<T>(fn: (tx: unknown) => Promise<T>) {
      calls.attempts++;
      if (failures.during && calls.attempts <= failures.during) throw lost();
      const result = await fn({});
      if (failures.commit && calls.attempts <= failures.commit) throw lost();
      return result;
    },
  };
  return { db: retryLostTransactionsOnce(db), calls };
}

describe('lost database connections', () => {
  it('recognises lost connections, also wrapped by drizzle, and nothing else', () => {
    expect(isDatabaseUnavailable(lost())).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: begin', { cause: lost() }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('bad value'), { code: '22P02' }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('a transaction lost before COMMIT runs once more; a second loss is thrown', async () => {
    const once = fakeDb({ during: 1 });
    expect(await once.db.transaction(async () => 'done')).toBe('done');
    expect(once.calls.attempts).toBe(2);

    const twice = fakeDb({ during: 2 });
    await expect(twice.db.transaction(async () => 'done')).rejects.toThrow('administrator command');
    expect(twice.calls.attempts).toBe(2);
  });

  it('a transaction lost during COMMIT is not repeated (it may have been applied)', async () => {
    const { db, calls } = fakeDb({ commit: 1 });
    await expect(db.transaction(async () => 'done')).rejects.toThrow('administrator command');
    expect(calls.attempts).toBe(1);
  });

  it('other errors are not retried', async () => {
    const { db, calls } = fakeDb({});
    await expect(
      db.transaction(async () => {
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
    ).rejects.toThrow('duplicate key');
    expect(calls.attempts).toBe(1);
  });

  it.skipIf(!TEST_DATABASE_URL)('the error of a terminated PostgreSQL backend is recognised', async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    const errors: Error[] = [];
    client.on('error', (err) => errors.push(err));
    await client.connect();
    const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const running = client.query('select pg_sleep(5)').catch((err: unknown) => err);
      // Terminated while the query runs on the server.
      await vi.waitFor(
        async () => {
          const { rows } = await admin.query('select query from pg_stat_activity where pid = $1', [pid]);
          expect(rows[0]?.query).toBe('select pg_sleep(5)');
        },
        { timeout: 5000, interval: 20 },
      );
      await admin.query('select pg_terminate_backend($1)', [pid]);
      expect(isDatabaseUnavailable(await running)).toBe(true);
      expect(isDatabaseUnavailable(await client.query('select 1').catch((err: unknown) => err))).toBe(true);
    } finally {
      await admin.end();
      await client.end().catch(() => {});
    }
  });
});
