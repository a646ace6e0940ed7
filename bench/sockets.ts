/**
 * Sockets at scale: one server instance holding many sockets while guests place orders, then two instances side by
 * side with each socket.io adapter.
 *
 * 1. One instance on PostgreSQL (the PostgreSQL adapter, as a single instance runs in production) holding `--sockets`
 *    sockets over `--restaurants` restaurants: `--screens` staff boards per restaurant subscribed to
 *    /topic/orders/{eateryId}, the rest guests (device cookie) following an order of their own, /topic/order/{id}.
 *    Guests place `--rate` orders/s open-loop for `--seconds` s, spread over the restaurants. Reported: server RSS
 *    (budget: peak <= 1 GB), NEW_ORDER p50/p99 on every staff board of the order's restaurant (budget p99 <= 100 ms),
 *    deliveries where they should not be (another restaurant's board, a guest's socket: must be 0), missing
 *    deliveries, and the CPU of the socket clients next to the server's.
 * 2. Two instances A and B on the same database, once with the PostgreSQL adapter, once with the Redis streams adapter
 *    (REDIS_URL, default redis://127.0.0.1:6379): `--cross-screens` staff boards per restaurant on B, orders placed
 *    through A, first `--rate` orders/s offered (NEW_ORDER p99 across instances, budget <= 100 ms), then at saturation
 *    (`--saturation-guests` guests each keeping one order in flight: orders/s and NEW_ORDER events/s delivered on B).
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [REDIS_URL=redis://127.0.0.1:6379] npm run bench:sockets --
 *          [--parts one,adapters] [--sockets 20000] [--restaurants 1000] [--screens 5] [--rate 200] [--seconds 10]
 *          [--warmup 2] [--client-processes 2] [--order-guests <restaurants>] [--cross-screens 5]
 *          [--saturation-guests 50] [--adapters postgres,redis] [--cpu-prof DIR]
 * A quick run while developing: --sockets 2000 --restaurants 100 --seconds 3.
 *
 * `--order-guests`: the guests placing the offered orders, each at a restaurant of its own (default: one per
 * restaurant), each with a keep-alive connection. `--adapters` runs the pairs in the order given: `redis,postgres,redis,
 * postgres` alternates them, which evens out a machine whose load changes during the run.
 *
 * Open files: every socket is a file descriptor of the server and of a client process, so the server needs more than
 * `--sockets` + `--order-guests` of them. Raise the limit in the shell that starts the benchmark, e.g.
 * `ulimit -n 65536` (raising the hard limit needs root with CAP_SYS_RESOURCE; in a container, `--ulimit
 * nofile=65536:65536`); the benchmark checks it at the start and says how many it needs. Ephemeral ports: the clients use one loopback port per socket (Linux's
 * default range has 28 000).
 *
 * Processes, all on loopback ephemeral ports: the servers (sockets/server-child.ts), the staff boards
 * (`--client-processes` of place-orders/sockets-child.ts, as place-orders/screens.ts spreads them), the guests (as
 * many of sockets/guests-child.ts) and the guests placing orders (this process, place-orders/load.ts). A throwaway
 * database `qrmenu_bench_<random>` on DATABASE_URL's server, dropped at the end. `--cpu-prof DIR`: the one-instance
 * server runs with `node --cpu-prof` and its top self-time frames are printed (profile-top.ts).
 * Exit code 1 when over a budget (sockets/report.ts), 2 for a wrong invocation or too low a limit of open files.
 */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { createBenchDatabase, machine, percentile } from './common.js';
import { framesTable, topFrames } from './profile-top.js';
import { busyCores, cpuBetween, machineCpu, processCpuSeconds } from './place-orders/cpu.js';
import { closeGuests, makeGuests, offer, saturate, type PhaseResult } from './place-orders/load.js';
import { ask, exited, forkChild, waitReply, type ProcessStats } from './place-orders/protocol.js';
import { connectScreens, type Screens } from './place-orders/screens.js';
import { connectGuests, type Guests } from './sockets/guests.js';
import type { GuestSpec, SeededRestaurant, SocketsServerReady } from './sockets/protocol.js';
import {
  adaptersTable,
  judge,
  oneInstanceTable,
  type AdapterKind,
  type AdapterRow,
  type CpuSeconds,
  type OneInstance,
} from './sockets/report.js';

const { values: args } = parseArgs({
  options: {
    parts: { type: 'string', default: 'one,adapters' },
    sockets: { type: 'string', default: '20000' },
    restaurants: { type: 'string', default: '1000' },
    screens: { type: 'string', default: '5' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    'client-processes': { type: 'string', default: '2' },
    'cross-screens': { type: 'string', default: '5' },
    'order-guests': { type: 'string' },
    'saturation-guests': { type: 'string', default: '50' },
    adapters: { type: 'string', default: 'postgres,redis' },
    'cpu-prof': { type: 'string' },
  },
});

const parts = new Set(args.parts.split(',').map((s) => s.trim()));
const socketCount = Number(args.sockets);
const restaurantCount = Number(args.restaurants);
const screens = Number(args.screens);
const guestCount = socketCount - restaurantCount * screens;
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
const clientProcesses = Number(args['client-processes']);
const crossScreens = Number(args['cross-screens']);
/** Guests placing the offered orders, each at its own restaurant in turn, each with its own keep-alive connection. */
const orderGuests = Math.min(Number(args['order-guests'] ?? restaurantCount), restaurantCount);
const saturationGuests = Number(args['saturation-guests']);
const adapters = args.adapters.split(',').map((s) => s.trim()) as AdapterKind[];
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const cpuProfDir = args['cpu-prof'] ? resolve(args['cpu-prof']) : undefined;

/** Children and clean-ups of the run, so that a time-out or Ctrl-C leaves nothing behind. */
const children = new Set<ChildProcess>();
const cleanups: (() => Promise<void> | void)[] = [];

function track(child: ChildProcess) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => {});
}

/** The soft limit of open files of this process (the children inherit it); Infinity when unknown. */
function openFilesLimit(): number {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return Infinity;
  }
}

/** Starts a server child (sockets/server-child.ts; forkChild starts scripts of place-orders/, hence the path). */
async function startServer(
  databaseUrl: string,
  adapter: AdapterKind,
  argv: string[],
  execArgv: string[] = [],
): Promise<{ child: ChildProcess; ready: SocketsServerReady }> {
  const env = {
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_REALTIME_ADAPTER: adapter,
    BENCH_REDIS_URL: adapter === 'redis' ? redisUrl : '',
  };
  const child = track(forkChild('../sockets/server-child', argv, { env, execArgv }));
  return { child, ready: await waitReply<SocketsServerReady>(child, 'ready') };
}

async function stopServer(child: ChildProcess) {
  await ask(child, 'stop');
  await exited(child);
}

/** The Redis server's process id when it runs on this machine (its CPU is then read from /proc). */
async function redisPid(): Promise<number | null> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => {});
  try {
    await client.connect();
    const info = await client.info('server');
    const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
    return Number.isFinite(processCpuSeconds(pid)) ? pid : null;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

/** CPU of everything while `run` goes: the servers, the clients, this process, PostgreSQL, Redis, the machine. */
async function measured(
  servers: ChildProcess[],
  clients: { reset(): Promise<void> }[],
  redis: number | null,
  run: () => Promise<PhaseResult>,
) {
  await Promise.all(clients.map((c) => c.reset()));
  const before = await Promise.all(servers.map((s) => ask<ProcessStats>(s, 'stats')));
  const ownCpu = process.cpuUsage();
  const machineBefore = machineCpu();
  const redisBefore = redis === null ? NaN : processCpuSeconds(redis);
  const result = await run();
  const loadCpu = process.cpuUsage(ownCpu);
  const busy = busyCores(machineBefore, machineCpu());
  const redisSeconds = redis === null ? NaN : processCpuSeconds(redis) - redisBefore;
  return {
    result,
    /** Server figures and CPU once the deliveries were collected (`after` is asked for then). */
    finish: async (clientCpu: number): Promise<{ serverCpu: number[]; cpu: CpuSeconds; after: ProcessStats[] }> => {
      const after = await Promise.all(servers.map((s) => ask<ProcessStats>(s, 'stats')));
      const serverCpu = after.map((a, i) => a.cpuSeconds - before[i].cpuSeconds);
      return {
        serverCpu,
        after,
        cpu: {
          server: serverCpu.reduce((a, b) => a + b, 0),
          clients: clientCpu,
          loadGenerator: (loadCpu.user + loadCpu.system) / 1e6,
          database: cpuBetween(before[0].dbBackends ?? [], after[0].dbBackends ?? []),
          redis: redisSeconds,
          busyCores: busy,
        },
      };
    },
  };
}

const staffGroups = (restaurants: SeededRestaurant[], perRestaurant: number) =>
  restaurants.map((r) => ({ eateryId: r.eateryId, token: r.token, screens: perRestaurant }));

/** Part 1: one instance with all the sockets, `--rate` orders/s offered. */
async function oneInstance(databaseUrl: string): Promise<{ result: OneInstance; restaurants: SeededRestaurant[] }> {
  console.log(`\none instance: seeding ${restaurantCount} restaurants and ${guestCount} guest orders ...`);
  const execArgv = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [];
  const argv = ['--restaurants', String(restaurantCount), '--guests', String(guestCount)];
  const { child: server, ready } = await startServer(databaseUrl, 'postgres', argv, execArgv);
  const restaurants = ready.restaurants;
  console.log(`  server ready, RSS ${ready.rssMb.toFixed(0)} MB; connecting the sockets ...`);

  const staff: Screens = await connectScreens(ready.port, staffGroups(restaurants, screens), clientProcesses, track);
  const specs: GuestSpec[] = restaurants.flatMap((r) =>
    r.guests.map(([orderId, deviceId]): GuestSpec => [r.eateryId, orderId, deviceId]),
  );
  const guests: Guests = await connectGuests(ready.port, specs, clientProcesses, track);
  const connected = await ask<ProcessStats>(server, 'stats');
  console.log(
    `  ${staff.sockets} staff boards in ${staff.connectSeconds.toFixed(1)} s, ${guests.sockets} guests in ` +
      `${guests.connectSeconds.toFixed(1)} s (${clientProcesses} + ${clientProcesses} processes); server RSS ` +
      `${connected.rssMb.toFixed(0)} MB; ${machine()}`,
  );

  const orderers = makeGuests(ready.port, restaurants, orderGuests);
  await offer(orderers, rate, warmup, rate);
  const phase = await measured([server], [staff, guests], null, () => offer(orderers, rate, seconds, rate));
  const delivered = await staff.collect(phase.result.sends, 3000);
  const guestReceipts = await guests.collect();
  const { cpu, after } = await phase.finish(delivered.cpuSeconds + guestReceipts.cpuSeconds);
  closeGuests(orderers);
  await staff.stop();
  await guests.stop();
  await stopServer(server);
  printProfile(server.pid);
  return {
    restaurants,
    result: {
      restaurants: restaurants.length,
      staffSockets: staff.sockets,
      guestSockets: guests.sockets,
      connectSeconds: Math.max(staff.connectSeconds, guests.connectSeconds),
      rate,
      seconds: phase.result.seconds,
      orders: phase.result.sends.length,
      errors: phase.result.errors,
      unsent: phase.result.unsent,
      postP50: percentile(phase.result.postMs, 50),
      postP99: percentile(phase.result.postMs, 99),
      newOrder: delivered,
      guests: guestReceipts,
      rssReadyMb: ready.rssMb,
      rssConnectedMb: connected.rssMb,
      rssEndMb: after[0].rssMb,
      peakRssMb: after[0].peakRssMb,
      cpu,
    },
  };
}

/** Part 2, one adapter: instances A and B, the staff boards on B, orders through A. */
async function adapterPair(
  databaseUrl: string,
  adapter: AdapterKind,
  restaurants: SeededRestaurant[],
): Promise<AdapterRow[]> {
  const a = await startServer(databaseUrl, adapter, []);
  const b = await startServer(databaseUrl, adapter, []);
  const servers = [a.child, b.child];
  const staff = await connectScreens(b.ready.port, staffGroups(restaurants, crossScreens), clientProcesses, track);
  // One board per restaurant on A too: what the same orders take without crossing, for reference.
  const local = await connectScreens(a.ready.port, staffGroups(restaurants, 1), 1, track);
  const redis = adapter === 'redis' ? await redisPid() : null;
  console.log(`  ${adapter}: ${staff.sockets} staff boards on B in ${staff.connectSeconds.toFixed(1)} s; ${machine()}`);
  const rows: AdapterRow[] = [];
  const run = async (load: AdapterRow['load'], orderers: ReturnType<typeof makeGuests>) => {
    const phase = await measured(servers, [staff, local], redis, () =>
      load === 'saturation' ? saturate(orderers, seconds) : offer(orderers, load, seconds, load),
    );
    const delivered = await staff.collect(phase.result.sends, 3000);
    const onA = await local.collect(phase.result.sends, 3000);
    const { cpu, serverCpu } = await phase.finish(delivered.cpuSeconds + onA.cpuSeconds);
    const row: AdapterRow = {
      adapter,
      load,
      seconds: phase.result.seconds,
      orders: phase.result.sends.length,
      errors: phase.result.errors,
      unsent: phase.result.unsent,
      newOrder: delivered,
      onA,
      cpuA: serverCpu[0],
      cpuB: serverCpu[1],
      cpu,
    };
    rows.push(row);
    console.log(
      `  ${adapter}, ${load === 'saturation' ? 'saturation' : `${load}/s offered`}: ` +
        `${(row.orders / row.seconds).toFixed(0)} orders/s; NEW_ORDER on B p50 ${delivered.p50.toFixed(1)} ms, ` +
        `p99 ${delivered.p99.toFixed(1)} ms (${delivered.received} of ${delivered.expected}), on A p50 ` +
        `${onA.p50.toFixed(1)} ms, p99 ${onA.p99.toFixed(1)} ms; ${machine()}`,
    );
  };
  const spread = makeGuests(a.ready.port, restaurants, orderGuests);
  await offer(spread, rate, warmup, rate);
  await run(rate, spread);
  closeGuests(spread);
  const busy = makeGuests(a.ready.port, restaurants, Math.min(saturationGuests, restaurants.length));
  await run('saturation', busy);
  closeGuests(busy);
  await staff.stop();
  await local.stop();
  await Promise.all(servers.map(stopServer));
  return rows;
}

/** Prints the top self-time frames of the server's main thread (`CPU.<date>.<time>.<pid>.0.<n>.cpuprofile`). */
function printProfile(pid: number | undefined) {
  if (!cpuProfDir || pid === undefined) return;
  const file = readdirSync(cpuProfDir).find((f) => f.includes(`.${pid}.0.`) && f.endsWith('.cpuprofile'));
  if (!file) return console.log(`  no CPU profile of the server (pid ${pid}) in ${cpuProfDir}`);
  const { frames, busyMs } = topFrames(JSON.parse(readFileSync(join(cpuProfDir, file), 'utf8')), 15);
  console.log(`\nserver CPU profile ${join(cpuProfDir, file)}, busy ${busyMs.toFixed(0)} ms:`);
  console.log(framesTable(frames));
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:sockets needs DATABASE_URL (a PostgreSQL server; a throwaway database is created on it)');
    process.exit(2);
  }
  if (guestCount < 0 || ![...parts].every((p) => p === 'one' || p === 'adapters')) {
    console.error('usage: --parts one,adapters; --sockets must be at least --restaurants × --screens');
    process.exit(2);
  }
  // The server holds every socket and the order guests' connections, plus its database connections, its listening
  // socket, stdio and IPC.
  const needed = (parts.has('one') ? socketCount : restaurantCount * crossScreens) + orderGuests + 100;
  const limit = openFilesLimit();
  if (limit < needed) {
    console.error(
      `bench:sockets: the limit of open files is ${limit}, the server needs about ${needed}: raise it with ` +
        `\`ulimit -n ${Math.max(65536, needed)}\` in this shell (or run fewer --sockets)`,
    );
    process.exit(2);
  }
  console.log(
    `sockets benchmark: parts ${[...parts].join(', ')}; ${restaurantCount} restaurants with ${screens} staff ` +
      `boards each and ${guestCount} guests (${socketCount} sockets); ${rate} orders/s for ${seconds} s after ` +
      `${warmup} s by ${orderGuests} guests; ${machine()}`,
  );

  const limitS = 240 + socketCount / 100 + restaurantCount / 20 + 6 * (seconds + warmup);
  const watchdog = setTimeout(() => {
    console.error(`bench:sockets: time limit (${limitS.toFixed(0)} s) reached, stopping`);
    void cleanUp().finally(() => process.exit(3));
  }, limitS * 1000);
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  let one: OneInstance | null = null;
  const rows: AdapterRow[] = [];
  try {
    const bench = await createBenchDatabase(process.env.DATABASE_URL);
    cleanups.push(bench.drop);
    let restaurants: SeededRestaurant[];
    if (parts.has('one')) {
      ({ result: one, restaurants } = await oneInstance(bench.url));
    } else {
      // The restaurants only (no guests): seeded by a server that stops again.
      const seeder = await startServer(bench.url, 'postgres', ['--restaurants', String(restaurantCount)]);
      restaurants = seeder.ready.restaurants;
      await stopServer(seeder.child);
    }
    if (parts.has('adapters')) {
      console.log(`\ntwo instances, orders through A, ${crossScreens} staff boards per restaurant on B:`);
      for (const adapter of adapters) rows.push(...(await adapterPair(bench.url, adapter, restaurants)));
    }
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }

  if (one) console.log(`\n${oneInstanceTable(one)}\n`);
  if (rows.length > 0) console.log(`\n${adaptersTable(rows)}\n`);
  console.log(
    "NEW_ORDER: from the order's scheduled send time (offered load) or its send (saturation) to its arrival on each " +
      "staff board of the order's restaurant; events/s delivered: NEW_ORDER arrivals on B's boards per second.",
  );
  process.exitCode = judge(one, rows) ? 0 : 1;
}

await main();
