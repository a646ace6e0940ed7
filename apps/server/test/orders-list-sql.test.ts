import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * The staff list is read by one hand-written statement (order-queries.ts, listedOrders) while a single
 * order is still read through Drizzle and toOrderDto. Both must give the same Order, byte for byte: dates cut to
 * milliseconds like a JS Date, exact decimal prices, DELETED items out of the total, nulls, orders without items.
 */

const ctx = setupApp();
let E: TestEatery;
const DAY = '2024-05-01';

beforeAll(async () => {
  E = await makeEatery(ctx.app);
  const dish = await makeDish(ctx.app, E, { price: '19.99' });
  const db = ctx.app.db;
  // Microseconds that a JS Date has to drop (.999999 must not round up to the next second); one order without a
  // table, one without items, notes that need escaping.
  await db.execute(sql`
    insert into orders (eatery_id, table_id, table_number, status, note, version, created_at, updated_at)
    values
      (${E.id}, ${E.tableId}, '1', 'CREATED', 'no "onion", ş/ç\n\\ tab\t', 3,
       '2024-05-01 09:00:00.999999+04', '2024-05-01 09:30:00.000500+04'),
      (${E.id}, null, '7', 'PREPARING', null, 0, '2024-05-01 10:00:00.123456+04', '2024-05-01 10:00:00.123456+04'),
      (${E.id}, ${E.tableId}, '1', 'PAID', '', 12, '2024-05-01 11:00:00+04', '2024-05-01 23:59:59.999+04'),
      (${E.id}, ${E.tableId}, '1', 'CANCELLED', null, 1, '2024-05-01 12:00:00.5+04', '2024-05-01 12:00:00.5+04')`);
  await db.execute(sql`
    insert into order_items (order_id, dish_id, name, price, quantity, note, status, kitchen_department_id, category_name)
    select o.id, x.dish_id, x.name, x.price, x.quantity, x.note, x.status, x.department, x.category
    from orders o
    cross join (values
      (${dish}::int, 'Plov', 19.99::numeric, 3, 'extra "rice"'::text, 'CREATED', ${E.departmentId}::int, 'Mains'::text),
      (null, 'Gone dish', 0.10, 1, null, 'SERVED', null, null),
      (${dish}, 'Çay 🍵', 1234567.89, 99, '', 'DELETED', null, 'İçkilər'),
      (${dish}, 'Dolma', 4.35, 2, null, 'PREPARING', ${E.departmentId}, 'Mains')
    ) as x(dish_id, name, price, quantity, note, status, department, category)
    where o.eatery_id = ${E.id} and o.status <> 'PAID'`);
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(E.waiter.token) });

describe('GET /api/eatery/:id/orders (one statement)', () => {
  it('answers each order exactly as GET /orders/:orderId does', async () => {
    const list = await get(`/api/eatery/${E.id}/orders?from=${DAY}&to=${DAY}`);
    expect(list.statusCode, list.body).toBe(200);
    const orders = list.json<Order[]>();
    expect(orders).toHaveLength(4);
    const singles = [];
    for (const o of orders) {
      const one = await get(`/api/eatery/${E.id}/orders/${o.id}`);
      expect(one.statusCode, one.body).toBe(200);
      singles.push(one.body);
    }
    expect(list.body).toBe(`[${singles.join(',')}]`);
  });

  it('keeps milliseconds like a JS Date, exact totals, items in id order, nulls as null', async () => {
    const orders = (await get(`/api/eatery/${E.id}/orders?from=${DAY}&to=${DAY}`)).json<Order[]>();
    const [cancelled, paid, preparing, created] = orders;
    expect(created.createdAt).toBe('2024-05-01T05:00:00.999Z');
    expect(created.updatedAt).toBe('2024-05-01T05:30:00.000Z');
    expect(created.note).toBe('no "onion", ş/ç\n\\ tab\t');
    expect(created.version).toBe(3);
    expect(preparing.createdAt).toBe('2024-05-01T06:00:00.123Z');
    expect(preparing.tableId).toBeNull();
    expect(cancelled.createdAt).toBe('2024-05-01T08:00:00.500Z');
    // 3 × 19.99 + 0.10 + 2 × 4.35; the DELETED line is left out.
    expect(created.orderPrice).toBe(68.77);
    expect(created.items.map((i) => i.name)).toEqual(['Plov', 'Gone dish', 'Çay 🍵', 'Dolma']);
    expect(created.items[1]).toMatchObject({ dishId: null, note: null, category: null, kitchenDepartmentId: null });
    expect(created.items[2].price).toBe(1234567.89);
    expect(created.estimatedTime).toBe(18);
    expect(paid.items).toEqual([]);
    expect(paid.orderPrice).toBe(0);
  });

  it('reads the same through every filter and page', async () => {
    const all = (await get(`/api/eatery/${E.id}/orders`)).json<Order[]>();
    const byStatus = (await get(`/api/eatery/${E.id}/orders?status=PREPARING&from=${DAY}`)).json<Order[]>();
    expect(byStatus).toEqual(all.filter((o) => o.status === 'PREPARING'));
    const first = await get(`/api/eatery/${E.id}/orders?limit=3&to=${DAY}`);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const second = (await get(`/api/eatery/${E.id}/orders?limit=3&to=${DAY}&cursor=${cursor}`)).json<Order[]>();
    expect([...first.json<Order[]>(), ...second]).toEqual(all);
  });
});
