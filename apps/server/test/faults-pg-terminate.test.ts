import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { GUEST_ROUTES } from '@qr-menu/contract';
import { newDeviceId } from '../src/modules/guest/device.js';
import { TEST_DATABASE_URL, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery } from './orders-fixtures.js';

/**
 * PostgreSQL connections killed under load (database restart, failover, an admin's
 * pg_terminate_backend) crashed the process with "Connection terminated unexpectedly … Unhandled 'error' event":
 * clients checked out of the pool inside a transaction had no 'error' listener. Now the requests in flight answer
 * (201, or an error body) and the server keeps serving.
 */
describe('killed PostgreSQL connections under load (PostgreSQL)', () => {
  if (!TEST_DATABASE_URL) {
    console.warn('faults-pg-terminate.test.ts skipped: TEST_DATABASE_URL is not set (needs PostgreSQL)');
  }
  const ctx = setupApp({ rateLimits: false });

  it.skipIf(!TEST_DATABASE_URL)(
    'in-flight guest orders answer, the process stays up and new orders succeed',
    async () => {
      const E = await makeEatery(ctx.app);
      const dish = await makeDish(ctx.app, E, { price: '2.00' });
      const url = GUEST_ROUTES.placeOrder(E.id, E.tableId);
      const place = () =>
        ctx.app.inject({
          method: 'POST',
          url,
          remoteAddress: randomIp(),
          cookies: { device_id: newDeviceId() },
          headers: { 'idempotency-key': randomUUID() },
          payload: { items: [{ dishId: dish, quantity: 1, note: 'x'.repeat(200) }] },
        });

      // 16 guests place orders back to back while every connection of the test database is terminated, twice.
      let stop = false;
      const answers: { status: number; body: string }[] = [];
      const guests = Array.from({ length: 16 }, async () => {
        while (!stop) {
          const res = await place();
          answers.push({ status: res.statusCode, body: res.body });
        }
      });
      const dbName = (await ctx.database.pool!.query('select current_database() as name')).rows[0].name as string;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      let killed = 0;
      try {
        // Each round, once the guests have had answers since the last one (connections are in use).
        const moreAnswers = async (n: number) => {
          const target = answers.length + n;
          await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(target), { timeout: 30_000 });
        };
        for (let round = 0; round < 2; round++) {
          await moreAnswers(16);
          const res = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
            [dbName],
          );
          killed += res.rowCount ?? 0;
        }
        await moreAnswers(16);
      } finally {
        stop = true;
        await admin.end();
      }
      await Promise.all(guests);

      expect(killed).toBeGreaterThan(0);
      // Every request answered: created, or a clean error body (503 for a lost connection), never a hang.
      for (const a of answers) {
        if (a.status === 201) continue;
        expect(a.status, a.body).toBe(503);
        expect(JSON.parse(a.body)).toEqual({
          messageKey: 'serviceUnavailable',
          message: expect.any(String),
          requestId: expect.any(String),
        });
      }
      expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);

      // The process is alive and serving: new orders succeed on fresh connections.
      for (let i = 0; i < 5; i++) expect((await place()).statusCode).toBe(201);
    },
  );
});
