/**
 * Server memory benchmark (DESIGN.md §11): RSS of the server on the embedded database (PGlite, files in a fresh
 * temporary DATA_DIR) after 10 000 orders placed through the HTTP API. Budget: under 512 MB RSS.
 *
 * Usage: npx tsx bench/memory.ts [--orders 10000] [--guests 10] [--restart-orders N (default: --orders; 0 = skip)]
 *
 * The server runs in a child process (buildApp + PGlite in the data dir, rate limits off) and reports its
 * process.memoryUsage().rss once ready, after the orders (the figure judged) and the peak sampled every 100 ms. The
 * guests (this process, one device cookie and one table each, one order of 2 items in flight per guest) place the
 * orders via POST /api/client/eatery/{id}/table/{tableId}/orders; then the staff list is read once.
 * Two phases: a fresh data dir (the server process runs PGlite's initdb, which alone takes ~800 MB of RSS that is only
 * partly given back), then a restart on that data dir (what a long-running installation does) with as many orders
 * again. The data dir is removed at the end. Exit code 1 when either phase is over budget.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchConfig, machine, seedRestaurant, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    orders: { type: 'string', default: '10000' },
    guests: { type: 'string', default: '10' },
    'restart-orders': { type: 'string' },
  },
});

const BUDGET_MB = 512;
const mb = (bytes: number) => bytes / 2 ** 20;

interface Ready {
  port: number;
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
  const dataDir = process.env.BENCH_DATA_DIR!;
  const database = await openDatabase({ dataDir });
  const app = await buildApp(benchConfig({ dataDir }), database);
  await app.ready();
  const seeded = await seedRestaurant(app.db, { tables: Number(args.guests), dishes: 40 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const ready: Ready = {
    port: (app.server.address() as { port: number }).port,
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

function startServer(dataDir: string, guests: number): ChildProcess {
  return fork(fileURLToPath(import.meta.url), ['--role', 'server', '--guests', String(guests)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_DATA_DIR: dataDir },
  });
}

interface Phase {
  ready: Ready;
  memory: Memory;
  placed: number;
}

/** Starts a server on dataDir, places `total` orders through HTTP, reads the staff list, asks for the memory, stops. */
async function phase(label: string, dataDir: string, total: number, guests: number, children: ChildProcess[]) {
  const { Pool } = await import('undici');
  const child = startServer(dataDir, guests);
  children.push(child);
  const ready = await waitMessage<Ready>(child, 'port');
  console.log(`${label}: server RSS once ready ${ready.rssMb.toFixed(0)} MB`);
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
  const result: Phase = { ready, memory, placed };
  return result;
}

async function main() {
  const total = Number(args.orders);
  const restartOrders = Number(args['restart-orders'] ?? args.orders);
  const guests = Number(args.guests);
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-memory-'));
  const children: ChildProcess[] = [];
  const watchdog = setTimeout(() => {
    console.error('memory: time limit reached, stopping');
    for (const c of children) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(3);
  }, 420_000);
  try {
    console.log(
      `memory benchmark: PGlite in ${dataDir}, ${total} orders by ${guests} concurrent guests over HTTP, then a ` +
        `restart on the same data dir and ${restartOrders} more; ${machine()}`,
    );
    const fresh = await phase('fresh data dir', dataDir, total, guests, children);
    const again = restartOrders > 0 ? await phase('restarted', dataDir, restartOrders, guests, children) : null;

    const passFresh = verdict(
      `server RSS after ${fresh.placed} orders, fresh data dir (PGlite initdb in this process)`,
      `${fresh.memory.rssMb.toFixed(0)} MB (peak ${fresh.memory.peakMb.toFixed(0)} MB)`,
      `< ${BUDGET_MB} MB`,
      fresh.memory.rssMb < BUDGET_MB && fresh.placed === total,
    );
    const passAgain =
      !again ||
      verdict(
        `server RSS after ${again.placed} orders, restarted on the same data dir`,
        `${again.memory.rssMb.toFixed(0)} MB (peak ${again.memory.peakMb.toFixed(0)} MB)`,
        `< ${BUDGET_MB} MB`,
        again.memory.rssMb < BUDGET_MB && again.placed === restartOrders,
      );
    process.exitCode = passFresh && passAgain ? 0 : 1;
  } finally {
    clearTimeout(watchdog);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (args.role === 'server') await server();
else await main();
