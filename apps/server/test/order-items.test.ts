import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderEvent } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { OrderCommands } from '../src/modules/orders/order-commands.js';
import { OrderQueries } from '../src/modules/orders/order-queries.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, makeTable, type TestEatery } from './orders-fixtures.js';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let soup: number; // 4.50
let tea: number; // 1.20
let dishB: number;
let archived: number;
let soldOut: number;
let bOrder: Order;

const base = (eateryId: number, orderId: number) => `/api/eatery/${eateryId}/orders/${orderId}/items`;

async function newOrder(items = [{ dishId: soup, quantity: 1 }], e = A): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(e.waiter.token),
    payload: { tableId: e.tableId, items },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const addItem = (orderId: number, payload: object, token = A.waiter.token, eateryId = A.id) =>
  ctx.app.inject({ method: 'POST', url: base(eateryId, orderId), headers: bearer(token), payload });
const putItem = (orderId: number, itemId: number, payload: object, token = A.waiter.token, eateryId = A.id) =>
  ctx.app.inject({ method: 'PUT', url: `${base(eateryId, orderId)}/${itemId}`, headers: bearer(token), payload });
/** A void's body: the reason is required. */
const VOID = { reason: 'Guest changed their mind' };
const delItem = (orderId: number, itemId: number, token = A.waiter.token, eateryId = A.id, payload: object = VOID) =>
  ctx.app.inject({ method: 'DELETE', url: `${base(eateryId, orderId)}/${itemId}`, headers: bearer(token), payload });
const setStatus = (orderId: number, status: string, token = A.owner.token) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${A.id}/orders/${orderId}`,
    headers: bearer(token),
    payload: { status },
  });

async function itemRows(orderId: number) {
  return ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  soup = await makeDish(ctx.app, A, { price: '4.50', nameAz: 'Şorba', kitchenDepartmentId: A.departmentId });
  tea = await makeDish(ctx.app, A, { price: '1.20', nameEn: 'Tea', nameRu: 'Чай' });
  archived = await makeDish(ctx.app, A, { price: '1.00', archived: true });
  soldOut = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Sold out', available: false });
  dishB = await makeDish(ctx.app, B, { price: '1.00' });
  bOrder = await newOrder([{ dishId: dishB, quantity: 1 }], B);
});

let emitted: ({ eateryId: number } & OrderEvent)[] = [];
beforeEach(() => {
  emitted = [];
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((eateryId, ev) => {
    emitted.push({ eateryId, ...ev });
  });
});

describe('POST /api/eatery/:id/orders/:orderId/items', () => {
  it('adds a CREATED item with server-side price and snapshots; extra fields sent by the web form are ignored', async () => {
    const o = await newOrder();
    emitted = [];
    const res = await addItem(o.id, {
      id: 77,
      orderId: 1,
      name: 'Fake',
      dishId: tea,
      quantity: 2,
      note: 'lemon',
      status: 'READY',
      price: 0,
    });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(order.items).toHaveLength(2);
    expect(order.items[1]).toMatchObject({
      dishId: tea,
      name: 'Tea',
      dishName: 'Tea',
      quantity: 2,
      note: 'lemon',
      status: 'CREATED',
      price: 1.2,
      category: 'Salatlar',
      orderId: o.id,
    });
    expect(order.orderPrice).toBe(6.9);
    expect(emitted).toEqual([
      { eateryId: A.id, type: 'ORDER_UPDATED', orderId: o.id, status: 'CREATED', version: o.version + 1, order },
    ]);
    for (const token of [A.cashier.token, A.owner.token])
      expect((await addItem(o.id, { dishId: tea, quantity: 1 }, token)).statusCode).toBe(201);
  });

  it('answers 400 with details for bad quantity or dish id; nothing is added', async () => {
    const o = await newOrder();
    for (const [payload, detail] of [
      [
        { dishId: tea, quantity: 0 },
        { field: 'quantity', messageKey: 'validation.quantity' },
      ],
      [
        { dishId: tea, quantity: 100 },
        { field: 'quantity', messageKey: 'validation.quantity' },
      ],
      [
        { dishId: tea, quantity: 1.5 },
        { field: 'quantity', messageKey: 'validation.quantity' },
      ],
      [
        { dishId: tea, quantity: 'x' },
        { field: 'quantity', messageKey: 'validation.quantity' },
      ],
      [{ dishId: tea }, { field: 'quantity', messageKey: 'validation.quantity' }],
      [{ quantity: 1 }, { field: 'dishId', messageKey: 'validation.required' }],
      [
        { dishId: 'soup', quantity: 1 },
        { field: 'dishId', messageKey: 'validation.invalid' },
      ],
      [
        { dishId: tea, quantity: 1, note: 'n'.repeat(501) },
        { field: 'note', messageKey: 'validation.tooLong' },
      ],
    ] as const) {
      const res = await addItem(o.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().details).toContainEqual(detail);
    }
    expect(await itemRows(o.id)).toHaveLength(1);
  });

  it('answers 401, 403 for a kitchen admin, 404 for foreign / archived dishes and other restaurants’ orders', async () => {
    const o = await newOrder();
    emitted = [];
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: base(A.id, o.id),
      payload: { dishId: tea, quantity: 1 },
    });
    expect(noToken.statusCode).toBe(401);
    const kitchen = await addItem(o.id, { dishId: tea, quantity: 1 }, A.kitchen.token);
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json().messageKey).toBe('accessDenied');
    for (const [orderId, dishId, eateryId] of [
      [o.id, dishB, A.id],
      [o.id, archived, A.id],
      [o.id, 999999, A.id],
      [bOrder.id, tea, A.id],
      [o.id, tea, B.id],
    ]) {
      const res = await addItem(orderId, { dishId, quantity: 1 }, A.waiter.token, eateryId);
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    expect(await itemRows(o.id)).toHaveLength(1);
    expect(await itemRows(bOrder.id)).toHaveLength(1);
    expect(emitted).toEqual([]);
  });

  it('a READY order goes back to PREPARING when dishes are added; PAID / CANCELLED answer 409', async () => {
    const o = await newOrder();
    expect((await setStatus(o.id, 'READY')).statusCode).toBe(200);
    const added = await addItem(o.id, { dishId: tea, quantity: 1 });
    expect(added.json().status).toBe('PREPARING');

    for (const final of ['PAID', 'CANCELLED']) {
      const c = await newOrder();
      expect((await setStatus(c.id, final)).statusCode).toBe(200);
      const res = await addItem(c.id, { dishId: tea, quantity: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json().messageKey).toBe('orderClosed');
      expect(await itemRows(c.id)).toHaveLength(1);
    }
  });
});

describe('PUT /api/eatery/:id/orders/:orderId/items/:itemId', () => {
  it('a waiter edits quantity and note; a cashier too; the total follows', async () => {
    const o = await newOrder();
    const item = o.items[0];
    emitted = [];
    const res = await putItem(o.id, item.id, { quantity: 3, note: 'hot' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ quantity: 3, note: 'hot', status: 'CREATED' });
    expect(res.json().orderPrice).toBe(13.5);
    const cashier = await putItem(o.id, item.id, { quantity: 2, note: null }, A.cashier.token);
    expect(cashier.json().items[0]).toMatchObject({ quantity: 2, note: null });
    expect(emitted.map((e) => e.type)).toEqual(['ORDER_UPDATED', 'ORDER_UPDATED']);
    const [row] = await ctx.app.db.select({ version: orders.version }).from(orders).where(eq(orders.id, o.id));
    expect(row.version).toBe(2);
  });

  it('another dish re-snapshots name, price, category and department', async () => {
    const o = await newOrder([{ dishId: tea, quantity: 2 }]);
    const res = await putItem(o.id, o.items[0].id, { dishId: soup, quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({
      dishId: soup,
      name: 'Şorba',
      price: 4.5,
      kitchenDepartmentId: A.departmentId,
      quantity: 2,
    });
    expect(res.json().orderPrice).toBe(9);
    expect((await putItem(o.id, o.items[0].id, { dishId: dishB })).statusCode).toBe(404);
    expect((await putItem(o.id, o.items[0].id, { dishId: archived })).statusCode).toBe(404);
  });

  it('field-level roles: the kitchen changes only the status, a cashier never the status', async () => {
    const o = await newOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]);
    const [soupItem, teaItem] = o.items;

    // The kitchen may send the whole item as long as only the status changes.
    const kitchen = await putItem(o.id, soupItem.id, { ...soupItem, status: 'PREPARING' }, A.kitchen.token);
    expect(kitchen.statusCode).toBe(200);
    expect(kitchen.json().items[0].status).toBe('PREPARING');

    const kitchenQty = await putItem(o.id, soupItem.id, { quantity: 5 }, A.kitchen.token);
    expect(kitchenQty.statusCode).toBe(403);
    expect(kitchenQty.json().messageKey).toBe('accessDenied');
    const kitchenNote = await putItem(o.id, soupItem.id, { note: 'x', status: 'READY' }, A.kitchen.token);
    expect(kitchenNote.statusCode).toBe(403);

    const cashierStatus = await putItem(o.id, teaItem.id, { status: 'READY' }, A.cashier.token);
    expect(cashierStatus.statusCode).toBe(403);
    const waiterStatus = await putItem(o.id, teaItem.id, { status: 'SERVED' }, A.waiter.token);
    expect(waiterStatus.statusCode).toBe(200);

    const rows = await itemRows(o.id);
    expect(rows.map((r) => [r.status, r.quantity, r.note])).toEqual([
      ['PREPARING', 1, null],
      ['SERVED', 1, null],
    ]);
  });

  it('item statuses drive the order status', async () => {
    const o = await newOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 2 },
    ]);
    const [a, b] = o.items;
    const k = A.kitchen.token;
    let res = await putItem(o.id, a.id, { status: 'PREPARING' }, k);
    expect(res.json()).toMatchObject({ status: 'PREPARING', estimatedTime: 14 });
    res = await putItem(o.id, a.id, { status: 'READY' }, k);
    expect(res.json().status).toBe('PREPARING');
    res = await putItem(o.id, b.id, { status: 'READY' }, k);
    expect(res.json()).toMatchObject({ status: 'READY', estimatedTime: 0 });
    expect(emitted.at(-1)).toEqual({
      eateryId: A.id,
      type: 'ORDER_UPDATED',
      orderId: o.id,
      status: 'READY',
      version: o.version + 3,
      order: res.json(),
    });

    // A dish added to a READY order sends it back to PREPARING; deleting that dish makes it READY again.
    res = await addItem(o.id, { dishId: tea, quantity: 1 });
    expect(res.json().status).toBe('PREPARING');
    const c = res.json().items[2];
    res = await delItem(o.id, c.id);
    expect(res.json().status).toBe('READY');

    // One item back to PREPARING: the order too. Quantity / note edits never move the order status.
    res = await putItem(o.id, a.id, { status: 'PREPARING' }, k);
    expect(res.json().status).toBe('PREPARING');
    expect((await setStatus(o.id, 'READY')).json().status).toBe('READY');
    res = await putItem(o.id, a.id, { note: 'extra bread' });
    expect(res.json().status).toBe('READY');
  });

  it('a CREATED order with one item PREPARING becomes PREPARING; SERVED counts as ready', async () => {
    const o = await newOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]);
    let res = await putItem(o.id, o.items[0].id, { status: 'SERVED' }, A.waiter.token);
    expect(res.json().status).toBe('PREPARING');
    res = await putItem(o.id, o.items[1].id, { status: 'READY' }, A.kitchen.token);
    expect(res.json().status).toBe('READY');
  });

  it('sending the current values changes nothing (200, no event, no version bump)', async () => {
    const o = await newOrder();
    emitted = [];
    const res = await putItem(o.id, o.items[0].id, { ...o.items[0] }, A.kitchen.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(o);
    expect(emitted).toEqual([]);
  });

  it('answers 400, 401, 404 (other order, other restaurant) and 409 on closed orders', async () => {
    const o = await newOrder();
    const other = await newOrder();
    const item = o.items[0];
    for (const [payload, detail] of [
      [{ quantity: 0 }, { field: 'quantity', messageKey: 'validation.quantity' }],
      [{ quantity: 2.5 }, { field: 'quantity', messageKey: 'validation.quantity' }],
      [{ status: 'EATEN' }, { field: 'status', messageKey: 'validation.invalid' }],
    ] as const) {
      const res = await putItem(o.id, item.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual(detail);
    }
    const noToken = await ctx.app.inject({
      method: 'PUT',
      url: `${base(A.id, o.id)}/${item.id}`,
      payload: { quantity: 2 },
    });
    expect(noToken.statusCode).toBe(401);
    expect((await putItem(other.id, item.id, { quantity: 2 })).statusCode).toBe(404);
    expect((await putItem(o.id, bOrder.items[0].id, { quantity: 2 })).statusCode).toBe(404);
    expect((await putItem(bOrder.id, bOrder.items[0].id, { quantity: 2 })).statusCode).toBe(404);
    expect((await putItem(o.id, item.id, { quantity: 2 }, B.owner.token, B.id)).statusCode).toBe(404);
    expect((await itemRows(bOrder.id))[0].quantity).toBe(1);

    // Paid: the bill's dishes change no more, but the kitchen still cooks them (their status moves on).
    expect((await setStatus(o.id, 'PAID', A.cashier.token)).statusCode).toBe(200);
    const more = await putItem(o.id, item.id, { quantity: 2 }, A.waiter.token);
    expect(more.statusCode).toBe(409);
    expect(more.json().messageKey).toBe('orderClosed');
    const cooked = await putItem(o.id, item.id, { status: 'READY' }, A.kitchen.token);
    expect(cooked.statusCode, cooked.body).toBe(200);
    expect(cooked.json().status).toBe('PAID');
    expect((await itemRows(o.id))[0]).toMatchObject({ quantity: 1, status: 'READY' });
    // Cancelled: nothing moves.
    const c = await newOrder();
    expect((await setStatus(c.id, 'CANCELLED', A.waiter.token)).statusCode).toBe(200);
    const [cItem] = await itemRows(c.id);
    for (const [payload, token] of [
      [{ quantity: 2 }, A.waiter.token],
      [{ status: 'READY' }, A.kitchen.token],
    ] as const) {
      const res = await putItem(c.id, cItem.id, payload, token);
      expect(res.statusCode).toBe(409);
      expect(res.json().messageKey).toBe('orderClosed');
    }
    expect((await itemRows(c.id))[0]).toMatchObject({ quantity: 1, status: 'CREATED' });
  });
});

describe('DELETE /api/eatery/:id/orders/:orderId/items/:itemId', () => {
  it('marks the item DELETED, out of the total; roles, 404 and 409', async () => {
    const o = await newOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]);
    const [a] = o.items;
    const kitchen = await delItem(o.id, a.id, A.kitchen.token);
    expect(kitchen.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${base(A.id, o.id)}/${a.id}` })).statusCode).toBe(401);
    expect((await delItem(bOrder.id, bOrder.items[0].id)).statusCode).toBe(404);
    expect((await delItem(o.id, a.id, B.owner.token, B.id)).statusCode).toBe(404);
    emitted = [];

    const res = await delItem(o.id, a.id, A.cashier.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0].status).toBe('DELETED');
    expect(res.json().orderPrice).toBe(1.2);
    expect(emitted).toHaveLength(1);
    const again = await delItem(o.id, a.id);
    expect(again.statusCode).toBe(200);
    expect(emitted).toHaveLength(1);

    expect((await setStatus(o.id, 'CANCELLED', A.waiter.token)).statusCode).toBe(200);
    const closed = await delItem(o.id, o.items[1].id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().messageKey).toBe('orderClosed');
  });
});

describe('order commands and queries for guest routes', () => {
  let service: OrderCommands;
  let queries: OrderQueries;
  let events: ({ eateryId: number } & OrderEvent)[];
  beforeAll(() => {
    events = [];
    queries = new OrderQueries(ctx.app.db);
    service = new OrderCommands(ctx.app.db, {
      emitOrderEvent: (eateryId, ev) => void events.push({ eateryId, ...ev }),
    });
  });
  beforeEach(() => {
    events = [];
  });

  it('placeOrder stores the device and answers a retry with the same Idempotency-Key with the first order', async () => {
    const first = await service.placeOrder(A.id, A.tableId, [{ dishId: soup, quantity: 2, note: 'spicy' }], 'hi', {
      deviceId: 'device-aaaaaaaa',
      idempotencyKey: 'key-1',
      guest: true,
    });
    expect(first.created).toBe(true);
    expect(first.order).toMatchObject({ status: 'CREATED', orderPrice: 9, note: 'hi' });
    const again = await service.placeOrder(A.id, A.tableId, [{ dishId: tea, quantity: 9 }], null, {
      deviceId: 'device-aaaaaaaa',
      idempotencyKey: 'key-1',
      guest: true,
    });
    expect(again).toEqual({ order: first.order, created: false });
    expect(events).toEqual([
      { eateryId: A.id, type: 'NEW_ORDER', orderId: first.order.id, status: 'CREATED', version: 0, order: first.order },
    ]);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, first.order.id));
    expect(row.deviceId).toBe('device-aaaaaaaa');
  });

  it('concurrent retries with one key create one order', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        service.placeOrder(A.id, A.tableId, [{ dishId: tea, quantity: 1 }], null, {
          deviceId: 'device-bbbbbbbb',
          idempotencyKey: 'double-tap',
          guest: true,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('guest rules: items required, unavailable or foreign dish 400, foreign table 404, inactive table 409', async () => {
    const guest = { deviceId: 'device-cccccccc', guest: true };
    await expect(service.placeOrder(A.id, A.tableId, [], null, guest)).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'items', messageKey: 'validation.itemsRequired' }],
    });
    await expect(
      service.placeOrder(
        A.id,
        A.tableId,
        [
          { dishId: tea, quantity: 1 },
          { dishId: soldOut, quantity: 1 },
        ],
        null,
        guest,
      ),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'items.1.dishId', messageKey: 'validation.dishUnavailable' }],
    });
    await expect(
      service.placeOrder(A.id, A.tableId, [{ dishId: dishB, quantity: 1 }], null, guest),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'items.0.dishId', messageKey: 'validation.dishUnavailable' }],
    });
    await expect(
      service.placeOrder(A.id, B.tableId, [{ dishId: tea, quantity: 1 }], null, guest),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    const inactive = await makeTable(ctx.app, A.id, 'closed', 'INACTIVE');
    await expect(service.placeOrder(A.id, inactive, [{ dishId: tea, quantity: 1 }], null, guest)).rejects.toMatchObject(
      {
        statusCode: 409,
        messageKey: 'tableInactive',
      },
    );
    expect(await ctx.app.db.select().from(orders).where(eq(orders.deviceId, 'device-cccccccc'))).toEqual([]);
    expect(events).toEqual([]);
  });

  it('addItems / getForDevice / listForDevice only for the device that placed the order', async () => {
    const { order } = await service.placeOrder(A.id, A.tableId, [{ dishId: tea, quantity: 1 }], null, {
      deviceId: 'device-dddddddd',
      guest: true,
    });
    await expect(
      service.addItems(A.id, order.id, [{ dishId: soup, quantity: 1 }], { deviceId: 'device-eeeeeeee', guest: true }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(queries.getForDevice(A.id, order.id, 'device-eeeeeeee')).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      service.addItems(A.id, order.id, [{ dishId: soldOut, quantity: 1 }], {
        deviceId: 'device-dddddddd',
        guest: true,
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'items.0.dishId', messageKey: 'validation.dishUnavailable' }],
    });

    const updated = await service.addItems(A.id, order.id, [{ dishId: soup, quantity: 2, note: 'x' }], {
      deviceId: 'device-dddddddd',
      guest: true,
    });
    expect(updated.items.map((i) => [i.name, i.quantity, i.status])).toEqual([
      ['Tea', 1, 'CREATED'],
      ['Şorba', 2, 'CREATED'],
    ]);
    expect(updated.orderPrice).toBe(10.2);
    expect(await queries.getForDevice(A.id, order.id, 'device-dddddddd')).toEqual(updated);
    expect((await queries.listForDevice(A.id, 'device-dddddddd')).map((o) => o.id)).toEqual([order.id]);
    expect(await queries.listForDevice(A.id, 'device-dddddddd', B.tableId)).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['NEW_ORDER', 'ORDER_UPDATED']);

    await ctx.app.db.update(orders).set({ status: 'PAID' }).where(eq(orders.id, order.id));
    await expect(
      service.addItems(A.id, order.id, [{ dishId: soup, quantity: 1 }], { deviceId: 'device-dddddddd', guest: true }),
    ).rejects.toMatchObject({ statusCode: 409, messageKey: 'orderClosed' });
  });

  it('a member holding several roles gets the union of their permissions', async () => {
    const both = await makeStaff(ctx.app, A.id, ['KITCHEN_ADMIN', 'CASHIER']);
    const o = await newOrder();
    const res = await putItem(o.id, o.items[0].id, { quantity: 2, status: 'READY' }, both.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'READY', items: [{ quantity: 2, status: 'READY' }] });
  });
});
