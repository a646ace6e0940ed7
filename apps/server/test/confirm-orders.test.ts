import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_MESSAGES,
  GUEST_ROUTES,
  REJECTION_REASON_MAX,
  orderResponse,
  presetReason,
  rejectionReasonKey,
  orderTopic,
  type Order,
  type OrderEvent,
} from '@qr-menu/contract';
import { eateries, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { connectSocket, subscribe } from './socket-client.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * Staff confirm guest orders: new guest orders of such a restaurant start NEEDS_CONFIRMATION (staff
 * orders CREATED); the kitchen does not see them until a waiter, cashier or the owner accepts (→ CREATED) or
 * rejects them with a reason the guest sees (→ CANCELLED). Only from NEEDS_CONFIRMATION (else 409 orderClosed).
 */

const ctx = setupApp({ rateLimits: false });
let C: TestEatery; // confirms guest orders
let B: TestEatery; // another restaurant (does not confirm)
let dishC: number;
let dishB: number;
let baseUrl: string;
const sockets: Socket[] = [];

let device = newDeviceId();
const guestPlace = (e: TestEatery = C, dishId = dishC) =>
  ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(e.id, e.tableId),
    payload: { items: [{ dishId, quantity: 1 }] },
    remoteAddress: randomIp(),
    cookies: { device_id: device },
  });
async function guestOrder(e: TestEatery = C, dishId = dishC): Promise<Order> {
  const res = await guestPlace(e, dishId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}
const staff = (token: string, method: 'GET' | 'POST' | 'PUT', rest: string, payload?: unknown, eateryId = C.id) =>
  ctx.app.inject({
    method,
    url: `/api/eatery/${eateryId}${rest}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const accept = (token: string, orderId: number, eateryId = C.id) =>
  staff(token, 'POST', `/orders/${orderId}/accept`, undefined, eateryId);
const reject = (token: string, orderId: number, reason: unknown, eateryId = C.id) =>
  staff(token, 'POST', `/orders/${orderId}/reject`, { reason }, eateryId);
const stored = async (orderId: number) => (await ctx.app.db.select().from(orders).where(eq(orders.id, orderId)))[0];

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  C = await makeEatery(ctx.app, { name: 'Confirms' });
  B = await makeEatery(ctx.app, { name: 'Other' });
  await ctx.app.db.update(eateries).set({ confirmGuestOrders: true }).where(eq(eateries.id, C.id));
  dishC = await makeDish(ctx.app, C, { price: '5.00', kitchenDepartmentId: C.departmentId });
  dishB = await makeDish(ctx.app, B, { price: '5.00' });
});

let events: OrderEvent[] = [];
beforeEach(() => {
  device = newDeviceId();
  events = [];
  vi.restoreAllMocks();
  // Recorded, and still delivered (the list cache and sockets see them).
  const emit = ctx.app.realtime.emitOrderEvent.bind(ctx.app.realtime);
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((eateryId, ev) => {
    events.push(ev);
    emit(eateryId, ev);
  });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe('new orders of a restaurant where staff confirm guest orders', () => {
  it('guest orders wait in NEEDS_CONFIRMATION, staff orders start CREATED, other restaurants are unchanged', async () => {
    const order = await guestOrder();
    expect(order.status).toBe('NEEDS_CONFIRMATION');
    expect(order.estimatedTime).toBe(0);
    expect(events).toEqual([expect.objectContaining({ type: 'NEW_ORDER', status: 'NEEDS_CONFIRMATION', order })]);
    const byStaff = await staff(C.waiter.token, 'POST', '/orders', {
      tableId: C.tableId,
      items: [{ dishId: dishC, quantity: 1 }],
    });
    expect(byStaff.json()).toMatchObject({ status: 'CREATED' });
    expect((await guestOrder(B, dishB)).status).toBe('CREATED');
  });

  it('guests placing at the same time: every order waits (the batch path leaves them to the checked path)', async () => {
    const placed = await Promise.all(
      Array.from({ length: 5 }, () => {
        device = newDeviceId();
        return guestPlace();
      }),
    );
    expect(placed.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(placed.map((r) => (r.json() as Order).status)).toEqual(Array(5).fill('NEEDS_CONFIRMATION'));
  });

  it('the kitchen does not see a waiting order; it does once accepted', async () => {
    const order = await guestOrder();
    const board = async () => (await staff(C.kitchen.token, 'GET', '/kitchen')).body;
    expect(await board()).not.toContain(`"orderId":${order.id},`);
    expect((await accept(C.waiter.token, order.id)).statusCode).toBe(200);
    expect(await board()).toContain(`"orderId":${order.id},`);
  });

  it('the guest may add dishes while it waits; it keeps waiting', async () => {
    const order = await guestOrder();
    const res = await ctx.app.inject({
      method: 'POST',
      url: GUEST_ROUTES.addItems(C.id, order.id),
      payload: { items: [{ dishId: dishC, quantity: 2 }] },
      remoteAddress: randomIp(),
      cookies: { device_id: device },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'NEEDS_CONFIRMATION', orderPrice: 15 });
    expect((await stored(order.id)).status).toBe('NEEDS_CONFIRMATION');
    // It is an open order of the device at its table.
    const open = await ctx.app.inject({
      method: 'GET',
      url: GUEST_ROUTES.deviceOrders(C.id, C.tableId),
      cookies: { device_id: device },
    });
    expect(open.json()).toMatchObject({ hasOrders: true });
  });
});

describe('POST /api/eatery/:id/orders/:orderId/accept and /reject', () => {
  it('accept: → CREATED, version + 1, ORDER_UPDATED with the order; by the owner, a waiter and a cashier', async () => {
    for (const token of [C.owner.token, C.waiter.token, C.cashier.token]) {
      const order = await guestOrder();
      events = [];
      const res = await accept(token, order.id);
      expect(res.statusCode, res.body).toBe(200);
      const accepted = orderResponse.parse(res.json());
      expect(accepted).toMatchObject({ id: order.id, status: 'CREATED', version: order.version + 1 });
      expect(accepted.rejectionReason).toBeNull();
      expect(events).toEqual([
        { type: 'ORDER_UPDATED', orderId: order.id, status: 'CREATED', version: accepted.version, order: accepted },
      ]);
    }
  });

  it('reject: → CANCELLED with the reason, which the guest sees', async () => {
    const order = await guestOrder();
    events = [];
    const res = await reject(C.cashier.token, order.id, '  The kitchen is closed  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', rejectionReason: 'The kitchen is closed' });
    expect(events).toEqual([expect.objectContaining({ type: 'ORDER_UPDATED', status: 'CANCELLED' })]);
    const seen = await ctx.app.inject({
      method: 'GET',
      url: GUEST_ROUTES.order(C.id, order.id),
      cookies: { device_id: device },
    });
    expect(seen.json()).toMatchObject({ status: 'CANCELLED', rejectionReason: 'The kitchen is closed' });
    const row = await stored(order.id);
    expect([row.status, row.rejectionReason]).toEqual(['CANCELLED', 'The kitchen is closed']);
  });

  it('a common reason is kept as its key (preset:<key>) for each reader to translate; an unknown key answers 400', async () => {
    const order = await guestOrder();
    const res = await reject(C.waiter.token, order.id, presetReason('soldOut'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', rejectionReason: 'preset:soldOut' });
    expect((await stored(order.id)).rejectionReason).toBe('preset:soldOut');
    const seen = await ctx.app.inject({
      method: 'GET',
      url: GUEST_ROUTES.order(C.id, order.id),
      cookies: { device_id: device },
    });
    expect(rejectionReasonKey(orderResponse.parse(seen.json()).rejectionReason)).toBe('soldOut');

    const other = await guestOrder();
    const before = await stored(other.id);
    for (const reason of ['preset:', 'preset:tooLate', 'preset:soldout']) {
      const bad = await reject(C.waiter.token, other.id, reason);
      expect(bad.statusCode, reason).toBe(400);
      expect(bad.json()).toMatchObject({ details: [{ field: 'reason', messageKey: 'validation.invalid' }] });
    }
    expect(await stored(other.id)).toEqual(before);
  });

  it('a reason is required and at most REJECTION_REASON_MAX characters; nothing changes otherwise', async () => {
    const order = await guestOrder();
    const before = await stored(order.id);
    for (const reason of [undefined, '', '   ', 'x'.repeat(REJECTION_REASON_MAX + 1), 42]) {
      const res = await reject(C.waiter.token, order.id, reason);
      expect(res.statusCode, `${reason}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ messageKey: 'validation', details: [{ field: 'reason' }] });
    }
    expect(await stored(order.id)).toEqual(before);
    expect(events.filter((e) => e.type === 'ORDER_UPDATED')).toEqual([]);
    expect((await reject(C.waiter.token, order.id, 'y'.repeat(REJECTION_REASON_MAX))).statusCode).toBe(200);
  });

  it('only from NEEDS_CONFIRMATION: accepted, rejected and staff orders answer 409 orderClosed', async () => {
    const accepted = await guestOrder();
    await accept(C.waiter.token, accepted.id);
    const rejected = await guestOrder();
    await reject(C.waiter.token, rejected.id, 'no');
    const byStaff = (
      await staff(C.waiter.token, 'POST', '/orders', { tableId: C.tableId, items: [{ dishId: dishC, quantity: 1 }] })
    ).json() as Order;
    events = [];
    for (const id of [accepted.id, rejected.id, byStaff.id]) {
      for (const res of [await accept(C.owner.token, id), await reject(C.owner.token, id, 'late')]) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          messageKey: 'orderClosed',
          message: ERROR_MESSAGES.orderClosed,
          requestId: expect.any(String),
        });
      }
    }
    expect((await stored(rejected.id)).rejectionReason).toBe('no');
    expect((await stored(accepted.id)).status).toBe('CREATED');
    expect(events).toEqual([]);
  });

  it('the kitchen may not accept or reject (403); nothing changes', async () => {
    const order = await guestOrder();
    for (const res of [await accept(C.kitchen.token, order.id), await reject(C.kitchen.token, order.id, 'no')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ messageKey: 'accessDenied' });
    }
    expect((await stored(order.id)).status).toBe('NEEDS_CONFIRMATION');
  });

  it('another restaurant’s order or staff: 404, nothing changes', async () => {
    const order = await guestOrder();
    const bOrder = (await staff(B.owner.token, 'POST', '/orders', { tableId: B.tableId }, B.id)).json() as Order;
    // C's order through B's path, by B's owner.
    expect((await accept(B.owner.token, order.id, B.id)).statusCode).toBe(404);
    expect((await reject(B.owner.token, order.id, 'no', B.id)).statusCode).toBe(404);
    // C's path, by B's owner (not a member of C).
    expect((await accept(B.owner.token, order.id)).statusCode).toBe(404);
    // B's order through C's path, by C's owner.
    expect((await accept(C.owner.token, bOrder.id)).statusCode).toBe(404);
    expect((await stored(order.id)).status).toBe('NEEDS_CONFIRMATION');
    expect((await stored(bOrder.id)).status).toBe('CREATED');
  });

  it('staff may not put an order into NEEDS_CONFIRMATION with PUT status', async () => {
    const created = (
      await staff(C.owner.token, 'POST', '/orders', { tableId: C.tableId, items: [{ dishId: dishC, quantity: 1 }] })
    ).json() as Order;
    for (const token of [C.owner.token, C.cashier.token, C.waiter.token]) {
      const res = await staff(token, 'PUT', `/orders/${created.id}`, { status: 'NEEDS_CONFIRMATION' });
      expect(res.statusCode).toBe(403);
    }
    expect((await stored(created.id)).status).toBe('CREATED');
  });

  it('the guest following its order gets the accept and the reject as they happen', async () => {
    const first = await guestOrder();
    const second = await guestOrder();
    const { socket, events: received } = await connectSocket(baseUrl, { cookie: `device_id=${device}` }, sockets);
    expect((await subscribe(socket, orderTopic(first.id))).ok).toBe(true);
    expect((await subscribe(socket, orderTopic(second.id))).ok).toBe(true);
    await accept(C.waiter.token, first.id);
    await reject(C.waiter.token, second.id, 'Sold out');
    // The placing's own NEW_ORDER may still arrive after the subscription (it is announced after its batch commits):
    // only the changes count here.
    const updates = () => received.filter((e) => e.type === 'ORDER_UPDATED');
    const deadline = Date.now() + 5000;
    while (updates().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(updates().map((e) => [e.type, e.orderId, e.status])).toEqual([
      ['ORDER_UPDATED', first.id, 'CREATED'],
      ['ORDER_UPDATED', second.id, 'CANCELLED'],
    ]);
    const last = updates()[1];
    expect(last.type === 'ORDER_UPDATED' && last.order.rejectionReason).toBe('Sold out');
  });

  it('the staff orders list shows the decision at once (its cache is dropped)', async () => {
    const order = await guestOrder();
    const list = async () => (await staff(C.waiter.token, 'GET', '/orders')).json() as Order[];
    const statusIn = (l: Order[]) => l.find((o) => o.id === order.id)?.status;
    expect(statusIn(await list())).toBe('NEEDS_CONFIRMATION');
    expect(statusIn(await list())).toBe('NEEDS_CONFIRMATION'); // now from the cache
    await accept(C.waiter.token, order.id);
    expect(statusIn(await list())).toBe('CREATED');
    const other = await guestOrder();
    await staff(C.waiter.token, 'GET', '/orders');
    await reject(C.waiter.token, other.id, 'Closed');
    const after = (await list()).find((o) => o.id === other.id)!;
    expect([after.status, after.rejectionReason]).toEqual(['CANCELLED', 'Closed']);
  });

  it('the list cache is dropped by the orders writer itself, even when no event reaches a screen', async () => {
    const order = await guestOrder();
    await staff(C.waiter.token, 'GET', '/orders');
    vi.restoreAllMocks();
    vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation(() => {});
    await accept(C.waiter.token, order.id);
    const list = (await staff(C.waiter.token, 'GET', '/orders')).json() as Order[];
    expect(list.find((o) => o.id === order.id)?.status).toBe('CREATED');
  });
});
