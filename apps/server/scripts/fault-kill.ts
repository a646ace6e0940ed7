/**
 * Crash safety: `npm run fault:kill`. Not part of `npm test`.
 *
 * Starts the real server (main.ts, loopback only, a port in 3300-3399), seeds a restaurant through the API, and
 * has 16 guests place orders back to back; after 2-4 s it kills the server with SIGKILL, restarts it on the same
 * data, and does that three times. Then it checks that every order acknowledged with 201 exists exactly once:
 * each order is placed from a new device, so that device must list exactly that one order, and repeating the
 * request with its Idempotency-Key must return it (200). Orders cut off by the kill (no answer) may exist at most
 * once. Runs on the embedded database (a temporary data directory) and, when DATABASE_URL is set, on a throwaway
 * PostgreSQL database created on that server and dropped afterwards. Exit code 1 when an order is lost or doubled.
 *
 * Usage: npm run fault:kill  (DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run fault:kill)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startServer, type ServerProcess } from './lib/server-process.js';
import { deviceOrders, placeOrder, seed, type Shop } from './lib/shop.js';

const KILLS = 3;
const GUESTS = 16;
/** Bounds of one round of load: at most this many orders, and the kill comes within this time. */
const MAX_ORDERS_PER_ROUND = 3000;
const MIN_ROUND_MS = 2000;
const MAX_ROUND_MS = 4000;

interface Attempt {
  device: string;
  key: string;
  /** The order id when the server answered 201; null when the answer never came. */
  orderId: number | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const newDevice = () => randomBytes(16).toString('base64url');

/** Guests placing orders until the server dies (or the round's bound is reached). */
async function load(server: ServerProcess, shop: Shop, attempts: Attempt[]) {
  let placed = 0;
  let dead = false;
  void server.exited.then(() => (dead = true));
  await Promise.all(
    Array.from({ length: GUESTS }, async () => {
      while (!dead && placed < MAX_ORDERS_PER_ROUND) {
        const a: Attempt = { device: newDevice(), key: randomUUID(), orderId: null };
        attempts.push(a);
        placed++;
        try {
          const res = await placeOrder(server.url, shop, a);
          const body = (await res.json()) as { id?: number };
          if (res.status === 201) a.orderId = body.id ?? null;
          else if (!dead) throw new Error(`order answered ${res.status}: ${JSON.stringify(body)}`);
        } catch (err) {
          if (!dead && !(err instanceof TypeError)) throw err; // TypeError: fetch failed (the server was killed)
          // Sent after the kill: the server never saw it, it is no "cut-off" order.
          if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED')
            attempts.splice(attempts.indexOf(a), 1);
        }
      }
    }),
  );
}

interface Result {
  acknowledged: number;
  cutOff: number;
  cutOffStored: number;
  lost: number[];
  doubled: string[];
}

/** Every acknowledged order exists exactly once; a cut-off one at most once. */
async function verify(base: string, shop: Shop, attempts: Attempt[]): Promise<Result> {
  const result: Result = { acknowledged: 0, cutOff: 0, cutOffStored: 0, lost: [], doubled: [] };
  const queue = [...attempts];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let a = queue.shift(); a; a = queue.shift()) {
        const list = await deviceOrders(base, shop, a.device);
        if (list.length > 1) result.doubled.push(`${a.device}: ${list.map((o) => o.id).join(', ')}`);
        if (a.orderId === null) {
          result.cutOff++;
          if (list.length > 0) result.cutOffStored++;
          continue;
        }
        result.acknowledged++;
        if (!list.some((o) => o.id === a.orderId)) {
          result.lost.push(a.orderId);
          continue;
        }
        // The guest's retry with the same key gets the same order back, not a second one.
        const retry = await placeOrder(base, shop, a);
        const again = (await retry.json()) as { id?: number };
        if (retry.status !== 200 || again.id !== a.orderId) {
          result.doubled.push(`${a.device}: retry answered ${retry.status} ${JSON.stringify(again)}`);
        }
      }
    }),
  );
  return result;
}

async function run(label: string, databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-fault-kill-'));
  let server: ServerProcess | null = null;
  try {
    const boot = async () => startServer({ port: await freePort(), dataDir, databaseUrl });
    server = await boot();
    const shop = await seed(server.url);
    const attempts: Attempt[] = [];
    for (let kill = 1; kill <= KILLS; kill++) {
      const running = load(server, shop, attempts);
      await sleep(MIN_ROUND_MS + Math.random() * (MAX_ROUND_MS - MIN_ROUND_MS));
      server.child.kill('SIGKILL');
      await server.exited;
      await running;
      console.log(`${label}: kill ${kill}: ${attempts.filter((a) => a.orderId !== null).length} acknowledged so far`);
      server = await boot();
    }
    const r = await verify(server.url, shop, attempts);
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    server = null;
    const ok = r.lost.length === 0 && r.doubled.length === 0;
    console.log(
      `${label}: ${KILLS} × SIGKILL under ${GUESTS} guests: ${r.acknowledged} orders acknowledged with 201, ` +
        `${r.acknowledged - r.lost.length} found exactly once, ${r.lost.length} lost, ${r.doubled.length} doubled; ` +
        `${r.cutOff} cut off by a kill (${r.cutOffStored} of them stored, none twice); ` +
        `final SIGTERM exit code ${exit.code}. ${ok ? 'OK' : 'FAILED'}`,
    );
    if (r.lost.length) console.log(`  lost: ${r.lost.slice(0, 20).join(', ')}`);
    if (r.doubled.length) console.log(`  doubled: ${r.doubled.slice(0, 20).join('; ')}`);
    return ok && exit.code === 0;
  } finally {
    if (server) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway database on DATABASE_URL's server; dropped by the returned function. */
async function throwawayDatabase(serverUrl: string) {
  const name = `qrmenu_fault_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

let ok = await run('embedded database (PGlite)');
if (process.env.DATABASE_URL) {
  const db = await throwawayDatabase(process.env.DATABASE_URL);
  try {
    ok = (await run('PostgreSQL', db.url)) && ok;
  } finally {
    await db.drop();
  }
} else {
  console.log('PostgreSQL: skipped (set DATABASE_URL to run it there too)');
}
process.exit(ok ? 0 : 1);
