import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldLines, orderResponse, type Order, type OrderEvent } from '@qr-menu/contract';
import { eateries, kitchenDepartments, orderItems, orders } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * Courses with hold and fire: staff fire a held course, the kitchen cannot start a held line, and with
 * AFTER_PREVIOUS the next course goes to the kitchen once the one before it is READY.
 */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let starter: number; // cold station (A.departmentId)
let main: number; // hot station
let dessert: number; // cold station
let hot: number;
let bOrder: Order;

const COURSES = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
  { az: 'Desertlər', en: 'Desserts', ru: 'Десерты' },
];

const ordersUrl = (eateryId: number) => `/api/eatery/${eateryId}/orders`;
const fireUrl = (orderId: number, eateryId = A.id) => `${ordersUrl(eateryId)}/${orderId}/fire`;
const itemUrl = (orderId: number, itemId: number) => `${ordersUrl(A.id)}/${orderId}/items/${itemId}`;
const bumpUrl = (orderId: number, batch: number) => `/api/eatery/${A.id}/kitchen/tickets/${orderId}/${batch}/bump`;

const send = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown = {}) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as object });
const fire = (orderId: number, course: unknown, token = A.waiter.token, eateryId = A.id) =>
  send('POST', fireUrl(orderId, eateryId), token, { course });

async function linesOf(orderId: number) {
  return ctx.app.db
    .select({ id: orderItems.id, status: orderItems.status, course: orderItems.course, held: orderItems.held })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
}
async function versionOf(orderId: number) {
  return (await ctx.app.db.select({ v: orders.version }).from(orders).where(eq(orders.id, orderId)))[0].v;
}

/**
 * An order of one portion of each dish, each line in its course, placed by a waiter: placement stores the courses and
 * holds the later ones (contract heldLines). Where a build's placement does not take `course` yet, the lines' course
 * and hold are written here as placement would store them.
 */
async function placeCoursed(lines: { dishId: number; course: number }[], e: TestEatery = A): Promise<Order> {
  const res = await send('POST', ordersUrl(e.id), e.waiter.token, {
    tableId: e.tableId,
    items: lines.map((l) => ({ dishId: l.dishId, quantity: 1, course: l.course })),
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as Order;
  const held = heldLines(lines.map((l) => l.course));
  if (order.items.some((item) => item.course === null)) {
    for (const [i, item] of order.items.entries()) {
      await ctx.app.db
        .update(orderItems)
        .set({ course: lines[i].course, held: held[i] })
        .where(eq(orderItems.id, item.id));
    }
  } else {
    expect(order.items.map((i) => [i.course, i.held])).toEqual(lines.map((l, i) => [l.course, held[i]]));
  }
  // Only what the test does next counts.
  emitted = [];
  return order;
}

const setMode = (mode: 'MANUAL' | 'AFTER_PREVIOUS') =>
  ctx.app.db.update(eateries).set({ courseFireMode: mode }).where(eq(eateries.id, A.id));

let emitted: OrderEvent[] = [];
beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  await ctx.app.db.update(eateries).set({ courses: COURSES }).where(eq(eateries.id, A.id));
  await ctx.app.db.update(eateries).set({ courses: COURSES }).where(eq(eateries.id, B.id));
  const [h] = await ctx.app.db
    .insert(kitchenDepartments)
    .values({ eateryId: A.id, name: 'Hot kitchen' })
    .returning({ id: kitchenDepartments.id });
  hot = h.id;
  starter = await makeDish(ctx.app, A, { price: '4.00', nameEn: 'Dolma', kitchenDepartmentId: A.departmentId });
  main = await makeDish(ctx.app, A, { price: '12.00', nameEn: 'Plov', kitchenDepartmentId: hot });
  dessert = await makeDish(ctx.app, A, { price: '3.00', nameEn: 'Pakhlava', kitchenDepartmentId: A.departmentId });
  const bDish = await makeDish(ctx.app, B, { price: '2.00', nameEn: 'Soup' });
  const bMain = await makeDish(ctx.app, B, { price: '9.00', nameEn: 'Kebab' });
  bOrder = await placeCoursed(
    [
      { dishId: bDish, course: 1 },
      { dishId: bMain, course: 2 },
    ],
    B,
  );
});

beforeEach(async () => {
  await setMode('MANUAL');
  emitted = [];
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((_eateryId, ev) => void emitted.push(ev));
});

describe('POST /api/eatery/:id/orders/:orderId/fire', () => {
  it('fires the held course: its lines go to the kitchen still CREATED, live like any change; again: 409', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    expect((await linesOf(order.id)).map((l) => l.held)).toEqual([false, true]);
    const before = await versionOf(order.id);
    const res = await fire(order.id, 2);
    expect(res.statusCode, res.body).toBe(200);
    const fired = res.json() as Order;
    expect(orderResponse.safeParse(fired).success).toBe(true);
    expect(fired.items.map((i) => [i.course, i.held, i.status])).toEqual([
      [1, false, 'CREATED'],
      [2, false, 'CREATED'],
    ]);
    expect(fired.version).toBe(before + 1);
    expect(emitted).toEqual([expect.objectContaining({ type: 'ORDER_UPDATED', orderId: order.id })]);
    expect(emitted[0].type === 'ORDER_UPDATED' && emitted[0].order.items.every((i) => !i.held)).toBe(true);

    const again = await fire(order.id, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('nothingHeld');
    expect(await versionOf(order.id)).toBe(before + 1);
  });

  it('a later course fires the earlier held ones with it; an earlier one leaves the later held', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
      { dishId: dessert, course: 3 },
    ]);
    const first = await fire(order.id, 2, A.cashier.token);
    expect(first.statusCode, first.body).toBe(200);
    expect((await linesOf(order.id)).map((l) => l.held)).toEqual([false, false, true]);

    const other = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
      { dishId: dessert, course: 3 },
    ]);
    expect((await fire(other.id, 3, A.owner.token)).statusCode).toBe(200);
    expect((await linesOf(other.id)).map((l) => l.held)).toEqual([false, false, false]);
    // Course 1 was never held: nothing to fire.
    expect((await fire(other.id, 1)).json().messageKey).toBe('nothingHeld');
  });

  it('400 for a course that is not 1..6, 409 for a cancelled order; nothing changes', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    for (const course of [0, 7, 1.5, '2', null]) {
      const res = await fire(order.id, course);
      expect(res.statusCode, String(course)).toBe(400);
      expect(res.json().details).toContainEqual({ field: 'course', messageKey: 'validation.course' });
    }
    await ctx.app.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
    const closed = await fire(order.id, 2);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().messageKey).toBe('orderClosed');
    expect((await linesOf(order.id)).map((l) => l.held)).toEqual([false, true]);
  });

  it('the kitchen may not fire (403); waiter, cashier and admin may', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    const res = await fire(order.id, 2, A.kitchen.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().messageKey).toBe('accessDenied');
    expect((await linesOf(order.id))[1].held).toBe(true);
  });

  it("another restaurant's order or restaurant is 404, and nothing changes", async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    // B's order through A's path (A's waiter).
    expect((await fire(bOrder.id, 2)).statusCode).toBe(404);
    // A's order by B's staff, through A's path.
    expect((await fire(order.id, 2, B.waiter.token)).statusCode).toBe(404);
    // A's order through B's path.
    expect((await fire(order.id, 2, B.waiter.token, B.id)).statusCode).toBe(404);
    expect((await fire(999_999, 2)).statusCode).toBe(404);
    expect((await linesOf(order.id))[1].held).toBe(true);
    expect((await linesOf(bOrder.id))[1].held).toBe(true);
    expect(emitted).toEqual([]);
  });
});

describe('the kitchen and held lines', () => {
  it('a held line cannot be started, readied or served (409 courseHeld); fired, it can', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    const mainId = order.items[1].id;
    for (const [status, token] of [
      ['PREPARING', A.kitchen.token],
      ['READY', A.kitchen.token],
      ['SERVED', A.waiter.token],
    ] as const) {
      const res = await send('PUT', itemUrl(order.id, mainId), token, { status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().messageKey).toBe('courseHeld');
    }
    expect((await linesOf(order.id))[1]).toMatchObject({ status: 'CREATED', held: true });
    // Its note may still change (no status move).
    const note = await send('PUT', itemUrl(order.id, mainId), A.waiter.token, { note: 'medium' });
    expect(note.statusCode, note.body).toBe(200);

    await fire(order.id, 2);
    const started = await send('PUT', itemUrl(order.id, mainId), A.kitchen.token, { status: 'PREPARING' });
    expect(started.statusCode, started.body).toBe(200);
  });

  it('a bump moves the ticket’s fired lines and leaves the held ones; a ticket of held lines only is 409', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    const all = await send('POST', bumpUrl(order.id, 1), A.kitchen.token, { status: 'READY' });
    expect(all.statusCode, all.body).toBe(200);
    expect((await linesOf(order.id)).map((l) => [l.status, l.held])).toEqual([
      ['READY', false],
      ['CREATED', true],
    ]);
    // The hot station's part of the ticket is the held main alone.
    const hotOnly = await send('POST', bumpUrl(order.id, 1), A.kitchen.token, { status: 'READY', departmentId: hot });
    expect(hotOnly.statusCode).toBe(409);
    expect(hotOnly.json().messageKey).toBe('courseHeld');
    expect((await linesOf(order.id))[1]).toMatchObject({ status: 'CREATED', held: true });
  });
});

describe('AFTER_PREVIOUS: the next course starts when the previous is ready', () => {
  it('the last starter READY fires the mains in the same change; the desserts wait for the mains', async () => {
    await setMode('AFTER_PREVIOUS');
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
      { dishId: dessert, course: 3 },
    ]);
    const [s1, s2, m, d] = order.items.map((i) => i.id);
    const first = await send('PUT', itemUrl(order.id, s1), A.kitchen.token, { status: 'READY' });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as Order).items.map((i) => i.held)).toEqual([false, false, true, true]);

    emitted = [];
    const last = await send('PUT', itemUrl(order.id, s2), A.kitchen.token, { status: 'READY' });
    expect(last.statusCode, last.body).toBe(200);
    expect((last.json() as Order).items.map((i) => i.held)).toEqual([false, false, false, true]);
    // One change, one event: the ready starter and the fired mains together.
    expect(emitted).toHaveLength(1);

    // Mains bumped at their station: the desserts go.
    const bumped = await send('POST', bumpUrl(order.id, 1), A.kitchen.token, { status: 'READY', departmentId: hot });
    expect(bumped.statusCode, bumped.body).toBe(200);
    expect((await linesOf(order.id)).map((l) => [l.id, l.held])).toEqual([
      [s1, false],
      [s2, false],
      [m, false],
      [d, false],
    ]);
  });

  it('a starter served straight away counts as done; a cooking one does not', async () => {
    await setMode('AFTER_PREVIOUS');
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    const [s1, s2] = order.items.map((i) => i.id);
    await send('PUT', itemUrl(order.id, s1), A.kitchen.token, { status: 'PREPARING' });
    await send('PUT', itemUrl(order.id, s2), A.waiter.token, { status: 'SERVED' });
    expect((await linesOf(order.id))[2].held).toBe(true);
    await send('PUT', itemUrl(order.id, s1), A.kitchen.token, { status: 'READY' });
    expect((await linesOf(order.id))[2].held).toBe(false);
  });

  it('MANUAL: starters READY leave the mains held', async () => {
    const order = await placeCoursed([
      { dishId: starter, course: 1 },
      { dishId: main, course: 2 },
    ]);
    await send('PUT', itemUrl(order.id, order.items[0].id), A.kitchen.token, { status: 'READY' });
    expect((await linesOf(order.id))[1].held).toBe(true);
  });
});
