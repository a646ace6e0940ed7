import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type GuestMenu, type Order } from '@qr-menu/contract';
import { auditLog, dishes, eateries, orderItems } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * Counted stock: a dish's portions left, set by the kitchen and the managers; every order and addition takes its
 * portions atomically (two guests racing for the last one: one gets it, the other 409 notEnoughStock, never a negative
 * count), at zero the dish is sold out everywhere, and a void or a cancelled order gives the portions back.
 * Runs on PostgreSQL with TEST_DATABASE_URL (the racing requests then really run in parallel) and on PGlite.
 */
const ctx = setupApp({ trustProxy: ['127.0.0.1'] });
let A: TestEatery;
let B: TestEatery;
let plain: number;

const stockUrl = (dishId: number, eateryId = A.id) => `/api/eatery/${eateryId}/dishes/${dishId}/stock`;
const setStock = (dishId: number, payload: unknown, token = A.kitchen.token, eateryId = A.id) =>
  ctx.app.inject({
    method: 'PUT',
    url: stockUrl(dishId, eateryId),
    headers: bearer(token),
    payload: payload as object,
  });

async function countedDish(count: number | null, name = 'Dolma') {
  const id = await makeDish(ctx.app, A, { price: '3.00', nameAz: name, nameEn: name, nameRu: name });
  await ctx.app.db.update(dishes).set({ stockCount: count }).where(eq(dishes.id, id));
  return id;
}

async function dishRow(id: number) {
  const [row] = await ctx.app.db
    .select({ stockCount: dishes.stockCount, available: dishes.available })
    .from(dishes)
    .where(eq(dishes.id, id));
  return row;
}

/** A guest's order from a phone of its own (own device cookie and IP). */
const guestPlace = (items: unknown[]) =>
  ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(A.id, A.tableId),
    remoteAddress: randomIp(),
    cookies: { device_id: newDeviceId() },
    payload: { items },
  });

const staff = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = A.owner.token) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function staffOrder(items: unknown[]): Promise<Order> {
  const res = await staff('POST', `/api/eatery/${A.id}/orders`, { tableId: A.tableId, items });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

function expectNotEnough(res: LightMyRequestResponse, dishId: number, left: number) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ messageKey: 'notEnoughStock', params: { dishId, left, nameEn: 'Dolma' } });
}

const linesOf = async (dishId: number) =>
  (await ctx.app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.dishId, dishId))).length;

async function guestMenu(): Promise<GuestMenu> {
  const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(A.id, A.tableId) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const menuDish = (menu: GuestMenu, id: number) => menu.categories.flatMap((c) => c.dishes).find((d) => d.id === id);

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Stock Cafe' });
  B = await makeEatery(ctx.app, { name: 'Other' });
  plain = await makeDish(ctx.app, A, { price: '1.00', nameEn: 'Bread' });
});

describe('the last portion', () => {
  it('two guests racing for it: exactly one gets it, the other hears notEnoughStock; never below zero', async () => {
    for (let round = 0; round < 5; round++) {
      const dolma = await countedDish(1);
      const answers = await Promise.all([
        guestPlace([{ dishId: dolma, quantity: 1 }]),
        guestPlace([{ dishId: dolma, quantity: 1 }]),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers[0].body).toEqual([201, 409]);
      expectNotEnough(
        answers.find((r) => r.statusCode === 409)!,
        dolma,
        0,
      );
      // Sold out at once, and nothing of the losing order was written.
      expect(await dishRow(dolma)).toEqual({ stockCount: 0, available: false });
      expect(await linesOf(dolma)).toBe(1);
    }
  });

  it('eight guests racing for three portions: three orders, the count ends at zero', async () => {
    const dolma = await countedDish(3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        guestPlace([
          { dishId: plain, quantity: 1 },
          { dishId: dolma, quantity: 1 },
        ]),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expectNotEnough(r, dolma, 0);
    expect(await dishRow(dolma)).toEqual({ stockCount: 0, available: false });
    expect(await linesOf(dolma)).toBe(3);
  });

  it('an order asking for more than is left names how many are; staff too; uncounted dishes are not limited', async () => {
    const dolma = await countedDish(2);
    expectNotEnough(await guestPlace([{ dishId: dolma, quantity: 3 }]), dolma, 2);
    // The same dish on two lines counts once for both.
    expectNotEnough(
      await guestPlace([
        { dishId: dolma, quantity: 2 },
        { dishId: dolma, quantity: 1 },
      ]),
      dolma,
      2,
    );
    const res = await staff('POST', `/api/eatery/${A.id}/orders`, {
      tableId: A.tableId,
      items: [{ dishId: dolma, quantity: 5 }],
    });
    expectNotEnough(res, dolma, 2);
    expect(await dishRow(dolma)).toEqual({ stockCount: 2, available: true });
    const order = await staffOrder([
      { dishId: dolma, quantity: 1 },
      { dishId: plain, quantity: 40 },
    ]);
    expect(order.items.map((i) => i.quantity)).toEqual([1, 40]);
    expect(await dishRow(dolma)).toEqual({ stockCount: 1, available: true });
    expect((await dishRow(plain)).stockCount).toBeNull();
  });
});

describe('additions, voids and cancelled orders', () => {
  it('an addition takes its portions; too many: 409 and nothing added', async () => {
    const dolma = await countedDish(3);
    const order = await staffOrder([{ dishId: plain, quantity: 1 }]);
    const url = `/api/eatery/${A.id}/orders/${order.id}/items`;
    const added = await staff('POST', url, { dishId: dolma, quantity: 2 }, A.waiter.token);
    expect(added.statusCode, added.body).toBe(201);
    expect((await dishRow(dolma)).stockCount).toBe(1);
    expectNotEnough(await staff('POST', url, { dishId: dolma, quantity: 2 }, A.waiter.token), dolma, 1);
    expect(await linesOf(dolma)).toBe(1);
  });

  it('a void gives the portions back, and a dish sold out by its count is back on the menu', async () => {
    const dolma = await countedDish(2);
    const order = await staffOrder([{ dishId: dolma, quantity: 2 }]);
    expect(await dishRow(dolma)).toEqual({ stockCount: 0, available: false });
    expect(menuDish(await guestMenu(), dolma)).toBeUndefined();
    const res = await staff('DELETE', `/api/eatery/${A.id}/orders/${order.id}/items/${order.items[0].id}`, {
      reason: 'Guest changed their mind',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dishRow(dolma)).toEqual({ stockCount: 2, available: true });
    expect(menuDish(await guestMenu(), dolma)).toBeDefined();
    // Voided again: nothing more comes back.
    await staff('DELETE', `/api/eatery/${A.id}/orders/${order.id}/items/${order.items[0].id}`, { reason: 'again' });
    expect((await dishRow(dolma)).stockCount).toBe(2);
  });

  it('a cancelled order gives back its live lines; reopened, it takes them again', async () => {
    const dolma = await countedDish(5);
    const order = await staffOrder([
      { dishId: dolma, quantity: 2 },
      { dishId: dolma, quantity: 1 },
    ]);
    await staff('DELETE', `/api/eatery/${A.id}/orders/${order.id}/items/${order.items[1].id}`, { reason: 'wrong' });
    expect((await dishRow(dolma)).stockCount).toBe(3);
    const cancelled = await staff('PUT', `/api/eatery/${A.id}/orders/${order.id}`, { status: 'CANCELLED' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await dishRow(dolma)).stockCount).toBe(5);
    const reopened = await staff('POST', `/api/eatery/${A.id}/orders/${order.id}/reopen`, { reason: 'by mistake' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await dishRow(dolma)).stockCount).toBe(3);
  });

  it('a deleted order gives back its live lines, a deleted cancelled one nothing more', async () => {
    const dolma = await countedDish(5);
    const open = await staffOrder([{ dishId: dolma, quantity: 2 }]);
    const cancelled = await staffOrder([{ dishId: dolma, quantity: 1 }]);
    expect((await dishRow(dolma)).stockCount).toBe(2);
    expect((await staff('DELETE', `/api/eatery/${A.id}/orders/${open.id}`)).statusCode).toBe(204);
    expect((await dishRow(dolma)).stockCount).toBe(4);
    await staff('PUT', `/api/eatery/${A.id}/orders/${cancelled.id}`, { status: 'CANCELLED' });
    expect((await dishRow(dolma)).stockCount).toBe(5);
    expect((await staff('DELETE', `/api/eatery/${A.id}/orders/${cancelled.id}`)).statusCode).toBe(204);
    expect((await dishRow(dolma)).stockCount).toBe(5);
  });

  it('a changed quantity takes or gives back the difference', async () => {
    const dolma = await countedDish(4);
    const order = await staffOrder([{ dishId: dolma, quantity: 1 }]);
    const url = `/api/eatery/${A.id}/orders/${order.id}/items/${order.items[0].id}`;
    expect((await staff('PUT', url, { quantity: 3 })).statusCode).toBe(200);
    expect((await dishRow(dolma)).stockCount).toBe(1);
    // The line's own 3 portions and the 1 left: at most 4.
    expectNotEnough(await staff('PUT', url, { quantity: 5 }), dolma, 4);
    expect((await staff('PUT', url, { quantity: 2 })).statusCode).toBe(200);
    expect((await dishRow(dolma)).stockCount).toBe(2);
  });
});

describe('setting the count', () => {
  it('the kitchen and managers set it; 0 sells the dish out, a count brings it back; audited', async () => {
    const dolma = await countedDish(null);
    const res = await setStock(dolma, { count: 6 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: dolma, stockCount: 6, available: true, availableAgainAt: null });
    expect((await setStock(dolma, { count: 0 }, A.owner.token)).json()).toMatchObject({
      stockCount: 0,
      available: false,
    });
    expect((await setStock(dolma, { count: 4 })).json()).toMatchObject({ stockCount: 4, available: true });
    // The admin's dish shows the count; null stops counting.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/category/${A.categoryId}/dish/${dolma}`,
      headers: bearer(A.waiter.token),
    });
    expect(listed.json().stockCount).toBe(4);
    expect((await setStock(dolma, { count: null })).json()).toMatchObject({ stockCount: null, available: true });
    const entries = await ctx.app.db
      .select({ kind: auditLog.kind, before: auditLog.before, after: auditLog.after, userId: auditLog.userId })
      .from(auditLog)
      .where(and(eq(auditLog.eateryId, A.id), eq(auditLog.subject, 'Dolma')))
      .orderBy(asc(auditLog.id));
    const [kitchen, owner] = [A.kitchen.userId, A.owner.userId];
    expect(entries).toEqual([
      { kind: 'STOCK', before: { stockCount: null }, after: { stockCount: 6 }, userId: kitchen },
      { kind: 'STOCK', before: { stockCount: 6 }, after: { stockCount: 0 }, userId: owner },
      { kind: 'AVAILABILITY', before: { available: true }, after: { available: false }, userId: owner },
      { kind: 'STOCK', before: { stockCount: 0 }, after: { stockCount: 4 }, userId: kitchen },
      { kind: 'AVAILABILITY', before: { available: false }, after: { available: true }, userId: kitchen },
      { kind: 'STOCK', before: { stockCount: 4 }, after: { stockCount: null }, userId: kitchen },
    ]);
  });

  it('waiters and cashiers may not; another restaurant’s dish is 404; bad counts are 400; nothing changes', async () => {
    const dolma = await countedDish(3);
    for (const token of [A.waiter.token, A.cashier.token]) {
      expect((await setStock(dolma, { count: 9 }, token)).statusCode).toBe(403);
    }
    const theirs = await makeDish(ctx.app, B, { price: '1.00', nameEn: 'Theirs' });
    expect((await setStock(theirs, { count: 9 })).statusCode).toBe(404);
    expect((await setStock(theirs, { count: 9 }, B.kitchen.token, A.id)).statusCode).toBe(404);
    expect((await setStock(dolma, { count: 9 }, B.kitchen.token, B.id)).statusCode).toBe(404);
    for (const count of [-1, 10000, 1.5, '3', true]) {
      const res = await setStock(dolma, { count });
      expect(res.statusCode, String(count)).toBe(400);
      expect(res.json().details).toEqual([{ field: 'count', messageKey: 'validation.stockCount' }]);
    }
    const missing = await setStock(dolma, {});
    expect(missing.json().details).toEqual([{ field: 'count', messageKey: 'validation.required' }]);
    expect(await dishRow(dolma)).toEqual({ stockCount: 3, available: true });
    expect((await dishRow(theirs)).stockCount).toBeNull();
  });
});

describe('the guest menu', () => {
  it('shows the portions left only when the owner shows them and few are left, live as orders take them', async () => {
    const dolma = await countedDish(11);
    expect(menuDish(await guestMenu(), dolma)).not.toHaveProperty('stockCount');
    await ctx.app.db.update(eateries).set({ showStockLeft: true }).where(eq(eateries.id, A.id));
    ctx.app.menuCache.invalidate(A.id);
    expect(menuDish(await guestMenu(), dolma)).not.toHaveProperty('stockCount');
    expect((await guestPlace([{ dishId: dolma, quantity: 1 }])).statusCode).toBe(201);
    expect(menuDish(await guestMenu(), dolma)?.stockCount).toBe(10);
    expect((await guestPlace([{ dishId: dolma, quantity: 10 }])).statusCode).toBe(201);
    expect(menuDish(await guestMenu(), dolma)).toBeUndefined();
    await ctx.app.db.update(eateries).set({ showStockLeft: false }).where(eq(eateries.id, A.id));
    ctx.app.menuCache.invalidate(A.id);
  });
});
