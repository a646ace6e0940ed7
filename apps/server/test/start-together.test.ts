import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { TEST_DATABASE_URL, createPostgresDatabase, testConfig } from './helper.js';
import { appliedMigrations, journal } from './migrations-fixtures.js';
import { freePort, startServerProcess, waitUntilReady } from './server-process.js';

/**
 * Several instances starting at the same moment on one PostgreSQL database (a deploy, an autoscaler, a restart after a
 * failover): each becomes ready, the schema is applied once, and nothing but the expected start-up messages is logged.
 * PostgreSQL only: the embedded database belongs to one process.
 */

const MIGRATIONS = journal().entries.length;
/** The only messages an instance may print while starting beside others (migrate-postgres.ts). */
const WAITING_FOR_MIGRATION = 'another instance is applying migrations; waiting for it';
const WAITING_FOR_DATABASE = 'not accepting connections yet';

interface Instance {
  app: FastifyInstance;
  database: Database;
  /** Closes the app, then its database connections (once; later calls do nothing). */
  stop(): Promise<void>;
}
type Line = { level: 'info' | 'warn'; message: string };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A log that keeps what an instance printed at start. */
function startLog() {
  const lines: Line[] = [];
  return {
    lines,
    log: {
      info: (message: string) => lines.push({ level: 'info', message }),
      warn: (message: string) => lines.push({ level: 'warn', message }),
    },
  };
}

/** Opens the database (migrating it) and builds the app, as main.ts does. */
async function startInstance(url: string, log: ReturnType<typeof startLog>['log'], waitForDatabaseMs = 0) {
  const database = await openDatabase({ databaseUrl: url, log, waitForDatabaseMs });
  const app = await buildApp(testConfig(), database);
  await app.ready();
  let stopped = false;
  const instance: Instance = {
    app,
    database,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await database.close();
    },
  };
  cleanups.push(() => instance.stop());
  return instance;
}

async function expectReady({ app }: Instance) {
  const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok' });
}

/** A new, empty database, dropped after the test. */
async function emptyDatabase() {
  const created = await createPostgresDatabase();
  cleanups.unshift(created.drop); // dropped last, after the instances closed
  return created.url;
}

/**
 * The database seen through a switch: while off, its port refuses connections (as a stopped server's does); `on()`
 * forwards to the real server; `off()` stops it again and cuts every open connection.
 */
async function databaseSwitch(url: string) {
  const port = await freePort();
  const target = new URL(url);
  const viaSwitch = new URL(url);
  viaSwitch.port = String(port);
  let server: net.Server | null = null;
  const open = new Set<net.Socket>();
  const control = {
    url: viaSwitch.toString(),
    async on() {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          open.add(s);
          s.on('close', () => open.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    async off() {
      if (!server) return;
      const closing = server;
      server = null;
      for (const s of open) s.destroy();
      await new Promise((resolve) => closing.close(resolve));
    },
  };
  cleanups.push(() => control.off());
  return control;
}

describe.skipIf(!TEST_DATABASE_URL)('instances starting together on one PostgreSQL database', () => {
  it('four instances started at the same moment on an empty database: ready, schema applied once (10 rounds)', async () => {
    for (let round = 1; round <= 10; round++) {
      const url = await emptyDatabase();
      const logs = [startLog(), startLog(), startLog(), startLog()];
      const instances = await Promise.all(logs.map(({ log }) => startInstance(url, log)));
      for (const instance of instances) await expectReady(instance);
      expect(await appliedMigrations(url), `round ${round}`).toEqual({ rows: MIGRATIONS, distinct: MIGRATIONS });
      const printed = logs.flatMap((l) => l.lines);
      expect(printed.filter((line) => line.message !== `database: ${WAITING_FOR_MIGRATION}`)).toEqual([]);
      // Three of them found the lock taken: waiting is what they did instead of racing on the catalog.
      expect(printed.length, `round ${round}`).toBeLessThanOrEqual(3);
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    }
  }, 240_000);

  it('four server processes started together on an empty database all become ready, and nothing is logged', async () => {
    const url = await emptyDatabase();
    const servers = await Promise.all([1, 2, 3, 4].map(() => startServerProcess(url)));
    for (const server of servers) cleanups.push(async () => server.kill());
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    expect(await appliedMigrations(url)).toEqual({ rows: MIGRATIONS, distinct: MIGRATIONS });
    // SIGTERM drains each one and it exits 0.
    for (const server of servers) server.stop();
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0, 0, 0]);
    for (const { output } of servers) {
      expect(output.stderr).toBe('');
      const lines = output.stdout.split('\n').filter((line) => line.trim() !== '');
      expect(lines.filter((line) => !line.includes(WAITING_FOR_MIGRATION))).toEqual([]);
    }
  }, 120_000);

  it('two instances started while the database is down wait for it, then become ready (empty, then migrated)', async () => {
    const url = await emptyDatabase();
    const db = await databaseSwitch(url);

    for (const state of ['empty', 'migrated']) {
      const logs = [startLog(), startLog()];
      const starting = logs.map(({ log }) => startInstance(db.url, log, 30_000));
      // Both are waiting for the database (told by their log, not by a guess of time) ...
      await vi.waitFor(
        () => {
          for (const { lines } of logs) expect(lines.some((l) => l.message.includes(WAITING_FOR_DATABASE))).toBe(true);
        },
        { timeout: 20_000, interval: 50 },
      );
      // ... then it comes back.
      await db.on();
      const instances = await Promise.all(starting);
      for (const instance of instances) await expectReady(instance);
      expect(await appliedMigrations(url), state).toEqual({ rows: MIGRATIONS, distinct: MIGRATIONS });
      const unexpected = logs
        .flatMap((l) => l.lines)
        .filter((l) => !l.message.includes(WAITING_FOR_DATABASE) && !l.message.includes(WAITING_FOR_MIGRATION));
      expect(unexpected, state).toEqual([]);
      // Stop both, then the database.
      for (const instance of instances) await instance.stop();
      await db.off();
    }
  }, 120_000);

  it('an instance gives up with the connection error when the database stays down past its wait', async () => {
    const url = await emptyDatabase();
    const db = await databaseSwitch(url);
    const { lines, log } = startLog();
    await expect(openDatabase({ databaseUrl: db.url, log, waitForDatabaseMs: 600 })).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining(WAITING_FOR_DATABASE) as string }]);
  });
});
