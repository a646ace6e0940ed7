/**
 * A server of the sockets benchmark (a child process): buildApp on PostgreSQL (BENCH_DATABASE_URL), the socket.io
 * adapter BENCH_REALTIME_ADAPTER (`postgres`, or `redis` on BENCH_REDIS_URL), rate limits off, listening on a loopback
 * ephemeral port. Seeds `--restaurants` restaurants (common.ts seedRestaurant: `--tables` tables, 40 dishes, an owner's
 * token) and `--guests` guest orders spread over them, written straight into the database: all a guest's socket needs is an
 * order of its device to follow. A second instance on the same database seeds nothing (`--restaurants 0`). Says
 * `ready`, then answers `stats` (CPU, RSS, the database backends' CPU) and `stop`, like place-orders/server-child.ts.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { orders } from '../../apps/server/src/db/schema.js';
import { benchConfig, seedRestaurant } from '../common.js';
import { databaseBackendsCpu } from '../place-orders/cpu.js';
import { processStats, sayReady, serve } from '../place-orders/protocol.js';
import type { SeededRestaurant } from './protocol.js';

const { values: args } = parseArgs({
  options: {
    restaurants: { type: 'string', default: '0' },
    tables: { type: 'string', default: '4' },
    guests: { type: 'string', default: '0' },
  },
});

const stats = processStats();
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const redisUrl = process.env.BENCH_REDIS_URL || undefined;
const realtimeAdapter = process.env.BENCH_REALTIME_ADAPTER === 'redis' ? 'redis' : 'postgres';
const database = await openDatabase({ databaseUrl });
const app = await buildApp(benchConfig({ redisUrl, realtimeAdapter }), database);
await app.ready();

const restaurantCount = Number(args.restaurants);
const guestCount = Number(args.guests);

/** Restaurant `index` with its share of the guests' orders, each of a device of its own, at its tables in turn. */
async function seed(index: number): Promise<SeededRestaurant> {
  const r = await seedRestaurant(app.db, { tables: Number(args.tables), dishes: 40 });
  const share = Math.floor(guestCount / restaurantCount) + (index < guestCount % restaurantCount ? 1 : 0);
  const devices = Array.from({ length: share }, () => randomBytes(16).toString('base64url'));
  const rows =
    devices.length === 0
      ? []
      : await app.db
          .insert(orders)
          .values(
            devices.map((deviceId, g) => ({
              eateryId: r.eateryId,
              tableId: r.tableIds[g % r.tableIds.length],
              deviceId,
            })),
          )
          .returning({ id: orders.id, deviceId: orders.deviceId });
  return {
    eateryId: r.eateryId,
    tableIds: r.tableIds,
    dishIds: r.dishIds,
    token: r.token,
    guests: rows.map((row) => [row.id, row.deviceId!]),
  };
}

const restaurants: SeededRestaurant[] = [];
// A few at a time: 1 000 restaurants one by one would take most of a minute.
for (let r = 0; r < restaurantCount; r += 8) {
  const batch = Array.from({ length: Math.min(8, restaurantCount - r) }, (_, i) => seed(r + i));
  restaurants.push(...(await Promise.all(batch)));
}
await app.listen({ port: 0, host: '127.0.0.1' });

// One more connection, to read which backends serve the benchmark's database (their CPU is in /proc).
const observer = new pg.Client({ connectionString: databaseUrl });
await observer.connect();

serve({
  stats: async () => ({ ...stats(), dbBackends: await databaseBackendsCpu(observer) }),
  stop: async () => {
    await observer.end();
    await app.close();
    await database.close().catch(() => {});
    return stats();
  },
});
sayReady({ port: (app.server.address() as { port: number }).port, restaurants, rssMb: stats().rssMb });
