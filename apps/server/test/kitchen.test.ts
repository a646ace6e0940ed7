import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GUEST_ROUTES,
  kitchenBoard,
  kitchenBoardResponse,
  RECALL_MINUTES,
  type KitchenBoard,
  type Order,
  type OrderEvent,
} from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { dishes, kitchenDepartments, orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { TEST_DATABASE_URL, bearer, randomIp, setupApp, testConfig } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/** Kitchen display: the board's orders, bump and recall of tickets, sold out. */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let soup: number; // hot station (A.departmentId)
let tea: number; // no department: "All" only
let bDish: number;
let bOrder: Order;
let emptyStation: number; // a department of A with no dishes

const kitchenUrl = (eateryId = A.id) => `/api/eatery/${eateryId}/kitchen`;
const ticketUrl = (orderId: number, batch: number | string, action: 'bump' | 'recall', eateryId = A.id) =>
  `/api/eatery/${eateryId}/kitchen/tickets/${orderId}/${batch}/${action}`;

function getBoard(query = '', token = A.kitchen.token, eateryId = A.id) {
  return ctx.app.inject({ method: 'GET', url: kitchenUrl(eateryId) + query, headers: bearer(token) });
}
async function boardOk(query = ''): Promise<KitchenBoard> {
  const res = await getBoard(query);
  expect(res.statusCode, res.body).toBe(200);
  expect(kitchenBoardResponse.safeParse(res.json()).success).toBe(true);
  return res.json();
}
const post = (url: string, payload: unknown = {}, token = A.kitchen.token) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
const setAvailability = (dishId: number, payload: unknown, token = A.kitchen.token, eateryId = A.id) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${eateryId}/dish/${dishId}/availability`,
    headers: bearer(token),
    payload: payload as object,
  });

/** A guest phone: its own device cookie (on this instance, or on `app`). */
function guest(app: () => FastifyInstance = () => ctx.app) {
  const device = newDeviceId();
  const ip = randomIp();
  const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({ method, url, remoteAddress: ip, cookies: { device_id: device }, payload });
  return {
    place: (items: object[]) => send('POST', GUEST_ROUTES.placeOrder(A.id, A.tableId), { items }),
    add: (orderId: number, items: object[]) => send('POST', GUEST_ROUTES.addItems(A.id, orderId), { items }),
    menu: () => send('GET', GUEST_ROUTES.menu(A.id, A.tableId)),
  };
}

async function guestOrder(
  items: object[] = [
    { dishId: soup, quantity: 2 },
    { dishId: tea, quantity: 1 },
  ],
) {
  const g = guest();
  const res = await g.place(items);
  expect(res.statusCode, res.body).toBe(201);
  return { g, order: res.json() as Order };
}

/** The dish ids of a guest menu response. */
const dishIds = (menu: LightMyRequestResponse) =>
  (menu.json() as { categories: { dishes: { id: number }[] }[] }).categories.flatMap((c) => c.dishes.map((d) => d.id));

function expectError(res: LightMyRequestResponse, status: number, messageKey: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().messageKey).toBe(messageKey);
}

function expectValidation(res: LightMyRequestResponse, field: string, messageKey = 'validation.invalid') {
  expectError(res, 400, 'validation');
  expect(res.json().details).toContainEqual({ field, messageKey });
}

const itemRows = (orderId: number) =>
  ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);

let emitted: OrderEvent[] = [];
beforeEach(() => {
  emitted = [];
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((_eateryId, ev) => {
    emitted.push(ev);
  });
});

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Kitchen Cafe' });
  B = await makeEatery(ctx.app, { name: 'Other' });
  soup = await makeDish(ctx.app, A, {
    price: '4.50',
    nameAz: 'Şorba',
    nameEn: 'Soup',
    nameRu: 'Суп',
    kitchenDepartmentId: A.departmentId,
  });
  tea = await makeDish(ctx.app, A, { price: '1.20', nameEn: 'Tea', nameRu: 'Чай' });
  bDish = await makeDish(ctx.app, B, { price: '1.00' });
  const [d] = await ctx.app.db
    .insert(kitchenDepartments)
    .values({ eateryId: A.id, name: 'Bar' })
    .returning({ id: kitchenDepartments.id });
  emptyStation = d.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${B.id}/orders`,
    headers: bearer(B.waiter.token),
    payload: { tableId: B.tableId, items: [{ dishId: bDish, quantity: 1 }] },
  });
  bOrder = res.json();
});

describe('GET /api/eatery/:id/kitchen', () => {
  it('a guest order and its ADD-ON: two tickets, the second with only the new items, at each station', async () => {
    const { g, order } = await guestOrder();
    const added = await g.add(order.id, [{ dishId: tea, quantity: 3, note: 'no sugar' }]);
    expect(added.statusCode, added.body).toBe(200);

    const all = await boardOk();
    expect(all).toMatchObject({ amberMinutes: 10, redMinutes: 20 });
    const mine = all.orders.find((o) => o.id === order.id)!;
    expect(mine.items.map((i) => [i.dishId, i.batch])).toEqual([
      [soup, 1],
      [tea, 1],
      [tea, 2],
    ]);
    const view = kitchenBoard([mine], null, Date.now());
    expect(view.tickets.map((t) => [t.batch, t.addOn, t.items.map((i) => i.quantity)])).toEqual([
      [1, false, [2, 1]],
      [2, true, [3]],
    ]);
    expect(view.tickets[1].items[0].note).toBe('no sugar');
    expect(view.allDay).toContainEqual({ dishId: tea, names: { az: 'Tea', en: 'Tea', ru: 'Чай' }, quantity: 4 });

    // The hot station: only the soup, on the first ticket; the bar: nothing of this order.
    const hot = await boardOk(`?departmentId=${A.departmentId}`);
    const hotView = kitchenBoard(hot.orders, A.departmentId, Date.now());
    expect(hotView.tickets.filter((t) => t.orderId === order.id).map((t) => t.key)).toEqual([`${order.id}-1`]);
    const bar = await boardOk(`?departmentId=${emptyStation}`);
    expect(bar.orders.map((o) => o.id)).not.toContain(order.id);
    // Another restaurant's orders never show.
    expect(all.orders.map((o) => o.id)).not.toContain(bOrder.id);
  });

  it('shows the restaurant’s thresholds; leaves out closed, day-old and done orders', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}`,
      headers: bearer(A.owner.token),
      payload: { name: 'Kitchen Cafe', address: 'x', phones: ['1'], kitchenAmberMinutes: 7, kitchenRedMinutes: 15 },
    });
    const { order: cancelled } = await guestOrder();
    await ctx.app.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, cancelled.id));
    const { order: served } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    await ctx.app.db.update(orderItems).set({ status: 'SERVED' }).where(eq(orderItems.orderId, served.id));
    const { order: oldReady } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    await ctx.app.db
      .update(orderItems)
      .set({ status: 'READY', readyAt: new Date(Date.now() - (RECALL_MINUTES + 1) * 60_000) })
      .where(eq(orderItems.orderId, oldReady.id));

    const { order: yesterday } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    await ctx.app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, yesterday.id));
    const { order: cooking } = await guestOrder([{ dishId: tea, quantity: 1 }]);

    const board = await boardOk();
    expect(board).toMatchObject({ amberMinutes: 7, redMinutes: 15 });
    const ids = board.orders.map((o) => o.id);
    expect(ids).toContain(cooking.id);
    // Left open for more than a day: not the kitchen's any more.
    expect(ids).not.toContain(yesterday.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(served.id);
    expect(ids).not.toContain(oldReady.id);
  });

  it('roles: 401 without token, 403 for waiter and cashier, 200 for the owner; 404 for a foreign station', async () => {
    expectError(await ctx.app.inject({ method: 'GET', url: kitchenUrl() }), 401, 'jwtInvalid');
    expectError(await getBoard('', A.waiter.token), 403, 'accessDenied');
    expectError(await getBoard('', A.cashier.token), 403, 'accessDenied');
    expect((await getBoard('', A.owner.token)).statusCode).toBe(200);
    // Another restaurant's kitchen: its ids are never revealed.
    expectError(await getBoard('', B.kitchen.token), 404, 'notYourResource');
    expectError(await getBoard(`?departmentId=${B.departmentId}`), 404, 'notYourResource');
    expectError(await getBoard('?departmentId=2147483647'), 404, 'notYourResource');
    expectValidation(await getBoard('?departmentId=abc'), 'departmentId');
    expectValidation(await getBoard('?departmentId=99999999999'), 'departmentId');
  });
});

describe('bump and recall', () => {
  it('bumps a ticket station by station; the order follows; ready_at is set; one event per change', async () => {
    const { g, order } = await guestOrder();
    await g.add(order.id, [{ dishId: tea, quantity: 1 }]);
    emitted = [];

    // Hot station, first ticket: the soup only.
    let res = await post(ticketUrl(order.id, 1, 'bump'), { departmentId: A.departmentId });
    expect(res.statusCode, res.body).toBe(200);
    let o = res.json() as Order;
    expect(o.items.map((i) => i.status)).toEqual(['READY', 'CREATED', 'CREATED']);
    expect(o.status).toBe('PREPARING');
    expect(o.items[0].readyAt).not.toBeNull();
    expect(Date.now() - Date.parse(o.items[0].readyAt!)).toBeLessThan(60_000);
    expect(emitted).toEqual([
      { type: 'ORDER_UPDATED', orderId: order.id, status: 'PREPARING', version: o.version, order: o },
    ]);

    // "All" station: the rest of the first ticket. Start cooking the add-on (PREPARING), then bump it.
    res = await post(ticketUrl(order.id, 1, 'bump'), {}, A.owner.token);
    expect(res.json().items.map((i: { status: string }) => i.status)).toEqual(['READY', 'READY', 'CREATED']);
    res = await post(ticketUrl(order.id, 2, 'bump'), { status: 'PREPARING', departmentId: null });
    expect(res.json().items[2]).toMatchObject({ status: 'PREPARING', readyAt: null });
    res = await post(ticketUrl(order.id, 2, 'bump'));
    o = res.json();
    expect(o.items.every((i) => i.status === 'READY')).toBe(true);
    expect(o.status).toBe('READY');

    // Bumping again (a double tap) changes nothing: 200, same version, no event.
    emitted = [];
    res = await post(ticketUrl(order.id, 2, 'bump'));
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(o.version);
    expect(emitted).toEqual([]);
    // PREPARING never moves a READY item back.
    res = await post(ticketUrl(order.id, 1, 'bump'), { status: 'PREPARING' });
    expect(res.json().items[0].status).toBe('READY');

    // Recall the add-on: its READY item goes back to PREPARING (ready_at cleared), the order too.
    res = await post(ticketUrl(order.id, 2, 'recall'));
    expect(res.statusCode, res.body).toBe(200);
    o = res.json();
    expect(o.items.map((i) => [i.status, i.readyAt === null])).toEqual([
      ['READY', false],
      ['READY', false],
      ['PREPARING', true],
    ]);
    expect(o.status).toBe('PREPARING');
    expect(emitted.at(-1)).toMatchObject({ type: 'ORDER_UPDATED', orderId: order.id, version: o.version });
  });

  it('recall: a ticket bumped in the last RECALL_MINUTES comes back whole, SERVED items stay; an older one not', async () => {
    const { order } = await guestOrder([
      { dishId: tea, quantity: 1 },
      { dishId: tea, quantity: 2 },
      { dishId: tea, quantity: 3 },
    ]);
    const [a, b, c] = await itemRows(order.id);
    const long = new Date(Date.now() - (RECALL_MINUTES + 1) * 60_000);
    const setItem = (id: number, status: string, readyAt: Date) =>
      ctx.app.db.update(orderItems).set({ status, readyAt }).where(eq(orderItems.id, id));
    await setItem(a.id, 'READY', long);
    await setItem(b.id, 'READY', long);
    await setItem(c.id, 'SERVED', long);
    emitted = [];
    // Bumped too long ago: nothing to recall (200, no event).
    let res = await post(ticketUrl(order.id, 1, 'recall'));
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((i: { status: string }) => i.status)).toEqual(['READY', 'READY', 'SERVED']);
    expect(emitted).toEqual([]);
    // Its last item became READY just now: the whole ticket comes back (the served item stays served).
    await setItem(b.id, 'READY', new Date());
    res = await post(ticketUrl(order.id, 1, 'recall'));
    expect(res.json().items.map((i: { status: string }) => i.status)).toEqual(['PREPARING', 'PREPARING', 'SERVED']);
    expect(emitted).toHaveLength(1);
  });

  it('404: another restaurant’s order, unknown order, a batch without items at the station, a foreign station', async () => {
    const { order } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    const before = await itemRows(order.id);
    expectError(await post(ticketUrl(bOrder.id, 1, 'bump')), 404, 'notYourResource');
    expectError(await post(ticketUrl(bOrder.id, 1, 'bump', B.id)), 404, 'notYourResource');
    expectError(await post(ticketUrl(2147483647, 1, 'bump')), 404, 'notYourResource');
    expectError(await post(ticketUrl(order.id, 2, 'bump')), 404, 'notYourResource');
    // Tea has no department: no ticket at the hot station.
    expectError(await post(ticketUrl(order.id, 1, 'bump'), { departmentId: A.departmentId }), 404, 'notYourResource');
    expectError(await post(ticketUrl(order.id, 1, 'bump'), { departmentId: B.departmentId }), 404, 'notYourResource');
    expectError(await post(ticketUrl(order.id, 1, 'recall'), { departmentId: B.departmentId }), 404, 'notYourResource');
    // A deleted item is no ticket either.
    await ctx.app.db.update(orderItems).set({ status: 'DELETED' }).where(eq(orderItems.orderId, order.id));
    expectError(await post(ticketUrl(order.id, 1, 'bump')), 404, 'notYourResource');
    expect((await itemRows(order.id)).map((r) => r.readyAt)).toEqual(before.map(() => null));
  });

  it('409 orderClosed for a cancelled order; nothing changes', async () => {
    const { order } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    await ctx.app.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, order.id));
    expectError(await post(ticketUrl(order.id, 1, 'bump')), 409, 'orderClosed');
    expectError(await post(ticketUrl(order.id, 1, 'recall')), 409, 'orderClosed');
    expect((await itemRows(order.id))[0].status).toBe('CREATED');
  });

  it('a bill paid before the kitchen started: the ticket stays, is bumped and served, the bill stays closed', async () => {
    const { order } = await guestOrder();
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/bill/payments`,
      headers: bearer(A.cashier.token),
      payload: { orderIds: [order.id], method: 'CARD' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().status).toBe('PAID');

    // Still on the board, every item to cook.
    const board = kitchenBoard((await boardOk()).orders, null, Date.now());
    const ticket = board.tickets.find((t) => t.orderId === order.id)!;
    expect(ticket.items.map((i) => i.status)).toEqual(['CREATED', 'CREATED']);

    emitted = [];
    const bumped = await post(ticketUrl(order.id, 1, 'bump'));
    expect(bumped.statusCode, bumped.body).toBe(200);
    expect((bumped.json() as Order).status).toBe('PAID');
    expect((await itemRows(order.id)).map((r) => r.status)).toEqual(['READY', 'READY']);
    // The screens hear of it: the guest's progress and the waiter's floor move on.
    expect(emitted.map((e) => [e.type, e.orderId])).toEqual([['ORDER_UPDATED', order.id]]);

    // The waiter serves it; the order stays PAID.
    const itemUrl = (itemId: number) => `/api/eatery/${A.id}/orders/${order.id}/items/${itemId}`;
    for (const item of order.items) {
      const served = await ctx.app.inject({
        method: 'PUT',
        url: itemUrl(item.id),
        headers: bearer(A.waiter.token),
        payload: { status: 'SERVED' },
      });
      expect(served.statusCode, served.body).toBe(200);
      expect((served.json() as Order).status).toBe('PAID');
    }
    // Nothing on the paid bill itself changes: quantity, note, a deleted dish.
    const [first] = order.items;
    const edit = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: itemUrl(first.id), headers: bearer(A.owner.token), payload });
    expectError(await edit({ quantity: 5 }), 409, 'orderClosed');
    expectError(await edit({ note: 'extra hot' }), 409, 'orderClosed');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: itemUrl(first.id),
      headers: bearer(A.owner.token),
      payload: { reason: 'Guest left' },
    });
    expectError(removed, 409, 'orderClosed');
    const rows = await itemRows(order.id);
    expect(rows.map((r) => [r.status, r.quantity, r.note])).toEqual([
      ['SERVED', 2, null],
      ['SERVED', 1, null],
    ]);
    // Served and paid: off the board.
    const after = kitchenBoard((await boardOk()).orders, null, Date.now());
    expect(after.tickets.some((t) => t.orderId === order.id)).toBe(false);
  });

  it('roles: 401 without token, 403 for waiter and cashier', async () => {
    const { order } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    for (const action of ['bump', 'recall'] as const) {
      const url = ticketUrl(order.id, 1, action);
      expectError(await ctx.app.inject({ method: 'POST', url, payload: {} }), 401, 'jwtInvalid');
      expectError(await post(url, {}, A.waiter.token), 403, 'accessDenied');
      expectError(await post(url, {}, A.cashier.token), 403, 'accessDenied');
    }
    expect((await itemRows(order.id))[0].status).toBe('CREATED');
  });

  it('400 for bad bodies and paths; nothing changes', async () => {
    const { order } = await guestOrder([{ dishId: tea, quantity: 1 }]);
    const bump = ticketUrl(order.id, 1, 'bump');
    expectValidation(await post(bump, { status: 'SERVED' }), 'status');
    expectValidation(await post(bump, { status: 3 }), 'status');
    expectValidation(await post(bump, { departmentId: 'x' }), 'departmentId');
    expectValidation(await post(bump, { departmentId: 1.5 }), 'departmentId');
    expectValidation(await post(bump, { departmentId: 2147483648 }), 'departmentId');
    expectValidation(await post(ticketUrl(order.id, 1, 'recall'), { departmentId: -1 }), 'departmentId');
    expectValidation(await post(ticketUrl(order.id, 'abc', 'bump')), 'batch');
    expectValidation(await post(ticketUrl(order.id, 0, 'bump')), 'batch');
    expect((await itemRows(order.id))[0].status).toBe('CREATED');
  });
});

describe('PUT /api/eatery/:id/dish/:dishId/availability (sold out)', () => {
  it('the dish leaves the guest menu at once; a guest ordering it is told which line; it comes back', async () => {
    const g = guest();
    expect(dishIds(await g.menu())).toContain(soup); // cached now

    let res = await setAvailability(soup, { available: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: soup, available: false, availableAgainAt: null });
    expect(dishIds(await g.menu())).not.toContain(soup);

    res = await g.place([
      { dishId: tea, quantity: 1 },
      { dishId: soup, quantity: 1 },
    ]);
    expectValidation(res, 'items.1.dishId', 'validation.dishUnavailable');
    // Staff may still order it (the kitchen decides what it can still make).
    res = await setAvailability(soup, { available: true }, A.owner.token);
    expect(res.json()).toEqual({ id: soup, available: true, availableAgainAt: null });
    expect(dishIds(await g.menu())).toContain(soup);
    expect((await g.place([{ dishId: soup, quantity: 1 }])).statusCode).toBe(201);
  });

  it('roles, tenancy and bad bodies', async () => {
    const archived = await makeDish(ctx.app, A, { price: '1.00', archived: true });
    expectError(
      await ctx.app.inject({ method: 'PUT', url: `/api/eatery/${A.id}/dish/${tea}/availability`, payload: {} }),
      401,
      'jwtInvalid',
    );
    expectError(await setAvailability(tea, { available: false }, A.waiter.token), 403, 'accessDenied');
    expectError(await setAvailability(tea, { available: false }, A.cashier.token), 403, 'accessDenied');
    expectError(await setAvailability(bDish, { available: false }), 404, 'notYourResource');
    expectError(await setAvailability(archived, { available: true }), 404, 'notYourResource');
    expectValidation(await setAvailability(tea, {}), 'available', 'validation.required');
    expectValidation(await setAvailability(tea, { available: 'no' }), 'available');
    expectValidation(await setAvailability(tea, { available: 0 }), 'available');
    expectValidation(await setAvailability('x' as unknown as number, { available: false }), 'dishId');
    const [row] = await ctx.app.db.select().from(dishes).where(eq(dishes.id, tea));
    expect(row.available).toBe(true);
    const [theirs] = await ctx.app.db.select().from(dishes).where(eq(dishes.id, bDish));
    expect(theirs.available).toBe(true);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('sold out with several instances on PostgreSQL', () => {
  let second: { app: FastifyInstance; database: Database };

  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: ctx.database.pool!.options.connectionString! });
    second = { app: await buildApp(testConfig(), database), database };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('marking a dish sold out on one instance removes it from the menu cached on the other', async () => {
    const g = guest(() => second.app);
    expect(dishIds(await g.menu())).toContain(tea);
    expect(second.app.menuCache.local.size).toBeGreaterThan(0);
    expect((await setAvailability(tea, { available: false })).statusCode).toBe(200);
    const start = Date.now();
    while (dishIds(await g.menu()).includes(tea)) {
      expect(Date.now() - start, 'the menu change reached the other instance').toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await setAvailability(tea, { available: true })).statusCode).toBe(200);
  });
});
