/**
 * Order placement benchmark (DESIGN.md §11), on PostgreSQL: 50 concurrent guests place orders over HTTP
 * (POST /api/client/eatery/{id}/table/{tableId}/orders, each guest with its own device cookie and table) while 200
 * staff sockets are subscribed to /topic/orders/{id}. Budgets: at least 1000 orders/s; every staff socket receives
 * NEW_ORDER within 50 ms (p99) of the guest sending the order.
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/place-orders.ts
 *          [--seconds 10] [--warmup 2] [--guests 50] [--sockets 200] [--max-orders 50000]
 *
 * Three processes (all on loopback): the server (a child: buildApp on a fresh database `qrmenu_bench_<random>`
 * created on DATABASE_URL's server and dropped at the end, rate limits off, the PostgreSQL socket.io adapter as in
 * production), the staff sockets (a second child, socket.io-client over WebSocket, access token in `auth`), and the
 * guests (this process, undici Pool with one keep-alive connection per guest, one order in flight per guest).
 * Latency = receipt time in the sockets process minus send time in this one, both read from the system-wide
 * monotonic clock (process.hrtime). Orders of the warm-up are not counted. Each order has 2 items.
 * Exit code 1 when over a budget.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ORDER_EVENT, SOCKET_PATH, SOCKET_SUBSCRIBE, ordersTopic, type OrderEvent } from '@qr-menu/contract';
import { benchConfig, createBenchDatabase, machine, ms, percentile, seedRestaurant, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    guests: { type: 'string', default: '50' },
    sockets: { type: 'string', default: '200' },
    'max-orders': { type: 'string', default: '50000' },
  },
});

const BUDGET_ORDERS_PER_S = 1000;
const BUDGET_P99_MS = 50;

/** Milliseconds on the monotonic clock shared by all processes of the machine. */
const now = () => Number(process.hrtime.bigint()) / 1e6;

interface Ready {
  port: number;
  eateryId: number;
  tableIds: number[];
  dishIds: number[];
  token: string;
}
interface ServerStats {
  cpuSeconds: number;
  rssMb: number;
}
interface LatencyReport {
  expected: number;
  received: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  cpuSeconds: number;
}

function waitMessage<T>(child: ChildProcess, predicate: (m: unknown) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      if (!predicate(m)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Server (child process)
// ---------------------------------------------------------------------------------------------------------------

async function server() {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL! });
  const app = await buildApp(benchConfig(), database);
  await app.ready();
  const seeded = await seedRestaurant(app.db, { tables: Number(args.guests), dishes: 40 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const ready: Ready = { port, ...seeded };
  let cpuAtStart = process.cpuUsage();
  process.send!(ready);
  process.on('message', async (msg) => {
    if (msg === 'start') cpuAtStart = process.cpuUsage();
    if (msg === 'stats') {
      const cpu = process.cpuUsage(cpuAtStart);
      const stats: ServerStats = {
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        rssMb: process.memoryUsage().rss / 2 ** 20,
      };
      process.send!({ stats });
    }
    if (msg === 'stop') {
      await app.close();
      await database.close().catch(() => {});
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Staff sockets (child process)
// ---------------------------------------------------------------------------------------------------------------

async function listeners() {
  const { io } = await import('socket.io-client');
  const ready = await new Promise<Ready>((resolve) => process.once('message', (m) => resolve(m as Ready)));
  const count = Number(args.sockets);
  const topic = ordersTopic(ready.eateryId);
  /** orderId -> receipt times (one per socket). */
  const receipts = new Map<number, number[]>();
  const sockets: ReturnType<typeof io>[] = [];
  let cpuAtStart = process.cpuUsage();

  const connectOne = async () => {
    const socket = io(`http://127.0.0.1:${ready.port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: ready.token },
      forceNew: true,
      reconnection: false,
      timeout: 10_000,
    });
    sockets.push(socket);
    socket.on(ORDER_EVENT, (event: OrderEvent) => {
      const at = now();
      if (event.type !== 'NEW_ORDER') return;
      const list = receipts.get(event.orderId);
      if (list) list.push(at);
      else receipts.set(event.orderId, [at]);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.timeout(10_000).emitWithAck(SOCKET_SUBSCRIBE, topic)) as { ok: boolean };
    if (!ack.ok) throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
  };
  // In batches, so that the handshakes do not time out on a loaded machine.
  for (let i = 0; i < count; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, count - i) }, connectOne));
  }
  process.send!('subscribed');

  process.on('message', (msg) => {
    if (msg === 'start') cpuAtStart = process.cpuUsage();
    const sends = (msg as { sends?: [number, number][] }).sends;
    if (!sends) return;
    const latencies: number[] = [];
    for (const [orderId, sentAt] of sends) {
      for (const at of receipts.get(orderId) ?? []) latencies.push(at - sentAt);
    }
    latencies.sort((a, b) => a - b);
    const cpu = process.cpuUsage(cpuAtStart);
    const report: LatencyReport = {
      expected: sends.length * count,
      received: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? NaN,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
    };
    for (const s of sockets) s.disconnect();
    process.send!({ report }, () => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Guests (this process)
// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('DATABASE_URL is required (a PostgreSQL server; a throwaway database is created on it)');
    process.exit(2);
  }
  const { Pool } = await import('undici');
  const seconds = Number(args.seconds);
  const guests = Number(args.guests);
  const socketCount = Number(args.sockets);
  const maxOrders = Number(args['max-orders']);
  const self = fileURLToPath(import.meta.url);
  const common = ['--guests', String(guests), '--sockets', String(socketCount)];

  const bench = await createBenchDatabase(serverUrl);
  const children: ChildProcess[] = [];
  // Whatever happens, nothing outlives the time limit.
  const watchdog = setTimeout(
    () => {
      console.error('place-orders: time limit reached, stopping');
      for (const c of children) c.kill('SIGKILL');
      void bench.drop().finally(() => process.exit(3));
    },
    (seconds + Number(args.warmup) + 150) * 1000,
  );
  try {
    const srv = fork(self, ['--role', 'server', ...common], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_DATABASE_URL: bench.url },
    });
    children.push(srv);
    const ready = await waitMessage<Ready>(srv, (m) => typeof m === 'object' && m !== null && 'port' in m);

    const lst = fork(self, ['--role', 'listeners', ...common], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(lst);
    lst.send(ready);
    let t = performance.now();
    await waitMessage(lst, (m) => m === 'subscribed');
    const connectS = (performance.now() - t) / 1000;

    console.log(
      `place orders benchmark: PostgreSQL, ${guests} guests, ${socketCount} staff sockets subscribed (in ` +
        `${connectS.toFixed(1)} s), ${args.warmup} s warm-up + ${seconds} s; ${machine()}`,
    );

    const pool = new Pool(`http://127.0.0.1:${ready.port}`, { connections: guests, pipelining: 1 });
    const sends: [number, number][] = [];
    const httpTimes: number[] = [];
    let errors = 0;
    let measuring = false;
    let stopAt = 0;
    const guest = async (g: number) => {
      const cookie = `device_id=${randomBytes(16).toString('base64url')}`;
      const path = `/api/client/eatery/${ready.eateryId}/table/${ready.tableIds[g % ready.tableIds.length]}/orders`;
      const body = JSON.stringify({
        items: [
          { dishId: ready.dishIds[g % ready.dishIds.length], quantity: 1 },
          { dishId: ready.dishIds[(g + 7) % ready.dishIds.length], quantity: 2, note: 'no onions' },
        ],
      });
      const headers = { 'content-type': 'application/json', cookie };
      while (performance.now() < stopAt && sends.length < maxOrders) {
        const counted = measuring;
        const sentAt = now();
        try {
          const res = await pool.request({ path, method: 'POST', headers, body });
          const text = await res.body.text();
          if (res.statusCode !== 201) {
            if (errors++ === 0) console.log(`  unexpected ${res.statusCode}: ${text.slice(0, 200)}`);
            continue;
          }
          if (counted && measuring) {
            httpTimes.push(now() - sentAt);
            sends.push([(JSON.parse(text) as { id: number }).id, sentAt]);
          }
        } catch (err) {
          if (errors++ === 0) console.log(`  ${String(err)}`);
        }
      }
    };

    // Warm-up (JIT, pool connections on both sides), not counted.
    stopAt = performance.now() + Number(args.warmup) * 1000;
    await Promise.all(Array.from({ length: guests }, (_, g) => guest(g)));
    srv.send('start');
    lst.send('start');
    measuring = true;
    t = performance.now();
    stopAt = t + seconds * 1000;
    await Promise.all(Array.from({ length: guests }, (_, g) => guest(g)));
    const elapsed = (performance.now() - t) / 1000;
    measuring = false;
    await pool.close();

    srv.send('stats');
    const { stats } = await waitMessage<{ stats: ServerStats }>(
      srv,
      (m) => typeof m === 'object' && m !== null && 'stats' in m,
    );
    // Let the last events arrive, then collect the latencies.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    lst.send({ sends });
    const { report } = await waitMessage<{ report: LatencyReport }>(
      lst,
      (m) => typeof m === 'object' && m !== null && 'report' in m,
    );

    httpTimes.sort((a, b) => a - b);
    const rate = sends.length / elapsed;
    console.log(
      `orders placed: ${sends.length} in ${elapsed.toFixed(2)} s${errors ? `, ${errors} errors` : ''}` +
        `${sends.length >= maxOrders ? ' (stopped at --max-orders)' : ''}; HTTP p50 ${ms(percentile(httpTimes, 50))}, ` +
        `p99 ${ms(percentile(httpTimes, 99))}`,
    );
    console.log(
      `NEW_ORDER deliveries: ${report.received} of ${report.expected} expected (${sends.length} orders x ` +
        `${socketCount} sockets); p50 ${ms(report.p50)}, p95 ${ms(report.p95)}, p99 ${ms(report.p99)}, max ${ms(report.max)}`,
    );
    console.log(
      `CPU during the run: server ${stats.cpuSeconds.toFixed(1)} s (${((100 * stats.cpuSeconds) / elapsed).toFixed(0)}%` +
        ` of a core, RSS ${stats.rssMb.toFixed(0)} MB), sockets process ${report.cpuSeconds.toFixed(1)} s; ` +
        `PostgreSQL and this process share the same 2 cores`,
    );
    const okRate = verdict(
      'orders per second',
      rate.toFixed(0),
      `>= ${BUDGET_ORDERS_PER_S}/s`,
      rate >= BUDGET_ORDERS_PER_S,
    );
    const complete = report.received === report.expected;
    const okLatency = verdict(
      `NEW_ORDER delivery p99 (send -> each socket's receipt)${complete ? '' : ', SOME NOT DELIVERED'}`,
      ms(report.p99),
      `<= ${BUDGET_P99_MS} ms`,
      complete && report.p99 <= BUDGET_P99_MS,
    );
    process.exitCode = okRate && okLatency ? 0 : 1;

    srv.send('stop');
    await new Promise((resolve) => srv.once('exit', resolve));
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    clearTimeout(watchdog);
    await bench.drop();
  }
}

if (args.role === 'server') await server();
else if (args.role === 'listeners') await listeners();
else await main();
