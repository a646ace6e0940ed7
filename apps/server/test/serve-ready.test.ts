import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, OrderEvent, ServeReadyResult } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeTable, type Staff, type TestEatery } from './orders-fixtures.js';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let dolma: number;
let tea: number;

const serveUrl = (tableId: number, eateryId = A.id) => `/api/eatery/${eateryId}/tables/${tableId}/serve-ready`;

const serve = (tableId: number, staff: Staff = A.waiter, eateryId = A.id) =>
  ctx.app.inject({ method: 'POST', url: serveUrl(tableId, eateryId), headers: bearer(staff.token) });

async function place(tableId: number, items: { dishId: number; quantity: number }[], e = A): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(e.waiter.token),
    payload: { tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setItem(orderId: number, itemId: number, status: string, e = A) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${e.id}/orders/${orderId}/items/${itemId}`,
    headers: bearer(e.owner.token),
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

/** Every line of the orders (id and status), to compare before and after a refusal. */
const linesOf = (orderIds: number[]) =>
  ctx.app.db
    .select({ id: orderItems.id, status: orderItems.status })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.id);

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  dolma = await makeDish(ctx.app, A, { price: '5.00', nameEn: 'Dolma' });
  tea = await makeDish(ctx.app, A, { price: '1.20', nameEn: 'Tea' });
});

describe('serve every ready dish of a table', () => {
  it("serves the READY lines of the table's orders in one request, leaves the rest and other tables alone", async () => {
    const table = await makeTable(ctx.app, A.id, '21');
    const other = await makeTable(ctx.app, A.id, '22');
    const first = await place(table, [
      { dishId: dolma, quantity: 2 },
      { dishId: tea, quantity: 1 },
    ]);
    const second = await place(table, [{ dishId: tea, quantity: 3 }]);
    const elsewhere = await place(other, [{ dishId: dolma, quantity: 1 }]);
    await setItem(first.id, first.items[0].id, 'READY');
    await setItem(first.id, first.items[1].id, 'PREPARING');
    await setItem(second.id, second.items[0].id, 'READY');
    await setItem(elsewhere.id, elsewhere.items[0].id, 'READY');
    const events = vi.spyOn(ctx.app.realtime, 'emitOrderEvent');

    const res = await serve(table);
    expect(res.statusCode, res.body).toBe(200);
    const body: ServeReadyResult = res.json();
    expect(body.served).toBe(2);
    expect(body.orders.map((o) => o.id).sort()).toEqual([first.id, second.id].sort());

    const byId = new Map(body.orders.map((o) => [o.id, o]));
    expect(byId.get(first.id)!.items.map((i) => i.status)).toEqual(['SERVED', 'PREPARING']);
    // Every dish of the second order served: the order follows its dishes, as after serving them one by one.
    expect(byId.get(second.id)!.items.map((i) => i.status)).toEqual(['SERVED']);
    expect(byId.get(second.id)!.status).toBe('ISSUED');
    expect(byId.get(first.id)!.status).toBe('PREPARING');
    // The waiter who served is the orders' waiter in the reports.
    const rows = await ctx.app.db
      .select({ id: orders.id, servedBy: orders.servedBy })
      .from(orders)
      .where(inArray(orders.id, [first.id, second.id, elsewhere.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.servedBy]))).toEqual({
      [first.id]: A.waiter.userId,
      [second.id]: A.waiter.userId,
      [elsewhere.id]: null,
    });
    expect((await linesOf([elsewhere.id]))[0].status).toBe('READY');

    // One ORDER_UPDATED per order, after the commit, each with the order as answered.
    const sent = events.mock.calls.filter(([eateryId]) => eateryId === A.id).map(([, e]) => e as OrderEvent);
    events.mockRestore();
    expect(sent.map((e) => [e.type, e.orderId]).sort()).toEqual(
      [
        ['ORDER_UPDATED', first.id],
        ['ORDER_UPDATED', second.id],
      ].sort(),
    );
    for (const e of sent) {
      if (e.type === 'ORDER_DELETED') throw new Error('unexpected delete');
      expect(e.order.version).toBe(byId.get(e.orderId)!.version);
    }
  });

  it('answers 409 nothingReady when nothing at the table is ready, and changes nothing', async () => {
    const table = await makeTable(ctx.app, A.id, '23');
    const empty = await serve(table);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().messageKey).toBe('nothingReady');

    const order = await place(table, [{ dishId: dolma, quantity: 1 }]);
    await setItem(order.id, order.items[0].id, 'PREPARING');
    const before = await linesOf([order.id]);
    const res = await serve(table);
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('nothingReady');
    expect(await linesOf([order.id])).toEqual(before);
  });

  it('serves a paid order whose food was still coming, never a cancelled one', async () => {
    const table = await makeTable(ctx.app, A.id, '24');
    const paid = await place(table, [{ dishId: tea, quantity: 1 }]);
    const cancelled = await place(table, [{ dishId: dolma, quantity: 1 }]);
    await setItem(paid.id, paid.items[0].id, 'READY');
    await setItem(cancelled.id, cancelled.items[0].id, 'READY');
    const pay = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/bill/payments`,
      headers: bearer(A.cashier.token),
      payload: { orderIds: [paid.id], method: 'CARD' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    await ctx.app.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, cancelled.id));

    const res = await serve(table);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders.map((o: Order) => [o.id, o.status, o.items[0].status])).toEqual([
      [paid.id, 'PAID', 'SERVED'],
    ]);
    expect((await linesOf([cancelled.id]))[0].status).toBe('READY');
  });

  it('serves each dish once when two waiters tap at the same moment', async () => {
    const table = await makeTable(ctx.app, A.id, '25');
    const order = await place(table, [
      { dishId: dolma, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]);
    for (const item of order.items) await setItem(order.id, item.id, 'READY');
    const results = await Promise.all([serve(table, A.waiter), serve(table, A.owner)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.statusCode === 200)!;
    expect(ok.json().served).toBe(2);
    expect((await linesOf([order.id])).map((l) => l.status)).toEqual(['SERVED', 'SERVED']);
  });

  it('is for the roles that serve dishes; another restaurant gets 404 for its own or an unknown table', async () => {
    const table = await makeTable(ctx.app, A.id, '26');
    const order = await place(table, [{ dishId: dolma, quantity: 1 }]);
    await setItem(order.id, order.items[0].id, 'READY');
    for (const staff of [A.cashier, A.kitchen]) {
      const res = await serve(table, staff);
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('accessDenied');
    }
    // B's owner on A's restaurant, and on their own restaurant with A's table: neither reveals nor serves it.
    const outsider = await serve(table, B.owner);
    expect(outsider.statusCode).toBe(404);
    const foreignTable = await serve(table, B.owner, B.id);
    expect(foreignTable.statusCode).toBe(404);
    expect((await serve(999_999, A.waiter)).statusCode).toBe(404);
    expect((await linesOf([order.id]))[0].status).toBe('READY');

    const res = await serve(table, A.owner);
    expect(res.statusCode, res.body).toBe(200);
  });
});
