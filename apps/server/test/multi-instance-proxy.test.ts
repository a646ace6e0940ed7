import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ordersTopic } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { categories } from '../src/db/schema.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { RATE_LIMIT_TABLE } from '../src/plugins/rate-limits.js';
import { TEST_DATABASE_URL, bearer, createPostgresDatabase, testConfig, uniqueEmail } from './helper.js';
import { connectSocket, subscribe, type SocketOptions } from './socket-client.js';
import { makeDish, makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';

/**
 * Two instances on one PostgreSQL database behind a round-robin HTTP + WebSocket proxy (no sticky sessions), as
 * a load balancer in front of several instances runs them: staff and guests through the proxy, and the
 * cross-instance paths (socket.io adapter, menu changes published over the realtime channel, disconnecting removed staff, shared rate limits).
 */

const instances: { app: FastifyInstance; database: Database }[] = [];
const sockets: Socket[] = [];
let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let proxy: RoundRobinProxy;
let a: FastifyInstance;
let b: FastifyInstance;
let E: TestEatery;
let dish: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

interface RoundRobinProxy {
  url: string;
  /** Requests and upgrades sent to each backend, in backend order. */
  hits: number[];
  close(): Promise<void>;
}

/**
 * A load balancer in a few lines: each HTTP request and each WebSocket upgrade goes to the next backend in turn
 * (loopback only, random port). Upgrades are piped as raw TCP after replaying the request head.
 */
async function roundRobinProxy(backends: number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const hits = backends.map(() => 0);
  const pick = () => {
    const i = next++ % backends.length;
    hits[i]++;
    return backends[i];
  };
  const open = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: pick(), method: req.method, path: req.url, headers: req.headers, agent: false },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on('connection', (s: net.Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    open.add(upstream);
    upstream.on('close', () => open.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A socket.io client like the web app's: WebSocket first, long-polling as the fallback. */
const connect = (url: string, opts: SocketOptions = {}) =>
  connectSocket(url, { transports: ['websocket', 'polling'], ...opts }, sockets);

async function waitUntil<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 8000) {
  const start = Date.now();
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
}

/** A guest order through `base` (the proxy or an instance), as the guest page sends it; and the device cookie. */
async function guestOrder(base: string, cookie = '') {
  const res = await fetch(`${base}/api/client/eatery/${E.id}/table/${E.tableId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex'), cookie },
    body: JSON.stringify({ items: [{ dishId: dish, quantity: 1 }], note: null }),
  });
  expect(res.status).toBe(201);
  const device = res.headers.getSetCookie().find((c) => c.startsWith('device_id='));
  return { id: ((await res.json()) as { id: number }).id, cookie: device?.split(';')[0] ?? cookie };
}

const guestMenu = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: `/api/client/eatery/${E.id}/table/${E.tableId}/menu` })).json() as {
    categories: { id: number }[];
  };

if (!TEST_DATABASE_URL) {
  console.warn('multi-instance-proxy.test.ts: skipped: TEST_DATABASE_URL is not set (needs PostgreSQL)');
}

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL behind a round-robin proxy', () => {
  beforeAll(async () => {
    shared = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: shared.url });
      instances.push({ app: await buildApp(testConfig(), database), database });
    }
    await Promise.all(instances.map(({ app }) => app.listen({ port: 0, host: '127.0.0.1' })));
    [a, b] = instances.map((i) => i.app);
    // The instances see each other once the adapters' heartbeats crossed (NOTIFY).
    await waitUntil('instances see each other', async () => {
      const counts = await Promise.all([a, b].map((app) => app.realtime.io!.of('/').adapter.serverCount()));
      return counts.every((n) => n === 2) || undefined;
    });
    proxy = await roundRobinProxy([a, b].map((app) => (app.server.address() as AddressInfo).port));
    E = await makeEatery(a);
    dish = await makeDish(a, E, { price: '4.00' });
  });

  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await proxy?.close();
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.drop();
  });

  it('a staff socket through the proxy (WebSocket first) gets NEW_ORDER for each of 4 guest orders placed through it', async () => {
    const { socket, events } = await connect(proxy.url, { token: E.waiter.token });
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(await subscribe(socket, ordersTopic(E.id))).toEqual({ ok: true, topic: ordersTopic(E.id) });

    const before = [...proxy.hits];
    let cookie = '';
    const placed: number[] = [];
    for (let i = 0; i < 4; i++) {
      const order = await guestOrder(proxy.url, cookie);
      placed.push(order.id);
      cookie = order.cookie;
    }
    expect(cookie).toMatch(/^device_id=./);
    // The four orders were spread over both instances.
    expect(proxy.hits.map((n, i) => n - before[i])).toEqual([2, 2]);
    await waitUntil('4 NEW_ORDER events', () =>
      placed.every((id) => events.some((e) => e.type === 'NEW_ORDER' && e.orderId === id)),
    );
    // A guest socket through the proxy follows its own order too.
    const guest = await connect(proxy.url, { cookie });
    expect((await subscribe(guest.socket, `/topic/order/${placed[0]}`)).ok).toBe(true);
  });

  it('long-polling alone does not survive round robin (it needs sticky sessions): why WebSocket comes first', async () => {
    const outcome = await connect(proxy.url, { token: E.waiter.token, transports: ['polling'] })
      .then(async ({ socket }) => ((await subscribe(socket, ordersTopic(E.id)).catch(() => null))?.ok ? 'ok' : 'lost'))
      .catch(() => 'refused');
    expect(outcome).not.toBe('ok');
  });

  it('an order placed through instance A reaches a staff socket of instance B', async () => {
    const { socket, events } = await connect(urlOf(b), { token: E.kitchen.token });
    expect((await subscribe(socket, ordersTopic(E.id))).ok).toBe(true);
    const res = await a.inject({
      method: 'POST',
      url: `/api/eatery/${E.id}/orders`,
      headers: bearer(E.cashier.token),
      payload: { tableId: E.tableId, items: [{ dishId: dish, quantity: 2 }] },
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json() as { id: number }).id;
    expect(await waitUntil('NEW_ORDER on B', () => events.find((e) => e.orderId === id))).toEqual({
      type: 'NEW_ORDER',
      orderId: id,
      status: 'CREATED',
      version: 0,
      order: res.json(),
    });
  });

  it('a menu edit on A invalidates the guest menu cached on B', async () => {
    const [second] = await a.db
      .insert(categories)
      .values({ eateryId: E.id, nameAz: 'İçkilər', nameEn: 'Drinks', nameRu: 'Напитки' })
      .returning({ id: categories.id });
    await makeDish(a, { id: E.id, categoryId: second.id }, { price: '1.00', nameEn: 'Tea' });
    b.menuCache.invalidate(E.id); // the inserts above bypassed the API
    const order = (await guestMenu(b)).categories.map((c) => c.id);
    expect(order).toHaveLength(2);
    expect(b.menuCache.local.size).toBeGreaterThan(0); // B serves it from its cache now

    const reorder = await a.inject({
      method: 'PUT',
      url: `/api/eatery/${E.id}/category/order`,
      headers: bearer(E.owner.token),
      payload: { categoryIds: [...order].reverse() },
    });
    expect(reorder.statusCode).toBe(200);
    await waitUntil('B serves the new order', async () => {
      const ids = (await guestMenu(b)).categories.map((c) => c.id);
      return ids[0] === order[1] || undefined;
    });
  });

  it('a user removed on A loses their socket on B', async () => {
    const gone = await makeStaff(a, E.id, ['WAITER']);
    const { socket } = await connect(urlOf(b), { token: gone.token });
    expect((await subscribe(socket, ordersTopic(E.id))).ok).toBe(true);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const del = await a.inject({
      method: 'DELETE',
      url: `/api/eatery/${E.id}/user/${gone.userId}`,
      headers: bearer(E.owner.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await Promise.race([reason, sleep(8000).then(() => 'still connected')])).toBe('io server disconnect');
  });

  it('the login limit is shared: the 11th attempt through the proxy (both instances) answers 429', async () => {
    const shared = await instances[0].database.pool!.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [
      RATE_LIMIT_TABLE,
    ]);
    expect(shared.rows[0].t, 'the counters live in the shared PostgreSQL table').not.toBeNull();
    const email = uniqueEmail('bruteforce');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${proxy.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'wrong-password-1', eateryId: null }),
      });
      codes.push(res.status);
    }
    expect(codes.slice(0, 10).every((c) => c === 401 || c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
