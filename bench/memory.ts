/**
 * Server memory benchmark: RSS of the server after 10 000 orders placed through the HTTP
 * API, on the embedded database (PGlite) and on PostgreSQL. Budgets: a first start on a new data directory stays
 * under 512 MB (judged on the peak), and so does a restart on it; on PostgreSQL ≤ 300 MB after the orders.
 *
 * Usage: npx tsx bench/memory.ts [--orders 10000] [--guests 10] [--restart-orders N (default: --orders; 0 = skip)]
 * With DATABASE_URL set (e.g. postgres://postgres@127.0.0.1:5432/test) a PostgreSQL phase runs too, on a throwaway
 * database created and dropped on that server.
 *
 * The server runs in a child process (buildApp + openDatabase, rate limits off) and reports its
 * process.memoryUsage().rss once ready, after the orders and the peak sampled every 100 ms. The guests (this
 * process, one device cookie and one table each, one order of 2 items in flight per guest) place the orders via
 * POST /api/client/eatery/{id}/table/{tableId}/orders; then the staff list is read once.
 * Phases: PGlite on a fresh data dir (openDatabase initialises it in a short-lived child process, see
 * apps/server/src/db/pglite-init.ts: initdb in the server process itself took ~820 MB), a restart on that data dir
 * (what a long-running installation does) with as many orders again, then PostgreSQL. The data dir is removed at the
 * end. Exit code 1 when a phase is over budget (or lost orders).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchConfig, createBenchDatabase, machine, seedRestaurant, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    orders: { type: 'string', default: '10000' },
    guests: { type: 'string', default: '10' },
    'restart-orders': { type: 'string' },
  },
});

const PGLITE_BUDGET_MB = 512;
const POSTGRES_BUDGET_MB = 300;
const mb = (bytes: number) => bytes / 2 ** 20;

interface Ready {
  port: number;
  /** Seconds from the start of openDatabase until the server listens. */
  startSeconds: number;
  eateryId: number;
  tableIds: number[];
  dishIds: number[];
  token: string;
  rssMb: number;
}
interface Memory {
  rssMb: number;
  peakMb: number;
  heapUsedMb: number;
  externalMb: number;
}

async function server() {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const dataDir = process.env.BENCH_DATA_DIR;
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const t = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl });
  const app = await buildApp(benchConfig({ ...(dataDir && { dataDir }), databaseUrl }), database);
  await app.ready();
  const seeded = await seedRestaurant(app.db, { tables: Number(args.guests), dishes: 40 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const ready: Ready = {
    port: (app.server.address() as { port: number }).port,
    startSeconds: (performance.now() - t) / 1000,
    ...seeded,
    rssMb: mb(process.memoryUsage().rss),
  };
  process.send!(ready);
  process.on('message', async (msg) => {
    if (msg === 'memory') {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      const memory: Memory = {
        rssMb: mb(m.rss),
        peakMb: mb(peak),
        heapUsedMb: mb(m.heapUsed),
        externalMb: mb(m.external + m.arrayBuffers),
      };
      process.send!({ memory });
    }
    if (msg === 'stop') {
      clearInterval(sampler);
      await app.close();
      await database.close().catch(() => {});
      process.exit(0);
    }
  });
}

function waitMessage<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (typeof m !== 'object' || m === null || !(key in m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`server exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The server on PGlite in `dataDir`, or on PostgreSQL at `databaseUrl`. */
type Target = { dataDir: string } | { databaseUrl: string };

function startServer(target: Target, guests: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.BENCH_DATA_DIR;
  delete env.BENCH_DATABASE_URL;
  if ('dataDir' in target) env.BENCH_DATA_DIR = target.dataDir;
  else env.BENCH_DATABASE_URL = target.databaseUrl;
  return fork(fileURLToPath(import.meta.url), ['--role', 'server', '--guests', String(guests)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
}

interface Phase {
  label: string;
  ready: Ready;
  memory: Memory;
  placed: number;
  total: number;
  perSecond: number;
}

/** Starts a server on the target, places `total` orders through HTTP, reads the staff list, asks for the memory, stops. */
async function phase(label: string, target: Target, total: number, guests: number, children: ChildProcess[]) {
  const { Pool } = await import('undici');
  const child = startServer(target, guests);
  children.push(child);
  const ready = await waitMessage<Ready>(child, 'port');
  console.log(
    `${label}: server ready in ${ready.startSeconds.toFixed(1)} s, RSS once ready ${ready.rssMb.toFixed(0)} MB`,
  );
  const pool = new Pool(`http://127.0.0.1:${ready.port}`, { connections: guests, pipelining: 1 });
  let placed = 0;
  let started = 0;
  let errors = 0;
  const t = performance.now();
  const guest = async (g: number) => {
    const headers = {
      'content-type': 'application/json',
      cookie: `device_id=${randomBytes(16).toString('base64url')}`,
    };
    const path = `/api/client/eatery/${ready.eateryId}/table/${ready.tableIds[g]}/orders`;
    while (started < total) {
      started++;
      const body = JSON.stringify({
        items: [
          { dishId: ready.dishIds[started % ready.dishIds.length], quantity: 1 },
          { dishId: ready.dishIds[(started + 11) % ready.dishIds.length], quantity: 2, note: 'extra sauce' },
        ],
        note: `order ${started}`,
      });
      try {
        const res = await pool.request({ path, method: 'POST', headers, body });
        const text = await res.body.text();
        if (res.statusCode === 201) placed++;
        else if (errors++ === 0) console.log(`  unexpected ${res.statusCode}: ${text.slice(0, 200)}`);
      } catch (err) {
        if (errors++ === 0) console.log(`  ${String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: guests }, (_, g) => guest(g)));
  const seconds = (performance.now() - t) / 1000;
  const list = await pool.request({
    path: `/api/eatery/${ready.eateryId}/orders?status=CREATED`,
    method: 'GET',
    headers: { authorization: `Bearer ${ready.token}` },
  });
  const listed = ((await list.body.json()) as unknown[]).length;
  await pool.close();

  child.send('memory');
  const { memory } = await waitMessage<{ memory: Memory }>(child, 'memory');
  console.log(
    `${label}: ${placed} orders placed in ${seconds.toFixed(1)} s (${(placed / seconds).toFixed(0)}/s)` +
      `${errors ? `, ${errors} errors` : ''}; staff list read back ${listed} orders (status ${list.statusCode})`,
  );
  console.log(
    `${label}: RSS ${memory.rssMb.toFixed(0)} MB (peak ${memory.peakMb.toFixed(0)} MB), JS heap used ` +
      `${memory.heapUsedMb.toFixed(0)} MB, external + array buffers ${memory.externalMb.toFixed(0)} MB`,
  );
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  const result: Phase = { label, ready, memory, placed, total, perSecond: placed / seconds };
  return result;
}

async function main() {
  const total = Number(args.orders);
  const restartOrders = Number(args['restart-orders'] ?? args.orders);
  const guests = Number(args.guests);
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-memory-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];
  const watchdog = setTimeout(() => {
    console.error('memory: time limit reached, stopping');
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    void (dropDatabase?.() ?? Promise.resolve()).catch(() => {}).finally(() => process.exit(3));
  }, 600_000);
  try {
    console.log(
      `memory benchmark: ${total} orders by ${guests} concurrent guests over HTTP on PGlite in ${dataDir}, then a ` +
        `restart on the same data dir and ${restartOrders} more` +
        `${serverUrl ? `, then ${total} on PostgreSQL (a throwaway database)` : ' (PostgreSQL skipped: no DATABASE_URL)'}` +
        `; ${machine()}`,
    );
    const phases: { phase: Phase; budgetMb: number; judged: 'peak' | 'after' }[] = [];
    const fresh = await phase('PGlite, first start on a new data dir', { dataDir }, total, guests, children);
    phases.push({ phase: fresh, budgetMb: PGLITE_BUDGET_MB, judged: 'peak' });
    if (restartOrders > 0) {
      const again = await phase('PGlite, restarted on that data dir', { dataDir }, restartOrders, guests, children);
      phases.push({ phase: again, budgetMb: PGLITE_BUDGET_MB, judged: 'peak' });
    }
    if (serverUrl) {
      const created = await createBenchDatabase(serverUrl);
      dropDatabase = created.drop;
      const onPostgres = await phase('PostgreSQL', { databaseUrl: created.url }, total, guests, children);
      phases.push({ phase: onPostgres, budgetMb: POSTGRES_BUDGET_MB, judged: 'after' });
    }

    console.log();
    printTable(phases.map(({ phase: p, budgetMb, judged }) => [p, `${judged} ≤ ${budgetMb} MB`]));
    console.log();
    let pass = true;
    for (const { phase: p, budgetMb, judged } of phases) {
      const judgedMb = judged === 'peak' ? p.memory.peakMb : p.memory.rssMb;
      pass =
        verdict(
          `server RSS, ${p.label}, ${judged === 'peak' ? 'peak' : `after ${p.placed} orders`}`,
          `${judgedMb.toFixed(0)} MB (after ${p.placed} orders ${p.memory.rssMb.toFixed(0)} MB)`,
          `≤ ${budgetMb} MB${p.placed === p.total ? '' : `, all ${p.total} orders placed`}`,
          judgedMb <= budgetMb && p.placed === p.total,
        ) && pass;
    }
    process.exitCode = pass ? 0 : 1;
  } finally {
    clearTimeout(watchdog);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.().catch((err: unknown) => console.error(`could not drop the bench database: ${String(err)}`));
  }
}

/** The phases side by side: one column each. */
function printTable(rows: [Phase, string][]) {
  const lines: [string, (p: Phase) => string][] = [
    ['server ready in', (p) => `${p.ready.startSeconds.toFixed(1)} s`],
    ['RSS once ready', (p) => `${p.ready.rssMb.toFixed(0)} MB`],
    ['orders placed', (p) => `${p.placed} of ${p.total}`],
    ['orders per second', (p) => p.perSecond.toFixed(0)],
    ['RSS after the orders', (p) => `${p.memory.rssMb.toFixed(0)} MB`],
    ['RSS peak', (p) => `${p.memory.peakMb.toFixed(0)} MB`],
    ['JS heap used', (p) => `${p.memory.heapUsedMb.toFixed(0)} MB`],
    ['external + array buffers', (p) => `${p.memory.externalMb.toFixed(0)} MB`],
  ];
  const header = ['', ...rows.map(([p]) => p.label)];
  const body = [
    ...lines.map(([name, value]) => [name, ...rows.map(([p]) => value(p))]),
    ['budget', ...rows.map(([, budget]) => budget)],
  ];
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((r) => r[i].length)));
  for (const row of [header, ...body])
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}

if (args.role === 'server') await server();
else await main();
