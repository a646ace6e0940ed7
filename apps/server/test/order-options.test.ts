import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GUEST_ROUTES,
  OPTION_V,
  orderResponse,
  type DishOptionGroup,
  type Order,
  type OrderEvent,
} from '@qr-menu/contract';
import { dishes, orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * Dish options: guests and staff choose options by id; the server checks the choice against the dish's
 * groups (contract checkOptionChoice), prices the item (dish + deltas, exact cents) and keeps the chosen options as
 * they were at ordering time.
 */

const ctx = setupApp({ rateLimits: false });
let A: TestEatery;
let B: TestEatery;
let coffee: number; // 3.00: Size (required, one of), Extras (0..2)
let juice: number; // 2.20: Extras only (optional)
let tea: number; // 2.00: no options
let coffeeB: number; // B's dish with the same option ids

const opt = (id: number, en: string, priceDelta: number, available = true) => ({
  id,
  nameAz: `${en} az`,
  nameEn: en,
  nameRu: `${en} ru`,
  priceDelta,
  available,
});
const SIZE: DishOptionGroup = {
  id: 1,
  nameAz: 'Ölçü',
  nameEn: 'Size',
  nameRu: 'Размер',
  minChoices: 1,
  maxChoices: 1,
  options: [opt(11, '0.3 L', 0), opt(12, '0.5 L', 1.5), opt(13, '1 L', 2, false)],
};
const EXTRAS: DishOptionGroup = {
  id: 2,
  nameAz: 'Əlavələr',
  nameEn: 'Extras',
  nameRu: 'Добавки',
  minChoices: 0,
  maxChoices: 2,
  options: [opt(21, 'Syrup', 0.35), opt(22, 'Cream', 0.4), opt(23, 'Honey', 0.55)],
};

async function setGroups(dishId: number, groups: DishOptionGroup[]) {
  await ctx.app.db.update(dishes).set({ optionGroups: groups }).where(eq(dishes.id, dishId));
}

let device = newDeviceId();
const guestHeaders = () => ({ remoteAddress: randomIp(), cookies: { device_id: device } });
const guestPlace = (items: unknown[], eateryId = A.id, tableId = A.tableId) =>
  ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(eateryId, tableId),
    payload: { items },
    ...guestHeaders(),
  });
const guestAdd = (orderId: number, items: unknown[]) =>
  ctx.app.inject({ method: 'POST', url: GUEST_ROUTES.addItems(A.id, orderId), payload: { items }, ...guestHeaders() });
const staff = (method: 'GET' | 'POST' | 'PUT', rest: string, payload?: unknown, token = A.waiter.token) =>
  ctx.app.inject({
    method,
    url: `/api/eatery/${A.id}${rest}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function countRows(eateryId: number) {
  const [o] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.eateryId, eateryId));
  const [i] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.eateryId, eateryId));
  return { orders: o.n, items: i.n };
}

const details = (res: LightMyRequestResponse) =>
  (res.json() as { details: { field: string; messageKey: string }[] }).details;

function ok(res: LightMyRequestResponse, status = 201): Order {
  expect(res.statusCode, res.body).toBe(status);
  const order = res.json() as Order;
  orderResponse.parse(order);
  return order;
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  coffee = await makeDish(ctx.app, A, { price: '3.00', nameEn: 'Coffee', nameAz: 'Qəhvə' });
  juice = await makeDish(ctx.app, A, { price: '2.20', nameEn: 'Juice' });
  tea = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Tea' });
  coffeeB = await makeDish(ctx.app, B, { price: '3.00', nameEn: 'Coffee B' });
  await setGroups(coffee, [SIZE, EXTRAS]);
  await setGroups(juice, [EXTRAS]);
  await setGroups(coffeeB, [SIZE, EXTRAS]);
});

let emitted: OrderEvent[] = [];
beforeEach(() => {
  device = newDeviceId();
  emitted = [];
  vi.restoreAllMocks();
  vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((_eateryId, ev) => {
    emitted.push(ev);
  });
});

const SIZE_05 = {
  groupId: 1,
  optionId: 12,
  groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
  names: { az: '0.5 L az', en: '0.5 L', ru: '0.5 L ru' },
  priceDelta: 1.5,
};

describe('guest orders with options', () => {
  it('prices the item with the deltas and keeps the options in the dish’s order, with their names', async () => {
    // Ids in any order; stored in group and option order.
    const order = ok(await guestPlace([{ dishId: coffee, quantity: 2, optionIds: [22, 12, 21] }]));
    const [item] = order.items;
    expect(item.price).toBe(5.25); // 3.00 + 1.50 + 0.35 + 0.40
    expect(order.orderPrice).toBe(10.5);
    expect(item.options.map((o) => [o.groupId, o.optionId, o.priceDelta])).toEqual([
      [1, 12, 1.5],
      [2, 21, 0.35],
      [2, 22, 0.4],
    ]);
    expect(item.options[0]).toEqual(SIZE_05);
    expect(order.rejectionReason).toBeNull();
    const [row] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.price).toBe('5.25');
    expect(row.options).toEqual(item.options);
    // The event carries the same order.
    expect(emitted).toEqual([expect.objectContaining({ type: 'NEW_ORDER', order })]);
  });

  it('exact cents: deltas that do not add up in floats', async () => {
    await setGroups(tea, [
      { ...EXTRAS, id: 5, maxChoices: 3, options: [opt(51, 'a', 0.1), opt(52, 'b', 0.2), opt(53, 'c', 0.7)] },
    ]);
    try {
      const order = ok(await guestPlace([{ dishId: tea, quantity: 3, optionIds: [51, 52, 53] }]));
      expect(order.items[0].price).toBe(3); // 2.00 + 0.10 + 0.20 + 0.70
      expect(order.orderPrice).toBe(9);
    } finally {
      await setGroups(tea, []);
    }
  });

  it('a dish with only optional groups can be ordered without options (the step-by-step path places it)', async () => {
    const order = ok(
      await guestPlace([
        { dishId: juice, quantity: 1 },
        { dishId: tea, quantity: 1 },
      ]),
    );
    expect(order.items.map((i) => [i.price, i.options])).toEqual([
      [2.2, []],
      [2, []],
    ]);
    expect(order.status).toBe('CREATED');
  });

  it('an order without options (the batch path) reads options [] and rejectionReason null', async () => {
    const order = ok(await guestPlace([{ dishId: tea, quantity: 1, optionIds: [] }]));
    expect(order.items[0].options).toEqual([]);
    expect(order.rejectionReason).toBeNull();
  });

  it('refuses a wrong choice with the line and the reason, every line at once, and writes nothing', async () => {
    const before = await countRows(A.id);
    const cases: [unknown[], { field: string; messageKey: string }[]][] = [
      [[{ dishId: coffee, quantity: 1 }], [{ field: 'items.0.optionIds', messageKey: OPTION_V.optionRequired }]],
      [
        [{ dishId: coffee, quantity: 1, optionIds: [11, 21, 22, 23] }],
        [{ field: 'items.0.optionIds', messageKey: OPTION_V.optionTooMany }],
      ],
      [
        [{ dishId: coffee, quantity: 1, optionIds: [11, 51] }],
        [{ field: 'items.0.optionIds', messageKey: OPTION_V.optionUnknown }],
      ],
      [
        [{ dishId: coffee, quantity: 1, optionIds: [11, 21, 21] }],
        [{ field: 'items.0.optionIds', messageKey: OPTION_V.optionUnknown }],
      ],
      [
        [{ dishId: coffee, quantity: 1, optionIds: [13] }],
        [{ field: 'items.0.optionIds', messageKey: OPTION_V.optionUnavailable }],
      ],
      // An option of another dish (the juice has no size group).
      [
        [{ dishId: juice, quantity: 1, optionIds: [12] }],
        [{ field: 'items.0.optionIds', messageKey: OPTION_V.optionUnknown }],
      ],
      [
        [
          { dishId: coffee, quantity: 1 },
          { dishId: tea, quantity: 1 },
          { dishId: coffee, quantity: 1, optionIds: [12, 11] },
        ],
        [
          { field: 'items.0.optionIds', messageKey: OPTION_V.optionRequired },
          { field: 'items.2.optionIds', messageKey: OPTION_V.optionTooMany },
        ],
      ],
    ];
    for (const [items, expected] of cases) {
      const res = await guestPlace(items);
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(res.json()).toMatchObject({ messageKey: 'validation' });
      expect(details(res), JSON.stringify(items)).toEqual(expected);
    }
    expect(await countRows(A.id)).toEqual(before);
    expect(emitted).toEqual([]);
  });

  it('adding items to the order follows the same rules', async () => {
    const order = ok(await guestPlace([{ dishId: tea, quantity: 1 }]));
    const bad = await guestAdd(order.id, [
      { dishId: tea, quantity: 1 },
      { dishId: coffee, quantity: 1, optionIds: [21] },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([{ field: 'items.1.optionIds', messageKey: OPTION_V.optionRequired }]);
    const added = ok(await guestAdd(order.id, [{ dishId: coffee, quantity: 1, optionIds: [12, 23] }]), 200);
    expect(added.items).toHaveLength(2);
    expect(added.items[1]).toMatchObject({ batch: 2, price: 5.05 }); // 3.00 + 1.50 + 0.55
    expect(added.items[1].options.map((o) => o.optionId)).toEqual([12, 23]);
  });
});

describe('staff orders with options', () => {
  it('follow the same option rules: a required group needs a choice', async () => {
    const before = await countRows(A.id);
    const bad = await staff('POST', '/orders', { tableId: A.tableId, items: [{ dishId: coffee, quantity: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([{ field: 'items.0.optionIds', messageKey: OPTION_V.optionRequired }]);
    expect(await countRows(A.id)).toEqual(before);
    const order = ok(
      await staff('POST', '/orders', { tableId: A.tableId, items: [{ dishId: coffee, quantity: 1, optionIds: [11] }] }),
    );
    expect(order.items[0]).toMatchObject({ price: 3, options: [expect.objectContaining({ optionId: 11 })] });
    // Another restaurant's dish with the same option ids is still another restaurant's dish.
    const foreign = await staff('POST', '/orders', {
      tableId: A.tableId,
      items: [{ dishId: coffeeB, quantity: 1, optionIds: [11] }],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('adding one item: errors on the body’s own optionIds; priced with its options', async () => {
    const order = ok(await staff('POST', '/orders', { tableId: A.tableId }));
    const bad = await staff('POST', `/orders/${order.id}/items`, { dishId: coffee, quantity: 1, optionIds: [11, 12] });
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([{ field: 'optionIds', messageKey: OPTION_V.optionTooMany }]);
    const added = ok(
      await staff('POST', `/orders/${order.id}/items`, { dishId: coffee, quantity: 2, optionIds: [12] }),
    );
    expect(added.items[0]).toMatchObject({ price: 4.5, options: [SIZE_05] });
    expect(added.orderPrice).toBe(9);
  });

  it('changing an item’s dish clears its options unless new ones are sent; the new dish’s rules apply', async () => {
    const order = ok(await staff('POST', '/orders', { tableId: A.tableId, items: [{ dishId: tea, quantity: 1 }] }));
    const itemId = order.items[0].id;
    const item = `/orders/${order.id}/items/${itemId}`;
    const [before] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, itemId));

    // Tea → coffee without a size: refused, nothing changed.
    const bad = await staff('PUT', item, { dishId: coffee });
    expect(bad.statusCode).toBe(400);
    expect(details(bad)).toEqual([{ field: 'optionIds', messageKey: OPTION_V.optionRequired }]);
    const [unchanged] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(unchanged).toEqual(before);

    let now = ok(await staff('PUT', item, { dishId: coffee, optionIds: [12, 21] }), 200);
    expect(now.items[0]).toMatchObject({ dishId: coffee, name: 'Qəhvə', price: 4.85 });
    expect(now.items[0].options.map((o) => o.optionId)).toEqual([12, 21]);

    // Only the options change: re-priced.
    now = ok(await staff('PUT', item, { optionIds: [11] }), 200);
    expect(now.items[0]).toMatchObject({ dishId: coffee, price: 3 });
    expect(now.items[0].options.map((o) => o.optionId)).toEqual([11]);

    // The same options in another order: no change, no event.
    emitted = [];
    const same = ok(await staff('PUT', item, { optionIds: [11], quantity: 1 }), 200);
    expect(same.version).toBe(now.version);
    expect(emitted).toEqual([]);

    // Coffee → juice without options: cleared (the juice has only optional groups).
    now = ok(await staff('PUT', item, { dishId: juice }), 200);
    expect(now.items[0]).toMatchObject({ dishId: juice, price: 2.2, options: [] });
    const [row] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(row.options).toEqual([]);

    // The kitchen may not change options (only item statuses).
    const kitchen = await staff('PUT', item, { optionIds: [21] }, A.kitchen.token);
    expect(kitchen.statusCode).toBe(403);
  });
});

describe('past orders keep their options', () => {
  it('a later edit of the dish (price, names, deltas, removed options) does not change them', async () => {
    const placed = ok(await guestPlace([{ dishId: coffee, quantity: 1, optionIds: [12, 22] }]));
    expect(placed.items[0].price).toBe(4.9);
    await ctx.app.db.update(dishes).set({ price: '9.99', nameAz: 'Yeni' }).where(eq(dishes.id, coffee));
    await setGroups(coffee, [
      { ...SIZE, nameEn: 'Cup', options: [opt(11, 'Small', 0), opt(12, 'Big', 5)] },
      { ...EXTRAS, options: [opt(21, 'Syrup', 0.35)] },
    ]);
    try {
      const after = ok(await staff('GET', `/orders/${placed.id}`), 200);
      expect(after.items).toEqual(placed.items);
      const listed = (await staff('GET', '/orders')).json() as Order[];
      expect(listed.find((o) => o.id === placed.id)!.items).toEqual(placed.items);
      const guest = ok(
        await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.order(A.id, placed.id), ...guestHeaders() }),
        200,
      );
      expect(guest.items).toEqual(placed.items);
      // New orders take the dish as it is now.
      const fresh = ok(await guestPlace([{ dishId: coffee, quantity: 1, optionIds: [12] }]));
      expect(fresh.items[0]).toMatchObject({ price: 14.99, name: 'Yeni' });
      expect(fresh.items[0].options[0]).toMatchObject({
        names: { en: 'Big' },
        groupNames: { en: 'Cup' },
        priceDelta: 5,
      });
    } finally {
      await ctx.app.db.update(dishes).set({ price: '3.00', nameAz: 'Qəhvə' }).where(eq(dishes.id, coffee));
      await setGroups(coffee, [SIZE, EXTRAS]);
    }
  });
});

describe('options on every read', () => {
  it('the staff list, the kitchen board and the guest’s list show the options', async () => {
    const placed = ok(await guestPlace([{ dishId: coffee, quantity: 1, optionIds: [12] }]));
    const list = (await staff('GET', '/orders')).json() as Order[];
    expect(list.find((o) => o.id === placed.id)).toEqual(placed);
    const board = await staff('GET', '/kitchen', undefined, A.kitchen.token);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.body).toContain('"optionId":12');
    const mine = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.orders(A.id), ...guestHeaders() });
    expect((mine.json() as Order[]).find((o) => o.id === placed.id)).toEqual(placed);
  });
});
