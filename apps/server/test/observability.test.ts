import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, REQUEST_ID_HEADER } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, openTestDatabase, randomIp, testConfig } from './helper.js';
import { freePort } from './server-process.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * What an operator watches: /metrics (token or own port, never public), request ids from the log line to the error
 * body, pretty logs only at a terminal, and load shedding that keeps the service's own routes answering.
 */

const TOKEN = 'metrics-token-0123456789';
const apps: FastifyInstance[] = [];

async function appWith(overrides: Parameters<typeof testConfig>[0]) {
  const app = await buildApp(testConfig({ rateLimits: false, ...overrides }), await openTestDatabase());
  await app.ready();
  apps.push(app);
  return app;
}
afterAll(async () => {
  for (const app of apps) await app.close();
});

function placeOrder(app: FastifyInstance, E: TestEatery, dishId: number) {
  return app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(E.id, E.tableId),
    remoteAddress: randomIp(),
    cookies: { device_id: newDeviceId() },
    payload: { items: [{ dishId, quantity: 1 }] },
  });
}

/** The value of one sample line of the exposition text, e.g. `orders_placed_total`; undefined when absent. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('/metrics', () => {
  let app: FastifyInstance;
  let E: TestEatery;
  let soup: number;
  let soldOut: number;

  beforeAll(async () => {
    app = await appWith({ metricsToken: TOKEN });
    E = await makeEatery(app);
    soup = await makeDish(app, E, { price: '4.50', nameEn: 'Soup' });
    soldOut = await makeDish(app, E, { price: '2.00', nameEn: 'Sold out', available: false });
  });

  it('answers 404 without the token or with a wrong one, and never as the web app page', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${TOKEN}x` }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('notFound');
    }
  });

  it('shows orders placed and refused, route latencies, the fan-out, caches and the process after orders', async () => {
    for (let i = 0; i < 3; i++) expect((await placeOrder(app, E, soup)).statusCode).toBe(201);
    const refused = await placeOrder(app, E, soldOut);
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const reason = refused.json().messageKey as string;
    // The guest menu twice: built once, then found in the cache.
    for (let i = 0; i < 2; i++) {
      const menu = await app.inject({ method: 'GET', url: `/api/client/eatery/${E.id}/table/${E.tableId}/menu` });
      expect(menu.statusCode).toBe(200);
    }
    // Order events are delivered in batches a few ms later.
    await expect.poll(async () => sample(await scrape(), 'realtime_batch_events_count')).toBeGreaterThan(0);

    const text = await scrape();
    expect(sample(text, 'orders_placed_total')).toBe(3);
    expect(sample(text, `orders_refused_total{reason="${reason}"}`)).toBe(1);
    const route = '/api/client/eatery/:id/table/:tableId/orders';
    expect(sample(text, `http_request_duration_seconds_count{method="POST",route="${route}",status_code="201"}`)).toBe(
      3,
    );
    expect(sample(text, 'cache_lookups_total{cache="guest_menu",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cache_lookups_total{cache="guest_menu",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'print_jobs_waiting')).toBe(0);
    expect(sample(text, 'realtime_sockets{kind="staff"}')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toMatch(/^realtime_fanout_seconds_bucket\{le="0\.05"\} \d+$/m);
    // The pool exists on PostgreSQL only (CI runs these tests there).
    if (app.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'db_query_seconds_count')).toBeGreaterThan(0);
    } else {
      expect(text).not.toMatch(/^db_pool_connections\{/m);
    }
  });

  async function scrape() {
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return res.body;
  }
});

describe('/metrics on a port of its own', () => {
  it('answers there without a token, and not on the app port', async () => {
    const port = await freePort();
    const app = await appWith({ metricsPort: port });
    const own = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('request ids', () => {
  let app: FastifyInstance;
  let lines: Record<string, unknown>[];

  beforeAll(async () => {
    lines = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    // Development logs every request (tests do not).
    app = await appWith({ env: 'development', logLevel: 'info', logStream });
  });
  afterEach(() => (lines = []));

  it('an error body carries the id of its log lines, and the response header says it too', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/eatery/999999/orders' });
    expect(res.statusCode).toBe(401);
    const id = res.json().requestId as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers[REQUEST_ID_HEADER]).toBe(id);
    const ofRequest = lines.filter((l) => l.reqId === id);
    expect(ofRequest.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it("honours a load balancer's id, and replaces one that could forge a log line or a header", async () => {
    const given = 'nginx-0af3c9d2e1b4';
    const res = await app.inject({ method: 'GET', url: '/api/nowhere', headers: { [REQUEST_ID_HEADER]: given } });
    expect(res.statusCode).toBe(404);
    expect(res.json().requestId).toBe(given);
    expect(res.headers[REQUEST_ID_HEADER]).toBe(given);
    for (const bad of ['short', 'has spaces in it', 'a"quote"and-more', 'x'.repeat(129)]) {
      const other = await app.inject({ method: 'GET', url: '/api/nowhere', headers: { [REQUEST_ID_HEADER]: bad } });
      expect(other.json().requestId).not.toBe(bad);
      expect(other.json().requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('ids differ from request to request', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++)
      ids.add((await app.inject({ method: 'GET', url: '/api/health/live' })).headers[REQUEST_ID_HEADER] as string);
    expect(ids.size).toBe(5);
  });
});

describe('log format', () => {
  it('pretty at a terminal, JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logPretty).toBe(true);
    expect(loadConfig({}, false).logPretty).toBe(false);
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logPretty).toBe(false);
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logPretty).toBe(true);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });
});

describe('load shedding', () => {
  let app: FastifyInstance;
  let E: TestEatery;
  let soup: number;

  beforeAll(async () => {
    // Any process holds more than 1 byte: always under pressure.
    app = await appWith({ pressureMaxRssBytes: 1 });
    E = await makeEatery(app);
    soup = await makeDish(app, E, { price: '4.50', nameEn: 'Soup' });
  });

  it('under pressure, reports and exports answer 503 with Retry-After and change nothing', async () => {
    const report = `/api/eatery/${E.id}/reports/day`;
    // The process's memory is sampled on a timer: the first sample after the start puts it under pressure.
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: report, headers: bearer(E.owner.token) })).statusCode)
      .toBe(503);
    for (const url of [
      `/api/eatery/${E.id}/reports/day`,
      `/api/eatery/${E.id}/reports/orders.csv`,
      `/api/eatery/${E.id}/audit`,
      `/api/eatery/${E.id}/menu-transfer/export`,
      `/api/eatery/${E.id}/table/${E.tableId}/qr.png`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(E.owner.token) });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.json(), url).toMatchObject({ messageKey: 'serviceUnavailable', requestId: expect.any(String) });
    }
  });

  it('health, order placement, the staff boards and the kitchen keep answering', async () => {
    // Under pressure by now (the test before waited for it).
    expect(
      (await app.inject({ method: 'GET', url: `/api/eatery/${E.id}/audit`, headers: bearer(E.owner.token) }))
        .statusCode,
    ).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    expect((await placeOrder(app, E, soup)).statusCode).toBe(201);
    for (const url of [`/api/eatery/${E.id}/orders`, `/api/eatery/${E.id}/kitchen`, `/api/eatery/${E.id}/calls`]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(E.owner.token) });
      expect(res.statusCode, url).not.toBe(503);
      expect(res.statusCode, url).toBeLessThan(300);
    }
  });
});
