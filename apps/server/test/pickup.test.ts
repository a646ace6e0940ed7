import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GUEST_ROUTES,
  PICKUP_BOARD_EVENT,
  PICKUP_ROUTES,
  guestOrderResponse,
  pickupBoardResponse,
  pickupBoardTopic,
  pickupMenuResponse,
  type DayHours,
  type Order,
  type PickupBoard,
} from '@qr-menu/contract';
import { eateries, orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { boardPlace } from '../src/modules/pickup/pickup-board.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';
import { connectSocket, subscribe } from './socket-client.js';

/** Guest pickup orders (POST …/pickup-orders), the pickup menu, the public pickup board and its live topic. */

const ctx = setupApp({ rateLimits: false });
let A: TestEatery;
let B: TestEatery;
let soup: number; // 4.50, A's hot station
let unavailable: number;

/** A guest phone with its own device cookie and IP. */
function guest(device = newDeviceId()) {
  const ip = randomIp();
  const send = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, remoteAddress: ip, cookies: { device_id: device }, headers, payload });
  return {
    device,
    send,
    place: (body: object, eateryId = A.id, key?: string) =>
      send('POST', PICKUP_ROUTES.placeOrder(eateryId), body, key ? { 'idempotency-key': key } : {}),
    async placeOk(name = 'Aysel', items: object[] = [{ dishId: soup, quantity: 2 }]) {
      const res = await send('POST', PICKUP_ROUTES.placeOrder(A.id), { items, customerName: name });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Order;
    },
  };
}

const setPickup = (eateryId: number, on: boolean) =>
  ctx.app.db.update(eateries).set({ pickupEnabled: on }).where(eq(eateries.id, eateryId));

const orderCount = async (eateryId = A.id) =>
  (await ctx.app.db.select({ n: count() }).from(orders).where(eq(orders.eateryId, eateryId)))[0].n;

async function board(eateryId = A.id): Promise<PickupBoard> {
  const res = await ctx.app.inject({ method: 'GET', url: PICKUP_ROUTES.board(eateryId) });
  expect(res.statusCode, res.body).toBe(200);
  expect(pickupBoardResponse.strict().safeParse(res.json()).success).toBe(true);
  return res.json();
}

/** The kitchen bumps the order's first ticket: every line READY. */
async function bump(orderId: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/kitchen/tickets/${orderId}/1/bump`,
    headers: bearer(A.kitchen.token),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
}

function expectError(res: LightMyRequestResponse, status: number, messageKey: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().messageKey).toBe(messageKey);
}

function expectValidation(res: LightMyRequestResponse, field: string, messageKey: string) {
  expectError(res, 400, 'validation');
  expect(res.json().details).toContainEqual({ field, messageKey });
}

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Pickup Cafe' });
  B = await makeEatery(ctx.app, { name: 'Other' });
  soup = await makeDish(ctx.app, A, { price: '4.50', nameEn: 'Soup', kitchenDepartmentId: A.departmentId });
  unavailable = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Sold out', available: false });
  await makeDish(ctx.app, B, { price: '1.00', nameEn: 'Theirs' });
  await setPickup(A.id, true);
  await setPickup(B.id, true);
});

describe('placing a pickup order', () => {
  it('answers 201 with a PICKUP order without a table, numbered for the day, the customer on it', async () => {
    const g = guest();
    const res = await g.place({
      items: [{ dishId: soup, quantity: 2 }],
      note: ' by 13:00 ',
      customerName: '  Aysel  ',
      customerPhone: ' +994 50 123-45-67 ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(guestOrderResponse.safeParse(res.json()).success).toBe(true);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      kind: 'PICKUP',
      tableId: null,
      tableNumber: '',
      customerName: 'Aysel',
      customerPhone: '+994 50 123-45-67',
      note: 'by 13:00',
      orderPrice: 9,
      eateryId: A.id,
    });
    expect(order.number).toBeGreaterThan(0);
    const [row] = await ctx.app.db.select({ deviceId: orders.deviceId }).from(orders).where(eq(orders.id, order.id));
    expect(row.deviceId).toBe(g.device);
  });

  it('a blank phone is none; a retry with the same Idempotency-Key answers 200 with the first order', async () => {
    const g = guest();
    const body = { items: [{ dishId: soup, quantity: 1 }], customerName: 'Kamran', customerPhone: '   ' };
    const first = await g.place(body, A.id, 'pickup-key-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().customerPhone).toBeNull();
    const before = await orderCount();
    const again = await g.place(body, A.id, 'pickup-key-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await orderCount()).toBe(before);
  });

  it('409 pickupOff while the restaurant has pickup off: nothing stored, the menu refused too', async () => {
    const g = guest();
    await setPickup(A.id, false);
    try {
      const before = await orderCount();
      expectError(await g.place({ items: [{ dishId: soup, quantity: 1 }], customerName: 'Aysel' }), 409, 'pickupOff');
      expectError(await g.send('GET', PICKUP_ROUTES.menu(A.id)), 409, 'pickupOff');
      expect(await orderCount()).toBe(before);
    } finally {
      await setPickup(A.id, true);
    }
  });

  it('validates the name (required, at most 60) and the phone; nothing stored', async () => {
    const g = guest();
    const before = await orderCount();
    const items = [{ dishId: soup, quantity: 1 }];
    expectValidation(await g.place({ items }), 'customerName', 'validation.required');
    expectValidation(await g.place({ items, customerName: '   ' }), 'customerName', 'validation.required');
    expectValidation(await g.place({ items, customerName: 'x'.repeat(61) }), 'customerName', 'validation.tooLong');
    expectValidation(await g.place({ items, customerName: 42 }), 'customerName', 'validation.invalid');
    expectValidation(
      await g.place({ items, customerName: 'A', customerPhone: 'call me' }),
      'customerPhone',
      'validation.phone',
    );
    expectValidation(
      await g.place({ items, customerName: 'A', customerPhone: '12' }),
      'customerPhone',
      'validation.phone',
    );
    expectValidation(await g.place({ items: [], customerName: 'A' }), 'items', 'validation.itemsRequired');
    expect(await orderCount()).toBe(before);
    expect((await g.place({ items, customerName: 'x'.repeat(60) })).statusCode).toBe(201);
  });

  it('applies the guest rules: an unavailable dish is refused, a restaurant taking orders within its hours refuses while closed', async () => {
    const g = guest();
    expectValidation(
      await g.place({ items: [{ dishId: unavailable, quantity: 1 }], customerName: 'A' }),
      'items.0.dishId',
      'validation.dishUnavailable',
    );
    const closedAllWeek: DayHours[] = Array.from({ length: 7 }, () => ({
      closed: true,
      open: '09:00',
      close: '23:00',
    }));
    await ctx.app.db
      .update(eateries)
      .set({ ordersWithinHours: true, openingHours: closedAllWeek })
      .where(eq(eateries.id, A.id));
    try {
      expectError(await g.place({ items: [{ dishId: soup, quantity: 1 }], customerName: 'A' }), 409, 'closedNow');
    } finally {
      await ctx.app.db
        .update(eateries)
        .set({ ordersWithinHours: false, openingHours: null })
        .where(eq(eateries.id, A.id));
    }
  });

  it("other restaurants' and unknown ids answer 404; a dish of another restaurant is not orderable", async () => {
    const g = guest();
    const body = { items: [{ dishId: soup, quantity: 1 }], customerName: 'A' };
    for (const id of ['0', '01', 'abc', '2147483648', String(2147483647)]) {
      expectError(await g.send('POST', PICKUP_ROUTES.placeOrder(id), body), 404, 'notYourResource');
      expectError(await g.send('GET', PICKUP_ROUTES.board(id)), 404, 'notYourResource');
      expectError(await g.send('GET', PICKUP_ROUTES.menu(id)), 404, 'notYourResource');
    }
    // A's dish ordered at B.
    const res = await g.place(body, B.id);
    expect(res.statusCode).toBe(400);
    expect(await orderCount(B.id)).toBe(0);
  });

  it('the guest sees their own pickup order (one and in their list); another phone does not', async () => {
    const mine = guest();
    const other = guest();
    const order = await mine.placeOk('Leyla');
    expect((await mine.send('GET', GUEST_ROUTES.order(A.id, order.id))).json()).toMatchObject({
      id: order.id,
      kind: 'PICKUP',
    });
    expect(((await mine.send('GET', GUEST_ROUTES.orders(A.id))).json() as Order[]).map((o) => o.id)).toContain(
      order.id,
    );
    expectError(await other.send('GET', GUEST_ROUTES.order(A.id, order.id)), 404, 'notYourResource');
    expect(((await other.send('GET', GUEST_ROUTES.orders(A.id))).json() as Order[]).map((o) => o.id)).not.toContain(
      order.id,
    );
  });
});

describe('the pickup menu', () => {
  it('is the guest menu without a table, charging takeaway only when the owner says so; ETag → 304', async () => {
    await ctx.app.db
      .update(eateries)
      .set({ serviceChargeBp: 1000, serviceChargeTakeaway: false })
      .where(eq(eateries.id, A.id));
    ctx.app.menuCache.invalidate(A.id);
    const g = guest();
    let res = await g.send('GET', PICKUP_ROUTES.menu(A.id));
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json();
    expect(pickupMenuResponse.strict().safeParse(menu).success).toBe(true);
    expect(menu).toMatchObject({ eateryId: A.id, eateryName: 'Pickup Cafe', serviceChargePercent: 0 });
    expect(menu).not.toHaveProperty('tableId');
    expect(menu.categories.flatMap((c: { dishes: { id: number }[] }) => c.dishes.map((d) => d.id))).toEqual([soup]);
    const etag = res.headers.etag as string;
    res = await g.send('GET', PICKUP_ROUTES.menu(A.id), undefined, { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);

    await ctx.app.db.update(eateries).set({ serviceChargeTakeaway: true }).where(eq(eateries.id, A.id));
    ctx.app.menuCache.invalidate(A.id);
    res = await g.send('GET', PICKUP_ROUTES.menu(A.id), undefined, { 'if-none-match': etag });
    expect(res.statusCode).toBe(200);
    expect(res.json().serviceChargePercent).toBe(10);
    // The order is placed under the rate the menu showed.
    expect((await g.placeOk()).serviceChargeRate).toBe(1000);
    await ctx.app.db
      .update(eateries)
      .set({ serviceChargeBp: 0, serviceChargeTakeaway: false })
      .where(eq(eateries.id, A.id));
    ctx.app.menuCache.invalidate(A.id);
  });
});

describe('the pickup board', () => {
  it('shows the number preparing, then ready once the kitchen bumps it, then not once served; never a name', async () => {
    const g = guest();
    const order = await g.placeOk('Nərgiz Quliyeva');
    let shown = await board();
    expect(shown.eateryName).toBe('Pickup Cafe');
    expect(shown.preparing).toContain(order.number);
    expect(shown.ready).not.toContain(order.number);

    await bump(order.id);
    shown = await board();
    expect(shown.ready).toContain(order.number);
    expect(shown.preparing).not.toContain(order.number);
    const raw = (await ctx.app.inject({ method: 'GET', url: PICKUP_ROUTES.board(A.id) })).body;
    expect(raw).not.toMatch(/Nərgiz|Quliyeva|Aysel|Leyla|\+994/);

    // Handed over: every line served.
    await ctx.app.db.update(orderItems).set({ status: 'SERVED' }).where(eq(orderItems.orderId, order.id));
    shown = await board();
    expect([...shown.preparing, ...shown.ready]).not.toContain(order.number);
  });

  it('leaves out dine-in orders and other restaurants; 404 for an unknown restaurant', async () => {
    const table = await ctx.app.inject({
      method: 'POST',
      url: GUEST_ROUTES.placeOrder(A.id, A.tableId),
      cookies: { device_id: newDeviceId() },
      payload: { items: [{ dishId: soup, quantity: 1 }] },
    });
    expect(table.statusCode, table.body).toBe(201);
    const dineIn = table.json() as Order;
    const shown = await board();
    expect([...shown.preparing, ...shown.ready]).not.toContain(dineIn.number);
    const pickup = await guest().placeOk();
    const other = await board(B.id);
    expect([...other.preparing, ...other.ready]).not.toContain(pickup.number);
  });

  it('says when its numbers may have moved, on a public topic, with only the restaurant’s id', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const sockets: Socket[] = [];
    try {
      // The board's page gets a device cookie from its first read: that is what lets its socket connect.
      const first = await ctx.app.inject({ method: 'GET', url: PICKUP_ROUTES.board(A.id) });
      const cookie = first.cookies.find((c) => c.name === 'device_id');
      expect(cookie?.value).toBeTruthy();
      const { socket } = await connectSocket(baseUrl, { cookie: `device_id=${cookie!.value}` }, sockets);
      expect(await subscribe(socket, pickupBoardTopic(A.id))).toEqual({ ok: true, topic: pickupBoardTopic(A.id) });

      const placed = new Promise<unknown[]>((resolve) => socket.once(PICKUP_BOARD_EVENT, (...args) => resolve(args)));
      const order = await guest().placeOk();
      expect(await placed).toEqual([A.id]);

      const bumped = new Promise<void>((resolve) => socket.once(PICKUP_BOARD_EVENT, () => resolve()));
      await bump(order.id);
      await bumped;
      expect((await board()).ready).toContain(order.number);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});

describe('the pickup QR code', () => {
  it('is a PNG for staff of the restaurant; 404 for another restaurant’s staff', async () => {
    const url = `/api/eatery/${A.id}/pickup/qr.png`;
    const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(A.waiter.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expectError(await ctx.app.inject({ method: 'GET', url, headers: bearer(B.owner.token) }), 404, 'notYourResource');
    expectError(await ctx.app.inject({ method: 'GET', url }), 401, 'jwtInvalid');
  });

  it('links to the base the tables page chose, and to no address outside the server', async () => {
    const get = (base: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/eatery/${A.id}/pickup/qr.png?base=${encodeURIComponent(base)}`,
        headers: bearer(A.owner.token),
      });
    const own = await get('http://localhost:80');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expectError(await get('https://evil.example'), 400, 'validation');
  });
});

describe('boardPlace', () => {
  const at = (iso: string) => new Date(iso);
  const base = { number: 7, status: 'PAID', live: 2, ready: 2, served: 0, lastReadyAt: at('2025-01-01T12:10:00Z') };

  it('a bill paid once everything was ready is the handover: off the board', () => {
    expect(boardPlace({ ...base, paidAt: at('2025-01-01T12:12:00Z') })).toBeNull();
  });

  it('a bill paid before the food was ready (takeaway paid at the till) stays until served', () => {
    expect(boardPlace({ ...base, paidAt: at('2025-01-01T12:00:00Z') })).toBe('ready');
    expect(boardPlace({ ...base, paidAt: at('2025-01-01T12:00:00Z'), ready: 1 })).toBe('preparing');
    expect(boardPlace({ ...base, paidAt: at('2025-01-01T12:00:00Z'), ready: 0, served: 2 })).toBeNull();
  });

  it('partly served and the rest ready is ready; nothing live is not shown', () => {
    expect(boardPlace({ ...base, status: 'READY', paidAt: null, ready: 1, served: 1 })).toBe('ready');
    expect(boardPlace({ ...base, status: 'CREATED', paidAt: null, live: 0, ready: 0 })).toBeNull();
  });
});
