import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CALL_EVENT,
  ORDER_EVENT,
  SOCKET_SUBSCRIBE_ERROR,
  SOCKET_UNSUBSCRIBE,
  callTopic,
  orderTopic,
  ordersTopic,
  type CallEvent,
  type GuestCall,
  type OrderEvent,
  type SubscribeAck,
} from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { orderItems } from '../src/db/schema.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { TEST_DATABASE_URL, bearer, createPostgresDatabase, setupApp, testConfig } from './helper.js';
import { connectSocket, disconnection, subscribe, type SocketOptions } from './socket-client.js';
import {
  currentTokenFor,
  makeDish,
  makeEatery,
  makeStaff,
  makeUser,
  tokenFor,
  type TestEatery,
} from './orders-fixtures.js';

const ctx = setupApp();
let baseUrl: string;
let A: TestEatery;
let B: TestEatery;
let dish: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  dish = await makeDish(ctx.app, A, { price: '3.00' });
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const connect = (url: string, opts: SocketOptions = {}) => connectSocket(url, opts, sockets);

/** Waits until `events` holds an event matching `pred`. */
async function waitFor(events: OrderEvent[], pred: (e: OrderEvent) => boolean, ms = 5000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const found = events.find(pred);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `events` holds a call event matching `pred`. */
async function waitForCall<E>(events: E[], pred: (e: E) => boolean, ms = 10000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const found = events.find(pred);
    if (found) return found;
    await sleep(20);
  }
  throw new Error(`no matching call event within ${ms} ms; got ${JSON.stringify(events)}`);
}

/** The login e-mail of a member, as the users API lists it. */
async function usernameOf(app: FastifyInstance, e: TestEatery, userId: number) {
  const res = await app.inject({ method: 'GET', url: `/api/eatery/${e.id}/user`, headers: bearer(e.owner.token) });
  return (res.json() as { id: number; username: string }[]).find((u) => u.id === userId)!.username;
}

async function createOrder(app: FastifyInstance, e: TestEatery, token = e.waiter.token) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(token),
    payload: { tableId: e.tableId, items: [{ dishId: dish, quantity: 1 }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

describe('realtime at /api/ws', () => {
  it('a member subscribed to the restaurant topic receives NEW_ORDER, ORDER_UPDATED and ORDER_DELETED', async () => {
    const { socket, events } = await connect(baseUrl, { token: A.kitchen.token });
    expect(await subscribe(socket, ordersTopic(A.id))).toEqual({ ok: true, topic: ordersTopic(A.id) });

    const order = await createOrder(ctx.app, A);
    // The event carries the order as GET /orders/{id} shows it.
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/orders/${order.id}`,
      headers: bearer(A.owner.token),
    });
    expect(await waitFor(events, (e) => e.type === 'NEW_ORDER')).toEqual({
      type: 'NEW_ORDER',
      orderId: order.id,
      status: 'CREATED',
      version: 0,
      order: shown.json(),
    });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}/orders/${order.id}`,
      headers: bearer(A.cashier.token),
      payload: { status: 'PREPARING' },
    });
    expect(put.statusCode).toBe(200);
    expect(await waitFor(events, (e) => e.type === 'ORDER_UPDATED')).toEqual({
      type: 'ORDER_UPDATED',
      orderId: order.id,
      status: 'PREPARING',
      version: 1,
      order: put.json(),
    });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${order.id}`,
      headers: bearer(A.owner.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await waitFor(events, (e) => e.type === 'ORDER_DELETED')).toEqual({
      type: 'ORDER_DELETED',
      orderId: order.id,
      status: 'PREPARING',
    });
    expect(events).toHaveLength(3);
  });

  it('events close together reach a screen in one message, each event once, also when it follows one order', async () => {
    const { socket } = await connect(baseUrl, { token: A.kitchen.token });
    const messages: OrderEvent[][] = [];
    socket.on(ORDER_EVENT, (...batch: OrderEvent[]) => messages.push(batch));
    expect((await subscribe(socket, ordersTopic(A.id))).ok).toBe(true);
    const order = await createOrder(ctx.app, A);
    // Also in the topic of the order: it still gets every event once.
    expect((await subscribe(socket, orderTopic(order.id))).ok).toBe(true);
    await vi.waitFor(() => expect(messages.flat().map((e) => e.orderId)).toContain(order.id));
    messages.length = 0;

    const deleted = (orderId: number): OrderEvent => ({ type: 'ORDER_DELETED', orderId, status: 'CREATED' });
    for (const id of [order.id, order.id + 1000, order.id + 2000]) ctx.app.realtime.emitOrderEvent(A.id, deleted(id));
    ctx.app.realtime.emitOrderEvent(B.id, deleted(order.id + 3000));
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0));
    // A later event comes in a message of its own, after anything still owed from the first batch.
    ctx.app.realtime.emitOrderEvent(A.id, deleted(order.id + 4000));
    await vi.waitFor(() => expect(messages.flat().map((e) => e.orderId)).toContain(order.id + 4000));
    expect(messages).toEqual([
      [deleted(order.id), deleted(order.id + 1000), deleted(order.id + 2000)],
      [deleted(order.id + 4000)],
    ]);
  });

  it('a non-member cannot subscribe and receives nothing; other restaurants’ events do not leak', async () => {
    const outsider = tokenFor(ctx.app, await makeUser(ctx.app, 'outsider'));
    const { socket: stranger, events: strangerEvents } = await connect(baseUrl, { token: outsider });
    const refusals: SubscribeAck[] = [];
    stranger.on(SOCKET_SUBSCRIBE_ERROR, (a: SubscribeAck) => refusals.push(a));
    const refused = await subscribe(stranger, ordersTopic(A.id));
    expect(refused).toEqual({ ok: false, topic: ordersTopic(A.id), messageKey: 'notYourResource' });
    expect(refusals).toEqual([refused]);
    // B's staff may subscribe to B only.
    const { socket: bStaff, events: bEvents } = await connect(baseUrl, { token: B.waiter.token });
    expect((await subscribe(bStaff, ordersTopic(A.id))).ok).toBe(false);
    expect((await subscribe(bStaff, ordersTopic(B.id))).ok).toBe(true);
    expect((await subscribe(bStaff, '/topic/anything')).ok).toBe(false);
    expect((await subscribe(bStaff, 42 as unknown as string)).ok).toBe(false);

    const { socket: member, events } = await connect(baseUrl, { token: A.owner.token });
    expect((await subscribe(member, ordersTopic(A.id))).ok).toBe(true);
    const order = await createOrder(ctx.app, A);
    await waitFor(events, (e) => e.orderId === order.id);
    // B's next event reaches B's staff after anything of A's would have; the stranger's answer to a request comes
    // after anything sent to it before.
    const marker: OrderEvent = { type: 'ORDER_DELETED', orderId: order.id + 1000, status: 'CREATED' };
    ctx.app.realtime.emitOrderEvent(B.id, marker);
    await waitFor(bEvents, (e) => e.orderId === marker.orderId);
    await subscribe(stranger, ordersTopic(A.id));
    expect(strangerEvents).toEqual([]);
    expect(bEvents).toEqual([marker]);
  });

  it('refuses a connection without a token or with a bad one', async () => {
    await expect(connect(baseUrl)).rejects.toThrow('jwtInvalid');
    await expect(connect(baseUrl, { token: 'not.a.token' })).rejects.toThrow('jwtInvalid');
    const expired = tokenFor(ctx.app, A.owner.userId).split('.');
    expired[1] = Buffer.from(JSON.stringify({ sub: A.owner.userId, eid: null, iat: 1, exp: 2 })).toString('base64url');
    await expect(connect(baseUrl, { token: expired.join('.') })).rejects.toThrow('jwtInvalid');
  });

  it('unsubscribe stops the events', async () => {
    const { socket, events } = await connect(baseUrl, { token: A.waiter.token });
    expect((await subscribe(socket, ordersTopic(A.id))).ok).toBe(true);
    const first = await createOrder(ctx.app, A);
    await waitFor(events, (e) => e.orderId === first.id);
    await socket.timeout(5000).emitWithAck(SOCKET_UNSUBSCRIBE, ordersTopic(A.id));

    const { socket: other, events: otherEvents } = await connect(baseUrl, { token: A.owner.token });
    expect((await subscribe(other, ordersTopic(A.id))).ok).toBe(true);
    const second = await createOrder(ctx.app, A);
    await waitFor(otherEvents, (e) => e.orderId === second.id);
    // The answer to a request comes after anything the server sent the socket before it.
    await socket.timeout(5000).emitWithAck(SOCKET_UNSUBSCRIBE, ordersTopic(A.id));
    expect(events.map((e) => e.orderId)).toEqual([first.id]);
  });

  it('a guest follows its own order by its device_id cookie, never another device’s order', async () => {
    const service = ctx.app.services.orderCommands;
    const { socket: watcher, events: seen } = await connect(baseUrl, { token: A.owner.token });
    expect((await subscribe(watcher, ordersTopic(A.id))).ok).toBe(true);
    const mine = (
      await service.placeOrder(A.id, A.tableId, [{ dishId: dish, quantity: 1 }], null, {
        deviceId: 'guest-device-1',
        guest: true,
      })
    ).order;
    const theirs = (
      await service.placeOrder(A.id, A.tableId, [{ dishId: dish, quantity: 1 }], null, {
        deviceId: 'guest-device-2',
        guest: true,
      })
    ).order;
    // The NEW_ORDER events (sent after ORDER_EVENT_BATCH_MS) go before the guest subscribes.
    await waitFor(seen, (e) => e.orderId === theirs.id);

    const { socket: guest, events } = await connect(baseUrl, { cookie: 'lang=az; device_id=guest-device-1' });
    expect(await subscribe(guest, orderTopic(mine.id))).toEqual({ ok: true, topic: orderTopic(mine.id) });
    expect((await subscribe(guest, orderTopic(theirs.id))).ok).toBe(false);
    expect((await subscribe(guest, orderTopic(999999))).ok).toBe(false);
    expect((await subscribe(guest, ordersTopic(A.id))).ok).toBe(false);
    // Staff of the restaurant may follow one order too; staff of another restaurant may not.
    const { socket: staff } = await connect(baseUrl, { token: A.kitchen.token });
    expect((await subscribe(staff, orderTopic(theirs.id))).ok).toBe(true);
    const { socket: bStaff } = await connect(baseUrl, { token: B.owner.token });
    expect((await subscribe(bStaff, orderTopic(mine.id))).ok).toBe(false);

    for (const id of [theirs.id, mine.id]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${A.id}/orders/${id}`,
        headers: bearer(A.owner.token),
        payload: { status: 'READY' },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await waitFor(events, (e) => e.orderId === mine.id)).toMatchObject({
      type: 'ORDER_UPDATED',
      orderId: mine.id,
      status: 'READY',
      order: { id: mine.id, status: 'READY' },
    });
    // Their order's READY was sent before mine (and the guest's answer to a request comes after both).
    await subscribe(guest, orderTopic(mine.id));
    expect(events).toHaveLength(1);
  });
});

/**
 * Two server instances on one PostgreSQL database: an order created through instance B reaches a socket connected
 * to instance A (through @socket.io/postgres-adapter, LISTEN/NOTIFY).
 */
describe('realtime: staff who lose access', () => {
  it('a user removed from the restaurant loses every socket at once and cannot subscribe again', async () => {
    const gone = await makeStaff(ctx.app, A.id, ['WAITER']);
    const first = await connect(baseUrl, { token: gone.token });
    const second = await connect(baseUrl, { token: gone.token });
    const bystander = await connect(baseUrl, { token: A.kitchen.token });
    for (const s of [first, second, bystander]) expect((await subscribe(s.socket, ordersTopic(A.id))).ok).toBe(true);

    const reasons = Promise.all([disconnection(first.socket), disconnection(second.socket)]);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/user/${gone.userId}`,
      headers: bearer(A.owner.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);

    const order = await createOrder(ctx.app, A);
    await waitFor(bystander.events, (e) => e.orderId === order.id);
    expect(bystander.socket.connected).toBe(true);
    expect([...first.events, ...second.events].filter((e) => e.orderId === order.id)).toEqual([]);
    // The session ended with the membership: its token no longer connects.
    await expect(connect(baseUrl, { token: gone.token })).rejects.toThrow('jwtInvalid');
  });

  it('deleting the restaurant disconnects every socket watching its orders; another restaurant’s stay', async () => {
    const doomed = await makeEatery(ctx.app, { name: 'Closing down' });
    const owner = await connect(baseUrl, { token: doomed.owner.token });
    const waiter = await connect(baseUrl, { token: doomed.kitchen.token });
    const elsewhere = await connect(baseUrl, { token: A.kitchen.token });
    for (const s of [owner, waiter]) expect((await subscribe(s.socket, ordersTopic(doomed.id))).ok).toBe(true);
    expect((await subscribe(elsewhere.socket, ordersTopic(A.id))).ok).toBe(true);

    const reasons = Promise.all([disconnection(owner.socket), disconnection(waiter.socket)]);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${doomed.id}`,
      headers: bearer(doomed.owner.token),
    });
    expect(del.statusCode).toBe(204);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
    expect(elsewhere.socket.connected).toBe(true);
  });

  it('taking a role away ends the user’s sessions and disconnects their sockets (a new session subscribes); adding one does not', async () => {
    const staff = await makeStaff(ctx.app, A.id, ['WAITER', 'CASHIER']);
    const username = await usernameOf(ctx.app, A, staff.userId);
    const put = (roles: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${A.id}/user/${staff.userId}`,
        headers: bearer(A.owner.token),
        payload: { username, name: null, password: null, phones: null, roles },
      });
    const { socket } = await connect(baseUrl, { token: staff.token });
    expect((await subscribe(socket, ordersTopic(A.id))).ok).toBe(true);

    expect((await put(['WAITER', 'CASHIER', 'KITCHEN_ADMIN'])).statusCode).toBe(200);
    // Sessions end before the answer (as the removal below shows); the socket still answers a request after it.
    expect((await subscribe(socket, ordersTopic(A.id))).ok).toBe(true);
    expect(socket.connected).toBe(true);

    const reason = disconnection(socket);
    expect((await put(['WAITER'])).statusCode).toBe(200);
    expect(await reason).toBe('io server disconnect');
    // Their session ended with the role: the old token is refused; a token of their next session subscribes.
    await expect(connect(baseUrl, { token: staff.token })).rejects.toThrow('jwtInvalid');
    const again = await connect(baseUrl, { token: await currentTokenFor(ctx.app, staff.userId, A.id) });
    expect((await subscribe(again.socket, ordersTopic(A.id))).ok).toBe(true);
  });
});

describe('realtime across instances (PostgreSQL)', () => {
  if (!TEST_DATABASE_URL) {
    console.warn('realtime.test.ts: two-instance test skipped: TEST_DATABASE_URL is not set (needs PostgreSQL)');
  }
  const instances: { app: FastifyInstance; database: Database }[] = [];
  let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.drop();
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'a socket on instance A receives the event caused by an HTTP call on instance B',
    async () => {
      shared = await createPostgresDatabase();
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ databaseUrl: shared.url });
        const app = await buildApp(testConfig(), database);
        instances.push({ app, database });
      }
      // Start both at once, as two servers of one deployment would (both create socket_io_attachments).
      await Promise.all(instances.map(({ app }) => app.listen({ port: 0, host: '127.0.0.1' })));
      const [a, b] = instances.map((i) => i.app);

      // Wait until the instances see each other (adapter heartbeats over NOTIFY).
      const start = Date.now();
      for (;;) {
        const counts = await Promise.all([a, b].map((app) => app.realtime.io!.of('/').adapter.serverCount()));
        if (counts.every((n) => n === 2)) break;
        if (Date.now() - start > 15000) throw new Error(`instances do not see each other: ${counts}`);
        await sleep(100);
      }

      const E = await makeEatery(a);
      const d = await makeDish(a, E, { price: '1.50' });
      const port = (a.server.address() as AddressInfo).port;
      const { socket, events } = await connect(`http://127.0.0.1:${port}`, { token: E.waiter.token });
      expect((await subscribe(socket, ordersTopic(E.id))).ok).toBe(true);

      const res = await b.inject({
        method: 'POST',
        url: `/api/eatery/${E.id}/orders`,
        headers: bearer(E.cashier.token),
        payload: { tableId: E.tableId, items: [{ dishId: d, quantity: 2 }] },
      });
      expect(res.statusCode).toBe(201);
      expect(await waitFor(events, (e) => e.orderId === res.json().id, 10000)).toEqual({
        type: 'NEW_ORDER',
        orderId: res.json().id,
        status: 'CREATED',
        version: 0,
        order: res.json(),
      });

      // An order far over PostgreSQL's 8000-byte NOTIFY limit (99 items with long notes, ~60 KB of JSON) crosses
      // too: the adapter passes it through its attachment table.
      const big = res.json().id as number;
      const notes = Array.from({ length: 98 }, (_, i) => `${i}: ${'без лука, pas de sel, soğansız. '.repeat(15)}`);
      await a.db
        .insert(orderItems)
        .values(notes.map((note) => ({ orderId: big, dishId: d, name: 'Dish', price: '1.50', quantity: 1, note })));
      const put = await b.inject({
        method: 'PUT',
        url: `/api/eatery/${E.id}/orders/${big}`,
        headers: bearer(E.cashier.token),
        payload: { status: 'PREPARING' },
      });
      expect(put.statusCode).toBe(200);
      expect(JSON.stringify(put.json()).length).toBeGreaterThan(50_000);
      const updated = await waitFor(events, (e) => e.orderId === big && e.type === 'ORDER_UPDATED', 10000);
      expect(updated).toEqual({
        type: 'ORDER_UPDATED',
        orderId: big,
        status: 'PREPARING',
        version: 1,
        order: put.json(),
      });
    },
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'a call from the table made on instance B reaches staff and the guest on instance A',
    async () => {
      expect(instances).toHaveLength(2); // set up by the first test
      const [a, b] = instances.map((i) => i.app);
      const E = await makeEatery(a);
      const url = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
      const staff = await connect(url, { token: E.waiter.token });
      const staffCalls: CallEvent[] = [];
      staff.socket.on(CALL_EVENT, (e: CallEvent) => staffCalls.push(e));
      expect((await subscribe(staff.socket, ordersTopic(E.id))).ok).toBe(true);

      const device = newDeviceId();
      const made = await b.inject({
        method: 'POST',
        url: `/api/client/eatery/${E.id}/table/${E.tableId}/calls`,
        cookies: { device_id: device },
        payload: { kind: 'WAITER' },
      });
      expect(made.statusCode).toBe(201);
      const callId = made.json().id as number;
      await waitForCall(staffCalls, (e) => e.type === 'CALL_CREATED' && e.call.id === callId);

      const guest = await connect(url, { cookie: `device_id=${device}` });
      const guestCalls: CallEvent<GuestCall>[] = [];
      guest.socket.on(CALL_EVENT, (e: CallEvent<GuestCall>) => guestCalls.push(e));
      expect((await subscribe(guest.socket, callTopic(callId))).ok).toBe(true);
      const ack = await b.inject({
        method: 'POST',
        url: `/api/eatery/${E.id}/calls/${callId}/acknowledge`,
        headers: bearer(E.cashier.token),
      });
      expect(ack.statusCode).toBe(200);
      await waitForCall(staffCalls, (e) => e.type === 'CALL_UPDATED' && e.call.acknowledgedBy === 'cashier');
      const update = await waitForCall(guestCalls, (e) => e.type === 'CALL_UPDATED');
      expect(update.call).toMatchObject({ id: callId, status: 'ACKNOWLEDGED' });
    },
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'survives a killed LISTEN connection of the adapter and carries events again once it reconnects',
    async () => {
      expect(instances).toHaveLength(2); // set up by the test above
      const [a, b] = instances.map((i) => i.app);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = $1 AND query ILIKE 'LISTEN "socket.io%'`,
          [shared!.name],
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      } finally {
        await admin.end();
      }
      // Before the fix this killed the process (an 'error' event with no listener).
      const E = await makeEatery(a);
      const d = await makeDish(a, E, { price: '2.00' });
      const port = (a.server.address() as AddressInfo).port;
      const { socket, events } = await connect(`http://127.0.0.1:${port}`, { token: E.waiter.token });
      expect((await subscribe(socket, ordersTopic(E.id))).ok).toBe(true);
      // The adapter reconnects after 1-3 s; keep creating orders on B until one reaches A.
      const start = Date.now();
      const placed: number[] = [];
      for (;;) {
        const res = await b.inject({
          method: 'POST',
          url: `/api/eatery/${E.id}/orders`,
          headers: bearer(E.cashier.token),
          payload: { tableId: E.tableId, items: [{ dishId: d, quantity: 1 }] },
        });
        expect(res.statusCode).toBe(201);
        placed.push(res.json().id);
        await sleep(500);
        if (events.some((e) => e.type === 'NEW_ORDER' && placed.includes(e.orderId))) break;
        if (Date.now() - start > 15000) throw new Error('no event across instances after the reconnect');
      }
    },
  );
});
