import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type DayHours, type GuestMenu, type Order } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, registerOwner, setupApp } from './helper.js';
import { makeDish, makeEatery, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * "Guests order only within opening hours": while the switch is on and the restaurant is closed, a guest order (or
 * dishes added to one) is refused with 409 `closedNow` and the next opening, and nothing is stored; staff orders and
 * restaurants without hours or with the switch off are not bound. The clock is injected (orderCommands.now), so
 * each case runs at the instant it names; 2026-01-05 is a Monday.
 */

const ctx = setupApp({ rateLimits: false });

const day = (open: string, close: string, closed = false): DayHours => ({ closed, open, close });
/** 09:00–23:00, Sunday closed. */
const DAYTIME = [...Array.from({ length: 6 }, () => day('09:00', '23:00')), day('09:00', '23:00', true)];
/** 18:00–02:00 every day. */
const NIGHTS = Array.from({ length: 7 }, () => day('18:00', '02:00'));
const ALL_CLOSED = Array.from({ length: 7 }, () => day('09:00', '23:00', true));

let baku: TestEatery; // Asia/Baku: UTC+4 all year
let york: TestEatery; // America/New_York: UTC-5 in January
let bakuTea: number;
let yorkTea: number;

/** Runs the next orders at this instant (ISO, UTC). */
const at = (iso: string) => {
  ctx.app.services.orderCommands.now = () => new Date(iso);
};
afterEach(() => {
  ctx.app.services.orderCommands.now = () => new Date();
});

const settings = (e: TestEatery, over: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${e.id}`,
    headers: bearer(e.owner.token),
    payload: { name: 'Nar Cafe', address: 'Nizami 10', phones: ['+994 50 123 45 67'], ...over },
  });

async function setHours(e: TestEatery, openingHours: DayHours[] | null, ordersWithinHours = true) {
  const res = await settings(e, { openingHours, ordersWithinHours });
  expect(res.statusCode, res.body).toBe(200);
}

const guestPlace = (e: TestEatery, dishId: number, deviceId = newDeviceId()) =>
  ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(e.id, e.tableId),
    payload: { items: [{ dishId, quantity: 1 }] },
    remoteAddress: randomIp(),
    cookies: { device_id: deviceId },
  });

const staffPlace = (e: TestEatery, who: Staff, dishId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(who.token),
    payload: { tableId: e.tableId, items: [{ dishId, quantity: 1 }] },
  });

async function orderCount(eateryId: number) {
  const [r] = await ctx.app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.eateryId, eateryId));
  return r.n;
}

/** A guest order refused as closed, with the next opening it names; no order was stored. */
async function expectClosed(e: TestEatery, dishId: number, opensAt: string | null) {
  const before = await orderCount(e.id);
  const res = await guestPlace(e, dishId);
  expectClosedNow(res, opensAt);
  expect(await orderCount(e.id)).toBe(before);
}

function expectClosedNow(res: LightMyRequestResponse, opensAt: string | null) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ messageKey: 'closedNow', params: { opensAt } });
}

async function expectPlaced(e: TestEatery, dishId: number) {
  const res = await guestPlace(e, dishId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

beforeAll(async () => {
  baku = await makeEatery(ctx.app, { timeZone: 'Asia/Baku' });
  york = await makeEatery(ctx.app, { timeZone: 'America/New_York', name: 'NY' });
  bakuTea = await makeDish(ctx.app, baku, { price: '1.50', nameEn: 'Tea' });
  yorkTea = await makeDish(ctx.app, york, { price: '1.50', nameEn: 'Tea' });
});

describe('guest orders within opening hours', () => {
  it('closed: 409 closedNow with the next opening, nothing stored; open: 201', async () => {
    await setHours(baku, DAYTIME);
    at('2026-01-05T04:59:00Z'); // Monday 08:59 in Baku
    await expectClosed(baku, bakuTea, '2026-01-05T05:00:00.000Z'); // today 09:00
    at('2026-01-05T05:00:00Z'); // 09:00: open from the open time
    await expectPlaced(baku, bakuTea);
    at('2026-01-05T18:59:00Z'); // 22:59
    await expectPlaced(baku, bakuTea);
    at('2026-01-05T19:00:00Z'); // 23:00: closed at the close time, opens tomorrow 09:00
    await expectClosed(baku, bakuTea, '2026-01-06T05:00:00.000Z');
    // Saturday 23:30: Sunday is closed, so Monday 09:00.
    at('2026-01-10T19:30:00Z');
    await expectClosed(baku, bakuTea, '2026-01-12T05:00:00.000Z');
  });

  it('the switch off, or no hours given: guests order at any time', async () => {
    at('2026-01-05T02:00:00Z'); // Monday 06:00 in Baku
    await setHours(baku, DAYTIME, false);
    await expectPlaced(baku, bakuTea);
    await setHours(baku, null, true);
    await expectPlaced(baku, bakuTea);
  });

  it('staff orders (waiter, cashier) are not bound by the hours', async () => {
    await setHours(baku, DAYTIME);
    at('2026-01-05T02:00:00Z'); // 06:00, closed
    for (const who of [baku.waiter, baku.cashier]) {
      const res = await staffPlace(baku, who, bakuTea);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('hours past midnight, in another time zone (18:00–02:00 in New York)', async () => {
    await setHours(york, NIGHTS);
    at('2026-01-06T06:30:00Z'); // Tuesday 01:30 in New York: Monday's night
    await expectPlaced(york, yorkTea);
    at('2026-01-06T07:00:00Z'); // 02:00: closed until 18:00 (23:00 UTC)
    await expectClosed(york, yorkTea, '2026-01-06T23:00:00.000Z');
    at('2026-01-06T22:59:00Z'); // 17:59
    await expectClosed(york, yorkTea, '2026-01-06T23:00:00.000Z');
    at('2026-01-06T23:00:00Z'); // 18:00
    await expectPlaced(york, yorkTea);
  });

  it('every day closed: refused with no next opening (on the real clock)', async () => {
    await setHours(york, ALL_CLOSED);
    await expectClosed(york, yorkTea, null);
    await setHours(york, NIGHTS);
  });

  it('dishes added to an open order are refused while closed too, and none is stored', async () => {
    await setHours(baku, DAYTIME);
    const deviceId = newDeviceId();
    at('2026-01-05T10:00:00Z'); // 14:00, open
    const res = await guestPlace(baku, bakuTea, deviceId);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    at('2026-01-05T20:00:00Z'); // 00:00, closed
    const add = await ctx.app.inject({
      method: 'POST',
      url: GUEST_ROUTES.addItems(baku.id, order.id),
      payload: { items: [{ dishId: bakuTea, quantity: 2 }] },
      remoteAddress: randomIp(),
      cookies: { device_id: deviceId },
    });
    expectClosedNow(add, '2026-01-06T05:00:00.000Z');
    const items = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toHaveLength(1);
  });
});

describe('the setting', () => {
  it('is on for a new restaurant, read and written with the settings; the guest menu follows at once', async () => {
    const owner = await registerOwner(ctx.app);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${owner.eateryId}`,
      headers: bearer(owner.token),
    });
    expect(read.json().ordersWithinHours).toBe(true);

    const menuOf = async (e: TestEatery) => {
      const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(e.id, e.tableId) });
      expect(res.statusCode).toBe(200);
      return res.json() as GuestMenu;
    };
    await setHours(baku, DAYTIME, true);
    expect(await menuOf(baku)).toMatchObject({ ordersWithinHours: true, openingHours: DAYTIME });
    const off = await settings(baku, { ordersWithinHours: false });
    expect(off.json()).toMatchObject({ ordersWithinHours: false, openingHours: DAYTIME });
    // Left out: kept.
    expect((await settings(baku, { name: 'Renamed' })).json().ordersWithinHours).toBe(false);
    expect((await menuOf(baku)).ordersWithinHours).toBe(false);
  });

  it('a value that is not true or false is 400 validation.invalid, and nothing changes', async () => {
    await setHours(baku, DAYTIME, true);
    const res = await settings(baku, { ordersWithinHours: 'yes', openingHours: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'ordersWithinHours', messageKey: 'validation.invalid' }]);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${baku.id}`,
      headers: bearer(baku.owner.token),
    });
    expect(read.json()).toMatchObject({ ordersWithinHours: true, openingHours: DAYTIME });
  });
});
