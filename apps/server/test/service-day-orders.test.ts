import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type Order } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { deriveOrderStatus, readyAtAfter } from '../src/modules/orders/order-rules.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * Orders during the service day: item batches, names in every language, ready_at, the order becoming
 * ISSUED when everything is served, and who may set which status.
 */

const ctx = setupApp();
let A: TestEatery;
let soup: number;
let tea: number;
let nameless: number;

const url = (path = '') => `/api/eatery/${A.id}/orders${path}`;

async function staffOrder(items: object[], token = A.waiter.token): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: url(),
    headers: bearer(token),
    payload: { tableId: A.tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const addItem = (orderId: number, payload: object, token = A.waiter.token) =>
  ctx.app.inject({ method: 'POST', url: url(`/${orderId}/items`), headers: bearer(token), payload });
const putItem = (orderId: number, itemId: number, status: string, token: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: url(`/${orderId}/items/${itemId}`),
    headers: bearer(token),
    payload: { status },
  });
const putOrder = (orderId: number, status: string, token: string) =>
  ctx.app.inject({ method: 'PUT', url: url(`/${orderId}`), headers: bearer(token), payload: { status } });

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  soup = await makeDish(ctx.app, A, { price: '4.50', nameAz: 'Şorba', nameEn: 'Soup', nameRu: 'Суп' });
  tea = await makeDish(ctx.app, A, { price: '1.20', nameAz: '  ', nameEn: 'Tea', nameRu: 'Чай' });
  nameless = await makeDish(ctx.app, A, { price: '1.00', nameEn: '', nameRu: 'Хлеб' });
});

describe('item batches', () => {
  it('staff: the order’s items are batch 1, each later addition the next batch', async () => {
    const o = await staffOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]);
    expect(o.items.map((i) => i.batch)).toEqual([1, 1]);
    await addItem(o.id, { dishId: tea, quantity: 1 });
    const res = await addItem(o.id, { dishId: soup, quantity: 2 });
    expect(res.json().items.map((i: { batch: number }) => i.batch)).toEqual([1, 1, 2, 3]);
  });

  it('an order placed without items gets batch 1 for its first addition', async () => {
    const o = await staffOrder([]);
    const res = await addItem(o.id, { dishId: tea, quantity: 1 });
    expect(res.json().items[0].batch).toBe(1);
  });

  it('guest: one addition call is one batch, however many items it holds', async () => {
    const device = newDeviceId();
    const send = (u: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: u, cookies: { device_id: device }, payload });
    const placed = await send(GUEST_ROUTES.placeOrder(A.id, A.tableId), { items: [{ dishId: soup, quantity: 1 }] });
    const id = (placed.json() as Order).id;
    const added = await send(GUEST_ROUTES.addItems(A.id, id), {
      items: [
        { dishId: tea, quantity: 1 },
        { dishId: soup, quantity: 1 },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as Order).items.map((i) => i.batch)).toEqual([1, 2, 2]);
    // The guest's copy carries the same fields as the staff's.
    const staff = await ctx.app.inject({ method: 'GET', url: url(`/${id}`), headers: bearer(A.kitchen.token) });
    expect(staff.json().items).toEqual((added.json() as Order).items);
  });
});

describe('names, createdAt and readyAt in the order JSON', () => {
  it('names in az, en, ru with the guest menu’s fallback; the list and the single order agree', async () => {
    const o = await staffOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 1 },
      { dishId: nameless, quantity: 1 },
    ]);
    expect(o.items.map((i) => i.names)).toEqual([
      { az: 'Şorba', en: 'Soup', ru: 'Суп' },
      { az: 'Tea', en: 'Tea', ru: 'Чай' },
      { az: 'Хлеб', en: 'Хлеб', ru: 'Хлеб' },
    ]);
    expect(o.items[0].createdAt).toBe(new Date(o.items[0].createdAt).toISOString());
    expect(o).toMatchObject({ discount: 0, paidAt: null });
    const list = await ctx.app.inject({ method: 'GET', url: url(), headers: bearer(A.owner.token) });
    expect(list.json().find((x: Order) => x.id === o.id)).toEqual(o);
  });

  it('items stored before names existed show their one name in every language', async () => {
    const o = await staffOrder([{ dishId: soup, quantity: 1 }]);
    await ctx.app.db.update(orderItems).set({ names: null }).where(eq(orderItems.orderId, o.id));
    const res = await ctx.app.inject({ method: 'GET', url: url(`/${o.id}`), headers: bearer(A.owner.token) });
    expect(res.json().items[0].names).toEqual({ az: 'Şorba', en: 'Şorba', ru: 'Şorba' });
  });

  it('discount and paidAt come from the order row, exact', async () => {
    const o = await staffOrder([{ dishId: soup, quantity: 1 }]);
    const paidAt = new Date('2026-05-01T12:34:56.789Z');
    await ctx.app.db.update(orders).set({ discount: '0.30', paidAt }).where(eq(orders.id, o.id));
    const one = await ctx.app.inject({ method: 'GET', url: url(`/${o.id}`), headers: bearer(A.owner.token) });
    expect(one.json()).toMatchObject({ discount: 0.3, paidAt: '2026-05-01T12:34:56.789Z' });
    const list = await ctx.app.inject({ method: 'GET', url: url(), headers: bearer(A.owner.token) });
    expect(list.json().find((x: Order) => x.id === o.id)).toEqual(one.json());
  });

  it('readyAt: set when an item becomes READY, kept when it is SERVED, cleared when it goes back', async () => {
    const o = await staffOrder([{ dishId: soup, quantity: 1 }]);
    const id = o.items[0].id;
    let res = await putItem(o.id, id, 'READY', A.kitchen.token);
    const readyAt = res.json().items[0].readyAt as string;
    expect(Date.now() - Date.parse(readyAt)).toBeLessThan(60_000);
    res = await putItem(o.id, id, 'SERVED', A.waiter.token);
    expect(res.json().items[0].readyAt).toBe(readyAt);
    res = await putItem(o.id, id, 'PREPARING', A.waiter.token);
    expect(res.json().items[0].readyAt).toBeNull();
    expect(readyAtAfter('CREATED')).toBe('clear');
    expect(readyAtAfter('DELETED')).toBe('keep');
  });
});

describe('order status follows the items', () => {
  it('every live item SERVED: the order becomes ISSUED; an addition sends it back to PREPARING', async () => {
    const o = await staffOrder([
      { dishId: soup, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]);
    const [a, b] = o.items;
    await putItem(o.id, a.id, 'READY', A.kitchen.token);
    let res = await putItem(o.id, b.id, 'READY', A.kitchen.token);
    expect(res.json().status).toBe('READY');
    res = await putItem(o.id, a.id, 'SERVED', A.waiter.token);
    expect(res.json().status).toBe('READY');
    res = await putItem(o.id, b.id, 'SERVED', A.waiter.token);
    expect(res.json().status).toBe('ISSUED');
    res = await addItem(o.id, { dishId: tea, quantity: 1 });
    expect(res.json().status).toBe('PREPARING');
    // Deleting the new item leaves only served ones: ISSUED again.
    const c = res.json().items[2];
    res = await ctx.app.inject({
      method: 'DELETE',
      url: url(`/${o.id}/items/${c.id}`),
      headers: bearer(A.waiter.token),
      payload: { reason: 'Wrong item entered' },
    });
    expect(res.json().status).toBe('ISSUED');
  });

  it('deriveOrderStatus (pure)', () => {
    expect(deriveOrderStatus('READY', ['SERVED', 'SERVED'])).toBe('ISSUED');
    expect(deriveOrderStatus('CREATED', ['SERVED', 'DELETED'])).toBe('ISSUED');
    expect(deriveOrderStatus('ISSUED', ['SERVED', 'READY'])).toBe('READY');
    expect(deriveOrderStatus('ISSUED', ['SERVED', 'CREATED'])).toBe('PREPARING');
    expect(deriveOrderStatus('PAID', ['SERVED'])).toBe('PAID');
    expect(deriveOrderStatus('CANCELLED', ['SERVED'])).toBe('CANCELLED');
    expect(deriveOrderStatus('ISSUED', ['DELETED'])).toBe('ISSUED');
  });
});

describe('who may set which status', () => {
  let both: Staff;
  beforeAll(async () => {
    both = await makeStaff(ctx.app, A.id, ['KITCHEN_ADMIN', 'WAITER']);
  });

  it('the kitchen moves items among CREATED, PREPARING and READY only (403 for SERVED, for a served item, DELETED)', async () => {
    const o = await staffOrder([{ dishId: soup, quantity: 1 }]);
    const id = o.items[0].id;
    expect((await putItem(o.id, id, 'READY', A.kitchen.token)).statusCode).toBe(200);
    const served = await putItem(o.id, id, 'SERVED', A.kitchen.token);
    expect(served.statusCode).toBe(403);
    expect(served.json().messageKey).toBe('accessDenied');
    expect((await putItem(o.id, id, 'DELETED', A.kitchen.token)).statusCode).toBe(403);
    expect((await putItem(o.id, id, 'SERVED', A.waiter.token)).statusCode).toBe(200);
    expect((await putItem(o.id, id, 'READY', A.kitchen.token)).statusCode).toBe(403);
    // Holding WAITER too: the union of both roles.
    expect((await putItem(o.id, id, 'READY', both.token)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, id));
    expect(row.status).toBe('READY');
  });

  it('a cashier never sets an item status; a waiter may mark the order ISSUED but not PAID; the kitchen no order status', async () => {
    const o = await staffOrder([{ dishId: soup, quantity: 1 }]);
    expect((await putItem(o.id, o.items[0].id, 'READY', A.cashier.token)).statusCode).toBe(403);
    expect((await putOrder(o.id, 'ISSUED', A.kitchen.token)).statusCode).toBe(403);
    expect((await putOrder(o.id, 'PAID', A.waiter.token)).statusCode).toBe(403);
    const issued = await putOrder(o.id, 'ISSUED', A.waiter.token);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().status).toBe('ISSUED');
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row.status).toBe('ISSUED');
  });
});
