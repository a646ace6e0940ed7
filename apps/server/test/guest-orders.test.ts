import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  GUEST_ROUTES,
  guestDeviceOrdersResponse,
  guestOrderResponse,
  orderTopic,
  ordersTopic,
  type Order,
  type OrderEvent,
} from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp, testConfig } from './helper.js';
import { connectSocket, subscribe, type SocketOptions } from './socket-client.js';
import { makeDish, makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';

// Requests come from 127.0.0.1 through app.inject: that is the trusted proxy whose forwarded headers count.
const ctx = setupApp({ trustProxy: ['127.0.0.1'] });
let A: TestEatery;
let B: TestEatery;
let soup: number; // 4.50
let bread: number; // 0.35
let unavailable: number;
let archived: number;
let foreign: number; // B's dish
let inactiveTable: number;
let tableA2: number;

/** A guest phone: a device cookie (none until the server gives one) and an IP. */
class Guest {
  constructor(
    public device: string | null = newDeviceId(),
    public ip = randomIp(),
    private readonly app: () => FastifyInstance = () => ctx.app,
  ) {}

  async request(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app().inject({
      method,
      url,
      remoteAddress: this.ip,
      headers,
      ...(this.device ? { cookies: { device_id: this.device } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const cookie = res.cookies.find((c) => c.name === 'device_id');
    if (cookie) this.device = cookie.value;
    return res;
  }

  place(body: unknown, opts: { eatery?: number; table?: number | string; key?: string } = {}) {
    const url = GUEST_ROUTES.placeOrder(opts.eatery ?? A.id, opts.table ?? A.tableId);
    return this.request('POST', url, body, opts.key === undefined ? {} : { 'idempotency-key': opts.key });
  }

  async placeOk(items: unknown[] = [{ dishId: soup, quantity: 1 }], opts: { table?: number } = {}) {
    const res = await this.place({ items }, opts);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Order;
  }

  get(orderId: number, eatery = A.id) {
    return this.request('GET', GUEST_ROUTES.order(eatery, orderId));
  }

  add(orderId: number, body: unknown, eatery = A.id) {
    return this.request('POST', GUEST_ROUTES.addItems(eatery, orderId), body);
  }

  list(eatery = A.id) {
    return this.request('GET', GUEST_ROUTES.orders(eatery));
  }

  deviceOrders(table = A.tableId, eatery = A.id) {
    return this.request('GET', GUEST_ROUTES.deviceOrders(eatery, table));
  }
}

const orderCount = async (eateryId = A.id) =>
  (await ctx.app.db.select({ n: count() }).from(orders).where(eq(orders.eateryId, eateryId)))[0].n;

function expectValidation(res: LightMyRequestResponse, field: string, messageKey: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().messageKey).toBe('validation');
  expect(res.json().details).toContainEqual({ field, messageKey });
}

async function staffSetStatus(orderId: number, status: string, token = A.owner.token) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${A.id}/orders/${orderId}`,
    headers: bearer(token),
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Guest Cafe' });
  B = await makeEatery(ctx.app, { name: 'Other' });
  soup = await makeDish(ctx.app, A, { price: '4.50', nameAz: 'Şorba', nameEn: 'Soup' });
  bread = await makeDish(ctx.app, A, { price: '0.35', nameEn: 'Bread' });
  unavailable = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Sold out', available: false });
  archived = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Deleted', archived: true });
  foreign = await makeDish(ctx.app, B, { price: '1.00', nameEn: 'Theirs' });
  inactiveTable = await makeTable(ctx.app, A.id, 'Closed', 'INACTIVE');
  tableA2 = await makeTable(ctx.app, A.id, '2');
});

describe('device cookie', () => {
  it('device-orders sets an httpOnly, SameSite=Lax, one-year device_id cookie of 128 random bits', async () => {
    const g = new Guest(null);
    const res = await g.deviceOrders();
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'device_id')!;
    expect(c.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(c.value, 'base64url')).toHaveLength(16);
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 31_536_000 });
    expect(c.secure).toBeFalsy();
    // A second call keeps the same id (and renews the cookie).
    const again = await g.deviceOrders();
    expect(again.cookies.find((x) => x.name === 'device_id')!.value).toBe(c.value);
    // Two phones get different ids.
    const other = new Guest(null);
    await other.deviceOrders();
    expect(other.device).not.toBe(c.value);
  });

  it('is Secure behind an https proxy', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: GUEST_ROUTES.deviceOrders(A.id, A.tableId),
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies.find((x) => x.name === 'device_id')!.secure).toBe(true);
  });

  it('replaces a malformed cookie', async () => {
    for (const bad of ['short', 'x'.repeat(300), 'a b c d e f g h i j k l', '../../etc/passwd-123456']) {
      const g = new Guest(bad);
      const res = await g.deviceOrders();
      expect(res.statusCode).toBe(200);
      expect(g.device).not.toBe(bad);
      expect(g.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it('the orders list sets the cookie and is empty for a new device; the menu sets none', async () => {
    const g = new Guest(null);
    const res = await g.list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(g.device).not.toBeNull();
  });
});

describe('device-orders', () => {
  it('hasOrders counts only this device’s open orders at this table', async () => {
    const g = new Guest();
    let res = await g.deviceOrders();
    expect(res.json()).toEqual({
      hasOrders: false,
      tableId: A.tableId,
      eateryId: A.id,
      eateryName: 'Guest Cafe',
      tableName: '1',
    });
    expect(guestDeviceOrdersResponse.strict().safeParse(res.json()).success).toBe(true);
    const order = await g.placeOk();
    expect((await g.deviceOrders()).json().hasOrders).toBe(true);
    expect((await g.deviceOrders(tableA2)).json().hasOrders).toBe(false);
    expect((await new Guest().deviceOrders()).json().hasOrders).toBe(false);
    for (const [status, open] of [
      ['PREPARING', true],
      ['READY', true],
      ['ISSUED', true], // served, not paid: the guest may still add dishes and ask for the bill
      ['PAID', false],
    ] as const) {
      await staffSetStatus(order.id, status);
      res = await g.deviceOrders();
      expect(res.json().hasOrders, status).toBe(open);
    }
    const second = await g.placeOk();
    expect((await g.deviceOrders()).json().hasOrders).toBe(true);
    await staffSetStatus(second.id, 'CANCELLED');
    expect((await g.deviceOrders()).json().hasOrders).toBe(false);
  });

  it('404 for another restaurant’s table or ids that are not numbers; 200 for an inactive table', async () => {
    const g = new Guest();
    expect((await g.deviceOrders(B.tableId)).statusCode).toBe(404);
    expect((await g.request('GET', GUEST_ROUTES.deviceOrders('x', A.tableId))).statusCode).toBe(404);
    expect((await g.request('GET', GUEST_ROUTES.deviceOrders(A.id, '1e3'))).statusCode).toBe(404);
    const inactive = await g.deviceOrders(inactiveTable);
    expect(inactive.statusCode).toBe(200);
    expect(inactive.json().tableName).toBe('Closed');
  });
});

describe('place an order', () => {
  it('creates a CREATED order with server-side prices; prices and totals sent by the client are ignored', async () => {
    const g = new Guest(null);
    const before = await orderCount();
    const res = await g.place({
      items: [
        { dishId: soup, quantity: 2, note: ' no onion ', price: 0.01, name: 'Free soup', status: 'READY' },
        { dishId: bread, quantity: 3, price: -100 },
      ],
      note: 'Window seat',
      orderPrice: 0,
      status: 'PAID',
      eateryId: B.id,
      tableId: B.tableId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(g.device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const order = res.json() as Order;
    expect(guestOrderResponse.safeParse(order).success).toBe(true);
    expect(order).toMatchObject({
      status: 'CREATED',
      eateryId: A.id,
      tableId: A.tableId,
      tableNumber: '1',
      note: 'Window seat',
      orderPrice: 10.05, // 2 × 4.50 + 3 × 0.35, exact
    });
    expect(order.estimatedTime).toBeGreaterThan(0);
    expect(order.items.map((i) => [i.dishId, i.name, i.price, i.quantity, i.note, i.status])).toEqual([
      [soup, 'Şorba', 4.5, 2, 'no onion', 'CREATED'],
      [bread, 'Bread', 0.35, 3, null, 'CREATED'],
    ]);
    expect(await orderCount()).toBe(before + 1);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.deviceId).toBe(g.device);
  });

  it('rejects dishes that cannot be ordered with 400 on items.N.dishId, and creates nothing', async () => {
    const g = new Guest();
    const before = await orderCount();
    for (const dishId of [unavailable, archived, foreign, 99_999_999]) {
      const res = await g.place({
        items: [
          { dishId: soup, quantity: 1 },
          { dishId, quantity: 1 },
        ],
      });
      expectValidation(res, 'items.1.dishId', 'validation.dishUnavailable');
      expect(res.json().details).toHaveLength(1);
    }
    const both = await g.place({
      items: [
        { dishId: foreign, quantity: 1 },
        { dishId: unavailable, quantity: 1 },
      ],
    });
    expect(both.json().details).toEqual([
      { field: 'items.0.dishId', messageKey: 'validation.dishUnavailable' },
      { field: 'items.1.dishId', messageKey: 'validation.dishUnavailable' },
    ]);
    expect(await orderCount()).toBe(before);
    expect(await orderCount(B.id)).toBe(0);
  });

  it('rejects quantities outside 1..99, non-integers and strings', async () => {
    const g = new Guest();
    const before = await orderCount();
    for (const quantity of [0, 100, 1.5, 'x', '2', -1, null, undefined, 1e308]) {
      const res = await g.place({ items: [{ dishId: soup, quantity }] });
      expectValidation(res, 'items.0.quantity', 'validation.quantity');
    }
    expect(await orderCount()).toBe(before);
  });

  it('rejects missing, empty, malformed and too many items, bad ids and long notes', async () => {
    const g = new Guest();
    const before = await orderCount();
    expectValidation(await g.place({}), 'items', 'validation.itemsRequired');
    expectValidation(await g.place({ items: [] }), 'items', 'validation.itemsRequired');
    expectValidation(await g.place({ items: 'soup' }), 'items', 'validation.invalid');
    expectValidation(await g.place({ items: [null] }), 'items.0', 'validation.invalid');
    expectValidation(await g.place({ items: [{ quantity: 1 }] }), 'items.0.dishId', 'validation.required');
    expectValidation(
      await g.place({ items: [{ dishId: String(soup), quantity: 1 }] }),
      'items.0.dishId',
      'validation.invalid',
    );
    expectValidation(await g.place({ items: [{ dishId: -1, quantity: 1 }] }), 'items.0.dishId', 'validation.invalid');
    const many = Array.from({ length: 51 }, () => ({ dishId: soup, quantity: 1 }));
    expectValidation(await g.place({ items: many }), 'items', 'validation.tooLong');
    expectValidation(
      await g.place({ items: [{ dishId: soup, quantity: 1 }], note: 'n'.repeat(1001) }),
      'note',
      'validation.tooLong',
    );
    expectValidation(
      await g.place({ items: [{ dishId: soup, quantity: 1, note: 'n'.repeat(501) }] }),
      'items.0.note',
      'validation.tooLong',
    );
    expect(await orderCount()).toBe(before);
    // The limits themselves are accepted.
    const max = await g.place({
      items: Array.from({ length: 50 }, () => ({ dishId: bread, quantity: 99, note: 'n'.repeat(500) })),
      note: 'n'.repeat(1000),
    });
    expect(max.statusCode).toBe(201);
    expect(max.json().orderPrice).toBe(1732.5); // 50 × 99 × 0.35
  });

  it('answers 409 tableInactive for an inactive table and 404 for another restaurant’s or unknown table', async () => {
    const g = new Guest();
    const before = await orderCount();
    const inactive = await g.place({ items: [{ dishId: soup, quantity: 1 }] }, { table: inactiveTable });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().messageKey).toBe('tableInactive');
    for (const [eatery, table] of [
      [A.id, B.tableId],
      [B.id, A.tableId],
      [A.id, 99_999_999],
    ]) {
      const res = await g.place({ items: [{ dishId: soup, quantity: 1 }] }, { eatery, table });
      expect(res.statusCode, `${eatery}/${table}`).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    expect((await g.place({ items: [{ dishId: soup, quantity: 1 }] }, { table: 'abc' })).statusCode).toBe(404);
    expect(await orderCount()).toBe(before);
  });

  it('rejects a body over 64 KB with 413 and a non-JSON body with 415', async () => {
    const g = new Guest();
    const huge = await g.place({ items: [{ dishId: soup, quantity: 1 }], note: 'n'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().messageKey).toBe('bodyTooLarge');
    const text = await g.request('POST', GUEST_ROUTES.placeOrder(A.id, A.tableId), 'items', {
      'content-type': 'text/plain',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('Idempotency-Key', () => {
  it('a retry with the same key returns the first order (200) instead of a second one', async () => {
    const g = new Guest();
    const before = await orderCount();
    const body = { items: [{ dishId: soup, quantity: 1 }] };
    const first = await g.place(body, { key: 'cart-123' });
    expect(first.statusCode).toBe(201);
    const retry = await g.place({ items: [{ dishId: bread, quantity: 5 }] }, { key: 'cart-123' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await orderCount()).toBe(before + 1);
    // Another key, no key, or another device: new orders.
    expect((await g.place(body, { key: 'cart-124' })).statusCode).toBe(201);
    expect((await g.place(body)).statusCode).toBe(201);
    expect((await g.place(body)).statusCode).toBe(201);
    expect((await new Guest().place(body, { key: 'cart-123' })).statusCode).toBe(201);
    expect(await orderCount()).toBe(before + 5);
  });

  it('five simultaneous submits with the same key create one order', async () => {
    const g = new Guest();
    const before = await orderCount();
    const body = { items: [{ dishId: soup, quantity: 2 }] };
    const results = await Promise.all(Array.from({ length: 5 }, () => g.place(body, { key: 'double-tap' })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await orderCount()).toBe(before + 1);
    const items = await ctx.app.db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.orderId, results[0].json().id));
    expect(items[0].n).toBe(1);
  });

  it('rejects a key longer than 100 characters', async () => {
    const g = new Guest();
    const before = await orderCount();
    const res = await g.place({ items: [{ dishId: soup, quantity: 1 }] }, { key: 'k'.repeat(101) });
    expectValidation(res, 'Idempotency-Key', 'validation.tooLong');
    expect(await orderCount()).toBe(before);
    expect((await g.place({ items: [{ dishId: soup, quantity: 1 }] }, { key: 'k'.repeat(100) })).statusCode).toBe(201);
  });
});

describe('order by id, add dishes, orders list', () => {
  it('only the device that placed an order sees it', async () => {
    const g = new Guest();
    const order = await g.placeOk();
    const res = await g.get(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'CREATED', orderPrice: 4.5 });
    for (const stranger of [new Guest(), new Guest(null), new Guest('malformed')]) {
      const other = await stranger.get(order.id);
      expect(other.statusCode).toBe(404);
      expect(other.json().messageKey).toBe('notYourResource');
    }
    expect((await g.get(order.id, B.id)).statusCode).toBe(404);
    expect((await g.request('GET', GUEST_ROUTES.order(A.id, 'abc'))).statusCode).toBe(404);
    expect((await g.get(99_999_999)).statusCode).toBe(404);
  });

  it('adds dishes (CREATED, server prices); a READY order goes back to PREPARING', async () => {
    const g = new Guest();
    const order = await g.placeOk([{ dishId: soup, quantity: 1 }]);
    // The kitchen finishes the only item: the order becomes READY.
    const item = order.items[0].id;
    const ready = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}/orders/${order.id}/items/${item}`,
      headers: bearer(A.kitchen.token),
      payload: { status: 'READY' },
    });
    expect(ready.json().status).toBe('READY');
    const res = await g.add(order.id, { items: [{ dishId: bread, quantity: 2, price: 0, note: 'warm' }] });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Order;
    expect(updated.status).toBe('PREPARING');
    expect(updated.items).toHaveLength(2);
    expect(updated.items[1]).toMatchObject({
      dishId: bread,
      price: 0.35,
      quantity: 2,
      note: 'warm',
      status: 'CREATED',
    });
    expect(updated.orderPrice).toBe(5.2);
    expect((await g.get(order.id)).json()).toEqual(updated);
  });

  it('adding to a PAID or CANCELLED order answers 409 orderClosed', async () => {
    const g = new Guest();
    for (const status of ['PAID', 'CANCELLED']) {
      const order = await g.placeOk();
      await staffSetStatus(order.id, status, A.cashier.token);
      const res = await g.add(order.id, { items: [{ dishId: bread, quantity: 1 }] });
      expect(res.statusCode).toBe(409);
      expect(res.json().messageKey).toBe('orderClosed');
      expect((await g.get(order.id)).json().items).toHaveLength(1);
    }
  });

  it('another device cannot add dishes (404) and bad items are rejected (400); nothing changes', async () => {
    const g = new Guest();
    const order = await g.placeOk();
    const stranger = await new Guest().add(order.id, { items: [{ dishId: bread, quantity: 1 }] });
    expect(stranger.statusCode).toBe(404);
    expect((await new Guest(null).add(order.id, { items: [{ dishId: bread, quantity: 1 }] })).statusCode).toBe(404);
    expect((await g.add(order.id, { items: [{ dishId: bread, quantity: 1 }] }, B.id)).statusCode).toBe(404);
    expectValidation(await g.add(order.id, { items: [] }), 'items', 'validation.itemsRequired');
    expectValidation(await g.add(order.id, {}), 'items', 'validation.itemsRequired');
    expectValidation(
      await g.add(order.id, { items: [{ dishId: bread, quantity: 0 }] }),
      'items.0.quantity',
      'validation.quantity',
    );
    for (const dishId of [unavailable, archived, foreign]) {
      expectValidation(
        await g.add(order.id, { items: [{ dishId, quantity: 1 }] }),
        'items.0.dishId',
        'validation.dishUnavailable',
      );
    }
    expect((await g.get(order.id)).json().items).toHaveLength(1);
  });

  it('answers about a device are never cached (no-store); the shared menu is revalidated (no-cache)', async () => {
    const g = new Guest();
    const order = await g.placeOk();
    const personal = [
      await g.get(order.id),
      await g.list(),
      await g.deviceOrders(),
      await g.add(order.id, { items: [{ dishId: bread, quantity: 1 }] }),
      await new Guest().get(order.id),
    ];
    for (const res of personal) expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
    const menu = await g.request('GET', GUEST_ROUTES.menu(A.id, A.tableId));
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['cache-control']).toBe('no-cache');
  });

  it('lists this device’s orders in the restaurant, newest first', async () => {
    const g = new Guest();
    const first = await g.placeOk();
    const second = await g.placeOk([{ dishId: bread, quantity: 1 }], { table: tableA2 });
    await new Guest().placeOk();
    const res = await g.list();
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order[]).map((o) => o.id)).toEqual([second.id, first.id]);
    expect((await g.list(B.id)).json()).toEqual([]);
    expect((await g.list(99_999_999)).statusCode).toBe(404);
    expect((await g.request('GET', '/api/client/eatery/abc/orders')).statusCode).toBe(404);
  });
});

describe('rate limits (30 per minute per device, 120 per minute per IP)', () => {
  it('the 31st order or addition from one device within a minute answers 429 with Retry-After', async () => {
    const g = new Guest();
    const order = await g.placeOk();
    // Place and add share the device's budget; invalid requests count too.
    for (let i = 0; i < 29; i++) {
      g.ip = randomIp();
      const res = i % 2 ? await g.add(order.id, { items: [] }) : await g.place({ items: [] });
      expect(res.statusCode).toBe(400);
    }
    g.ip = randomIp();
    const limited = await g.place({ items: [{ dishId: soup, quantity: 1 }] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().messageKey).toBe('tooManyRequests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await g.add(order.id, { items: [{ dishId: soup, quantity: 1 }] })).statusCode).toBe(429);
    // Reading is not limited; another device is not affected.
    expect((await g.get(order.id)).statusCode).toBe(200);
    expect((await new Guest().place({ items: [{ dishId: soup, quantity: 1 }] })).statusCode).toBe(201);
  });

  it('the 121st request from one IP within a minute answers 429, whatever the device', async () => {
    const ip = randomIp();
    for (let i = 0; i < 120; i++) {
      const res = await new Guest(newDeviceId(), ip).place({ items: [] });
      expect(res.statusCode).toBe(400);
    }
    const limited = await new Guest(newDeviceId(), ip).place({ items: [{ dishId: soup, quantity: 1 }] });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await new Guest().place({ items: [{ dishId: soup, quantity: 1 }] })).statusCode).toBe(201);
  });

  it('without a device cookie, requests count per IP at the device rate', async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await new Guest(null, ip).place({ items: [] })).statusCode).toBe(400);
    expect((await new Guest(null, ip).place({ items: [] })).statusCode).toBe(429);
  });

  it('RATE_LIMITS=off disables them', async () => {
    const app = await buildApp(testConfig({ rateLimits: false }), ctx.database);
    await app.ready();
    try {
      const g = new Guest(newDeviceId(), randomIp(), () => app);
      for (let i = 0; i < 35; i++) expect((await g.place({ items: [] })).statusCode).toBe(400);
    } finally {
      await app.close();
    }
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

  const connect = (opts: SocketOptions) => connectSocket(baseUrl, opts, sockets);
  async function waitFor(events: OrderEvent[], pred: (e: OrderEvent) => boolean, ms = 5000) {
    const start = Date.now();
    while (Date.now() - start < ms) {
      const found = events.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching event; got ${JSON.stringify(events)}`);
  }

  it('staff receive NEW_ORDER and ORDER_UPDATED; the guest follows its own order by its cookie', async () => {
    const staff = await connect({ token: A.waiter.token });
    expect(await subscribe(staff.socket, ordersTopic(A.id))).toMatchObject({ ok: true });
    const g = new Guest();
    const order = await g.placeOk();
    expect(await waitFor(staff.events, (e) => e.orderId === order.id)).toEqual({
      type: 'NEW_ORDER',
      orderId: order.id,
      status: 'CREATED',
      version: 0,
      order,
    });

    const guest = await connect({ cookie: `device_id=${g.device}` });
    expect(await subscribe(guest.socket, orderTopic(order.id))).toEqual({ ok: true, topic: orderTopic(order.id) });
    await staffSetStatus(order.id, 'READY', A.waiter.token);
    // The guest gets its own order, as GET .../orders/{id} shows it to this device.
    const ready = await waitFor(guest.events, (e) => e.status === 'READY');
    expect(ready).toMatchObject({ type: 'ORDER_UPDATED', orderId: order.id, version: 1 });
    expect('order' in ready && ready.order).toEqual((await g.get(order.id)).json());

    // Adding dishes: staff see the change.
    expect((await g.add(order.id, { items: [{ dishId: bread, quantity: 1 }] })).statusCode).toBe(200);
    expect(
      await waitFor(
        staff.events,
        (e) => e.orderId === order.id && e.type === 'ORDER_UPDATED' && e.status === 'PREPARING',
      ),
    ).toBeTruthy();

    // Another phone cannot follow this order, nor the restaurant's topic.
    const stranger = await connect({ cookie: `device_id=${newDeviceId()}` });
    expect(await subscribe(stranger.socket, orderTopic(order.id))).toMatchObject({ ok: false });
    expect(await subscribe(stranger.socket, ordersTopic(A.id))).toMatchObject({ ok: false });
  });

  it('an idempotent retry emits no second NEW_ORDER', async () => {
    const staff = await connect({ token: A.waiter.token });
    await subscribe(staff.socket, ordersTopic(A.id));
    const g = new Guest();
    const body = { items: [{ dishId: soup, quantity: 1 }] };
    const first = await g.place(body, { key: 'once' });
    await g.place(body, { key: 'once' });
    const marker = await g.placeOk();
    await waitFor(staff.events, (e) => e.orderId === marker.id);
    expect(staff.events.filter((e) => e.orderId === first.json().id && e.type === 'NEW_ORDER')).toHaveLength(1);
  });
});
