/**
 * Scenario (a) of the place-orders benchmark, the reference (a child process): the rows a guest order writes,
 * inserted by hand through the same driver as the server, in a transaction each: BEGIN; INSERT the order RETURNING
 * id; INSERT its 2 items (one statement); COMMIT. `--guests` workers with one transaction in flight each, like the
 * guests, spread over `--restaurants` restaurants as scenario (b) spreads its guests (worker g orders in restaurant
 * g mod restaurants, at a table of its own). No HTTP, no validation, no events: what the database and driver alone
 * cost for the rows (b) writes (the items with their names in the three languages, like the server's).
 *
 * Spread like (b), because every insert into `orders` takes the next order number of its restaurant's day (a trigger
 * updating one counter row per restaurant and day, locked until the commit): 50 transactions in flight into ONE
 * restaurant commit one after another (~500–800/s on the 2-core machine), which measures that lock, not what the
 * database costs; (b) meets it only within a batch statement, which holds the lock for one commit.
 *
 * PostgreSQL (BENCH_DATABASE_URL): node-postgres, one pooled connection per worker, the two INSERTs as named
 * prepared statements. PGlite (BENCH_DATA_DIR, its own fresh data dir): PGlite.transaction in this process.
 * The schema comes from the app's migrations (openDatabase); the restaurants are seeded like the server's.
 * Sends one `{reply: 'result', ...RawResult}` message and exits.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { percentile, seedRestaurant, type Seeded } from '../common.js';
import { cpuBetween, cpuOfPids, type PidCpu } from './cpu.js';
import type { RawResult } from './protocol.js';

const { values: args } = parseArgs({
  options: {
    guests: { type: 'string', default: '50' },
    restaurants: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
  },
});

const INSERT_ORDER = `insert into orders (eatery_id, table_id, table_number, status, note, device_id, idempotency_key)
  values ($1, $2, $3, 'CREATED', null, $4, null) returning id`;
const INSERT_ITEMS = `insert into order_items
  (order_id, dish_id, name, names, price, quantity, note, status, kitchen_department_id, category_name)
  values ($1, $2, $3, $4, $5, 1, null, 'CREATED', $6, $7), ($1, $8, $9, $10, $11, 2, 'no onions', 'CREATED', $12, $13)`;

interface DishRow {
  id: number;
  name: string;
  /** The names in az, en and ru, as JSON text (order_items.names). */
  names: string;
  price: string;
  kitchen_department_id: number | null;
  category_name: string | null;
}

/** One worker's order: the values of the order INSERT, and of the items INSERT after the order id. */
interface GuestRows {
  order: unknown[];
  items: unknown[];
}

/** Runs one order's transaction for worker `g`. */
type PlaceRaw = (g: number, rows: GuestRows) => Promise<void>;

const guests = Number(args.guests);
const restaurantCount = Math.max(1, Math.min(Number(args.restaurants), guests));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.BENCH_DATA_DIR! });
const seeded: Seeded[] = [];
for (let r = 0; r < restaurantCount; r++) {
  seeded.push(await seedRestaurant(database.db, { tables: Math.ceil(guests / restaurantCount), dishes: 40 }));
}

let query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
let place: PlaceRaw;
let close: () => Promise<void>;
/** PostgreSQL: the CPU of the workers' backends so far. */
let backendsCpu: () => PidCpu = () => [];
if (databaseUrl) {
  await database.close();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: guests });
  const clients = await Promise.all(Array.from({ length: guests }, () => pool.connect()));
  backendsCpu = () => cpuOfPids(clients.map((c) => (c as unknown as { processID: number }).processID));
  // Every pooled connection belongs to a worker: set-up queries borrow the first one.
  query = (text, values) => clients[0].query(text, values);
  place = async (g, rows) => {
    const client = clients[g];
    await client.query('BEGIN');
    try {
      const { rows: inserted } = await client.query<{ id: number }>({
        name: 'raw_order',
        text: INSERT_ORDER,
        values: rows.order,
      });
      await client.query({ name: 'raw_items', text: INSERT_ITEMS, values: [inserted[0].id, ...rows.items] });
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    }
  };
  close = async () => {
    for (const c of clients) c.release();
    await pool.end();
  };
} else {
  const pglite = database.pglite!;
  query = (text, values) => pglite.query(text, values);
  place = (_g, rows) =>
    pglite.transaction(async (tx) => {
      const { rows: inserted } = await tx.query<{ id: number }>(INSERT_ORDER, rows.order);
      await tx.query(INSERT_ITEMS, [inserted[0].id, ...rows.items]);
    });
  close = () => database.close();
}

/** The same snapshot values the server writes: the dish's names, price, department and category name. */
async function dishesOf(eateryId: number) {
  const { rows } = await query(
    `select d.id, d.name_az as name, json_build_object('az', d.name_az, 'en', d.name_en, 'ru', d.name_ru)::text
       as names, d.price::text as price, d.kitchen_department_id, c.name_az as category_name
     from dishes d left join categories c on c.id = d.category_id where d.eatery_id = $1 order by d.id`,
    [eateryId],
  );
  return rows as DishRow[];
}

async function tablesOf(eateryId: number) {
  const { rows } = await query('select id, number from tables where eatery_id = $1 order by id', [eateryId]);
  return rows as { id: number; number: string }[];
}

const menus = await Promise.all(
  seeded.map(async (s) => ({
    eateryId: s.eateryId,
    dishes: await dishesOf(s.eateryId),
    tables: await tablesOf(s.eateryId),
  })),
);

/** Worker g's order: in restaurant g mod restaurants, at its own table, the same two dishes as guest g of (b). */
function guestRows(g: number): GuestRows {
  const { eateryId, dishes, tables } = menus[g % menus.length];
  const table = tables[Math.floor(g / menus.length) % tables.length];
  const a = dishes[g % dishes.length];
  const b = dishes[(g + 7) % dishes.length];
  const deviceId = randomBytes(16).toString('base64url');
  return {
    order: [eateryId, table.id, table.number, deviceId],
    items: [
      ...[a.id, a.name, a.names, a.price, a.kitchen_department_id, a.category_name],
      ...[b.id, b.name, b.names, b.price, b.kitchen_department_id, b.category_name],
    ],
  };
}

/** Each worker places orders until `stopAt`; the ones started while `measuring` count. */
async function run(seconds: number, measuring: boolean, times: number[]) {
  const stopAt = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: guests }, async (_, g) => {
      const rows = guestRows(g);
      while (performance.now() < stopAt) {
        const start = performance.now();
        try {
          await place(g, rows);
          if (measuring) times.push(performance.now() - start);
        } catch (err) {
          if (errors++ === 0) console.error(`raw insert: ${String(err)}`);
        }
      }
    }),
  );
  return errors;
}

await run(Number(args.warmup), false, []);
const times: number[] = [];
const cpuAtStart = process.cpuUsage();
const dbAtStart = backendsCpu();
const started = performance.now();
const errors = await run(Number(args.seconds), true, times);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuAtStart);
const dbCpuSeconds = databaseUrl ? cpuBetween(dbAtStart, backendsCpu()) : NaN;
await close();
times.sort((x, y) => x - y);
const result: RawResult = {
  orders: times.length,
  seconds,
  p50: percentile(times, 50),
  p99: percentile(times, 99),
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  dbCpuSeconds,
  errors,
};
process.send!({ reply: 'result', ...result }, () => process.exit(0));
