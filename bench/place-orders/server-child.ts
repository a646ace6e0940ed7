/**
 * The server of the place-orders benchmark (a child process): buildApp on PostgreSQL (BENCH_DATABASE_URL, the
 * PostgreSQL socket.io adapter as in production) or on PGlite in a fresh data dir (BENCH_DATA_DIR), rate limits off,
 * listening on a loopback ephemeral port. Seeds `--restaurants` restaurants (each with `--tables` tables, 40 dishes
 * and an owner's token), says `ready`, then answers `stats` (CPU seconds, RSS) and `stop`.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { benchConfig, seedRestaurant } from '../common.js';
import { databaseBackendsCpu } from './cpu.js';
import { processStats, sayReady, serve, type Restaurant } from './protocol.js';

const { values: args } = parseArgs({
  options: {
    restaurants: { type: 'string', default: '1' },
    tables: { type: 'string', default: '50' },
  },
});

const stats = processStats();
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
const app = await buildApp(benchConfig(dataDir ? { dataDir } : {}), database);
await app.ready();

const restaurants: Restaurant[] = [];
for (let r = 0; r < Number(args.restaurants); r++) {
  const seeded = await seedRestaurant(app.db, { tables: Number(args.tables), dishes: 40 });
  restaurants.push({
    eateryId: seeded.eateryId,
    tableIds: seeded.tableIds,
    dishIds: seeded.dishIds,
    token: seeded.token,
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });

// PostgreSQL: one more connection, to read which backends serve the benchmark's database (their CPU is in /proc).
const observer = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
await observer?.connect();

serve({
  stats: async () => ({ ...stats(), ...(observer ? { dbBackends: await databaseBackendsCpu(observer) } : {}) }),
  stop: async () => {
    await observer?.end();
    await app.close();
    await database.close().catch(() => {});
    return stats();
  },
});
sayReady({ port: (app.server.address() as { port: number }).port, restaurants, rssMb: stats().rssMb });
