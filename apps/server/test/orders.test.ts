import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { estimateOrderMinutes, orderResponse, toCents, type Order, type OrderEvent } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { deriveOrderStatus } from '../src/modules/orders/order-rules.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, makeTable, type TestEatery } from './orders-fixtures.js';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let dishAz: number; // nameAz set: the snapshot uses it
let dishEn: number; // only nameEn: the snapshot falls back to it
let dishB: number; // eatery B's dish
let archived: number;
let unavailable: number;
let bOrderId: number;

const url = (eateryId: number, rest = '') => `/api/eatery/${eateryId}/orders${rest}`;

async function create(e: TestEatery, payload: unknown, token = e.waiter.token) {
  return ctx.app.inject({ method: 'POST', url: url(e.id), headers: bearer(token), payload: payload as object });
}

async function countOrders(eateryId: number) {
  const [r] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.eateryId, eateryId));
  return r.n;
}

beforeAll(async () => {
  const app = ctx.app;
  A = await makeEatery(app);
  B = await makeEatery(app, { name: 'Other' });
  dishAz = await makeDish(app, A, {
    price: '19.99',
    nameAz: 'Çoban salatı',
    nameEn: 'Shepherd salad',
    nameRu: 'Салат',
    kitchenDepartmentId: A.departmentId,
  });
  dishEn = await makeDish(app, A, { price: '0.10', nameEn: 'Bread', categoryId: null });
  archived = await makeDish(app, A, { price: '5.00', nameEn: 'Old', archived: true });
  unavailable = await makeDish(app, A, { price: '3.50', nameEn: 'Sold out', available: false });
  dishB = await makeDish(app, B, { price: '1.00', nameEn: 'B dish' });
  const res = await create(B, { tableId: B.tableId, items: [{ dishId: dishB, quantity: 1 }] }, B.owner.token);
  expect(res.statusCode).toBe(201);
  bOrderId = res.json().id;
});

let emitted: ({ eateryId: number } & OrderEvent)[] = [];
beforeEach(() => {
  emitted = [];
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((eateryId, ev) => {
    emitted.push({ eateryId, ...ev });
  });
});

describe('POST /api/eatery/:id/orders', () => {
  it('creates a CREATED order with server-side snapshots of the dishes', async () => {
    const res = await create(A, {
      tableId: A.tableId,
      note: '  window seat ',
      status: 'PAID', // ignored
      eateryId: B.id, // ignored: the path decides
      items: [
        { dishId: dishAz, quantity: 2, note: 'no onion', price: 0.01 },
        { dishId: dishEn, quantity: 3 },
        { dishId: unavailable, quantity: 1 }, // staff may order a dish marked unavailable
      ],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json() as Order;
    expect(orderResponse.safeParse(order).success).toBe(true);
    expect(order).toMatchObject({
      status: 'CREATED',
      tableId: A.tableId,
      tableNumber: '1',
      note: 'window seat',
      eateryId: A.id,
      orderPrice: 43.78, // 19.99*2 + 0.10*3 + 3.50
      estimatedTime: 20, // 6 portions pending: 10 + 2 * 5
    });
    expect(order.items).toEqual([
      {
        id: expect.any(Number),
        dishId: dishAz,
        dishName: 'Çoban salatı',
        name: 'Çoban salatı',
        orderId: order.id,
        quantity: 2,
        note: 'no onion',
        status: 'CREATED',
        price: 19.99,
        category: 'Salatlar',
        kitchenDepartmentId: A.departmentId,
        names: { az: 'Çoban salatı', en: 'Shepherd salad', ru: 'Салат' },
        batch: 1,
        options: [],
        createdAt: order.createdAt,
        readyAt: null,
        voidReason: null,
        voidedFrom: null,
        voidedAt: null,
        seat: null,
        course: null,
        held: false,
      },
      expect.objectContaining({
        dishId: dishEn,
        name: 'Bread',
        // Only an English name: every language falls back to it, as on the guest menu.
        names: { az: 'Bread', en: 'Bread', ru: 'Bread' },
        price: 0.1,
        category: null,
        kitchenDepartmentId: null,
      }),
      expect.objectContaining({ dishId: unavailable, price: 3.5 }),
    ]);
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);
    expect(order.createdAt.endsWith('Z')).toBe(true);
    // The event carries the order exactly as the response shows it, so screens need not fetch it.
    expect(emitted).toEqual([
      { eateryId: A.id, type: 'NEW_ORDER', orderId: order.id, status: 'CREATED', version: order.version, order },
    ]);
  });

  it('creates an order without items, by a cashier and by the owner', async () => {
    for (const token of [A.cashier.token, A.owner.token]) {
      const res = await create(A, { tableId: A.tableId }, token);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ items: [], orderPrice: 0, estimatedTime: 0, note: null });
    }
  });

  it('answers 400 with details for bad input and creates nothing', async () => {
    const before = await countOrders(A.id);
    const cases: [unknown, { field: string; messageKey: string }][] = [
      [{}, { field: 'tableId', messageKey: 'validation.required' }],
      [{ tableId: 'x' }, { field: 'tableId', messageKey: 'validation.invalid' }],
      [{ tableId: -1 }, { field: 'tableId', messageKey: 'validation.invalid' }],
      [
        { tableId: A.tableId, note: 'x'.repeat(501) },
        { field: 'note', messageKey: 'validation.tooLong' },
      ],
      [
        { tableId: A.tableId, items: [{ dishId: dishAz, quantity: 0 }] },
        { field: 'items.0.quantity', messageKey: 'validation.quantity' },
      ],
      [
        {
          tableId: A.tableId,
          items: [
            { dishId: dishAz, quantity: 1 },
            { dishId: dishAz, quantity: 100 },
          ],
        },
        { field: 'items.1.quantity', messageKey: 'validation.quantity' },
      ],
      [
        { tableId: A.tableId, items: [{ dishId: dishAz, quantity: 1.5 }] },
        { field: 'items.0.quantity', messageKey: 'validation.quantity' },
      ],
      [
        { tableId: A.tableId, items: [{ dishId: dishAz, quantity: 'x' }] },
        { field: 'items.0.quantity', messageKey: 'validation.quantity' },
      ],
      [
        { tableId: A.tableId, items: [{ quantity: 1 }] },
        { field: 'items.0.dishId', messageKey: 'validation.required' },
      ],
    ];
    for (const [payload, detail] of cases) {
      const res = await create(A, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().messageKey).toBe('validation');
      expect(res.json().details).toContainEqual(detail);
    }
    expect(await countOrders(A.id)).toBe(before);
    expect(emitted).toEqual([]);
  });

  it('answers 401 without a token, 403 for a kitchen admin', async () => {
    const noToken = await ctx.app.inject({ method: 'POST', url: url(A.id), payload: { tableId: A.tableId } });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().messageKey).toBe('jwtInvalid');
    const kitchen = await create(A, { tableId: A.tableId }, A.kitchen.token);
    expect(kitchen.statusCode).toBe(403);
    expect(kitchen.json().messageKey).toBe('accessDenied');
  });

  it('answers 404 for another restaurant, its table or its dish, for archived dishes; creates nothing', async () => {
    const before = [await countOrders(A.id), await countOrders(B.id)];
    const otherPath = await ctx.app.inject({
      method: 'POST',
      url: url(B.id),
      headers: bearer(A.waiter.token),
      payload: { tableId: B.tableId },
    });
    expect(otherPath.statusCode).toBe(404);
    expect(otherPath.json().messageKey).toBe('notYourResource');
    for (const payload of [
      { tableId: B.tableId },
      { tableId: 999999 },
      { tableId: A.tableId, items: [{ dishId: dishB, quantity: 1 }] },
      { tableId: A.tableId, items: [{ dishId: archived, quantity: 1 }] },
      {
        tableId: A.tableId,
        items: [
          { dishId: dishAz, quantity: 1 },
          { dishId: 999999, quantity: 1 },
        ],
      },
    ]) {
      const res = await create(A, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    expect([await countOrders(A.id), await countOrders(B.id)]).toEqual(before);
    expect(emitted).toEqual([]);
  });
});

describe('GET /api/eatery/:id/orders', () => {
  let E: TestEatery;
  let ids: Record<string, number>;

  beforeAll(async () => {
    // A fresh restaurant whose orders are inserted with explicit created_at around midnight in Asia/Baku (UTC+4).
    E = await makeEatery(ctx.app);
    const at = async (iso: string, status = 'CREATED') => {
      const [o] = await ctx.app.db
        .insert(orders)
        .values({ eateryId: E.id, tableId: E.tableId, tableNumber: '1', status, createdAt: new Date(iso) })
        .returning({ id: orders.id });
      return o.id;
    };
    ids = {
      mar9Last: await at('2024-03-09T19:59:59.999Z'), // 2024-03-09 23:59:59.999 in Baku
      mar10First: await at('2024-03-09T20:00:00.000Z'), // 2024-03-10 00:00 in Baku
      mar10Paid: await at('2024-03-10T08:00:00.000Z', 'PAID'),
      mar10Last: await at('2024-03-10T19:59:59.999Z'), // 2024-03-10 23:59:59.999 in Baku
      mar11First: await at('2024-03-10T20:00:00.000Z'), // 2024-03-11 00:00 in Baku
    };
  });

  const list = (query = '', token = E.waiter.token, eateryId = E.id) =>
    ctx.app.inject({ method: 'GET', url: `${url(eateryId)}${query}`, headers: bearer(token) });

  it('lists all orders newest first, to any member', async () => {
    for (const token of [E.owner.token, E.waiter.token, E.cashier.token, E.kitchen.token]) {
      const res = await list('', token);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: Order) => o.id)).toEqual([
        ids.mar11First,
        ids.mar10Last,
        ids.mar10Paid,
        ids.mar10First,
        ids.mar9Last,
      ]);
    }
  });

  it("filters by calendar days in the restaurant's time zone, 'to' inclusive", async () => {
    const day = await list('?from=2024-03-10&to=2024-03-10');
    expect(day.json().map((o: Order) => o.id)).toEqual([ids.mar10Last, ids.mar10Paid, ids.mar10First]);
    const from = await list('?from=2024-03-11');
    expect(from.json().map((o: Order) => o.id)).toEqual([ids.mar11First]);
    const to = await list('?to=2024-03-09');
    expect(to.json().map((o: Order) => o.id)).toEqual([ids.mar9Last]);
    const two = await list('?from=2024-03-09&to=2024-03-10&status=CREATED');
    expect(two.json().map((o: Order) => o.id)).toEqual([ids.mar10Last, ids.mar10First, ids.mar9Last]);
    const paid = await list('?status=PAID&from=&to=');
    expect(paid.json().map((o: Order) => o.id)).toEqual([ids.mar10Paid]);
    expect((await list('?from=2024-03-12')).json()).toEqual([]);
  });

  it('follows the restaurant time zone when it is not Baku', async () => {
    const N = await makeEatery(ctx.app, { timeZone: 'America/New_York' });
    const [o] = await ctx.app.db
      .insert(orders)
      .values({ eateryId: N.id, tableId: N.tableId, createdAt: new Date('2024-03-10T03:30:00Z') }) // 22:30 on 9 March in NY
      .returning({ id: orders.id });
    const mar9 = await list('?from=2024-03-09&to=2024-03-09', N.kitchen.token, N.id);
    expect(mar9.json().map((x: Order) => x.id)).toEqual([o.id]);
    expect((await list('?from=2024-03-10', N.kitchen.token, N.id)).json()).toEqual([]);
  });

  it('answers 400 with details for a bad status or date, 401 without token, 404 for another restaurant', async () => {
    for (const [q, field, key] of [
      ['?status=NOPE', 'status', 'validation.invalid'],
      ['?from=2024-02-30', 'from', 'validation.date'],
      ['?to=10.03.2024', 'to', 'validation.date'],
      ['?from=2024-03-11&to=2024-03-10', 'to', 'validation.date'],
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().details).toContainEqual({ field, messageKey: key });
    }
    expect((await ctx.app.inject({ method: 'GET', url: url(E.id) })).statusCode).toBe(401);
    const other = await list('', E.waiter.token, B.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().messageKey).toBe('notYourResource');
  });
});

describe('GET /api/eatery/:id/orders/:orderId', () => {
  it('returns one order to any member; 404 for another restaurant’s order; 400 for a bad id', async () => {
    const created = (await create(A, { tableId: A.tableId, items: [{ dishId: dishAz, quantity: 1 }] })).json();
    const res = await ctx.app.inject({
      method: 'GET',
      url: url(A.id, `/${created.id}`),
      headers: bearer(A.kitchen.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);

    const foreign = await ctx.app.inject({
      method: 'GET',
      url: url(A.id, `/${bOrderId}`),
      headers: bearer(A.owner.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().messageKey).toBe('notYourResource');
    const viaB = await ctx.app.inject({
      method: 'GET',
      url: url(B.id, `/${created.id}`),
      headers: bearer(A.owner.token),
    });
    expect(viaB.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: url(A.id, '/abc'), headers: bearer(A.owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'orderId', messageKey: 'validation.invalid' }]);
    const huge = await ctx.app.inject({
      method: 'GET',
      url: url(A.id, '/99999999999'),
      headers: bearer(A.owner.token),
    });
    expect(huge.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: url(A.id, `/${created.id}`) })).statusCode).toBe(401);
  });
});

describe('PUT /api/eatery/:id/orders/:orderId', () => {
  const put = (orderId: number, payload: object, token: string, eateryId = A.id) =>
    ctx.app.inject({ method: 'PUT', url: url(eateryId, `/${orderId}`), headers: bearer(token), payload });

  async function newOrder() {
    return (await create(A, { tableId: A.tableId, items: [{ dishId: dishAz, quantity: 1 }] })).json() as Order;
  }

  it('changes status and note; a waiter may not mark PAID, a cashier may', async () => {
    const o = await newOrder();
    emitted = [];
    const prep = await put(o.id, { status: 'PREPARING', note: 'hurry' }, A.waiter.token);
    expect(prep.statusCode).toBe(200);
    expect(prep.json()).toMatchObject({ id: o.id, status: 'PREPARING', note: 'hurry' });
    expect(prep.json().updatedAt >= o.updatedAt).toBe(true);

    const waiterPaid = await put(o.id, { status: 'PAID' }, A.waiter.token);
    expect(waiterPaid.statusCode).toBe(403);
    expect(waiterPaid.json().messageKey).toBe('accessDenied');

    const paid = await put(o.id, { status: 'PAID' }, A.cashier.token);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'PAID', estimatedTime: 0 });
    expect(emitted).toEqual([
      {
        eateryId: A.id,
        type: 'ORDER_UPDATED',
        orderId: o.id,
        status: 'PREPARING',
        version: o.version + 1,
        order: prep.json(),
      },
      {
        eateryId: A.id,
        type: 'ORDER_UPDATED',
        orderId: o.id,
        status: 'PAID',
        version: o.version + 2,
        order: paid.json(),
      },
    ]);
    const [row] = await ctx.app.db.select({ version: orders.version }).from(orders).where(eq(orders.id, o.id));
    expect(row.version).toBe(2);
  });

  it('PAID and CANCELLED are final: any change answers 409 orderClosed, repeating the same values does not', async () => {
    for (const [final, token] of [
      ['PAID', A.owner.token],
      ['CANCELLED', A.waiter.token],
    ] as const) {
      const o = await newOrder();
      expect((await put(o.id, { status: final }, token)).statusCode).toBe(200);
      emitted = [];
      for (const payload of [{ status: 'CREATED' }, { status: 'READY' }, { note: 'changed' }]) {
        const res = await put(o.id, payload, A.owner.token);
        expect(res.statusCode, `${final} ${JSON.stringify(payload)}`).toBe(409);
        expect(res.json().messageKey).toBe('orderClosed');
      }
      const same = await put(o.id, { status: final }, A.owner.token);
      expect(same.statusCode).toBe(200);
      expect(same.json().status).toBe(final);
      expect(emitted).toEqual([]);
    }
  });

  it('answers 400, 401, 403 (kitchen) and 404 (another restaurant) without changing anything', async () => {
    const o = await newOrder();
    const bad = await put(o.id, { status: 'DONE' }, A.owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'status', messageKey: 'validation.invalid' }]);
    const noToken = await ctx.app.inject({ method: 'PUT', url: url(A.id, `/${o.id}`), payload: { status: 'READY' } });
    expect(noToken.statusCode).toBe(401);
    const kitchen = await put(o.id, { status: 'READY' }, A.kitchen.token);
    expect(kitchen.statusCode).toBe(403);
    const foreign = await put(bOrderId, { status: 'CANCELLED' }, A.owner.token);
    expect(foreign.statusCode).toBe(404);
    const viaB = await put(o.id, { status: 'CANCELLED' }, A.owner.token, B.id);
    expect(viaB.statusCode).toBe(404);
    const [a] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    const [b] = await ctx.app.db.select().from(orders).where(eq(orders.id, bOrderId));
    expect([a.status, a.version, b.status]).toEqual(['CREATED', 0, 'CREATED']);
  });
});

describe('DELETE /api/eatery/:id/orders/:orderId', () => {
  it('only EATERY_ADMIN deletes; the items go with it; ORDER_DELETED is emitted', async () => {
    const o = (await create(A, { tableId: A.tableId, items: [{ dishId: dishAz, quantity: 1 }] })).json() as Order;
    const del = (token: string, orderId = o.id, eateryId = A.id) =>
      ctx.app.inject({ method: 'DELETE', url: url(eateryId, `/${orderId}`), headers: bearer(token) });
    for (const token of [A.waiter.token, A.cashier.token, A.kitchen.token]) {
      const res = await del(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('accessDenied');
    }
    expect((await ctx.app.inject({ method: 'DELETE', url: url(A.id, `/${o.id}`) })).statusCode).toBe(401);
    expect((await del(A.owner.token, bOrderId)).statusCode).toBe(404);
    expect((await del(B.owner.token, o.id, B.id)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(orders).where(eq(orders.id, bOrderId))).toHaveLength(1);
    emitted = [];

    const res = await del(A.owner.token);
    expect(res.statusCode).toBe(204);
    expect(emitted).toEqual([{ eateryId: A.id, type: 'ORDER_DELETED', orderId: o.id, status: 'CREATED' }]);
    expect(await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, o.id))).toEqual([]);
    const get = await ctx.app.inject({ method: 'GET', url: url(A.id, `/${o.id}`), headers: bearer(A.owner.token) });
    expect(get.statusCode).toBe(404);
    expect((await del(A.owner.token)).statusCode).toBe(404);
  });

  it('an admin holding several roles may delete too', async () => {
    const multi = await makeStaff(ctx.app, A.id, ['WAITER', 'EATERY_ADMIN']);
    const o = (await create(A, { tableId: A.tableId })).json() as Order;
    const res = await ctx.app.inject({ method: 'DELETE', url: url(A.id, `/${o.id}`), headers: bearer(multi.token) });
    expect(res.statusCode).toBe(204);
  });
});

describe('totals', () => {
  it('are exact with many items and decimal prices, and exclude DELETED items', async () => {
    const t = await makeTable(ctx.app, A.id, 'totals');
    const dime = await makeDish(ctx.app, A, { price: '0.10', nameEn: 'Dime' });
    const big = await makeDish(ctx.app, A, { price: '19.99', nameEn: 'Big' });
    const res = await create(A, {
      tableId: t,
      items: [
        { dishId: dime, quantity: 3 },
        { dishId: big, quantity: 7 },
      ],
    });
    expect(res.json().orderPrice).toBe(140.23); // 0.1*3 + 19.99*7 in floats is 140.23000000000002
    const orderId = res.json().id as number;

    // 40 more items of 0.10 x 3 (floats drift: 0.1*3 summed 40 times is not 12)
    let last: Order = res.json();
    for (let i = 0; i < 40; i++) {
      const add = await ctx.app.inject({
        method: 'POST',
        url: url(A.id, `/${orderId}/items`),
        headers: bearer(A.waiter.token),
        payload: { dishId: dime, quantity: 3 },
      });
      expect(add.statusCode).toBe(201);
      last = add.json();
    }
    expect(last.items).toHaveLength(42);
    expect(last.orderPrice).toBe(152.23);

    // Deleting the 19.99 x 7 line removes exactly 139.93.
    const bigItem = last.items.find((i) => i.dishId === big)!;
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: url(A.id, `/${orderId}/items/${bigItem.id}`),
      headers: bearer(A.waiter.token),
      payload: { reason: 'Wrong item entered' },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().orderPrice).toBe(12.3);
    expect(del.json().items.find((i: { id: number }) => i.id === bigItem.id).status).toBe('DELETED');

    // The list computes the same totals.
    const listed = await ctx.app.inject({ method: 'GET', url: url(A.id), headers: bearer(A.owner.token) });
    expect(listed.json().find((o: Order) => o.id === orderId).orderPrice).toBe(12.3);
  });

  it('keep the price snapshot when the dish price changes later', async () => {
    const d = await makeDish(ctx.app, A, { price: '2.50', nameEn: 'Tea' });
    const o = (await create(A, { tableId: A.tableId, items: [{ dishId: d, quantity: 2 }] })).json() as Order;
    await ctx.app.db.execute(sql`update dishes set price = 9.99, name_en = 'Green tea' where id = ${d}`);
    const res = await ctx.app.inject({ method: 'GET', url: url(A.id, `/${o.id}`), headers: bearer(A.owner.token) });
    expect(res.json()).toMatchObject({ orderPrice: 5, items: [{ price: 2.5, name: 'Tea' }] });
  });
});

describe('order rules (pure)', () => {
  it('toCents reads numeric(10,2) strings exactly; estimated time follows the documented rule', () => {
    expect(['19.99', '0.10', '0.1', '5', '12345678.90', '-1.50'].map(toCents)).toEqual([
      1999, 10, 10, 500, 1234567890, -150,
    ]);
    expect(() => toCents('1.234')).toThrow();
    expect(estimateOrderMinutes('CREATED', [{ status: 'CREATED', quantity: 1 }])).toBe(10);
    expect(estimateOrderMinutes('PREPARING', [{ status: 'PREPARING', quantity: 40 }])).toBe(60);
    expect(estimateOrderMinutes('PREPARING', [{ status: 'READY', quantity: 3 }])).toBe(0);
    expect(estimateOrderMinutes('READY', [{ status: 'CREATED', quantity: 3 }])).toBe(0);
    expect(deriveOrderStatus('PAID', ['CREATED'])).toBe('PAID');
    expect(deriveOrderStatus('ISSUED', ['READY', 'CREATED'])).toBe('PREPARING');
    expect(deriveOrderStatus('PROCESSING', ['READY', 'DELETED'])).toBe('READY');
    expect(deriveOrderStatus('READY', ['DELETED'])).toBe('READY');
  });
});
