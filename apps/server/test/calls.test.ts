import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_EVENT,
  callTopic,
  guestCallResponse,
  ordersTopic,
  staffCallResponse,
  type CallEvent,
  type GuestCall,
  type StaffCall,
} from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { tableCalls } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp, testConfig } from './helper.js';
import { connectSocket, subscribe } from './socket-client.js';
import { makeDish, makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';
import { eq } from 'drizzle-orm';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
});

/** A table of A of its own: one OPEN call per table and kind, so a test's calls do not meet another test's. */
let tableCount = 0;
const freshTable = (eateryId = A.id) => makeTable(ctx.app, eateryId, `calls-t${++tableCount}`);

const callsUrl = (eateryId: number, tableId: number | string) =>
  `/api/client/eatery/${eateryId}/table/${tableId}/calls`;

/** A guest phone: its device cookie (none until the server sets one) and its IP. */
class Guest {
  constructor(
    public device: string | null = newDeviceId(),
    public ip = randomIp(),
    private readonly app: () => FastifyInstance = () => ctx.app,
  ) {}

  async request(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const res = await this.app().inject({
      method,
      url,
      remoteAddress: this.ip,
      ...(this.device ? { cookies: { device_id: this.device } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const cookie = res.cookies.find((c) => c.name === 'device_id');
    if (cookie) this.device = cookie.value;
    return res;
  }

  call(body: unknown, opts: { eatery?: number; table?: number | string } = {}) {
    return this.request('POST', callsUrl(opts.eatery ?? A.id, opts.table ?? A.tableId), body);
  }

  async callOk(body: unknown = { kind: 'WAITER' }, table = A.tableId, eatery = A.id) {
    const res = await this.call(body, { table, eatery });
    expect(res.statusCode, res.body).toBe(201);
    return guestCallResponse.parse(res.json());
  }

  list(table = A.tableId, eatery = A.id) {
    return this.request('GET', callsUrl(eatery, table));
  }

  /** The cookie header of this device, for a socket. */
  get cookie() {
    return `device_id=${this.device}`;
  }
}

const staffList = (e: TestEatery, token = e.waiter.token) =>
  ctx.app.inject({ method: 'GET', url: `/api/eatery/${e.id}/calls`, headers: bearer(token) });
const acknowledge = (e: TestEatery, callId: number | string, token = e.waiter.token) =>
  ctx.app.inject({ method: 'POST', url: `/api/eatery/${e.id}/calls/${callId}/acknowledge`, headers: bearer(token) });

const acknowledgeWith = (e: TestEatery, callId: number, payload: object | string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/calls/${callId}/acknowledge`,
    headers: { ...bearer(e.waiter.token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

describe('guest calls', () => {
  it('creates a call (201, no-store, sets the device cookie) and answers a second one with the open call (200)', async () => {
    const g = new Guest(null);
    const res = await g.call({ kind: 'BILL', paymentMethod: 'CARD' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(g.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const call = guestCallResponse.parse(res.json());
    expect(call).toMatchObject({ kind: 'BILL', paymentMethod: 'CARD', status: 'OPEN', acknowledgedAt: null });
    expect(Date.parse(call.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const again = await g.call({ kind: 'BILL', paymentMethod: 'CASH' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(call);
    // Another kind, another table or another device is another call.
    const waiter = await g.callOk({ kind: 'WAITER', paymentMethod: 'CASH' });
    expect(waiter.id).not.toBe(call.id);
    expect(waiter.paymentMethod).toBeNull(); // only BILL calls keep a way to pay
    const table2 = await makeTable(ctx.app, A.id, 'calls-2');
    expect((await g.callOk({ kind: 'BILL' }, table2)).id).not.toBe(call.id);
    // Another device at the table joins the open call (calls-per-table.test.ts).
    const other = await new Guest().call({ kind: 'BILL' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(call);
  });

  it('two calls at the same moment make one call', async () => {
    const g = new Guest();
    const table = await freshTable();
    const [r1, r2] = await Promise.all([g.call({ kind: 'WAITER' }, { table }), g.call({ kind: 'WAITER' }, { table })]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 201]);
    expect(r1.json().id).toBe(r2.json().id);
    const rows = await ctx.app.db.select().from(tableCalls).where(eq(tableCalls.deviceId, g.device!));
    expect(rows).toHaveLength(1);
  });

  it('after an acknowledgement a new call of that kind is a new call', async () => {
    const g = new Guest();
    const table = await freshTable();
    const first = await g.callOk(undefined, table);
    expect((await acknowledge(A, first.id)).statusCode).toBe(200);
    const second = await g.callOk(undefined, table);
    expect(second.id).not.toBe(first.id);
  });

  it('lists this device’s calls at the table, newest first, with their status', async () => {
    const g = new Guest();
    const table = await freshTable();
    const waiter = await g.callOk({ kind: 'WAITER' }, table);
    const bill = await g.callOk({ kind: 'BILL', paymentMethod: 'CASH' }, table);
    await acknowledge(A, waiter.id);
    await new Guest().callOk(undefined, table); // another device's call is not listed
    const res = await g.list(table);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json() as GuestCall[];
    expect(list.map((c) => c.id)).toEqual([bill.id, waiter.id]);
    expect(list[1]).toMatchObject({ status: 'ACKNOWLEDGED' });
    expect(list[1].acknowledgedAt).not.toBeNull();
    expect(list[1]).not.toHaveProperty('acknowledgedBy');
    // A new device has no calls (and gets its cookie).
    const fresh = new Guest(null);
    expect((await fresh.list(table)).json()).toEqual([]);
    expect(fresh.device).not.toBeNull();
  });

  it('an inactive table refuses calls (409 tableInactive)', async () => {
    const inactive = await makeTable(ctx.app, A.id, 'calls-off', 'INACTIVE');
    const res = await new Guest().call({ kind: 'WAITER' }, { table: inactive });
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('tableInactive');
  });

  it('another restaurant’s table, an unknown table and a malformed id answer 404', async () => {
    const g = new Guest();
    for (const [eatery, table] of [
      [A.id, B.tableId],
      [B.id, A.tableId],
      [A.id, 99_999_999],
      [A.id, 'abc'],
      [A.id, '01'],
    ] as const) {
      const res = await g.call({ kind: 'WAITER' }, { eatery, table });
      expect(res.statusCode, `${eatery}/${table}`).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
      expect((await g.list(table as number, eatery)).statusCode).toBe(404);
    }
  });

  it('a bad kind or way to pay answers 400 and creates nothing', async () => {
    const g = new Guest();
    for (const [body, field, key] of [
      [{}, 'kind', 'validation.required'],
      [{ kind: 'CHEF' }, 'kind', 'validation.invalid'],
      [{ kind: 1 }, 'kind', 'validation.invalid'],
      [{ kind: 'BILL', paymentMethod: 'BITCOIN' }, 'paymentMethod', 'validation.invalid'],
    ] as const) {
      const res = await g.call(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toContainEqual({ field, messageKey: key });
    }
    expect((await g.list()).json()).toEqual([]);
  });
});

describe('staff', () => {
  it('any role lists the open calls oldest first, with the table number; acknowledging records who', async () => {
    const E = await makeEatery(ctx.app, { name: 'Staff calls' });
    const table2 = await makeTable(ctx.app, E.id, '7');
    const c1 = await new Guest().call({ kind: 'WAITER' }, { eatery: E.id, table: E.tableId });
    const c2 = await new Guest().call({ kind: 'BILL', paymentMethod: 'CASH' }, { eatery: E.id, table: table2 });
    const [id1, id2] = [c1.json().id as number, c2.json().id as number];
    for (const token of [E.owner.token, E.waiter.token, E.cashier.token, E.kitchen.token]) {
      const res = await staffList(E, token);
      expect(res.statusCode).toBe(200);
      const list = (res.json() as unknown[]).map((c) => staffCallResponse.parse(c));
      expect(list.map((c) => c.id)).toEqual([id1, id2]);
      expect(list[1]).toMatchObject({ tableId: table2, tableNumber: '7', eateryId: E.id, paymentMethod: 'CASH' });
    }

    const ack = await acknowledge(E, id1, E.kitchen.token);
    expect(ack.statusCode).toBe(200);
    const acked = staffCallResponse.parse(ack.json());
    expect(acked).toMatchObject({ id: id1, status: 'ACKNOWLEDGED', acknowledgedBy: 'kitchen_admin' });
    // Twice: the first acknowledger stays.
    const again = await acknowledge(E, id1, E.owner.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(acked);
    // The call takes no fields: `{}` is fine, anything else is refused.
    expect((await acknowledgeWith(E, id1, {})).statusCode).toBe(200);
    expect((await acknowledgeWith(E, id1, { status: 'OPEN' })).statusCode).toBe(400);
    expect((await acknowledgeWith(E, id1, 'x')).statusCode).toBe(400);
    // Acknowledged calls stay on the list for a while...
    expect((await staffList(E)).json().map((c: StaffCall) => c.status)).toEqual(['ACKNOWLEDGED', 'OPEN']);
    // ...and leave it after CALL_ACKNOWLEDGED_SHOWN_MINUTES.
    await ctx.app.db
      .update(tableCalls)
      .set({ acknowledgedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(tableCalls.id, id1));
    expect((await staffList(E)).json().map((c: StaffCall) => c.id)).toEqual([id2]);
  });

  it('401 without a token, 404 for another restaurant and its calls', async () => {
    const call = await new Guest().callOk(undefined, await freshTable());
    const noToken = await ctx.app.inject({ method: 'GET', url: `/api/eatery/${A.id}/calls` });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().messageKey).toBe('jwtInvalid');
    const noTokenAck = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/calls/${call.id}/acknowledge`,
    });
    expect(noTokenAck.statusCode).toBe(401);
    // B's staff: not a member of A; in its own restaurant, A's call does not exist.
    expect((await staffList(A, B.owner.token)).statusCode).toBe(404);
    expect((await acknowledge(A, call.id, B.owner.token)).statusCode).toBe(404);
    const foreign = await acknowledge(B, call.id, B.owner.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messageKey).toBe('notYourResource');
    expect((await acknowledge(A, 99_999_999)).statusCode).toBe(404);
    expect((await staffList(B, B.owner.token)).json().map((c: StaffCall) => c.id)).not.toContain(call.id);
    // Nothing changed.
    const [row] = await ctx.app.db.select().from(tableCalls).where(eq(tableCalls.id, call.id));
    expect(row.status).toBe('OPEN');
  });
});

describe('rate limits (10 calls a minute per device, 60 per IP)', () => {
  it('the 11th call of a device within a minute answers 429 with Retry-After; another device is not affected', async () => {
    const g = new Guest();
    // Invalid and repeated calls count too.
    for (let i = 0; i < 10; i++) {
      g.ip = randomIp();
      expect((await g.call(i % 2 ? { kind: 'WAITER' } : { kind: 'nope' })).statusCode).not.toBe(429);
    }
    g.ip = randomIp();
    const limited = await g.call({ kind: 'BILL' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().messageKey).toBe('tooManyRequests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Reading is not limited.
    expect((await g.list()).statusCode).toBe(200);
    expect((await new Guest().call({ kind: 'BILL' }, { table: await freshTable() })).statusCode).toBe(201);
  });

  it('the 61st call from one IP within a minute answers 429, whatever the device', async () => {
    const ip = randomIp();
    for (let i = 0; i < 60; i++) expect((await new Guest(newDeviceId(), ip).call({})).statusCode).toBe(400);
    expect((await new Guest(newDeviceId(), ip).call({ kind: 'WAITER' })).statusCode).toBe(429);
  });

  it('RATE_LIMITS=off disables them', async () => {
    const app = await buildApp(testConfig({ rateLimits: false }), ctx.database);
    await app.ready();
    try {
      const g = new Guest(newDeviceId(), randomIp(), () => app);
      for (let i = 0; i < 15; i++) expect((await g.call({})).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

/** A waiter's order of one dish at a table of `e`, and its payment in full (PUT status PAID, as a cashier). */
async function tableOrder(e: TestEatery, tableId = e.tableId) {
  const dishId = await makeDish(ctx.app, e, { price: '5.00' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(e.waiter.token),
    payload: { tableId, items: [{ dishId, quantity: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function payOrder(e: TestEatery, orderId: number) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${e.id}/orders/${orderId}`,
    headers: bearer(e.cashier.token),
    payload: { status: 'PAID' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a paid bill ends the guest’s bill calls', () => {
  it('open or acknowledged, a bill call at the paid table says when the bill was paid; other calls do not', async () => {
    const E = await makeEatery(ctx.app, { name: 'Paid bills' });
    const otherTable = await makeTable(ctx.app, E.id, 'paid-2');
    // g2's bill call is acknowledged before g asks for the bill (else g would join it).
    const g2 = new Guest();
    const onTheWay = await g2.callOk({ kind: 'BILL', paymentMethod: 'CARD' }, E.tableId, E.id);
    expect((await acknowledge(E, onTheWay.id)).statusCode).toBe(200);
    const g = new Guest();
    const open = await g.callOk({ kind: 'BILL', paymentMethod: 'CASH' }, E.tableId, E.id);
    const waiter = await g.callOk({ kind: 'WAITER' }, E.tableId, E.id);
    const g3 = new Guest();
    const elsewhere = await g3.callOk({ kind: 'BILL' }, otherTable, E.id);
    expect(open.billPaidAt).toBeNull();

    const orderId = await tableOrder(E);
    // Before the payment nothing is paid.
    expect(((await g.list(E.tableId, E.id)).json() as GuestCall[]).map((c) => c.billPaidAt)).toEqual([null, null]);
    await payOrder(E, orderId);

    const mine = new Map(((await g.list(E.tableId, E.id)).json() as GuestCall[]).map((c) => [c.id, c]));
    const paidBill = guestCallResponse.strict().parse(mine.get(open.id));
    // The open call was answered by the payment, and says so.
    expect(paidBill).toMatchObject({ status: 'ACKNOWLEDGED' });
    expect(Date.parse(paidBill.billPaidAt!)).toBeGreaterThanOrEqual(Date.parse(paidBill.createdAt));
    expect(mine.get(waiter.id)).toMatchObject({ kind: 'WAITER', billPaidAt: null });
    const [theirs] = (await g2.list(E.tableId, E.id)).json() as GuestCall[];
    expect(theirs.id).toBe(onTheWay.id);
    expect(theirs.billPaidAt).not.toBeNull();
    // Another table's bill is not paid; staff see no billPaidAt (they see the bill itself).
    expect((await g3.list(otherTable, E.id)).json()).toMatchObject([{ id: elsewhere.id, billPaidAt: null }]);
    const staff = (await staffList(E)).json() as StaffCall[];
    expect(staff.find((c) => c.id === elsewhere.id)).toMatchObject({ status: 'OPEN' });
    for (const c of staff) expect(c).not.toHaveProperty('billPaidAt');

    // A bill asked for after the payment is a new bill: not paid yet.
    const next = await g.callOk({ kind: 'BILL', paymentMethod: 'CARD' }, E.tableId, E.id);
    expect(next.billPaidAt).toBeNull();
    expect(((await g.list(E.tableId, E.id)).json() as GuestCall[])[0]).toMatchObject({ id: next.id, billPaidAt: null });
  });
});

describe('realtime', () => {
  let baseUrl: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  /** A socket recording its `calls` messages. */
  async function connect(opts: { token?: string; cookie?: string }) {
    const { socket } = await connectSocket(baseUrl, opts, sockets);
    const events: CallEvent<StaffCall | GuestCall>[] = [];
    socket.on(CALL_EVENT, (event: CallEvent<StaffCall | GuestCall>) => events.push(event));
    return { socket, events };
  }

  async function waitFor<E>(events: E[], pred: (e: E) => boolean, ms = 5000) {
    const start = Date.now();
    while (Date.now() - start < ms) {
      const found = events.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching event; got ${JSON.stringify(events)}`);
  }

  it('staff get CALL_CREATED and CALL_UPDATED; the guest follows its own call; another device is refused', async () => {
    const staff = await connect({ token: A.waiter.token });
    expect((await subscribe(staff.socket, ordersTopic(A.id))).ok).toBe(true);
    const otherStaff = await connect({ token: B.waiter.token });
    expect((await subscribe(otherStaff.socket, ordersTopic(B.id))).ok).toBe(true);

    const g = new Guest();
    const table = await makeTable(ctx.app, A.id, 'live-1');
    const call = await g.callOk({ kind: 'BILL', paymentMethod: 'CARD' }, table);
    const created = await waitFor(staff.events, (e) => e.type === 'CALL_CREATED' && e.call.id === call.id);
    expect(staffCallResponse.parse(created.call)).toMatchObject({ tableId: table, tableNumber: 'live-1' });

    const guest = await connect({ cookie: g.cookie });
    expect(await subscribe(guest.socket, callTopic(call.id))).toEqual({ ok: true, topic: callTopic(call.id) });
    const stranger = await connect({ cookie: new Guest().cookie });
    const refused = await subscribe(stranger.socket, callTopic(call.id));
    expect(refused).toEqual({ ok: false, topic: callTopic(call.id), messageKey: 'notYourResource' });
    // Staff follow calls on the restaurant's topic only.
    expect((await subscribe(staff.socket, callTopic(call.id))).ok).toBe(false);

    expect((await acknowledge(A, call.id)).statusCode).toBe(200);
    const updated = await waitFor(staff.events, (e) => e.type === 'CALL_UPDATED' && e.call.id === call.id);
    expect(updated.call).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: 'waiter' });
    const guestUpdate = await waitFor(guest.events, (e) => e.type === 'CALL_UPDATED');
    expect(guestCallResponse.strict().parse(guestUpdate.call)).toMatchObject({ id: call.id, status: 'ACKNOWLEDGED' });

    // A second acknowledgement changes nothing and sends nothing; the other restaurant and the stranger got nothing.
    await acknowledge(A, call.id, A.owner.token);
    // Call events are sent while the request is handled; each socket's answer to a request comes after them.
    await subscribe(staff.socket, ordersTopic(A.id));
    await subscribe(otherStaff.socket, ordersTopic(B.id));
    await subscribe(stranger.socket, callTopic(call.id));
    expect(staff.events.filter((e) => e.call.id === call.id).map((e) => e.type)).toEqual([
      'CALL_CREATED',
      'CALL_UPDATED',
    ]);
    expect(otherStaff.events).toEqual([]);
    expect(stranger.events).toEqual([]);
  });
  it('paying the bill tells the guest at once: open and acknowledged bill calls get CALL_UPDATED with billPaidAt', async () => {
    const E = await makeEatery(ctx.app, { name: 'Paid bills live' });
    const staff = await connect({ token: E.waiter.token });
    expect((await subscribe(staff.socket, ordersTopic(E.id))).ok).toBe(true);
    const g2 = new Guest();
    const acknowledged = await g2.callOk({ kind: 'BILL', paymentMethod: 'CARD' }, E.tableId, E.id);
    expect((await acknowledge(E, acknowledged.id)).statusCode).toBe(200);
    const g = new Guest();
    const open = await g.callOk({ kind: 'BILL', paymentMethod: 'CASH' }, E.tableId, E.id);
    const guest = await connect({ cookie: g.cookie });
    expect((await subscribe(guest.socket, callTopic(open.id))).ok).toBe(true);
    const guest2 = await connect({ cookie: g2.cookie });
    expect((await subscribe(guest2.socket, callTopic(acknowledged.id))).ok).toBe(true);

    await payOrder(E, await tableOrder(E));
    const answered = await waitFor(guest.events, (e) => e.type === 'CALL_UPDATED');
    expect(guestCallResponse.strict().parse(answered.call)).toMatchObject({ id: open.id, status: 'ACKNOWLEDGED' });
    expect((answered.call as GuestCall).billPaidAt).not.toBeNull();
    const settled = await waitFor(guest2.events, (e) => e.type === 'CALL_UPDATED');
    expect(guestCallResponse.strict().parse(settled.call)).toMatchObject({ id: acknowledged.id });
    expect((settled.call as GuestCall).billPaidAt).not.toBeNull();
    // Staff get the same calls without the guest's field.
    const staffEvent = await waitFor(staff.events, (e) => e.type === 'CALL_UPDATED' && e.call.id === open.id);
    expect(staffCallResponse.strict().parse(staffEvent.call)).toMatchObject({ status: 'ACKNOWLEDGED' });
  });
});
