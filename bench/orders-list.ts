/**
 * Orders list benchmark: GET /api/eatery/{id}/orders?from=D&to=D, one restaurant's day,
 * with 1 million orders in the database, measured side by side with a constant route of the same server that
 * answers the same bytes (the list's body, pre-serialized once, as a Buffer, with the same content type). The
 * constant route is the floor of the HTTP layer (Fastify, its hooks, loopback, the client): what the list adds on top
 * of it is the access check, the SQL and the serialization. Budget: list p95 ≤ 5 ms and ≤ 3× the constant's p95.
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders-list.ts
 *          [--orders 1000000] [--restaurants 50] [--days 365] [--requests 1000] [--warmup 100] [--items-all]
 *          [--cpu-profile FILE]
 *
 * A fresh database `qrmenu_bench_<random>` is created on DATABASE_URL's server (migrated by the app) and dropped at
 * the end. Orders are written with one INSERT ... SELECT generate_series: spread evenly over `days` days and
 * round-robin over `restaurants` restaurants (so ~55 orders per restaurant and day with the defaults), statuses
 * mixed. The measured restaurant gets 3 items on each of its orders (so the list also loads items); --items-all gives
 * every order 3 items (3 million rows: slower set-up). Then ANALYZE, a warm-up, and `requests` rounds of one request
 * to each of three routes: the list, the constant route, and the same constant behind the staff access check (which
 * goes first rotates), sequential, through HTTP (server in this process, listening on loopback; undici client with
 * one keep-alive connection). Every answer must be byte for byte the list's first body. Also prints the list
 * statement alone through the driver (`requests` times) and its EXPLAIN (ANALYZE, BUFFERS). Exit code 1 when over
 * budget.
 *
 * The list is answered from memory while nothing changes (modules/orders/orders-list-cache.ts), as a staff board's
 * reload between two orders is: the measured rounds are that case. What a list costs right after a change (its page
 * dropped, read from the database and serialized again) is measured too, on its own line, outside the verdict.
 *
 * --cpu-profile FILE writes a V8 CPU profile of the measured rounds only (server and client: one process), for
 * `npx tsx bench/profile-top.ts FILE`; `node --cpu-prof` would also profile the set-up and the other loops.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import type { FastifyReply } from 'fastify';
import { ORDER_STATUSES } from '@qr-menu/contract';
import { benchConfig, createBenchDatabase, machine, ms, percentile, seedRestaurant, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    restaurants: { type: 'string', default: '50' },
    days: { type: 'string', default: '365' },
    requests: { type: 'string', default: '1000' },
    warmup: { type: 'string', default: '100' },
    'items-all': { type: 'boolean', default: false },
    'cpu-profile': { type: 'string' },
  },
});

const BUDGET_P95_MS = 5;
/** The list's p95 at most this many times the constant route's p95. */
const BUDGET_RATIO = 3;
const CONSTANT_PATH = '/bench/orders-list-constant';
const CONSTANT_STAFF_ROUTE = '/api/eatery/:id/bench-orders-list-constant';
const START = '2025-01-01T00:00:00Z';

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('DATABASE_URL is required (a PostgreSQL server; a throwaway database is created on it)');
    process.exit(2);
  }
  const totalOrders = Number(args.orders);
  const restaurants = Number(args.restaurants);
  const days = Number(args.days);
  const requests = Number(args.requests);
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { listQuery } = await import('../apps/server/src/modules/orders/order-queries.js');
  const { runStatement } = await import('../apps/server/src/db/statements.js');
  const { Pool } = await import('undici');

  const bench = await createBenchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    const app = await buildApp(benchConfig(), database);
    // The constant route: the list's own bytes (set once they are known), no database, no serialization. The same
    // behind the staff access check (one membership query), to show what that check costs on its own.
    let constantBody = Buffer.alloc(0);
    const sendConstant = (_request: unknown, reply: FastifyReply) =>
      reply.type('application/json; charset=utf-8').send(constantBody);
    app.get(CONSTANT_PATH, { config: { access: 'public' } }, sendConstant);
    app.get(CONSTANT_STAFF_ROUTE, { config: { access: { roles: 'any' } } }, sendConstant);
    await app.ready();
    const pool = database.pool!;

    // The measured restaurant (with tables, dishes and a token) and restaurants-1 others.
    const seeded = await seedRestaurant(app.db, { tables: 20, dishes: 30 });
    const others = await pool.query<{ id: number }>(
      `INSERT INTO eateries (name, address, owner_id)
       SELECT 'Other ' || g, 'Baku', $1 FROM generate_series(2, $2::int) g RETURNING id`,
      [seeded.userId, restaurants],
    );
    const eateryIds = [seeded.eateryId, ...others.rows.map((r) => r.id)];

    let t = performance.now();
    // Order g (0-based) is at START + g/N of the period, in restaurant g % R: every restaurant gets an order every
    // R * period / N (26 minutes with the defaults), ~55 a day. Rows in time order, as a real table fills up.
    await pool.query(
      `INSERT INTO orders (eatery_id, table_id, table_number, status, created_at, updated_at, version)
       SELECT e.id, NULL, (1 + g % 20)::text, ($5::text[])[1 + g % cardinality($5::text[])],
              $3::timestamptz + (g::float8 / $2) * ($4::int * interval '1 day'),
              $3::timestamptz + (g::float8 / $2) * ($4::int * interval '1 day') + interval '40 minutes', 2
       FROM generate_series(0, $2::int - 1) g
       CROSS JOIN LATERAL (SELECT ($1::int[])[1 + g % cardinality($1::int[])] AS id) e`,
      [eateryIds, totalOrders, START, days, [...ORDER_STATUSES, 'PAID', 'PAID', 'PAID']],
    );
    const insertOrdersS = (performance.now() - t) / 1000;
    t = performance.now();
    const dishArray = `ARRAY[${seeded.dishIds.join(',')}]::int[]`;
    const items = await pool.query(
      `INSERT INTO order_items (order_id, dish_id, name, price, quantity, status, category_name, created_at)
       SELECT o.id, (${dishArray})[1 + (o.id + k) % ${seeded.dishIds.length}], 'Dish ' || k, 4.50 + k, 1 + k % 2,
              'SERVED', 'Cat', o.created_at
       FROM orders o CROSS JOIN generate_series(0, 2) k
       ${args['items-all'] ? '' : 'WHERE o.eatery_id = $1'}`,
      args['items-all'] ? [] : [seeded.eateryId],
    );
    const insertItemsS = (performance.now() - t) / 1000;
    t = performance.now();
    await pool.query('ANALYZE');
    const analyzeS = (performance.now() - t) / 1000;

    // A day in the middle of the period.
    const day = new Date(Date.parse(START) + Math.floor(days / 2) * 86_400_000).toISOString().slice(0, 10);
    const [{ count: dayCount }] = (
      await pool.query<{ count: string }>(
        `SELECT count(*) FROM orders WHERE eatery_id = $1
           AND created_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Baku')
           AND created_at < (($2::date + 1)::timestamp AT TIME ZONE 'Asia/Baku')`,
        [seeded.eateryId, day],
      )
    ).rows;
    const size = await pool.query<{ orders: string; items: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('orders')) AS orders,
              pg_size_pretty(pg_total_relation_size('order_items')) AS items`,
    );

    console.log(
      `orders list benchmark: PostgreSQL, ${totalOrders.toLocaleString('en')} orders over ${days} days in ` +
        `${restaurants} restaurants (orders ${size.rows[0].orders}, ${items.rowCount} items ${size.rows[0].items}); ` +
        `set-up: orders ${insertOrdersS.toFixed(1)} s, items ${insertItemsS.toFixed(1)} s, ANALYZE ` +
        `${analyzeS.toFixed(1)} s; ${machine()}`,
    );

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const client = new Pool(`http://127.0.0.1:${port}`, { connections: 1, pipelining: 1 });
    const path = `/api/eatery/${seeded.eateryId}/orders?from=${day}&to=${day}`;
    const headers = { authorization: `Bearer ${seeded.token}` };
    const get = async (url: string) => {
      const start = performance.now();
      const res = await client.request({ path: url, method: 'GET', headers });
      const body = Buffer.from(await res.body.arrayBuffer());
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${body.toString()}`);
      return { elapsed, body, headers: res.headers };
    };

    const first = await get(path);
    constantBody = first.body;
    const returned = (JSON.parse(first.body.toString()) as unknown[]).length;
    const routes = [
      { name: 'list', path, times: [] as number[] },
      { name: `constant (${CONSTANT_PATH})`, path: CONSTANT_PATH, times: [] as number[] },
      {
        name: 'constant behind the access check',
        path: CONSTANT_STAFF_ROUTE.replace(':id', String(seeded.eateryId)),
        times: [] as number[],
      },
    ];
    // Same bytes and the same headers (but the date).
    const headerNames = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => k !== 'date')
        .sort()
        .join(',');
    for (const route of routes) {
      const r = await get(route.path);
      if (!r.body.equals(first.body)) throw new Error(`${route.path} does not answer the list bytes`);
      if (headerNames(r.headers) !== headerNames(first.headers)) {
        throw new Error(`headers differ: ${headerNames(first.headers)} vs ${route.path}: ${headerNames(r.headers)}`);
      }
    }

    // One round = one request to each route, sequential; the route that goes first rotates.
    const round = async (i: number, record: boolean) => {
      for (let k = 0; k < routes.length; k++) {
        const route = routes[(i + k) % routes.length];
        const r = await get(route.path);
        if (!r.body.equals(constantBody)) throw new Error(`${route.path} answered other bytes than the first time`);
        if (record) route.times.push(r.elapsed);
      }
    };
    for (let i = 0; i < Number(args.warmup); i++) await round(i, false);
    const profiler = args['cpu-profile'] ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    for (let i = 0; i < requests; i++) await round(i, true);
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      writeFileSync(args['cpu-profile']!, JSON.stringify(profile));
      profiler.disconnect();
    }

    // The list right after a change: its page dropped before each request (as an order event drops it).
    const missTimes: number[] = [];
    for (let i = 0; i < requests; i++) {
      app.ordersListCache.invalidate(seeded.eateryId);
      const r = await get(path);
      if (!r.body.equals(constantBody)) throw new Error(`${path} answered other bytes after its page was dropped`);
      missTimes.push(r.elapsed);
    }
    await client.close();

    // The list statement alone, through the driver, as OrderQueries.list runs it.
    const { statement, values } = listQuery(seeded.eateryId, { from: day, to: day }, 200);
    const sqlTimes: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      await runStatement(app.db, statement, values);
      sqlTimes.push(performance.now() - start);
    }
    for (const t of [...routes.map((r) => r.times), sqlTimes, missTimes]) t.sort((x, y) => x - y);
    const [listTimes, constantTimes] = routes.map((r) => r.times);

    const line = (what: string, times: number[]) =>
      `  ${what.padEnd(40)} p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ` +
      `p99 ${ms(percentile(times, 99))}, max ${ms(times[times.length - 1])}`;
    console.log(
      `GET ${path}: ${returned} orders (${dayCount} in the database that day), ${(first.body.length / 1024).toFixed(1)} KB; ` +
        `${requests} rounds (one request to each route, the first one rotating) after ${args.warmup} warm-up`,
    );
    for (const route of routes) console.log(line(route.name, route.times));
    console.log(line('list after a change (page dropped)', missTimes));
    console.log(line('list statement alone (driver)', sqlTimes));
    const ratio95 = percentile(listTimes, 95) / percentile(constantTimes, 95);
    const ratio50 = percentile(listTimes, 50) / percentile(constantTimes, 50);
    console.log(`  list / constant: p50 ${ratio50.toFixed(2)}×, p95 ${ratio95.toFixed(2)}×`);

    const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, values);
    console.log('EXPLAIN (ANALYZE, BUFFERS) of the list statement (orders and their items in one statement):');
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

    const passP95 = verdict(
      `orders list, one restaurant's day, p95 over ${requests} requests`,
      ms(percentile(listTimes, 95)),
      `≤ ${BUDGET_P95_MS} ms`,
      percentile(listTimes, 95) <= BUDGET_P95_MS,
    );
    const passRatio = verdict(
      'orders list p95 / constant route p95',
      `${ratio95.toFixed(2)}×`,
      `≤ ${BUDGET_RATIO}×`,
      ratio95 <= BUDGET_RATIO,
    );
    process.exitCode = passP95 && passRatio ? 0 : 1;
    await app.close();
  } finally {
    await database.close().catch(() => {});
    await bench.drop();
  }
}

await main();
