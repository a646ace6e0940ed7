import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * Many staff members change one order at the same moment. Every change locks the order row, so none is lost and
 * the final status is the one the rules give for the final items. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL (where the requests really run in parallel on separate connections).
 */
const ctx = setupApp();
let A: TestEatery;
let secondWaiter: Staff;
let dish: number;

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  secondWaiter = await makeStaff(ctx.app, A.id, ['WAITER']);
  dish = await makeDish(ctx.app, A, { price: '2.35', nameEn: 'Dumplings' });
});

const api = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${A.id}/orders${path}`, headers: bearer(token), payload });

async function dbState(orderId: number) {
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  const items = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  return { order, items };
}

describe('parallel changes of one order', () => {
  it('two waiters, the cashier, the owner and the kitchen at once: no item, note or status is lost', async () => {
    const created = await api('POST', '', A.waiter.token, {
      tableId: A.tableId,
      items: [{ dishId: dish, quantity: 1 }],
    });
    expect(created.statusCode).toBe(201);
    const order = created.json() as Order;
    const first = order.items[0];
    const adders = [A.waiter.token, secondWaiter.token, A.cashier.token, A.owner.token];

    // Round 1: 20 additions, 5 note changes and the kitchen starting the first item, all at once.
    const round1 = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        api('POST', `/${order.id}/items`, adders[i % adders.length], {
          dishId: dish,
          quantity: (i % 3) + 1,
          note: `n${i}`,
        }),
      ),
      ...Array.from({ length: 5 }, (_, i) => api('PUT', `/${order.id}`, A.cashier.token, { note: `note ${i}` })),
      api('PUT', `/${order.id}/items/${first.id}`, A.kitchen.token, { status: 'PREPARING' }),
    ]);
    expect(round1.map((r) => r.statusCode)).toEqual([...Array(20).fill(201), ...Array(6).fill(200)]);
    let state = await dbState(order.id);
    expect(state.items).toHaveLength(21);
    expect(state.items.map((i) => i.note).sort()).toEqual(
      [null, ...Array.from({ length: 20 }, (_, i) => `n${i}`)].sort(),
    );
    expect(state.order.status).toBe('PREPARING');
    expect(state.order.version).toBe(26);
    expect(state.order.note).toMatch(/^note [0-4]$/);
    const quantities = 1 + Array.from({ length: 20 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0);
    const total = (await api('GET', `/${order.id}`, A.owner.token)).json() as Order;
    expect(total.orderPrice).toBe((235 * quantities) / 100);

    // Round 2: the kitchen marks every item READY in parallel: the last one to commit makes the order READY.
    const round2 = await Promise.all(
      state.items.map((i) => api('PUT', `/${order.id}/items/${i.id}`, A.kitchen.token, { status: 'READY' })),
    );
    expect(round2.every((r) => r.statusCode === 200)).toBe(true);
    state = await dbState(order.id);
    expect(state.items.every((i) => i.status === 'READY')).toBe(true);
    expect(state.order.status).toBe('READY');
    expect(state.order.version).toBe(26 + 21);

    // Round 3: the cashier marks PAID while 10 more dishes are being added. Each addition lands before PAID
    // (201, and the order went back to PREPARING before being paid) or after it (409); none is half-applied.
    const round3 = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        api('POST', `/${order.id}/items`, i % 2 ? A.waiter.token : secondWaiter.token, { dishId: dish, quantity: 1 }),
      ),
      api('PUT', `/${order.id}`, A.cashier.token, { status: 'PAID' }),
    ]);
    const paid = round3.at(-1)!;
    expect(paid.statusCode).toBe(200);
    const additions = round3.slice(0, 10);
    expect(additions.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const accepted = additions.filter((r) => r.statusCode === 201).length;
    state = await dbState(order.id);
    expect(state.order.status).toBe('PAID');
    expect(state.items).toHaveLength(21 + accepted);
    expect(paid.json().items).toHaveLength(21 + accepted);
    expect(state.order.version).toBe(26 + 21 + accepted + 1);
  });

  it('parallel status changes of different items and of the order never lose an item status', async () => {
    const created = await api('POST', '', A.waiter.token, {
      tableId: A.tableId,
      items: Array.from({ length: 12 }, () => ({ dishId: dish, quantity: 1 })),
    });
    const order = created.json() as Order;
    const results = await Promise.all([
      ...order.items.map((item, i) =>
        api('PUT', `/${order.id}/items/${item.id}`, i % 2 ? A.kitchen.token : A.waiter.token, {
          status: i < 6 ? 'READY' : 'PREPARING',
        }),
      ),
      api('PUT', `/${order.id}`, A.owner.token, { note: 'table by the window' }),
      // The owner voids: the item may already be READY (started), which needs a manager.
      api('DELETE', `/${order.id}/items/${order.items[0].id}`, A.owner.token, { reason: 'Wrong item' }),
    ]);
    // Item 0 is both set READY and voided, one after the other: the void always applies; READY applies only when it
    // came first (a voided item is never revived: 400).
    const itemZeroReady = results[0];
    expect(results.slice(1).every((r) => r.statusCode === 200)).toBe(true);
    expect([200, 400]).toContain(itemZeroReady.statusCode);
    const state = await dbState(order.id);
    const byId = new Map(state.items.map((i) => [i.id, i.status]));
    expect(byId.get(order.items[0].id)).toBe('DELETED');
    for (const [i, item] of order.items.entries()) {
      if (i === 0) continue;
      expect(byId.get(item.id)).toBe(i < 6 ? 'READY' : 'PREPARING');
    }
    expect(state.order.status).toBe('PREPARING');
    expect(state.order.note).toBe('table by the window');
    // Every request that was applied changed something: one version each.
    expect(state.order.version).toBe(results.filter((r) => r.statusCode === 200).length);
  });
});
