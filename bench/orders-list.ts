/**
 * Orders list benchmark (DESIGN.md §11): GET /api/eatery/{id}/orders?from=D&to=D, one restaurant's day, with
 * 1 million orders in the database. Budget: p95 under 20 ms.
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/orders-list.ts
 *          [--orders 1000000] [--restaurants 50] [--days 365] [--requests 200] [--warmup 30] [--items-all]
 *
 * A fresh database `qrmenu_bench_<random>` is created on DATABASE_URL's server (migrated by the app) and dropped at
 * the end. Orders are written with one INSERT ... SELECT generate_series: spread evenly over `days` days and
 * round-robin over `restaurants` restaurants (so ~55 orders per restaurant and day with the defaults), statuses
 * mixed. The measured restaurant gets 3 items on each of its orders (so the list also loads items); --items-all gives
 * every order 3 items (3 million rows: slower set-up). Then ANALYZE, a warm-up, and `requests` sequential requests
 * through HTTP (server in this process, listening on loopback; undici client with one keep-alive connection).
 * Also prints EXPLAIN (ANALYZE, BUFFERS) of the list query as the service builds it. Exit code 1 when over budget.
 */
import { parseArgs } from 'node:util';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ORDER_LIST_MAX, ORDER_STATUSES } from '@qr-menu/contract';
import { benchConfig, createBenchDatabase, machine, ms, percentile, seedRestaurant, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    restaurants: { type: 'string', default: '50' },
    days: { type: 'string', default: '365' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '30' },
    'items-all': { type: 'boolean', default: false },
  },
});

const BUDGET_P95_MS = 20;
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
  const schema = await import('../apps/server/src/db/schema.js');
  const { Pool } = await import('undici');

  const bench = await createBenchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    const app = await buildApp(benchConfig(), database);
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
    let returned = 0;
    let bytes = 0;
    const once = async () => {
      const start = performance.now();
      const res = await client.request({ path, method: 'GET', headers });
      const body = Buffer.from(await res.body.arrayBuffer());
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${body.toString()}`);
      returned = (JSON.parse(body.toString()) as unknown[]).length;
      bytes = body.length;
      return elapsed;
    };
    for (let i = 0; i < Number(args.warmup); i++) await once();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) times.push(await once());
    times.sort((a, b) => a - b);
    await client.close();

    console.log(
      `GET ${path}: ${returned} orders (${dayCount} in the database that day), ${(bytes / 1024).toFixed(1)} KB; ` +
        `${requests} sequential requests after ${args.warmup} warm-up`,
    );
    console.log(
      `  p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}, ` +
        `max ${ms(times[times.length - 1])}`,
    );

    // The plan of the list query, built like OrdersService.list builds it.
    const tz = sql`(select ${schema.eateries.timeZone} from ${schema.eateries} where ${schema.eateries.id} = ${seeded.eateryId})`;
    const query = app.db
      .select({ id: schema.orders.id, createdAt: schema.orders.createdAt, status: schema.orders.status })
      .from(schema.orders)
      .where(
        and(
          eq(schema.orders.eateryId, seeded.eateryId),
          sql`${schema.orders.createdAt} >= (${day}::date::timestamp at time zone ${tz})`,
          sql`${schema.orders.createdAt} < ((${day}::date + 1)::timestamp at time zone ${tz})`,
        ),
      )
      .orderBy(desc(schema.orders.createdAt), desc(schema.orders.id))
      .limit(ORDER_LIST_MAX)
      .toSQL();
    const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.params);
    console.log('EXPLAIN (ANALYZE, BUFFERS) of the list query (the items are loaded by a second query, id IN (...)):');
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

    const pass = verdict(
      `orders list, one restaurant's day, p95 over ${requests} requests`,
      ms(percentile(times, 95)),
      `< ${BUDGET_P95_MS} ms`,
      percentile(times, 95) < BUDGET_P95_MS,
    );
    process.exitCode = pass ? 0 : 1;
    await app.close();
  } finally {
    await database.close().catch(() => {});
    await bench.drop();
  }
}

await main();
