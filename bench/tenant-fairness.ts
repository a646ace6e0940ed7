/**
 * Tenant fairness benchmark: does one restaurant with the largest menu the caps allow slow the other restaurants'
 * guests? Budget: the small restaurant's guest requests stay at p99 ≤ 50 ms while the big one's pages are rendered.
 *
 *   1. builds the web app if apps/web/dist is missing (the server renders guest pages with apps/web/dist-ssr);
 *   2. starts the server in a child process (the same tsx loader, so render workers start as in production) on an
 *      in-memory PGlite, or, with DATABASE_URL, on a throwaway PostgreSQL database created on that server and dropped
 *      at the end; production settings, rate limits off;
 *   3. seeds a big restaurant (TENANT_LIMITS: 1000 dishes over 100 categories, descriptions in three languages,
 *      photos, option groups: bench/tenant-fairness/seed.ts) and a small one (20 dishes);
 *   4. "alone": for --seconds, only the small restaurant's guest: --rate requests a second, sent on a fixed schedule
 *      whatever the answers do (so a stalled server shows as waiting requests, not as fewer requests), alternating
 *      its menu page (brotli) and its menu JSON (gzip);
 *   5. "with the big menu": the same, while --big-clients loops load the big restaurant's menu page and cart page in
 *      the three languages and its menu JSON, and its owner edits a dish every --bust-ms (a new menu version: the
 *      menu is read again and every page rendered again).
 *
 * Prints p50/p99/max of the small restaurant's requests in both phases and their ratio, the big pages' render times
 * (queue wait included, from the server's page cache), and the server's event loop delay (the longest the main
 * thread was busy). --workers N sets the render workers (0: render on the main thread, as before they existed).
 * Exit code 1 when the small restaurant's p99 is over budget.
 *
 * --cpu-profile FILE writes a V8 CPU profile of the server's main thread during the second phase (for
 * `npx tsx bench/profile-top.ts FILE`).
 *
 * Usage: npm run bench:fairness -- [--seconds 10] [--rate 100] [--big-clients 4] [--bust-ms 2000] [--workers N]
 *          [--cpu-profile FILE]
 * A benchmark, never a test: figures vary with the machine's load.
 */
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Pool } from 'undici';
import { GUEST_ROUTES } from '@qr-menu/contract/constants';
import { benchConfig, createBenchDatabase, machine, ms, percentile, verdict } from './common.js';
import { DEFAULT_WEB_DIST, ensureWebBuild } from './guest-page/server.js';
import type { SeededRestaurant } from './tenant-fairness/seed.js';

const { values: args } = parseArgs({
  options: {
    server: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '100' },
    'big-clients': { type: 'string', default: '4' },
    'bust-ms': { type: 'string', default: '2000' },
    workers: { type: 'string' },
    'cpu-profile': { type: 'string' },
  },
});

const BUDGET_P99_MS = 50;
const LANGUAGES = ['az', 'en', 'ru'] as const;
const pagePath = (r: SeededRestaurant) => `/client/eatery/${r.eateryId}/table/${r.tableId}/menu`;

interface Ready {
  port: number;
  big: SeededRestaurant;
  small: SeededRestaurant;
  menuBytes: number;
  pageBytes: number;
  /** The big menu page's request while nothing else runs, rendered anew, in each language (ms). */
  quietRenders: number[];
  workers: string;
}

/** What the server measured during a phase. */
interface ServerStats {
  renderTimes: number[];
  renders: number;
  /** Event loop delay (ms): how long a timer waited past its time, i.e. how long the main thread was busy. */
  loopP99: number;
  loopMax: number;
  /** The longest garbage collection pause (ms). */
  gcMax: number;
  /** The server process's resident memory (MB), render workers included. */
  rssMb: number;
}

type Message = { type: 'phase'; profile?: string } | { type: 'stats' } | { type: 'stop' };

// ---------------------------------------------------------------------------------------------------------------
// Server (child process)
// ---------------------------------------------------------------------------------------------------------------

async function server() {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { seedTenants } = await import('./tenant-fairness/seed.js');
  const { defaultRenderWorkers } = await import('../apps/server/src/modules/guest-pages/render-pool.js');

  const bench = process.env.DATABASE_URL ? await createBenchDatabase(process.env.DATABASE_URL) : null;
  const database = await openDatabase(bench ? { databaseUrl: bench.url } : { inMemory: true });
  const workers = args.workers === undefined ? undefined : Number(args.workers);
  const app = await buildApp(benchConfig({ webDist: DEFAULT_WEB_DIST, guestPageWorkers: workers }), database);
  await app.ready();
  const { big, small } = await seedTenants(app.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  // The big menu once, so that its sizes can be printed (and the workers have started).
  const origin = `http://127.0.0.1:${port}`;
  const menuBytes = (await (await fetch(origin + GUEST_ROUTES.menu(big.eateryId, big.tableId))).arrayBuffer())
    .byteLength;
  const page = await fetch(origin + pagePath(big), {
    headers: { 'accept-encoding': 'identity' },
  });
  const pageBytes = (await page.arrayBuffer()).byteLength;
  const quietRenders: number[] = [];
  for (const lang of LANGUAGES) {
    app.guestPages.clear();
    const started = performance.now();
    await (await fetch(origin + pagePath(big), { headers: { cookie: `language=${lang}` } })).arrayBuffer();
    quietRenders.push(performance.now() - started);
  }

  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMax = Math.max(gcMax, entry.duration);
  }).observe({ entryTypes: ['gc'] });
  let rendersBefore = app.guestPages.renders;
  let profile: { session: Session; file: string } | null = null;
  process.on('message', async (msg: Message) => {
    if (msg.type === 'phase') {
      if (msg.profile) {
        const session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        profile = { session, file: msg.profile };
      }
      loop.reset();
      gcMax = 0;
      app.guestPages.renderTimes.length = 0;
      rendersBefore = app.guestPages.renders;
      process.send!({ type: 'phase' });
    } else if (msg.type === 'stats') {
      if (profile) {
        const { profile: data } = await profile.session.post('Profiler.stop');
        writeFileSync(profile.file, JSON.stringify(data));
        profile.session.disconnect();
        profile = null;
      }
      const stats: ServerStats = {
        renderTimes: [...app.guestPages.renderTimes],
        renders: app.guestPages.renders - rendersBefore,
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
        gcMax,
        rssMb: process.memoryUsage().rss / 2 ** 20,
      };
      process.send!({ type: 'stats', stats });
    } else if (msg.type === 'stop') {
      void (async () => {
        await app.close();
        await database.close();
        await bench?.drop();
        process.exit(0);
      })();
    }
  });
  const ready: Ready = {
    port,
    big,
    small,
    menuBytes,
    pageBytes,
    quietRenders,
    workers: workers === undefined ? `${defaultRenderWorkers()} (default)` : String(workers),
  };
  process.send!(ready);
}

// ---------------------------------------------------------------------------------------------------------------
// Load generator (parent process)
// ---------------------------------------------------------------------------------------------------------------

interface Timed {
  latencies: number[];
  errors: number;
}

async function get(pool: Pool, path: string, headers: Record<string, string>): Promise<number> {
  const res = await pool.request({ path, method: 'GET', headers });
  await res.body.arrayBuffer();
  return res.statusCode;
}

/**
 * The small restaurant's guest: `rate` requests a second on a fixed schedule for `seconds`, each timed from its
 * scheduled start, alternating the menu page and the menu JSON.
 */
async function smallTenant(pool: Pool, small: SeededRestaurant, seconds: number, rate: number): Promise<Timed> {
  const out: Timed = { latencies: [], errors: 0 };
  const requests: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(seconds * rate);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const lang = LANGUAGES[i % 3];
    const [path, headers] =
      i % 2 === 0
        ? [pagePath(small), { 'accept-encoding': 'br', cookie: `language=${lang}` }]
        : [GUEST_ROUTES.menu(small.eateryId, small.tableId), { 'accept-encoding': 'gzip' }];
    requests.push(
      get(pool, path, headers).then(
        (status) => {
          if (status === 200) out.latencies.push(performance.now() - due);
          else out.errors++;
        },
        () => void out.errors++,
      ),
    );
  }
  await Promise.all(requests);
  return out;
}

/** The big restaurant's guests and owner until `until`: pages and menu JSON in a loop, a dish edit every bustMs. */
async function bigTenant(pool: Pool, big: SeededRestaurant, until: number, clients: number, bustMs: number) {
  const timed: Timed = { latencies: [], errors: 0 };
  let edits = 0;
  const cookie = (lang: string) => `language=${lang}; guest_table=${big.eateryId}.${big.tableId}`;
  const client = async (c: number) => {
    for (let i = c; performance.now() < until; i++) {
      // Every page in every language: 3 kinds of request × 3 languages.
      const kind = i % 3;
      const lang = LANGUAGES[Math.floor(i / 3) % 3];
      const [path, headers] =
        kind === 0
          ? [pagePath(big), { 'accept-encoding': 'br', cookie: cookie(lang) }]
          : kind === 1
            ? ['/client/cart', { 'accept-encoding': 'br', cookie: cookie(lang) }]
            : [GUEST_ROUTES.menu(big.eateryId, big.tableId), { 'accept-encoding': 'gzip' }];
      const started = performance.now();
      try {
        if ((await get(pool, path, headers)) === 200) timed.latencies.push(performance.now() - started);
        else timed.errors++;
      } catch {
        timed.errors++;
      }
    }
  };
  const editor = async () => {
    const { id, categoryId, price } = big.dish;
    while (performance.now() + bustMs < until) {
      await new Promise((r) => setTimeout(r, bustMs));
      edits++;
      const res = await pool.request({
        path: `/api/eatery/${big.eateryId}/category/${categoryId}/dish/${id}`,
        method: 'PUT',
        headers: { authorization: `Bearer ${big.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          nameAz: `Dəyişən ${edits}`,
          nameEn: `Edited ${edits}`,
          nameRu: `Изменено ${edits}`,
          price,
        }),
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`dish edit answered ${res.statusCode}: ${text}`);
    }
  };
  await Promise.all([...Array.from({ length: clients }, (_, c) => client(c)), editor()]);
  return { timed, edits };
}

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

async function main() {
  const { Pool } = await import('undici');
  const seconds = Number(args.seconds);
  const rate = Number(args.rate);
  const bigClients = Number(args['big-clients']);
  const bustMs = Number(args['bust-ms']);
  if (!(seconds > 0 && rate > 0 && bigClients >= 1 && bustMs > 0)) throw new Error('the options take positive numbers');
  ensureWebBuild(DEFAULT_WEB_DIST, false);

  const childArgs = ['--server', ...(args.workers === undefined ? [] : ['--workers', args.workers])];
  const child = fork(fileURLToPath(import.meta.url), childArgs, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = <T>(msg: Message, type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type?: string }) => {
        if (m.type !== type) return;
        child.off('message', on);
        resolve(m as T);
      };
      child.on('message', on);
      child.send(msg);
    });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const origin = `http://127.0.0.1:${ready.port}`;
  const smallPool = new Pool(origin, { connections: 32, pipelining: 1 });
  const bigPool = new Pool(origin, { connections: bigClients + 1, pipelining: 1 });

  console.log(
    `tenant fairness benchmark: ${machine()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ` +
      `render workers ${ready.workers}`,
  );
  console.log(
    `big restaurant: ${ready.big.dishes} dishes, menu JSON ${(ready.menuBytes / 1e6).toFixed(1)} MB, menu page ` +
      `${(ready.pageBytes / 1e6).toFixed(1)} MB; small: ${ready.small.dishes} dishes. ${seconds} s per phase, ` +
      `${rate} small-restaurant requests/s; ${bigClients} big-restaurant clients, a dish edit every ${bustMs} ms`,
  );
  console.log(
    `big menu page rendered alone (request time, az/en/ru): ${ready.quietRenders.map((t) => ms(t)).join(', ')}`,
  );

  // Warm-up: the small restaurant's pages in every language, connections, JIT.
  await smallTenant(smallPool, ready.small, 1, rate);

  await ask({ type: 'phase' }, 'phase');
  const alone = await smallTenant(smallPool, ready.small, seconds, rate);
  const aloneServer = (await ask<{ stats: ServerStats }>({ type: 'stats' }, 'stats')).stats;

  await ask({ type: 'phase', profile: args['cpu-profile'] }, 'phase');
  const until = performance.now() + seconds * 1000;
  const [loaded, bigLoad] = await Promise.all([
    smallTenant(smallPool, ready.small, seconds, rate),
    bigTenant(bigPool, ready.big, until, bigClients, bustMs),
  ]);
  const loadedServer = (await ask<{ stats: ServerStats }>({ type: 'stats' }, 'stats')).stats;

  const a = summary(alone.latencies);
  const l = summary(loaded.latencies);
  const renders = summary(loadedServer.renderTimes);
  const bigRequests = summary(bigLoad.timed.latencies);
  const row = (label: string, s: ReturnType<typeof summary>, errors: number, server: ServerStats) =>
    `| ${label} | ${s.n} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} | ${errors} | ` +
    `${ms(server.loopP99)} / ${ms(server.loopMax)} | ${ms(server.gcMax)} |`;
  console.log('');
  console.log(
    '| small restaurant | requests | p50 | p99 | max | errors | server event loop delay p99 / max | longest GC pause |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  console.log(row('alone', a, alone.errors, aloneServer));
  console.log(row('with the big menu', l, loaded.errors, loadedServer));
  console.log(
    `| ratio | | ${(l.p50 / a.p50).toFixed(2)}× | ${(l.p99 / a.p99).toFixed(2)}× | ${(l.max / a.max).toFixed(2)}× | | | |`,
  );
  console.log('');
  console.log(
    `big restaurant: ${bigRequests.n} requests (${bigLoad.timed.errors} errors), p50 ${ms(bigRequests.p50)}, ` +
      `p99 ${ms(bigRequests.p99)}; ${bigLoad.edits} dish edits; ${loadedServer.renders} pages rendered (menu and ` +
      `cart pages), render time (queue wait included) p50 ${ms(renders.p50)}, max ${ms(renders.max)}`,
  );
  console.log(`server RSS at the end: ${loadedServer.rssMb.toFixed(0)} MB; machine at the end: ${machine()}`);
  const pass = verdict('small restaurant p99 with the big menu', ms(l.p99), `≤ ${BUDGET_P99_MS} ms`, l.p99 <= 50);

  await Promise.all([smallPool.close(), bigPool.close()]);
  child.send({ type: 'stop' } satisfies Message);
  await new Promise((r) => child.once('exit', r));
  process.exitCode = pass ? 0 : 1;
}

if (args.server) await server();
else await main();
