import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_ROUTES, type GuestMenu, type OpeningHours } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { dishes, eateries } from '../src/db/schema.js';
import { nextBusinessDayStart } from '../src/modules/dishes/business-day.js';
import { StopListSweeper } from '../src/modules/kitchen/stop-list-sweeper.js';
import { bearer, setupApp, TEST_DATABASE_URL, testConfig } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * The stop-list: a dish sold out "until the next business day" comes back by itself at the restaurant's
 * next opening time (its time zone, closed days skipped; no hours: next local midnight), brought back by the sweeper,
 * which also refreshes the guest menu.
 */

// Spied before the app is built: the app starts its own sweeper when ready.
const started = vi.spyOn(StopListSweeper.prototype, 'start');
const ctx = setupApp();

const day = (open: string, close: string, closed = false) => ({ closed, open, close });
const every = (open: string, close: string): OpeningHours => Array.from({ length: 7 }, () => day(open, close));
const at = (iso: string) => new Date(iso);

describe('nextBusinessDayStart', () => {
  it('is the next day opening in the restaurant time zone', () => {
    // Tuesday 2026-11-24 15:00 in Baku (UTC+4): Wednesday 09:00 Baku = 05:00 UTC.
    expect(nextBusinessDayStart(every('09:00', '23:00'), 'Asia/Baku', at('2026-11-24T11:00:00Z'))).toEqual(
      at('2026-11-25T05:00:00Z'),
    );
    // The same instant is already Wednesday 00:00+ in Tokyo (UTC+9): Thursday 09:00 Tokyo.
    expect(nextBusinessDayStart(every('09:00', '23:00'), 'Asia/Tokyo', at('2026-11-24T16:30:00Z'))).toEqual(
      at('2026-11-26T00:00:00Z'),
    );
    // Before today's opening still means tomorrow (the dish is off for today's service).
    expect(nextBusinessDayStart(every('09:00', '23:00'), 'Asia/Baku', at('2026-11-24T03:00:00Z'))).toEqual(
      at('2026-11-25T05:00:00Z'),
    );
  });

  it('skips closed days and uses each day its own opening time', () => {
    // Friday 2026-11-27 15:00 in New York (UTC-5); Saturday and Sunday closed, Monday opens 11:00 = 16:00 UTC.
    const hours: OpeningHours = [
      day('11:00', '22:00'),
      day('09:00', '22:00'),
      day('09:00', '22:00'),
      day('09:00', '22:00'),
      day('09:00', '22:00'),
      day('10:00', '22:00', true),
      day('10:00', '22:00', true),
    ];
    expect(nextBusinessDayStart(hours, 'America/New_York', at('2026-11-27T20:00:00Z'))).toEqual(
      at('2026-11-30T16:00:00Z'),
    );
    // Thursday: Friday 09:00.
    expect(nextBusinessDayStart(hours, 'America/New_York', at('2026-11-26T20:00:00Z'))).toEqual(
      at('2026-11-27T14:00:00Z'),
    );
  });

  it('follows daylight saving time: the next morning opening in summer time', () => {
    // Saturday 2026-03-28 12:00 in Berlin (UTC+1); clocks go forward that night: Sunday 10:00 is 08:00 UTC.
    expect(nextBusinessDayStart(every('10:00', '22:00'), 'Europe/Berlin', at('2026-03-28T11:00:00Z'))).toEqual(
      at('2026-03-29T08:00:00Z'),
    );
    // And back in autumn: Sunday 2026-10-25 10:00 is UTC+1 again = 09:00 UTC.
    expect(nextBusinessDayStart(every('10:00', '22:00'), 'Europe/Berlin', at('2026-10-24T11:00:00Z'))).toEqual(
      at('2026-10-25T09:00:00Z'),
    );
  });

  it('after midnight of a night yesterday hours run into, today opening is the next business day', () => {
    // Tuesday 18:00–02:00; now Wednesday 00:30 Baku (still Tuesday's service): back Wednesday 18:00.
    expect(nextBusinessDayStart(every('18:00', '02:00'), 'Asia/Baku', at('2026-11-24T20:30:00Z'))).toEqual(
      at('2026-11-25T14:00:00Z'),
    );
    // Wednesday 03:00 Baku: Tuesday's service is over; back Thursday 18:00.
    expect(nextBusinessDayStart(every('18:00', '02:00'), 'Asia/Baku', at('2026-11-24T23:00:00Z'))).toEqual(
      at('2026-11-26T14:00:00Z'),
    );
  });

  it('without opening hours, or with every day closed: the next local midnight', () => {
    expect(nextBusinessDayStart(null, 'Asia/Baku', at('2026-11-24T11:00:00Z'))).toEqual(at('2026-11-24T20:00:00Z'));
    expect(nextBusinessDayStart(null, 'America/New_York', at('2026-11-25T03:00:00Z'))).toEqual(
      at('2026-11-25T05:00:00Z'),
    );
    const closed = Array.from({ length: 7 }, () => day('09:00', '18:00', true));
    expect(nextBusinessDayStart(closed, 'Asia/Baku', at('2026-11-24T11:00:00Z'))).toEqual(at('2026-11-24T20:00:00Z'));
  });
});

const availabilityUrl = (e: TestEatery, dishId: number) => `/api/eatery/${e.id}/dish/${dishId}/availability`;
const put = (e: TestEatery, dishId: number, payload: object, token = e.kitchen.token) =>
  ctx.app.inject({ method: 'PUT', url: availabilityUrl(e, dishId), headers: bearer(token), payload });
const rowOf = async (id: number) => (await ctx.app.db.select().from(dishes).where(eq(dishes.id, id)))[0];
const menuDishIds = async (e: TestEatery) => {
  const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(e.id, e.tableId) });
  return (res.json() as GuestMenu).categories.flatMap((c) => c.dishes.map((d) => d.id));
};

describe('PUT /api/eatery/:id/dish/:dishId/availability until the next business day', () => {
  it('takes the dish off until the next opening, answers when it comes back; available: true clears it', async () => {
    const e = await makeEatery(ctx.app, { timeZone: 'America/New_York' });
    const hours = every('10:00', '22:00');
    await ctx.app.db.update(eateries).set({ openingHours: hours }).where(eq(eateries.id, e.id));
    const soup = await makeDish(ctx.app, e, { price: '4.00', nameEn: 'Soup' });
    expect(await menuDishIds(e)).toContain(soup); // cached now

    const before = new Date();
    const res = await put(e, soup, { available: false, untilNextBusinessDay: true });
    const after = new Date();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const expected = [before, after].map((t) => nextBusinessDayStart(hours, 'America/New_York', t).toISOString());
    expect(expected).toContain(body.availableAgainAt);
    expect(body).toEqual({ id: soup, available: false, availableAgainAt: body.availableAgainAt });
    expect((await rowOf(soup)).availableAgainAt?.toISOString()).toBe(body.availableAgainAt);
    expect(await menuDishIds(e)).not.toContain(soup);
    // The dish API shows it too.
    const dish = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${e.id}/category/${e.categoryId}/dish/${soup}`,
      headers: bearer(e.owner.token),
    });
    expect(dish.json()).toMatchObject({ available: false, availableAgainAt: body.availableAgainAt });

    // Sold out without the flag: no return time.
    const plain = await put(e, soup, { available: false });
    expect(plain.json()).toEqual({ id: soup, available: false, availableAgainAt: null });
    await put(e, soup, { available: false, untilNextBusinessDay: true });
    // Back by hand: the return time goes.
    const back = await put(e, soup, { available: true, untilNextBusinessDay: true });
    expect(back.json()).toEqual({ id: soup, available: true, availableAgainAt: null });
    expect((await rowOf(soup)).availableAgainAt).toBeNull();
    expect(await menuDishIds(e)).toContain(soup);
  });

  it('the dish form making it available again clears the return time; other edits keep it', async () => {
    const e = await makeEatery(ctx.app);
    const soup = await makeDish(ctx.app, e, { price: '4.00', nameEn: 'Soup' });
    await put(e, soup, { available: false, untilNextBusinessDay: true });
    const url = `/api/eatery/${e.id}/category/${e.categoryId}/dish/${soup}`;
    const edit = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url, headers: bearer(e.owner.token), payload: { price: 4, ...payload } });
    const renamed = await edit({ nameEn: 'Tomato soup' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().availableAgainAt).not.toBeNull();
    const kept = await edit({ nameEn: 'Tomato soup', available: false });
    expect(kept.json().availableAgainAt).not.toBeNull();
    const back = await edit({ nameEn: 'Tomato soup', available: true });
    expect(back.json()).toMatchObject({ available: true, availableAgainAt: null });
  });

  it('bad input is 400 and changes nothing; waiters 403; another restaurant 404', async () => {
    const e = await makeEatery(ctx.app);
    const other = await makeEatery(ctx.app);
    const soup = await makeDish(ctx.app, e, { price: '4.00' });
    const before = await rowOf(soup);
    for (const payload of [
      { available: false, untilNextBusinessDay: 'yes' },
      { available: false, untilNextBusinessDay: 1 },
      { untilNextBusinessDay: true },
    ]) {
      const res = await put(e, soup, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await put(e, soup, { available: false, untilNextBusinessDay: true }, e.waiter.token)).statusCode).toBe(403);
    expect((await put(e, soup, { available: false, untilNextBusinessDay: true }, other.kitchen.token)).statusCode).toBe(
      404,
    );
    const otherDish = await makeDish(ctx.app, other, { price: '1.00' });
    expect((await put(e, otherDish, { available: false, untilNextBusinessDay: true })).statusCode).toBe(404);
    expect(await rowOf(soup)).toEqual(before);
    expect((await rowOf(otherDish)).available).toBe(true);
  });
});

describe('the stop-list sweeper', () => {
  it('brings due dishes back, leaves the others, and refreshes those restaurants guest menus', async () => {
    const a = await makeEatery(ctx.app);
    const b = await makeEatery(ctx.app);
    const c = await makeEatery(ctx.app);
    const due = await makeDish(ctx.app, a, { price: '1.00', available: false });
    const dueB = await makeDish(ctx.app, b, { price: '1.00', available: false });
    const later = await makeDish(ctx.app, c, { price: '1.00', available: false });
    const soldOut = await makeDish(ctx.app, c, { price: '1.00', available: false });
    const now = new Date('2030-01-02T05:00:00Z');
    await ctx.app.db
      .update(dishes)
      .set({ availableAgainAt: new Date(now.getTime() - 1) })
      .where(eq(dishes.id, due));
    await ctx.app.db.update(dishes).set({ availableAgainAt: now }).where(eq(dishes.id, dueB));
    await ctx.app.db
      .update(dishes)
      .set({ availableAgainAt: new Date(now.getTime() + 60_000) })
      .where(eq(dishes.id, later));
    expect(await menuDishIds(a)).not.toContain(due); // cached without it

    const publish = vi.spyOn(ctx.app.realtime, 'publish');
    const menuChanges = () =>
      publish.mock.calls.flatMap(([change]) => (change.kind === 'menu' ? [change.eateryId] : [])).sort((x, y) => x - y);
    const sweeper = new StopListSweeper({
      releaseDueDishes: (t) => ctx.app.services.dishes.releaseDueDishes(t),
      log: ctx.app.log,
      now: () => now,
    });
    try {
      await sweeper.sweep();
      expect(menuChanges()).toEqual([a.id, b.id]);
    } finally {
      publish.mockRestore();
    }
    expect(await rowOf(due)).toMatchObject({ available: true, availableAgainAt: null });
    expect(await rowOf(dueB)).toMatchObject({ available: true, availableAgainAt: null });
    expect(await rowOf(later)).toMatchObject({ available: false, availableAgainAt: new Date(now.getTime() + 60_000) });
    expect((await rowOf(soldOut)).available).toBe(false);
    expect(await menuDishIds(a)).toContain(due);

    // Nothing due: no change published.
    const spy = vi.spyOn(ctx.app.realtime, 'publish');
    await sweeper.sweep();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('is started with the app', () => {
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('runs on its timer until stopped; a failing sweep is logged and the next one tries again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let calls = 0;
      const warn = vi.fn();
      const released: number[] = [];
      const sweeper = new StopListSweeper({
        releaseDueDishes: async () => {
          calls++;
          if (calls === 1) throw new Error('database away');
          released.push(7);
          return [7];
        },
        log: { warn } as never,
        intervalMs: 10,
      });
      sweeper.start();
      await vi.advanceTimersByTimeAsync(9);
      expect(calls).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(1);
      expect(warn).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(10);
      expect(released).toEqual([7]);
      await sweeper.stop();
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toBe(2);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('the sweep with several instances on PostgreSQL', () => {
  let second: { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const database = await openDatabase({ databaseUrl: ctx.database.pool!.options.connectionString! });
    second = { app: await buildApp(testConfig(), database), database };
    await second.app.ready();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('a dish brought back on one instance shows on the menu cached by the other', async () => {
    const e = await makeEatery(ctx.app);
    const soup = await makeDish(ctx.app, e, { price: '4.00', available: false });
    await ctx.app.db
      .update(dishes)
      .set({ availableAgainAt: new Date(Date.now() - 1000) })
      .where(eq(dishes.id, soup));
    const menuOnSecond = async () => {
      const res = await second.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(e.id, e.tableId) });
      return (res.json() as GuestMenu).categories.flatMap((c) => c.dishes.map((d) => d.id));
    };
    // The second instance's realtime channel listens once its cache is in use.
    const start = Date.now();
    while (!second.app.menuCache.local.enabled) {
      expect(Date.now() - start, 'LISTEN on the second instance').toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await menuOnSecond()).not.toContain(soup);
    expect(second.app.menuCache.local.size).toBeGreaterThan(0);

    const sweeper = new StopListSweeper({
      releaseDueDishes: (t) => ctx.app.services.dishes.releaseDueDishes(t),
      log: ctx.app.log,
    });
    await sweeper.sweep();
    const swept = Date.now();
    while (!(await menuOnSecond()).includes(soup)) {
      expect(Date.now() - swept, 'the menu change reached the other instance').toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});
