import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ordersTopic } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { categories } from '../src/db/schema.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { RATE_LIMIT_TABLE } from '../src/plugins/rate-limits.js';
import { TEST_DATABASE_URL, bearer, createPostgresDatabase, testConfig, uniqueEmail, waitUntil } from './helper.js';
import { connectSocket, subscribe, type SocketOptions } from './socket-client.js';
import { makeDish, makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';
import { NGINX_CONF, nginxBinary, nginxCheck, startNginx, type RunningNginx } from './nginx.js';

/**
 * Two instances on one PostgreSQL database behind nginx configured by deploy/nginx.conf (round robin, no sticky
 * sessions), as operators run them: staff and guests through nginx, what the file promises (forwarded headers,
 * request ids, the asset cache, the upload limit), and the cross-instance paths (socket.io adapter, menu changes
 * published over the realtime channel, disconnecting removed staff, shared rate limits).
 * nginx is required whenever PostgreSQL is (CI): without the binary the tests fail (NGINX_PATH names another one).
 */

const instances: { app: FastifyInstance; database: Database }[] = [];
const sockets: Socket[] = [];
let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
let proxy: RunningNginx;
/** Guest order requests each instance received (its own count: nginx decides which one gets a request). */
const orderHits = [0, 0];
/** The built web app the instances serve: one hashed asset is enough for nginx's cache. */
let webDist = '';
const ASSET = '/assets/app-5f3a9c.js';
let a: FastifyInstance;
let b: FastifyInstance;
let E: TestEatery;
let dish: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** A socket.io client like the web app's: WebSocket first, long-polling as the fallback. */
const connect = (url: string, opts: SocketOptions = {}) =>
  connectSocket(url, { transports: ['websocket', 'polling'], ...opts }, sockets);

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

/** A POST announcing `bytes` of body and sending none: nginx judges the size from Content-Length alone. */
function postHeadersOnly(url: string, bytes: number) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(bytes) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body });
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
  });
}

const guestMenu = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: `/api/client/eatery/${E.id}/table/${E.tableId}/menu` })).json() as {
    categories: { id: number }[];
  };

const METRICS_TOKEN = 'metrics-token-of-the-test';

if (!TEST_DATABASE_URL) {
  console.warn('multi-instance-proxy.test.ts: skipped: TEST_DATABASE_URL is not set (needs PostgreSQL)');
}

describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL behind nginx (deploy/nginx.conf)', () => {
  beforeAll(async () => {
    nginxBinary(); // fails at once, with how to install it, when nginx is missing
    webDist = mkdtempSync(join(tmpdir(), 'qr-menu-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>QR Menu</title><div id="root"></div>');
    writeFileSync(join(webDist, ASSET), 'console.log("qr menu")');
    shared = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: shared.url });
      // TRUST_PROXY=loopback, as deploy/nginx.conf asks for nginx on the same host.
      const config = testConfig({
        trustProxy: ['loopback'],
        webDist,
        guestPageWorkers: 0,
        metricsToken: METRICS_TOKEN,
      });
      instances.push({ app: await buildApp(config, database), database });
    }
    await Promise.all(instances.map(({ app }) => app.listen({ port: 0, host: '127.0.0.1' })));
    instances.forEach(({ app }, i) =>
      app.server.on('request', (req: http.IncomingMessage) => {
        if (req.method === 'POST' && /\/orders$/.test(req.url ?? '')) orderHits[i]++;
      }),
    );
    [a, b] = instances.map((i) => i.app);
    // The instances see each other once the adapters' heartbeats crossed (NOTIFY).
    await waitUntil('instances see each other', async () => {
      const counts = await Promise.all([a, b].map((app) => app.realtime.io!.of('/').adapter.serverCount()));
      return counts.every((n) => n === 2) || undefined;
    });
    proxy = await startNginx([a, b].map((app) => `127.0.0.1:${(app.server.address() as AddressInfo).port}`));
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
    if (webDist) rmSync(webDist, { recursive: true, force: true });
  });

  it('nginx -t accepts deploy/nginx.conf as committed', () => {
    const check = nginxCheck(NGINX_CONF);
    expect(check.output).toContain('test is successful');
    expect(check.status).toBe(0);
  });

  it('a staff socket through the proxy (WebSocket first) gets NEW_ORDER for each of 4 guest orders placed through it', async () => {
    const { socket, events } = await connect(proxy.url, { token: E.waiter.token });
    expect(socket.io.engine.transport.name).toBe('websocket');
    expect(await subscribe(socket, ordersTopic(E.id))).toEqual({ ok: true, topic: ordersTopic(E.id) });

    const before = [...orderHits];
    let cookie = '';
    const placed: number[] = [];
    for (let i = 0; i < 4; i++) {
      const order = await guestOrder(proxy.url, cookie);
      placed.push(order.id);
      cookie = order.cookie;
    }
    expect(cookie).toMatch(/^device_id=./);
    // The four orders were spread over both instances.
    expect(orderHits.map((n, i) => n - before[i])).toEqual([2, 2]);
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

  it('forwarded headers: QR links name the address the client used; a client cannot claim https', async () => {
    const res = await fetch(`${proxy.url}/api/eatery/${E.id}/table`, {
      headers: { ...bearer(E.owner.token), 'x-forwarded-proto': 'https', 'x-forwarded-host': 'elsewhere.example' },
    });
    expect(res.status).toBe(200);
    const [table] = (await res.json()) as { qrCodeDto: { content: string } }[];
    const expected = `${proxy.url}/client/eatery/${E.id}/table/`;
    expect(table.qrCodeDto.content.slice(0, expected.length)).toBe(expected);
  });

  it("request ids: the client's passes through nginx; without one, nginx's own reaches the instance", async () => {
    const mine = 'lb-test-0123456789';
    const passed = await fetch(`${proxy.url}/api/health/live`, { headers: { 'x-request-id': mine } });
    expect(passed.headers.get('x-request-id')).toBe(mine);
    // nginx's $request_id is 32 hex digits; the instance's own would be a UUID.
    const made = await fetch(`${proxy.url}/api/health/live`);
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('/metrics answers the scraper at an instance, never through nginx, even with the token', async () => {
    const auth = { authorization: `Bearer ${METRICS_TOKEN}` };
    expect((await fetch(`${urlOf(a)}/metrics`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${proxy.url}/metrics`, { headers: auth })).status).toBe(404);
  });

  it("/assets/ files are cached by nginx as the server's immutable Cache-Control allows; 404s are not", async () => {
    const first = await fetch(`${proxy.url}${ASSET}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('immutable');
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    await first.text();
    const hit = await waitUntil('a cache hit', async () => {
      const res = await fetch(`${proxy.url}${ASSET}`);
      return res.headers.get('x-cache-status') === 'HIT' ? res.text() : undefined;
    });
    expect(hit).toBe('console.log("qr menu")');
    for (let i = 0; i < 2; i++) {
      const missing = await fetch(`${proxy.url}/assets/missing-123.js`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-cache-status')).toBe('MISS');
    }
  });

  it("bodies: over 4 MB nginx answers 413 with the server's error body; the menu import takes more", async () => {
    const refused = await postHeadersOnly(`${proxy.url}/api/eatery/${E.id}/dish`, 5 * 1024 * 1024);
    expect(refused.status).toBe(413);
    expect(refused.type).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({
      messageKey: 'bodyTooLarge',
      message: ERROR_MESSAGES.bodyTooLarge,
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The same 5 MB reach the instance on the import route (which refuses it for want of a login, not its size).
    const sent = await fetch(`${proxy.url}/api/eatery/${E.id}/menu-transfer/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(5 * 1024 * 1024),
    });
    expect(sent.status).toBe(401);
  });
});
