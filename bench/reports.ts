/**
 * Owner's reports benchmark: GET /api/eatery/{id}/reports?from=&to= for one month of one restaurant with
 * `--orders` (100 000) orders in that month — and as many in the month before, which the report compares with, so
 * both periods are full — on PostgreSQL, next to a constant route of the same server that answers the same bytes
 * (the floor of the HTTP layer). Budget: report p95 < 300 ms.
 *
 * Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reports.ts
 *          [--orders 100000] [--noise 200000] [--restaurants 20] [--requests 30] [--warmup 5]
 *
 * A fresh database `qrmenu_bench_<random>` is created on DATABASE_URL's server (migrated by the app) and dropped at
 * the end. Data is written with INSERT ... SELECT generate_series: the measured restaurant (Asia/Baku, 20 tables,
 * 5 waiters assigned, 40 dishes) gets 2 × orders over 60 days (the measured month and the one before): 85 % PAID
 * (paid 50 minutes after being placed, one payment each, methods in turn, a tip on every third), 5 % CANCELLED, the
 * rest open; 3 items each (every 20th DELETED); READY and ISSUED rows in the status history of the paid ones (the
 * trigger writes their first row). `--noise` orders with one item each in `--restaurants` other restaurants over the
 * same 60 days. Then the stored report figures are computed (report_data_rebuild, migration 0004), ANALYZE, a
 * warm-up, and `requests` rounds of one request to the report and one to the constant route (sequential, HTTP on
 * loopback, one keep-alive connection). Also prints each of the report's four statements alone through the driver
 * and their EXPLAIN ANALYZE. Exit code 1 when over budget.
 */
import { parseArgs } from 'node:util';
import type { FastifyReply } from 'fastify';
import { benchConfig, createBenchDatabase, machine, ms, percentile, seedRestaurant, verdict } from './common.js';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    noise: { type: 'string', default: '200000' },
    restaurants: { type: 'string', default: '20' },
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    /** Keep the database after set-up and stop there (to try statements with psql); prints its URL. */
    keep: { type: 'boolean', default: false },
  },
});

const BUDGET_P95_MS = 300;
const CONSTANT_PATH = '/bench/reports-constant';
const FROM = '2025-06-01';
const TO = '2025-06-30';
/** Start of the month before (the report's previous range: 30 days) and end of the measured one, in Baku. */
const START = '2025-05-02T00:00:00+04:00';
const DAYS = 60;

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    console.error('DATABASE_URL is required (a PostgreSQL server; a throwaway database is created on it)');
    process.exit(2);
  }
  const perMonth = Number(args.orders);
  const noise = Number(args.noise);
  const restaurants = Number(args.restaurants);
  const requests = Number(args.requests);
  const { buildApp } = await import('../apps/server/src/app.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const { runJsonStatement } = await import('../apps/server/src/db/statements.js');
  const { PAID_DETAIL, PAID_TOTALS, PLACED_FIGURES, PAYMENT_FIGURES } =
    await import('../apps/server/src/modules/reports/report-sql.js');
  const { Pool } = await import('undici');

  const bench = await createBenchDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: bench.url });
  try {
    const app = await buildApp(benchConfig(), database);
    let constantBody = Buffer.alloc(0);
    app.get(CONSTANT_PATH, { config: { access: 'public' } }, (_request: unknown, reply: FastifyReply) =>
      reply.type('application/json; charset=utf-8').send(constantBody),
    );
    await app.ready();
    const pool = database.pool!;

    const setupStart = performance.now();
    const seeded = await seedRestaurant(app.db, { tables: 20, dishes: 40 });
    const A = seeded.eateryId;
    const waiters = await pool.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, name)
       SELECT 'waiter' || g || '.' || $1 || '@example.com', 'x', 'Waiter ' || g FROM generate_series(1, 5) g
       RETURNING id`,
      [A],
    );
    // Each table has one waiter, the first table two (an order there counts for both).
    await pool.query(
      `INSERT INTO table_assignments (eatery_id, table_id, waiter_id)
       SELECT $1::int, t, ($3::int[])[1 + (i - 1) % 5] FROM unnest($2::int[]) WITH ORDINALITY AS x(t, i)
       UNION ALL SELECT $1::int, ($2::int[])[1], ($3::int[])[2]`,
      [A, seeded.tableIds, waiters.rows.map((r) => r.id)],
    );
    const others = await pool.query<{ id: number }>(
      `INSERT INTO eateries (name, address, owner_id)
       SELECT 'Other ' || g, 'Baku', $1 FROM generate_series(1, $2::int) g RETURNING id`,
      [seeded.userId, restaurants],
    );

    // The measured restaurant: order g at START + g/N of the 60 days, in time order as a real table fills up.
    const total = 2 * perMonth;
    await pool.query(
      `INSERT INTO orders (eatery_id, table_id, table_number, status, discount, created_at, updated_at, paid_at,
                           version)
       SELECT $1::int, ($2::int[])[1 + g % 20], (1 + g % 20)::text, s.status,
              CASE WHEN g % 10 = 0 AND s.status = 'PAID' THEN 1.50 ELSE 0 END, t.at,
              t.at + interval '50 minutes', CASE WHEN s.status = 'PAID' THEN t.at + interval '50 minutes' END, 3
       FROM generate_series(0, $3::int - 1) g
       CROSS JOIN LATERAL (SELECT $4::timestamptz + (g::float8 / $3) * ($5::int * interval '1 day') AS at) t
       CROSS JOIN LATERAL (SELECT CASE WHEN g % 20 < 17 THEN 'PAID' WHEN g % 20 = 17 THEN 'CANCELLED'
                                       ELSE 'ISSUED' END AS status) s`,
      [A, seeded.tableIds, total, START, DAYS],
    );
    await pool.query(
      `INSERT INTO order_items (order_id, dish_id, name, names, price, quantity, status, category_name, created_at)
       SELECT o.id, d.id, d.name_az, jsonb_build_object('az', d.name_az, 'en', d.name_en, 'ru', d.name_ru), d.price,
              1 + (o.id + k) % 3, CASE WHEN (o.id + k) % 20 = 0 THEN 'DELETED' ELSE 'SERVED' END, 'Cat', o.created_at
       FROM orders o CROSS JOIN generate_series(0, 2) k
       JOIN LATERAL (SELECT * FROM dishes WHERE id = ($2::int[])[1 + (o.id * 7 + k) % 40]) d ON true
       WHERE o.eatery_id = $1`,
      [A, seeded.dishIds],
    );
    await pool.query(
      `INSERT INTO payments (eatery_id, order_id, group_id, method, amount, tip, created_at)
       SELECT $1::int, o.id, 'g' || o.id, (ARRAY['CASH', 'CARD', 'OTHER'])[1 + o.id % 3],
              (SELECT sum(i.price * i.quantity) FROM order_items i WHERE i.order_id = o.id AND i.status <> 'DELETED')
                - o.discount,
              CASE WHEN o.id % 3 = 0 THEN 2.00 ELSE 0 END, o.paid_at
       FROM orders o WHERE o.eatery_id = $1 AND o.status = 'PAID'`,
      [A],
    );
    await pool.query(
      `INSERT INTO order_status_history (order_id, eatery_id, status, changed_at)
       SELECT o.id, o.eatery_id, h.status, o.created_at + h.after
       FROM orders o CROSS JOIN (VALUES ('READY', interval '15 minutes'), ('ISSUED', interval '25 minutes')) h(status, after)
       WHERE o.eatery_id = $1 AND o.status = 'PAID'`,
      [A],
    );
    // The trigger wrote each order's first history row at insert time: when it was placed, as in real life.
    await pool.query(
      `UPDATE order_status_history h SET changed_at = o.created_at FROM orders o
       WHERE o.id = h.order_id AND o.eatery_id = $1 AND h.status NOT IN ('READY', 'ISSUED')`,
      [A],
    );
    await pool.query(
      `UPDATE order_status_history h SET changed_at = o.created_at + interval '25 minutes' FROM orders o
       WHERE o.id = h.order_id AND o.eatery_id = $1 AND o.status = 'ISSUED'`,
      [A],
    );
    // Other restaurants' orders over the same days, one item each.
    await pool.query(
      `INSERT INTO orders (eatery_id, table_number, status, created_at, updated_at, paid_at, version)
       SELECT ($1::int[])[1 + g % cardinality($1::int[])], '1', 'PAID', t.at, t.at, t.at, 1
       FROM generate_series(0, $2::int - 1) g
       CROSS JOIN LATERAL (SELECT $3::timestamptz + (g::float8 / $2) * ($4::int * interval '1 day') AS at) t`,
      [others.rows.map((r) => r.id), noise, START, DAYS],
    );
    await pool.query(
      `INSERT INTO order_items (order_id, name, price, quantity, status, created_at)
       SELECT o.id, 'Noise', 5.00, 1, 'SERVED', o.created_at FROM orders o WHERE o.eatery_id <> $1`,
      [A],
    );
    // PAID orders were inserted before their items and history rows: the stored report figures (orders.total,
    // ready_at / served_at, report_dish_hours; migration 0004) are computed in bulk, as the migration does.
    const rebuildStart = performance.now();
    await pool.query('SELECT report_data_rebuild(NULL)');
    const rebuildS = (performance.now() - rebuildStart) / 1000;
    // The rebuild rewrote every order row once; a live table reuses that space (autovacuum), so compact it as the
    // rows were before (the earlier runs of this benchmark wrote each row once).
    await pool.query('VACUUM (FULL) orders');
    await pool.query('ANALYZE');
    const setupS = (performance.now() - setupStart) / 1000;
    const size = await pool.query<{ orders: string; items: string; n: string; i: string; h: string }>(
      `SELECT pg_size_pretty(pg_total_relation_size('orders')) AS orders,
              pg_size_pretty(pg_total_relation_size('order_items')) AS items,
              (SELECT count(*) FROM orders) AS n, (SELECT count(*) FROM order_items) AS i,
              (SELECT count(*) FROM order_status_history) AS h`,
    );
    const s = size.rows[0];
    console.log(
      `reports benchmark: PostgreSQL, restaurant ${A}: ${perMonth.toLocaleString('en')} orders in ${FROM}..${TO} ` +
        `and as many in the 30 days before; ${noise.toLocaleString('en')} orders of ${restaurants} other ` +
        `restaurants; in all ${Number(s.n).toLocaleString('en')} orders (${s.orders}), ` +
        `${Number(s.i).toLocaleString('en')} items (${s.items}), ${Number(s.h).toLocaleString('en')} history rows; ` +
        `set-up ${setupS.toFixed(1)} s (stored report figures rebuilt in ${rebuildS.toFixed(1)} s); ${machine()}`,
    );

    if (args.keep) {
      console.log(`kept: ${bench.url}`);
      await app.close();
      return;
    }

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const client = new Pool(`http://127.0.0.1:${port}`, { connections: 1, pipelining: 1 });
    const path = `/api/eatery/${A}/reports?from=${FROM}&to=${TO}`;
    const headers = { authorization: `Bearer ${seeded.token}` };
    const get = async (url: string) => {
      const start = performance.now();
      const res = await client.request({ path: url, method: 'GET', headers });
      const body = Buffer.from(await res.body.arrayBuffer());
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${body.toString()}`);
      return { elapsed, body };
    };

    const first = await get(path);
    constantBody = first.body;
    const report = JSON.parse(first.body.toString()) as {
      current: { revenue: number; orders: number; cancelledShare: number; minutesToReady: number | null };
      previous: { orders: number };
    };
    // The stored figures must give what the raw rows give: revenue of the month from the items themselves.
    const raw = await pool.query<{ revenue: string }>(
      `SELECT (SELECT sum(i.price * i.quantity) FROM orders o JOIN order_items i ON i.order_id = o.id
               WHERE o.eatery_id = $1 AND o.status = 'PAID' AND i.status <> 'DELETED'
                 AND o.paid_at >= $2 AND o.paid_at < $3)
            - (SELECT sum(o.discount) FROM orders o WHERE o.eatery_id = $1 AND o.status = 'PAID'
                 AND o.paid_at >= $2 AND o.paid_at < $3) AS revenue`,
      [A, '2025-05-31T20:00:00Z', '2025-06-30T20:00:00Z'],
    );
    if (Number(raw.rows[0].revenue) !== report.current.revenue)
      throw new Error(`report revenue ${report.current.revenue} <> ${raw.rows[0].revenue} from the items`);
    console.log(
      `GET ${path}: ${(first.body.length / 1024).toFixed(1)} KB; current: revenue ${report.current.revenue}, ` +
        `${report.current.orders} paid orders, cancelled share ${report.current.cancelledShare}, ` +
        `minutes to ready ${report.current.minutesToReady}; previous: ${report.previous.orders} paid orders`,
    );

    const routes = [
      { name: 'report', path, times: [] as number[] },
      { name: `constant (${CONSTANT_PATH})`, path: CONSTANT_PATH, times: [] as number[] },
    ];
    const round = async (i: number, record: boolean) => {
      for (let k = 0; k < routes.length; k++) {
        const route = routes[(i + k) % routes.length];
        const r = await get(route.path);
        if (record) route.times.push(r.elapsed);
      }
    };
    for (let i = 0; i < Number(args.warmup); i++) await round(i, false);
    for (let i = 0; i < requests; i++) await round(i, true);
    await client.close();

    // Each statement alone, through the driver, as the service runs them (in parallel there).
    // The bounds of the month and of the one before in Asia/Baku (UTC+4), as DAY_STARTS gives them.
    const [plo, lo, hi] = ['2025-05-01T20:00:00Z', '2025-05-31T20:00:00Z', '2025-06-30T20:00:00Z'];
    const id = String(A);
    const statements = [
      {
        name: 'paid orders of the month (figures, days, tables, dishes)',
        statement: PAID_DETAIL,
        values: [id, lo, hi, 'Asia/Baku'],
        times: [] as number[],
      },
      { name: 'paid orders of the month before (totals)', statement: PAID_TOTALS, values: [id, plo, lo], times: [] },
      {
        name: 'placed orders (cancelled, hours, minutes)',
        statement: PLACED_FIGURES,
        values: [id, lo, hi, 'Asia/Baku', plo],
        times: [] as number[],
      },
      { name: 'payments (methods, tips)', statement: PAYMENT_FIGURES, values: [id, lo, hi, plo], times: [] },
    ];
    for (const st of statements) {
      for (let i = 0; i < requests; i++) {
        const start = performance.now();
        await runJsonStatement(app.db, st.statement, st.values);
        st.times.push(performance.now() - start);
      }
    }
    for (const t of [...routes.map((r) => r.times), ...statements.map((st) => st.times)]) t.sort((x, y) => x - y);
    const line = (what: string, times: number[]) =>
      `  ${what.padEnd(55)} p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, ` +
      `max ${ms(times[times.length - 1])}`;
    console.log(`${requests} rounds (one request to each route, the first one rotating) after ${args.warmup} warm-up`);
    for (const route of routes) console.log(line(route.name, route.times));
    for (const st of statements) console.log(line(`statement alone: ${st.name}`, st.times));
    const [reportTimes, constantTimes] = routes.map((r) => r.times);
    console.log(
      `  report / constant: p50 ${(percentile(reportTimes, 50) / percentile(constantTimes, 50)).toFixed(1)}×, ` +
        `p95 ${(percentile(reportTimes, 95) / percentile(constantTimes, 95)).toFixed(1)}×`,
    );

    for (const st of statements) {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${st.statement.text}`, st.values);
      console.log(`EXPLAIN ANALYZE of the statement "${st.name}":`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }

    const pass = verdict(
      `report of one month (${perMonth.toLocaleString('en')} orders), p95 over ${requests} requests`,
      ms(percentile(reportTimes, 95)),
      `< ${BUDGET_P95_MS} ms`,
      percentile(reportTimes, 95) < BUDGET_P95_MS,
    );
    process.exitCode = pass ? 0 : 1;
    await app.close();
  } finally {
    await database.close().catch(() => {});
    if (!args.keep) await bench.drop();
  }
}

await main();
