import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ordersTopic, orderTopic } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { categories } from '../src/db/schema.js';
import { openDatabase, type Database } from '../src/db/client.js';
import type { DataChange } from '../src/data-changes.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { realtimeAdapterKind } from '../src/plugins/realtime-adapter.js';
import { TEST_DATABASE_URL, bearer, createPostgresDatabase, testConfig, waitUntil } from './helper.js';
import { connectSocket, disconnection, subscribe } from './socket-client.js';
import { makeDish, makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';

/** How long a message may take to cross from instance to instance through Redis here. */
const WAIT_MS = 10_000;

/**
 * Two instances on one PostgreSQL database with the Redis streams adapter (REALTIME_ADAPTER=redis): the
 * cluster-wide paths of plugins/realtime.ts over Redis instead of LISTEN/NOTIFY. Order events, data changes and
 * `disconnectSockets` cross from A to B; losing the Redis connection is heard as 'everything changed'.
 */

const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

describe('which adapter the configuration picks', () => {
  it('Redis when REDIS_URL is set, unless REALTIME_ADAPTER says postgres; PostgreSQL without REDIS_URL', () => {
    expect(realtimeAdapterKind({})).toBe('postgres');
    expect(realtimeAdapterKind({ redisUrl: 'redis://127.0.0.1:6379' })).toBe('redis');
    expect(realtimeAdapterKind({ redisUrl: 'redis://127.0.0.1:6379', realtimeAdapter: 'postgres' })).toBe('postgres');
  });
});

if (!TEST_DATABASE_URL || !TEST_REDIS_URL) {
  console.warn('realtime-redis-adapter.test.ts: skipped: needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL');
}

describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)('two instances with the Redis streams adapter', () => {
  const instances: { app: FastifyInstance; database: Database }[] = [];
  const sockets: Socket[] = [];
  let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let E: TestEatery;
  let dish: number;
  /** What B's change listeners heard from other instances. */
  const heardOnB: DataChange[] = [];

  const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const connect = (app: FastifyInstance, opts: { token?: string; cookie?: string }) =>
    connectSocket(urlOf(app), opts, sockets);

  async function instance(overrides: Partial<AppConfig>) {
    const database = await openDatabase({ databaseUrl: shared!.url });
    const app = await buildApp(
      testConfig({ redisUrl: TEST_REDIS_URL, realtimeAdapter: 'redis', ...overrides }),
      database,
    );
    instances.push({ app, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  /** A staff order placed on `app`; its id. */
  async function placeOrder(app: FastifyInstance) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/eatery/${E.id}/orders`,
      headers: bearer(E.cashier.token),
      payload: { tableId: E.tableId, items: [{ dishId: dish, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  }

  beforeAll(async () => {
    // TEST_REDIS_URL is set: a Redis that does not answer is a failure, not a reason to skip.
    const probe = new Redis(TEST_REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000 });
    probe.on('error', () => {}); // the connect() below rejects with it
    try {
      await probe.connect();
      expect(await probe.ping()).toBe('PONG');
    } catch (err) {
      throw new Error(`no Redis answers at TEST_REDIS_URL=${TEST_REDIS_URL}`, { cause: err });
    } finally {
      probe.disconnect();
    }
    shared = await createPostgresDatabase();
    a = await instance({});
    b = await instance({});
    b.realtime.onDataChange((change, madeHere) => {
      if (!madeHere) heardOnB.push(change);
    });
    E = await makeEatery(a);
    dish = await makeDish(a, E, { price: '2.50' });
  });

  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.drop();
  });

  it('both instances hear each other once ready', async () => {
    expect(a.realtime.remoteChangesHeard).toBe(true);
    expect(b.realtime.remoteChangesHeard).toBe(true);
    expect(await b.realtime.io!.of('/').adapter.serverCount()).toBe(2);
  });

  it('a staff socket on B gets NEW_ORDER for an order placed on A; the guest socket on B its own order only', async () => {
    const staff = await connect(b, { token: E.waiter.token });
    expect((await subscribe(staff.socket, ordersTopic(E.id))).ok).toBe(true);
    const device = newDeviceId();
    const guestOrder = await a.inject({
      method: 'POST',
      url: `/api/client/eatery/${E.id}/table/${E.tableId}/orders`,
      cookies: { device_id: device },
      headers: { 'idempotency-key': `redis-${device}` },
      payload: { items: [{ dishId: dish, quantity: 1 }] },
    });
    expect(guestOrder.statusCode).toBe(201);
    const guest = await connect(b, { cookie: `device_id=${device}` });
    expect((await subscribe(guest.socket, orderTopic(guestOrder.json().id))).ok).toBe(true);

    const order = await placeOrder(a);
    const event = await waitUntil('NEW_ORDER on B', () => staff.events.find((e) => e.orderId === order.id), WAIT_MS);
    expect(event).toEqual({ type: 'NEW_ORDER', orderId: order.id, status: 'CREATED', version: 0, order });

    // The guest's own order changes on A: its socket on B hears that, and nothing of the other order.
    const put = await a.inject({
      method: 'PUT',
      url: `/api/eatery/${E.id}/orders/${guestOrder.json().id}`,
      headers: bearer(E.cashier.token),
      payload: { status: 'PREPARING' },
    });
    expect(put.statusCode).toBe(200);
    await waitUntil(
      'ORDER_UPDATED on the guest socket',
      () => guest.events.some((e) => e.type === 'ORDER_UPDATED' && e.orderId === guestOrder.json().id),
      WAIT_MS,
    );
    expect(guest.events.every((e) => e.orderId === guestOrder.json().id)).toBe(true);
  });

  it("a data change on A reaches B's caches (the guest menu B cached is read again)", async () => {
    const [second] = await a.db
      .insert(categories)
      .values({ eateryId: E.id, nameAz: 'İçkilər', nameEn: 'Drinks', nameRu: 'Напитки' })
      .returning({ id: categories.id });
    await makeDish(a, { id: E.id, categoryId: second.id }, { price: '1.00', nameEn: 'Tea' });
    b.menuCache.invalidate(E.id); // the inserts above bypassed the API
    const guestMenu = async () =>
      (
        (await b.inject({ method: 'GET', url: `/api/client/eatery/${E.id}/table/${E.tableId}/menu` })).json() as {
          categories: { id: number }[];
        }
      ).categories.map((c) => c.id);
    const order = await guestMenu();
    expect(order).toHaveLength(2);
    expect(b.menuCache.local.size).toBeGreaterThan(0); // B serves it from its cache now

    const reorder = await a.inject({
      method: 'PUT',
      url: `/api/eatery/${E.id}/category/order`,
      headers: bearer(E.owner.token),
      payload: { categoryIds: [...order].reverse() },
    });
    expect(reorder.statusCode).toBe(200);
    await waitUntil(
      'B heard the menu change',
      () => heardOnB.some((c) => c.kind === 'menu' && c.eateryId === E.id),
      WAIT_MS,
    );
    expect(await guestMenu()).toEqual([...order].reverse());
  });

  it("endUserSessions on A disconnects the user's socket on B", async () => {
    const staff = await makeStaff(a, E.id, ['WAITER']);
    const { socket } = await connect(b, { token: staff.token });
    expect((await subscribe(socket, ordersTopic(E.id))).ok).toBe(true);
    const reason = disconnection(socket, 10_000);
    a.realtime.endUserSessions(staff.userId);
    expect(await reason).toBe('io server disconnect');
  });

  it("a lost Redis connection is heard as 'everything changed'; events cross again once it is back", async () => {
    const admin = new Redis(TEST_REDIS_URL!);
    try {
      // The adapter's connections of both instances (named after their database); other clients of this Redis stay.
      const list = (await admin.client('LIST')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(' name=qrmenu-realtime:') && line.includes(`/${shared!.name} `))
        .map((line) => /\bid=(\d+)/.exec(line)![1]);
      expect(ids).toHaveLength(6); // 3 per instance: publish, subscribe, read the stream
      for (const id of ids) await admin.client('KILL', 'ID', id);
    } finally {
      admin.disconnect();
    }
    await waitUntil("B heard 'everything'", () => heardOnB.some((c) => c.kind === 'everything'), WAIT_MS);
    await waitUntil('both hear again', () => a.realtime.remoteChangesHeard && b.realtime.remoteChangesHeard, WAIT_MS);

    const staff = await connect(b, { token: E.kitchen.token });
    expect((await subscribe(staff.socket, ordersTopic(E.id))).ok).toBe(true);
    const order = await placeOrder(a);
    await waitUntil(
      'NEW_ORDER on B after the reconnect',
      () => staff.events.some((e) => e.orderId === order.id),
      WAIT_MS,
    );
  });

  it('remoteChangesHeard is false while the Redis of the adapter cannot be reached', async () => {
    // Port 1 on loopback: nothing listens there, the connection is refused over and over.
    const cut = await instance({ redisUrl: 'redis://127.0.0.1:1' });
    expect(cut.realtime.remoteChangesHeard).toBe(false);
    expect(a.realtime.remoteChangesHeard).toBe(true);
  });
});
