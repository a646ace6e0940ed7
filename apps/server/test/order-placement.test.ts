import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type Order } from '@qr-menu/contract';
import { categories, eateries } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * Placing orders: takeaway orders without a table (staff) and pickup orders (guests), and lines with a seat and a
 * course, the later courses of a round held. (Both ways of placing store the same rows: place-order-paths.test.ts.)
 */
const ctx = setupApp({ trustProxy: ['127.0.0.1'] });
let A: TestEatery; // no courses
let C: TestEatery; // three courses
let soup: number;
let salad: number; // C, category without a course: the first
let kebab: number; // C, the mains' category: course 2
let baklava: number; // C, no category

const place = (body: unknown, e: TestEatery = A, token = e.waiter.token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(token),
    payload: body as object,
  });

async function placed(body: unknown, e: TestEatery = A): Promise<Order> {
  const res = await place(body, e);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function expectValidation(res: LightMyRequestResponse, field: string, messageKey: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().details).toContainEqual({ field, messageKey });
}

const lines = (o: Order) => o.items.map((i) => ({ seat: i.seat, course: i.course, held: i.held }));

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Counter' });
  C = await makeEatery(ctx.app, { name: 'Courses' });
  await ctx.app.db.update(eateries).set({ serviceChargeBp: 1000 }).where(eq(eateries.id, A.id));
  soup = await makeDish(ctx.app, A, { price: '4.00', nameEn: 'Soup' });
  const names = (en: string) => ({ az: en, en, ru: en });
  await ctx.app.db
    .update(eateries)
    .set({ courses: [names('Starters'), names('Mains'), names('Desserts')] })
    .where(eq(eateries.id, C.id));
  const [mains] = await ctx.app.db
    .insert(categories)
    .values({ eateryId: C.id, nameEn: 'Mains', course: 2 })
    .returning({ id: categories.id });
  salad = await makeDish(ctx.app, C, { price: '3.00', nameEn: 'Salad' });
  kebab = await makeDish(ctx.app, C, { price: '9.00', nameEn: 'Kebab', categoryId: mains.id });
  baklava = await makeDish(ctx.app, C, { price: '2.00', nameEn: 'Baklava', categoryId: null });
});

describe('takeaway', () => {
  it('staff ring up an order without a table, with the customer; no service charge unless takeaway pays it', async () => {
    const order = await placed({
      kind: 'TAKEAWAY',
      tableId: A.tableId, // ignored: takeaway has no table
      customerName: '  Aysel ',
      customerPhone: ' +994 50 123-45-67 ',
      items: [{ dishId: soup, quantity: 2 }],
    });
    expect(order).toMatchObject({
      kind: 'TAKEAWAY',
      tableId: null,
      tableNumber: '',
      customerName: 'Aysel',
      customerPhone: '+994 50 123-45-67',
      status: 'CREATED',
      serviceChargeRate: 0,
      orderPrice: 8,
    });
    // Name and phone are optional for takeaway.
    expect(await placed({ kind: 'TAKEAWAY', items: [{ dishId: soup, quantity: 1 }] })).toMatchObject({
      kind: 'TAKEAWAY',
      customerName: null,
      customerPhone: null,
    });
    await ctx.app.db.update(eateries).set({ serviceChargeTakeaway: true }).where(eq(eateries.id, A.id));
    expect((await placed({ kind: 'TAKEAWAY', customerPhone: '' })).serviceChargeRate).toBe(1000);
    await ctx.app.db.update(eateries).set({ serviceChargeTakeaway: false }).where(eq(eateries.id, A.id));
    // A table's order keeps its table and has no customer.
    expect(await placed({ tableId: A.tableId, customerName: 'Ignored' })).toMatchObject({
      kind: 'DINE_IN',
      tableId: A.tableId,
      customerName: null,
    });
  });

  it('is listed, billed and paid like any order', async () => {
    const order = await placed({ kind: 'TAKEAWAY', customerName: 'Kamal', items: [{ dishId: soup, quantity: 1 }] });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/orders`,
      headers: bearer(A.cashier.token),
    });
    expect((list.json() as Order[]).find((o) => o.id === order.id)).toMatchObject({ tableId: null, kind: 'TAKEAWAY' });
    const bill = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/bill?orderIds=${order.id}`,
      headers: bearer(A.cashier.token),
    });
    expect(bill.statusCode, bill.body).toBe(200);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/bill/payments`,
      headers: bearer(A.cashier.token),
      payload: { orderIds: [order.id], method: 'CARD' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('PAID');
  });

  it('400 for a table order without a table, a bad phone, a long name or a kind staff do not ring up', async () => {
    const items = [{ dishId: soup, quantity: 1 }];
    expectValidation(await place({ items }), 'tableId', 'validation.required');
    expectValidation(await place({ kind: 'DINE_IN', items }), 'tableId', 'validation.required');
    expectValidation(
      await place({ kind: 'TAKEAWAY', customerPhone: 'call me', items }),
      'customerPhone',
      'validation.phone',
    );
    expectValidation(
      await place({ kind: 'TAKEAWAY', customerName: 'x'.repeat(61), items }),
      'customerName',
      'validation.tooLong',
    );
    expectValidation(await place({ kind: 'PICKUP', items }), 'kind', 'validation.invalid');
  });
});

describe('pickup (guests, through the placing the pickup routes use)', () => {
  it('places a guest order without a table, with the guest rules; the name is required', async () => {
    const commands = ctx.app.services.orderCommands;
    const deviceId = newDeviceId();
    const { order, created } = await commands.placeOrder(A.id, null, [{ dishId: soup, quantity: 1 }], null, {
      guest: true,
      deviceId,
      idempotencyKey: 'k1',
      kind: 'PICKUP',
      customer: { name: 'Leyla', phone: null },
    });
    expect(created).toBe(true);
    expect(order).toMatchObject({ kind: 'PICKUP', tableId: null, tableNumber: '', customerName: 'Leyla' });
    // A retry with the same key gets the same order.
    const again = await commands.placeOrder(A.id, null, [{ dishId: soup, quantity: 1 }], null, {
      guest: true,
      deviceId,
      idempotencyKey: 'k1',
      kind: 'PICKUP',
      customer: { name: 'Leyla', phone: null },
    });
    expect(again).toMatchObject({ created: false, order: { id: order.id } });
    await expect(
      commands.placeOrder(A.id, null, [{ dishId: soup, quantity: 1 }], null, {
        guest: true,
        deviceId,
        kind: 'PICKUP',
        customer: { name: '', phone: null },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'customerName', messageKey: 'validation.required' }],
    });
    const soldOut = await makeDish(ctx.app, A, { price: '1.00', nameEn: 'Gone', available: false });
    await expect(
      commands.placeOrder(A.id, null, [{ dishId: soldOut, quantity: 1 }], null, {
        guest: true,
        deviceId,
        kind: 'PICKUP',
        customer: { name: 'Leyla', phone: null },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: 'items.0.dishId', messageKey: 'validation.dishUnavailable' }],
    });
  });
});

describe('seats and courses', () => {
  it('a round sends its first course and holds the later ones; the category gives the default course', async () => {
    const order = await placed(
      {
        tableId: C.tableId,
        items: [
          { dishId: salad, quantity: 1, seat: 1 },
          { dishId: kebab, quantity: 1, seat: 1 },
          { dishId: baklava, quantity: 2, seat: 2, course: 3 },
          { dishId: kebab, quantity: 1, course: 1 },
        ],
      },
      C,
    );
    expect(lines(order)).toEqual([
      { seat: 1, course: 1, held: false },
      { seat: 1, course: 2, held: true },
      { seat: 2, course: 3, held: true },
      { seat: null, course: 1, held: false },
    ]);
    // A round of mains alone goes to the kitchen.
    const mains = await placed({ tableId: C.tableId, items: [{ dishId: kebab, quantity: 1 }] }, C);
    expect(lines(mains)).toEqual([{ seat: null, course: 2, held: false }]);
  });

  it('an addition is a round of its own, for staff and guests alike', async () => {
    const order = await placed({ tableId: C.tableId, items: [{ dishId: salad, quantity: 1 }] }, C);
    const url = `/api/eatery/${C.id}/orders/${order.id}/items`;
    const added = await ctx.app.inject({
      method: 'POST',
      url,
      headers: bearer(C.waiter.token),
      payload: { dishId: kebab, quantity: 1, seat: 3 },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(lines(added.json()).at(-1)).toEqual({ seat: 3, course: 2, held: false });

    const device = newDeviceId();
    const guest = (url: string, payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url,
        remoteAddress: randomIp(),
        cookies: { device_id: device },
        payload: payload as object,
      });
    const mine = await guest(GUEST_ROUTES.placeOrder(C.id, C.tableId), {
      items: [
        { dishId: kebab, quantity: 1 },
        { dishId: baklava, quantity: 1, course: 3 },
      ],
    });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(lines(mine.json())).toEqual([
      { seat: null, course: 2, held: false },
      { seat: null, course: 3, held: true },
    ]);
    const more = await guest(GUEST_ROUTES.addItems(C.id, mine.json().id), {
      items: [
        { dishId: salad, quantity: 1 },
        { dishId: kebab, quantity: 1 },
      ],
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(lines(more.json()).slice(2)).toEqual([
      { seat: null, course: 1, held: false },
      { seat: null, course: 2, held: true },
    ]);
  });

  it('400 for a course the restaurant does not name and for seats or courses out of range; nothing placed', async () => {
    expectValidation(
      await place({ tableId: C.tableId, items: [{ dishId: salad, quantity: 1, course: 4 }] }, C),
      'items.0.course',
      'validation.courseUnknown',
    );
    expectValidation(
      await place({ tableId: A.tableId, items: [{ dishId: soup, quantity: 1, course: 1 }] }),
      'items.0.course',
      'validation.courseUnknown',
    );
    for (const course of [0, 7, 1.5, '1']) {
      expectValidation(
        await place({ tableId: C.tableId, items: [{ dishId: salad, quantity: 1, course }] }, C),
        'items.0.course',
        'validation.course',
      );
    }
    for (const seat of [0, 21, 2.5, '1']) {
      expectValidation(
        await place({ tableId: C.tableId, items: [{ dishId: salad, quantity: 1, seat }] }, C),
        'items.0.seat',
        'validation.seat',
      );
    }
  });

  it('a restaurant without courses stores none and holds nothing; seats are kept', async () => {
    const order = await placed({
      tableId: A.tableId,
      items: [
        { dishId: soup, quantity: 1, seat: 4 },
        { dishId: soup, quantity: 1, seat: null, course: null },
      ],
    });
    expect(lines(order)).toEqual([
      { seat: 4, course: null, held: false },
      { seat: null, course: null, held: false },
    ]);
  });
});
