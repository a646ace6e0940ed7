import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, OPTION_V, ORDER_V, type AvailabilityHours, type Order } from '@qr-menu/contract';
import { categories, dishes, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * Availability hours: a guest item whose dish or category is outside its hours right now, in the
 * restaurant's time zone, is refused (400 on `items.{i}.dishId`, `validation.dishNotNow`); staff may still add it.
 * The clock is injected (orderCommands.now), so every case runs at the instant it names.
 */

const ctx = setupApp({ rateLimits: false });
let baku: TestEatery; // Asia/Baku, UTC+4 all year
let york: TestEatery; // America/New_York, UTC-5 in January
let breakfast: number; // Mon–Fri 08:00–11:30
let breakfastNY: number; // the same hours in New York
let late: number; // Fridays 22:00–02:00 (into Saturday)
let lunchCat: number; // a category open 12:00–15:00 every day
let inLunch: number; // a dish of that category without hours of its own
let inLunchEarly: number; // a dish of that category whose own hours (07:00–13:00) end within the category's
let always: number;
let soldOut: number; // sold out "until the next business day"

const hours = (days: number[], from: string, to: string): AvailabilityHours => ({ days, from, to });
const WEEKDAYS = [0, 1, 2, 3, 4];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Runs the next orders at this instant (ISO, UTC). 2026-01-05 is a Monday, 2026-01-09 a Friday. */
const at = (iso: string) => {
  ctx.app.services.orderCommands.now = () => new Date(iso);
};
afterEach(() => {
  ctx.app.services.orderCommands.now = () => new Date();
});

const guestPlace = (e: TestEatery, items: unknown[]) =>
  ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(e.id, e.tableId),
    payload: { items },
    remoteAddress: randomIp(),
    cookies: { device_id: newDeviceId() },
  });
const one = (dishId: number) => [{ dishId, quantity: 1 }];
const details = (res: LightMyRequestResponse) =>
  (res.json() as { details: { field: string; messageKey: string }[] }).details;
const notNow = (i = 0) => ({ field: `items.${i}.dishId`, messageKey: OPTION_V.dishNotNow });

async function expectPlaced(e: TestEatery, dishId: number) {
  const res = await guestPlace(e, one(dishId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}
async function expectNotNow(e: TestEatery, dishId: number) {
  const res = await guestPlace(e, one(dishId));
  expect(res.statusCode, res.body).toBe(400);
  expect(details(res)).toEqual([notNow()]);
}

async function orderCount(eateryId: number) {
  const [r] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.eateryId, eateryId));
  return r.n;
}

beforeAll(async () => {
  const app = ctx.app;
  baku = await makeEatery(app, { timeZone: 'Asia/Baku' });
  york = await makeEatery(app, { timeZone: 'America/New_York', name: 'NY' });
  breakfast = await makeDish(app, baku, { price: '4.00', nameEn: 'Breakfast' });
  breakfastNY = await makeDish(app, york, { price: '4.00', nameEn: 'Breakfast' });
  late = await makeDish(app, baku, { price: '6.00', nameEn: 'Late snack' });
  always = await makeDish(app, baku, { price: '1.00', nameEn: 'Water' });
  soldOut = await makeDish(app, baku, { price: '2.00', nameEn: 'Soup', available: false });
  const [c] = await app.db
    .insert(categories)
    .values({ eateryId: baku.id, nameEn: 'Lunch', availableHours: hours(EVERY_DAY, '12:00', '15:00') })
    .returning({ id: categories.id });
  lunchCat = c.id;
  inLunch = await makeDish(app, baku, { price: '8.00', nameEn: 'Lunch set', categoryId: lunchCat });
  inLunchEarly = await makeDish(app, baku, { price: '8.00', nameEn: 'Early lunch', categoryId: lunchCat });
  const set = (id: number, h: AvailabilityHours) =>
    app.db.update(dishes).set({ availableHours: h }).where(eq(dishes.id, id));
  await set(breakfast, hours(WEEKDAYS, '08:00', '11:30'));
  await set(breakfastNY, hours(WEEKDAYS, '08:00', '11:30'));
  await set(late, hours([4], '22:00', '02:00'));
  await set(inLunchEarly, hours(EVERY_DAY, '07:00', '13:00'));
});

describe('availability hours of guest orders', () => {
  it('breakfast on weekdays 08:00–11:30 in Baku: inside yes; before, after, at the end and on Saturday no', async () => {
    at('2026-01-05T04:00:00Z'); // Monday 08:00 Baku: the first minute
    await expectPlaced(baku, breakfast);
    at('2026-01-05T07:29:00Z'); // Monday 11:29
    await expectPlaced(baku, breakfast);
    for (const instant of [
      '2026-01-05T03:59:00Z', // Monday 07:59
      '2026-01-05T07:30:00Z', // Monday 11:30: the end is not included
      '2026-01-10T05:00:00Z', // Saturday 09:00
    ]) {
      at(instant);
      await expectNotNow(baku, breakfast);
    }
  });

  it('hours across midnight: Friday 22:00–02:00 runs into Saturday morning only', async () => {
    at('2026-01-09T18:00:00Z'); // Friday 22:00 Baku
    await expectPlaced(baku, late);
    at('2026-01-09T21:59:00Z'); // Saturday 01:59
    await expectPlaced(baku, late);
    for (const instant of [
      '2026-01-09T17:59:00Z', // Friday 21:59
      '2026-01-09T22:00:00Z', // Saturday 02:00
      '2026-01-10T19:00:00Z', // Saturday 23:00: Saturday is not one of its days
      '2026-01-08T21:00:00Z', // Friday 01:00: the night of Thursday, not one of its days
    ]) {
      at(instant);
      await expectNotNow(baku, late);
    }
  });

  it('the restaurant’s own time zone decides: one instant, breakfast in Baku but midnight in New York', async () => {
    at('2026-01-05T05:00:00Z'); // Baku Monday 09:00; New York Monday 00:00
    await expectPlaced(baku, breakfast);
    await expectNotNow(york, breakfastNY);
    at('2026-01-05T14:00:00Z'); // Baku Monday 18:00; New York Monday 09:00
    await expectNotNow(baku, breakfast);
    await expectPlaced(york, breakfastNY);
    at('2026-01-10T14:00:00Z'); // New York Saturday 09:00
    await expectNotNow(york, breakfastNY);
  });

  it('a category’s hours hold for its dishes; a dish inside both its own and its category’s hours only', async () => {
    at('2026-01-05T09:00:00Z'); // Monday 13:00 Baku
    await expectPlaced(baku, inLunch);
    await expectNotNow(baku, inLunchEarly); // its own hours ended at 13:00
    at('2026-01-05T08:30:00Z'); // 12:30
    await expectPlaced(baku, inLunchEarly);
    at('2026-01-05T07:00:00Z'); // 11:00: its own hours, not its category's
    await expectNotNow(baku, inLunchEarly);
    await expectNotNow(baku, inLunch);
  });

  it('names every refused line at once with its reason, and writes nothing', async () => {
    at('2026-01-05T12:00:00Z'); // Monday 16:00 Baku
    const before = await orderCount(baku.id);
    const res = await guestPlace(baku, [
      { dishId: always, quantity: 1 },
      { dishId: breakfast, quantity: 1 },
      { dishId: soldOut, quantity: 1 },
      { dishId: inLunch, quantity: 2 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(details(res)).toEqual([
      notNow(1),
      { field: 'items.2.dishId', messageKey: ORDER_V.dishUnavailable },
      notNow(3),
    ]);
    expect(await orderCount(baku.id)).toBe(before);
  });

  it('adding dishes to an order follows the hours too (no key needed, same rule)', async () => {
    at('2026-01-05T05:00:00Z'); // Monday 09:00
    const order = await expectPlaced(baku, always);
    const device = (await ctx.app.db.select().from(orders).where(eq(orders.id, order.id)))[0].deviceId!;
    const add = (dishId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: GUEST_ROUTES.addItems(baku.id, order.id),
        payload: { items: one(dishId) },
        remoteAddress: randomIp(),
        cookies: { device_id: device },
      });
    expect((await add(breakfast)).statusCode).toBe(200);
    at('2026-01-05T08:00:00Z'); // 12:00
    const late = await add(breakfast);
    expect(late.statusCode).toBe(400);
    expect(details(late)).toEqual([notNow()]);
  });

  it('staff may still order a dish outside its hours (as they may order a sold-out one)', async () => {
    at('2026-01-10T19:00:00Z'); // Saturday 23:00
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${baku.id}/orders`,
      headers: bearer(baku.waiter.token),
      payload: { tableId: baku.tableId, items: [breakfast, late, inLunch].map((d) => ({ dishId: d, quantity: 1 })) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Order).items).toHaveLength(3);
  });

  it('the stop-list: a dish sold out until the next business day can be ordered from then on', async () => {
    const back = new Date('2026-01-06T04:00:00Z');
    await ctx.app.db.update(dishes).set({ availableAgainAt: back }).where(eq(dishes.id, soldOut));
    try {
      at('2026-01-06T03:59:00Z');
      const res = await guestPlace(baku, one(soldOut));
      expect(res.statusCode).toBe(400);
      expect(details(res)).toEqual([{ field: 'items.0.dishId', messageKey: ORDER_V.dishUnavailable }]);
      at('2026-01-06T04:00:00Z');
      await expectPlaced(baku, soldOut);
    } finally {
      await ctx.app.db.update(dishes).set({ availableAgainAt: null }).where(eq(dishes.id, soldOut));
    }
  });

  it('without hours a dish can be ordered at any time', async () => {
    for (const instant of ['2026-01-10T20:00:00Z', '2026-01-05T00:00:00Z']) {
      at(instant);
      await expectPlaced(baku, always);
    }
  });
});
