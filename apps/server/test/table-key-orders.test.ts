import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, GUEST_ROUTES, type Order } from '@qr-menu/contract';
import { eateries, orderItems, orders, tables } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';

/**
 * Table keys: when the restaurant requires them, a guest order must carry its table's QR key
 * (`tableKey` = tables.guest_key), else 403 `tableKeyInvalid` and nothing is written. A rotated key refuses the old
 * printed code. Without the requirement any key or none works (old QR codes). Adding dishes to the device's own
 * order needs no key. (The rotate route is tested with the tables module; here the key is changed in the database.)
 */

const ctx = setupApp({ rateLimits: false });
let K: TestEatery; // keys required
let N: TestEatery; // keys not required
let dishK: number;
let dishN: number;
let keylessTable: number; // K's table that has no key yet
let secondTable: number; // K's other table with its own key

let device = newDeviceId();
const place = (e: TestEatery, tableKey: unknown, tableId = e.tableId, dishId = e === K ? dishK : dishN) =>
  ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(e.id, tableId),
    payload: { items: [{ dishId, quantity: 1 }], ...(tableKey === undefined ? {} : { tableKey }) },
    remoteAddress: randomIp(),
    cookies: { device_id: device },
  });
const setKey = (tableId: number, key: string | null) =>
  ctx.app.db.update(tables).set({ guestKey: key }).where(eq(tables.id, tableId));

async function rowCounts(eateryId: number) {
  const [r] = await ctx.app.db
    .select({
      orders: sql<number>`(select count(*)::int from orders where eatery_id = ${eateryId})`,
      items: sql<number>`(select count(*)::int from order_items i join orders o on o.id = i.order_id
        where o.eatery_id = ${eateryId})`,
    })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  return r;
}

function expectRefused(res: Awaited<ReturnType<typeof place>>) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({
    messageKey: 'tableKeyInvalid',
    message: ERROR_MESSAGES.tableKeyInvalid,
    requestId: expect.any(String),
  });
}

beforeAll(async () => {
  K = await makeEatery(ctx.app, { name: 'Keys' });
  N = await makeEatery(ctx.app, { name: 'No keys' });
  await ctx.app.db.update(eateries).set({ tableKeysRequired: true }).where(eq(eateries.id, K.id));
  dishK = await makeDish(ctx.app, K, { price: '2.50' });
  dishN = await makeDish(ctx.app, N, { price: '2.50' });
  await setKey(K.tableId, 'key-one-AAAAAAAAAAAAAAAA');
  await setKey(N.tableId, 'n-key-BBBBBBBBBBBBBBBBBB');
  keylessTable = await makeTable(ctx.app, K.id, '2');
  secondTable = await makeTable(ctx.app, K.id, '3');
  await setKey(secondTable, 'key-three-CCCCCCCCCCCCCC');
});

let emitted = 0;
beforeEach(() => {
  device = newDeviceId();
  emitted = 0;
  vi.restoreAllMocks();
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation(() => {
    emitted++;
  });
});

describe('guest orders when the restaurant requires table keys', () => {
  it('no key, a wrong key, another table’s key, a key of another case: 403 and nothing written', async () => {
    const before = await rowCounts(K.id);
    for (const key of [undefined, null, '', 'key-one', 'KEY-ONE-AAAAAAAAAAAAAAAA', 'key-three-CCCCCCCCCCCCCC']) {
      expectRefused(await place(K, key));
    }
    expect(await rowCounts(K.id)).toEqual(before);
    expect(emitted).toBe(0);
  });

  it('the table’s key places the order', async () => {
    const res = await place(K, 'key-one-AAAAAAAAAAAAAAAA');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'CREATED', tableId: K.tableId, orderPrice: 2.5 });
    expect(emitted).toBe(1);
  });

  it('a table without a key accepts no key at all while keys are required', async () => {
    for (const key of [undefined, '', 'anything']) expectRefused(await place(K, key, keylessTable));
  });

  it('after the key is rotated the old printed code is refused, the new one works', async () => {
    const table = secondTable;
    expect((await place(K, 'key-three-CCCCCCCCCCCCCC', table)).statusCode).toBe(201);
    await setKey(table, 'key-three-rotated-DDDDDD');
    expectRefused(await place(K, 'key-three-CCCCCCCCCCCCCC', table));
    expect((await place(K, 'key-three-rotated-DDDDDD', table)).statusCode).toBe(201);
  });

  it('adding dishes to the device’s own order needs no key, even after a rotation', async () => {
    const placed = (await place(K, 'key-one-AAAAAAAAAAAAAAAA')).json() as Order;
    await setKey(K.tableId, 'key-one-rotated-EEEEEEEE');
    try {
      const add = await ctx.app.inject({
        method: 'POST',
        url: GUEST_ROUTES.addItems(K.id, placed.id),
        payload: { items: [{ dishId: dishK, quantity: 2 }] },
        remoteAddress: randomIp(),
        cookies: { device_id: device },
      });
      expect(add.statusCode, add.body).toBe(200);
      expect((add.json() as Order).items).toHaveLength(2);
    } finally {
      await setKey(K.tableId, 'key-one-AAAAAAAAAAAAAAAA');
    }
  });

  it('staff orders need no key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${K.id}/orders`,
      headers: bearer(K.waiter.token),
      payload: { tableId: keylessTable, items: [{ dishId: dishK, quantity: 1 }] },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('an unknown table is still 404 (the key does not reveal which tables exist)', async () => {
    const res = await place(K, 'key-one-AAAAAAAAAAAAAAAA', 999999);
    expect(res.statusCode).toBe(404);
  });

  it('a key longer than 100 characters is a validation error', async () => {
    const res = await place(K, 'x'.repeat(101));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ field: 'tableKey', messageKey: 'validation.tooLong' }] });
  });
});

describe('guest orders when keys are off', () => {
  it('old QR codes keep working: no key, a wrong key or the right key', async () => {
    for (const key of [undefined, null, 'wrong', 'n-key-BBBBBBBBBBBBBBBBBB']) {
      const res = await place(N, key);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
    }
  });

  it('turning keys on refuses old codes from then on; turning them off again accepts them', async () => {
    await ctx.app.db.update(eateries).set({ tableKeysRequired: true }).where(eq(eateries.id, N.id));
    try {
      expectRefused(await place(N, undefined));
      expect((await place(N, 'n-key-BBBBBBBBBBBBBBBBBB')).statusCode).toBe(201);
    } finally {
      await ctx.app.db.update(eateries).set({ tableKeysRequired: false }).where(eq(eateries.id, N.id));
    }
    expect((await place(N, undefined)).statusCode).toBe(201);
  });
});

describe('the batch path leaves keyed restaurants to the checked path', () => {
  it('several guests at once: only the ones with the key get an order', async () => {
    const before = await rowCounts(K.id);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => {
        device = newDeviceId();
        return place(K, i % 2 === 0 ? 'key-one-AAAAAAAAAAAAAAAA' : 'stolen');
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 403, 201, 403, 201, 403]);
    const after = await rowCounts(K.id);
    expect(after).toEqual({ orders: before.orders + 3, items: before.items + 3 });
    const placed = results.filter((r) => r.statusCode === 201).map((r) => (r.json() as Order).id);
    const items = await ctx.app.db.select().from(orderItems);
    expect(items.filter((i) => placed.includes(i.orderId))).toHaveLength(3);
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.eateryId, K.id));
    expect(rows.every((o) => o.status === 'CREATED')).toBe(true);
  });
});
