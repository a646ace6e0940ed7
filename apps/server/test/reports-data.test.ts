import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@qr-menu/contract';
import { eateries, orderStatusHistory, orders } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * The stored report figures of migration 0004 (orders.total, ready_at, served_at, report_dish_hours) follow the
 * writes that change them: written by triggers, compared here with what the rows themselves give — and with a
 * rebuild from scratch (report_data_rebuild), which must find nothing to change.
 */

const ctx = setupApp();
let A: TestEatery;
let plov: number;
let dovga: number;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${A.id}${url}`, headers: bearer(token), payload });

async function ok(res: Awaited<ReturnType<typeof api>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.body ? res.json() : null;
}

async function placeOrder(items: { dishId: number; quantity: number }[]) {
  const o = await ok(await api('POST', '/orders', A.waiter.token, { tableId: A.tableId, items }), 201);
  return o as { id: number; items: { id: number; dishId: number }[] };
}

const pay = async (orderId: number, method: 'CASH' | 'CARD' = 'CASH') =>
  ok(await api('POST', '/bill/payments', A.cashier.token, { orderIds: [orderId], method }));

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.app.db.execute(query)) as unknown as { rows: T[] }).rows;

async function stored(orderId: number) {
  const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  return o;
}

/** The dish hours of restaurant A, in a stable order, as plain text (numeric columns come back as text). */
const dishHours = () =>
  rows<{ hour: string; dish_id: number; name_key: string; quantity: number; amount: string }>(
    sql`select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as hour, dish_id, name_key, quantity,
          amount::text as amount
        from report_dish_hours where eatery_id = ${A.id} order by hour, dish_id, name_key`,
  );

/** What the incremental triggers stored equals a rebuild from the rows (which must change nothing). */
async function expectSameAsRebuild() {
  const before = await dishHours();
  const totals = () =>
    rows<{ id: number; total: string | null; ready_at: string | null; served_at: string | null }>(
      sql`select id, total::text as total, ready_at::text as ready_at, served_at::text as served_at
          from orders where eatery_id = ${A.id} order by id`,
    );
  const ordersBefore = await totals();
  await ctx.app.db.execute(sql`select report_data_rebuild(${A.id}::int)`);
  expect(await dishHours()).toEqual(before);
  expect(await totals()).toEqual(ordersBefore);
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  plov = await makeDish(ctx.app, A, { price: '10.00', nameAz: 'Plov', nameEn: 'Pilaf', nameRu: 'Плов' });
  dovga = await makeDish(ctx.app, A, { price: '4.50', nameAz: 'Dovğa', nameEn: 'Dovga', nameRu: 'Довга' });
});

describe('stored report figures', () => {
  it('an order gets its total (live items − discount) and its dish hours when it becomes PAID, not before', async () => {
    const o = await placeOrder([
      { dishId: plov, quantity: 2 },
      { dishId: dovga, quantity: 3 },
    ]);
    await ok(await api('DELETE', `/orders/${o.id}/items/${o.items[1].id}`, A.waiter.token, { reason: 'Wrong item' }));
    await ok(await api('PUT', '/bill/discount', A.owner.token, { orderIds: [o.id], amount: 1.25, reason: 'regular' }));
    expect((await stored(o.id)).total).toBeNull();
    expect(await dishHours()).toEqual([]);

    await pay(o.id);
    const paid = await stored(o.id);
    expect(paid.status).toBe('PAID');
    expect(paid.total).toBe('18.75');
    const hours = await dishHours();
    expect(hours.map((h) => [h.dish_id, h.quantity, h.amount])).toEqual([[plov, 2, '20.00']]);
    expect(hours[0].hour).toBe(paid.paidAt!.toISOString().slice(0, 13).replace('T', ' ') + ':00');
    await expectSameAsRebuild();
  });

  it('READY and ISSUED times: the first ones, the same instants as the status history', async () => {
    const o = await placeOrder([{ dishId: plov, quantity: 1 }]);
    await ok(await api('PUT', `/orders/${o.id}`, A.owner.token, { status: 'READY' }));
    const ready = (await stored(o.id)).readyAt;
    expect(ready).not.toBeNull();
    // Back to the kitchen and READY again (a late READY): the first time stays.
    await ok(await api('PUT', `/orders/${o.id}`, A.owner.token, { status: 'PREPARING' }));
    await ok(await api('PUT', `/orders/${o.id}`, A.owner.token, { status: 'READY' }));
    await ok(await api('PUT', `/orders/${o.id}`, A.owner.token, { status: 'ISSUED' }));
    const after = await stored(o.id);
    expect(after.readyAt).toEqual(ready);
    const history = await ctx.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, o.id));
    const first = (status: string) =>
      Math.min(...history.filter((h) => h.status === status).map((h) => h.changedAt.getTime()));
    expect(history.filter((h) => h.status === 'READY')).toHaveLength(2);
    expect(after.readyAt!.getTime()).toBe(first('READY'));
    expect(after.servedAt!.getTime()).toBe(first('ISSUED'));

    // A history row corrected by hand: the stored time follows it.
    await ctx.app.db
      .update(orderStatusHistory)
      .set({ changedAt: new Date('2025-01-01T10:00:00Z') })
      .where(eq(orderStatusHistory.orderId, o.id));
    expect((await stored(o.id)).readyAt).toEqual(new Date('2025-01-01T10:00:00Z'));
    await expectSameAsRebuild();
  });

  it('a PAID order cannot be reopened through the app (409), so its figures stay', async () => {
    const o = await placeOrder([{ dishId: dovga, quantity: 1 }]);
    await pay(o.id);
    const res = await api('PUT', `/orders/${o.id}`, A.owner.token, { status: 'ISSUED' });
    expect(res.statusCode).toBe(409);
    expect((await stored(o.id)).total).toBe('4.50');
    await expectSameAsRebuild();
  });

  it('an order no longer PAID (a correction in the database) leaves the figures; paid again, it comes back', async () => {
    const o = await placeOrder([{ dishId: plov, quantity: 3 }]);
    await pay(o.id);
    const withIt = await dishHours();
    await ctx.app.db.update(orders).set({ status: 'ISSUED' }).where(eq(orders.id, o.id));
    expect((await stored(o.id)).total).toBeNull();
    const plovRows = (h: Awaited<ReturnType<typeof dishHours>>) => h.filter((r) => r.dish_id === plov);
    expect(plovRows(await dishHours()).reduce((n, r) => n + r.quantity, 0)).toBe(
      plovRows(withIt).reduce((n, r) => n + r.quantity, 0) - 3,
    );
    await expectSameAsRebuild();
    await ctx.app.db.update(orders).set({ status: 'PAID' }).where(eq(orders.id, o.id));
    expect((await stored(o.id)).total).toBe('30.00');
    expect(await dishHours()).toEqual(withIt);
    await expectSameAsRebuild();
  });

  it('a PAID order moved in time moves its dish hours; deleted, it leaves them', async () => {
    const o = await placeOrder([{ dishId: dovga, quantity: 2 }]);
    await pay(o.id);
    await ctx.app.db
      .update(orders)
      .set({ paidAt: new Date('2025-02-03T04:05:00Z') })
      .where(eq(orders.id, o.id));
    const moved = (await dishHours()).filter((h) => h.hour === '2025-02-03 04:00');
    expect(moved.map((h) => [h.dish_id, h.quantity, h.amount])).toEqual([[dovga, 2, '9.00']]);
    await expectSameAsRebuild();
    // The app refuses to delete an order with payments (409); an operator's delete by hand still keeps the figures.
    await ok(await api('DELETE', `/orders/${o.id}`, A.owner.token), 409);
    await ctx.app.db.delete(orders).where(eq(orders.id, o.id));
    expect((await dishHours()).filter((h) => h.hour === '2025-02-03 04:00')).toEqual([]);
    await expectSameAsRebuild();
  });

  it('a dish deleted after being sold: its sales stay, grouped under the item name', async () => {
    const soup = await makeDish(ctx.app, A, { price: '3.00', nameAz: 'Şorba', nameEn: 'Soup', nameRu: 'Суп' });
    const o = await placeOrder([{ dishId: soup, quantity: 2 }]);
    await pay(o.id);
    // The dish row goes (as an archive would not): order_items.dish_id becomes null through the foreign key.
    await ctx.app.db.execute(sql`delete from dishes where id = ${soup}`);
    const rowsNow = (await dishHours()).filter((h) => h.name_key === 'Şorba');
    expect(rowsNow.map((h) => [h.dish_id, h.quantity, h.amount])).toEqual([[0, 2, '6.00']]);
    expect((await dishHours()).filter((h) => h.dish_id === soup)).toEqual([]);
    await expectSameAsRebuild();
  });

  it('bills closed at the same time (same dishes, opposite orders) all succeed and the figures add up', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b, c, d] = [
        await placeOrder([{ dishId: plov, quantity: 1 }]),
        await placeOrder([{ dishId: dovga, quantity: 1 }]),
        await placeOrder([{ dishId: dovga, quantity: 2 }]),
        await placeOrder([{ dishId: plov, quantity: 2 }]),
      ];
      const bills = await Promise.all([
        api('POST', '/bill/payments', A.cashier.token, { orderIds: [a.id, b.id], method: 'CASH' }),
        api('POST', '/bill/payments', A.owner.token, { orderIds: [c.id, d.id], method: 'CARD' }),
      ]);
      expect(bills.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    await expectSameAsRebuild();
  });

  it('a time zone whose offset is not whole hours: the edge half hours of a day come from the items', async () => {
    await ctx.app.db.update(eateries).set({ timeZone: 'Asia/Kolkata' }).where(eq(eateries.id, A.id));
    // 2025-04-10 in Kolkata is [04-09 18:30 UTC, 04-10 18:30 UTC): 18:15 UTC is the day before, 18:45 the day.
    const before = await placeOrder([{ dishId: plov, quantity: 1 }]);
    const inside = await placeOrder([{ dishId: dovga, quantity: 4 }]);
    const late = await placeOrder([{ dishId: plov, quantity: 5 }]);
    const after = await placeOrder([{ dishId: dovga, quantity: 7 }]);
    const at = { [before.id]: '2025-04-09T18:15:00Z', [inside.id]: '2025-04-09T18:45:00Z' };
    Object.assign(at, { [late.id]: '2025-04-10T18:20:00Z', [after.id]: '2025-04-10T18:40:00Z' });
    for (const o of [before, inside, late, after]) {
      // By card: the cashier's drawer is open for today in Baku, which between 18:30 and 20:00 UTC is no longer
      // today in Kolkata (cash would be refused with drawerNotOpen); the report counts either method.
      await pay(o.id, 'CARD');
      await ctx.app.db
        .update(orders)
        .set({ paidAt: new Date(at[o.id]) })
        .where(eq(orders.id, o.id));
    }
    const report = (await ok(await api('GET', '/reports?from=2025-04-10&to=2025-04-10', A.owner.token))) as Report;
    const sold = report.topByQuantity.map((d) => [d.dishId, d.quantity, d.revenue]);
    expect(sold).toEqual([
      [plov, 5, 50],
      [dovga, 4, 18],
    ]);
    expect(report.current.revenue).toBe(68);
    expect(report.current.orders).toBe(2);
    await ctx.app.db.update(eateries).set({ timeZone: 'Asia/Baku' }).where(eq(eateries.id, A.id));
    await expectSameAsRebuild();
  });
});
