import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TableRoundResult } from '@qr-menu/contract';
import { orders } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeTable, type Staff, type TestEatery } from './orders-fixtures.js';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let dolma: number;
let tea: number;

const round = (tableId: number, items: object[], staff: Staff = A.waiter, eateryId = A.id) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${eateryId}/tables/${tableId}/round`,
    headers: bearer(staff.token),
    payload: { items },
  });

async function sent(tableId: number, items: object[], staff?: Staff): Promise<TableRoundResult> {
  const res = await round(tableId, items, staff);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  dolma = await makeDish(ctx.app, A, { price: '5.00', nameEn: 'Dolma' });
  tea = await makeDish(ctx.app, A, { price: '1.20', nameEn: 'Tea' });
});

describe('a round of dishes sent to a table', () => {
  it('starts an order at a free table, then later rounds join it as one kitchen batch each', async () => {
    const table = await makeTable(ctx.app, A.id, '31');
    const first = await sent(table, [
      { dishId: dolma, quantity: 2, note: 'no onion' },
      { dishId: tea, quantity: 1 },
    ]);
    expect(first.created).toBe(true);
    expect(first.order.tableId).toBe(table);
    expect(first.order.items.map((i) => [i.quantity, i.note, i.batch])).toEqual([
      [2, 'no onion', 1],
      [1, null, 1],
    ]);

    const second = await sent(
      table,
      [
        { dishId: tea, quantity: 2, seat: 3 },
        { dishId: dolma, quantity: 1 },
      ],
      A.cashier,
    );
    expect(second.created).toBe(false);
    expect(second.order.id).toBe(first.order.id);
    // Every line of the round in the same new batch: one ADD-ON ticket, not one per dish.
    expect(second.order.items.map((i) => i.batch)).toEqual([1, 1, 2, 2]);
    expect(second.order.items.map((i) => i.seat)).toEqual([null, null, 3, null]);
    expect(second.order.orderPrice).toBe(5 * 2 + 1.2 + 1.2 * 2 + 5);
  });

  it('starts a new order when the open one was paid, and never joins a guest order waiting for confirmation', async () => {
    const table = await makeTable(ctx.app, A.id, '32');
    const first = await sent(table, [{ dishId: tea, quantity: 1 }]);
    await ctx.app.db.update(orders).set({ status: 'PAID' }).where(eq(orders.id, first.order.id));
    const afterPaid = await sent(table, [{ dishId: tea, quantity: 1 }]);
    expect(afterPaid.created).toBe(true);
    expect(afterPaid.order.id).not.toBe(first.order.id);

    await ctx.app.db.update(orders).set({ status: 'NEEDS_CONFIRMATION' }).where(eq(orders.id, afterPaid.order.id));
    const next = await sent(table, [{ dishId: dolma, quantity: 1 }]);
    expect(next.created).toBe(true);
    expect(next.order.id).not.toBe(afterPaid.order.id);
  });

  it('refuses an empty round, a foreign table and a foreign dish, changing nothing', async () => {
    const table = await makeTable(ctx.app, A.id, '33');
    const empty = await round(table, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0]).toMatchObject({ field: 'items', messageKey: 'validation.itemsRequired' });

    expect((await round(B.tableId, [{ dishId: dolma, quantity: 1 }])).statusCode).toBe(404);
    const bDish = await makeDish(ctx.app, B, { price: '1.00' });
    expect((await round(table, [{ dishId: bDish, quantity: 1 }])).statusCode).toBeGreaterThanOrEqual(400);
    expect((await round(table, [{ dishId: dolma, quantity: 1 }], A.kitchen)).statusCode).toBe(403);
    const placed = await ctx.app.db.select({ id: orders.id }).from(orders).where(eq(orders.tableId, table));
    expect(placed).toEqual([]);
  });
});
