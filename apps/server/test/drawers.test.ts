import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawerSessionResponse, myDrawerResponse, type DrawerSession } from '@qr-menu/contract';
import { auditLog, drawerMovements, drawerSessions, eateries, payments, zReports } from '../src/db/schema.js';
import { drawerForCash } from '../src/modules/drawers/drawer-for-cash.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, openDrawer, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * Cash drawers: opening with a float, pay-ins and pay-outs, closing with the cash counted, who may act on which
 * drawer, the bad bodies, and drawerForCash (the session a cash payment goes through).
 */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let dish: number;

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  dish = await makeDish(ctx.app, A, { price: '10.00' });
});

const base = (e: TestEatery) => `/api/eatery/${e.id}/drawers`;
const open = (staff: Staff, body: object, e = A) =>
  ctx.app.inject({ method: 'POST', url: base(e), headers: bearer(staff.token), payload: body });
const move = (staff: Staff, sessionId: number, body: object, e = A) =>
  ctx.app.inject({
    method: 'POST',
    url: `${base(e)}/${sessionId}/movements`,
    headers: bearer(staff.token),
    payload: body,
  });
const close = (staff: Staff, sessionId: number, body: object, e = A) =>
  ctx.app.inject({ method: 'POST', url: `${base(e)}/${sessionId}/close`, headers: bearer(staff.token), payload: body });
const mine = (staff: Staff, e = A) =>
  ctx.app.inject({ method: 'GET', url: `${base(e)}/mine`, headers: bearer(staff.token) });
const list = (staff: Staff, query = '', e = A) =>
  ctx.app.inject({ method: 'GET', url: `${base(e)}${query}`, headers: bearer(staff.token) });

async function ok(res: Awaited<ReturnType<typeof open>>, status = 200): Promise<DrawerSession> {
  expect(res.statusCode, res.body).toBe(status);
  return drawerSessionResponse.parse(res.json());
}

const cashier = (e = A) => makeStaff(ctx.app, e.id, ['CASHIER']);

async function openOk(staff: Staff, openingFloat: number | string = 0, e = A) {
  return ok(await open(staff, { openingFloat }, e), 201);
}

async function today(eateryId: number): Promise<string> {
  const [row] = await ctx.app.db
    .select({ day: sql<string>`business_day_of(${eateryId}, now())::text` })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  return row.day;
}

const drawerAudits = (eateryId: number) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eateryId, eateryId), eq(auditLog.kind, 'DRAWER')))
    .orderBy(auditLog.id);

async function sessionRow(id: number) {
  const [row] = await ctx.app.db.select().from(drawerSessions).where(eq(drawerSessions.id, id));
  return row;
}

describe('a drawer from opening to closing', () => {
  it('opens with a float for the current business day; a second opening is 409 drawerAlreadyOpen', async () => {
    const c = await cashier();
    expect(myDrawerResponse.parse((await mine(c)).json())).toEqual({ session: null });
    const s = await openOk(c, '50.00');
    expect(s).toMatchObject({
      userId: c.userId,
      userName: 'cashier',
      businessDay: await today(A.id),
      openingFloat: 50,
      cashSales: 0,
      cashPayments: 0,
      payIns: 0,
      payOuts: 0,
      expected: 50,
      counted: null,
      difference: null,
      closedAt: null,
      closedBy: null,
      movements: [],
    });
    expect((await sessionRow(s.id)).openingFloat).toBe('50.00');
    expect(myDrawerResponse.parse((await mine(c)).json()).session?.id).toBe(s.id);

    const again = await open(c, { openingFloat: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('drawerAlreadyOpen');
    const rows = await ctx.app.db.select().from(drawerSessions).where(eq(drawerSessions.userId, c.userId));
    expect(rows).toHaveLength(1);
  });

  it('two openings at once: one drawer, the other 409 drawerAlreadyOpen', async () => {
    const c = await cashier();
    const results = await Promise.all([open(c, { openingFloat: 1 }), open(c, { openingFloat: 2 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().messageKey).toBe('drawerAlreadyOpen');
    const rows = await ctx.app.db.select().from(drawerSessions).where(eq(drawerSessions.userId, c.userId));
    expect(rows).toHaveLength(1);
  });

  it('pay-in, pay-out with a reason (audit entry), a pay-out above the expected cash 400, close with the count', async () => {
    const c = await cashier();
    const s = await openOk(c, 50);

    const payIn = await ok(await move(c, s.id, { kind: 'PAY_IN', amount: '10', reason: 'Change from the bank' }));
    expect(payIn).toMatchObject({ payIns: 10, payOuts: 0, expected: 60 });
    const payOut = await ok(await move(c, s.id, { kind: 'PAY_OUT', amount: 15, reason: '  Bread delivery ' }));
    expect(payOut).toMatchObject({ payIns: 10, payOuts: 15, expected: 45 });
    expect(payOut.movements).toEqual([
      {
        id: expect.any(Number),
        kind: 'PAY_IN',
        amount: 10,
        reason: 'Change from the bank',
        createdAt: expect.any(String),
        createdBy: 'cashier',
      },
      {
        id: expect.any(Number),
        kind: 'PAY_OUT',
        amount: 15,
        reason: 'Bread delivery',
        createdAt: expect.any(String),
        createdBy: 'cashier',
      },
    ]);
    const audits = await drawerAudits(A.id);
    const payOutAudit = audits.at(-1)!;
    expect(payOutAudit).toMatchObject({
      userId: c.userId,
      userName: 'cashier',
      reason: 'Bread delivery',
      before: { expected: '60.00' },
      after: { expected: '45.00', payOut: '15.00' },
    });
    expect(payOutAudit.subject).toContain('cashier');

    // A pay-out never takes more than the drawer should hold: nothing written.
    const tooMuch = await move(c, s.id, { kind: 'PAY_OUT', amount: '45.01', reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().details).toEqual([{ field: 'amount', messageKey: 'validation.amountTooHigh' }]);
    expect(await ctx.app.db.select().from(drawerMovements).where(eq(drawerMovements.sessionId, s.id))).toHaveLength(2);
    expect(await drawerAudits(A.id)).toHaveLength(audits.length);

    const closed = await ok(await close(c, s.id, { counted: '46.00' }));
    expect(closed).toMatchObject({ expected: 45, counted: 46, difference: 1, closedBy: 'cashier' });
    expect(Date.parse(closed.closedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(await sessionRow(s.id)).toMatchObject({ expected: '45.00', counted: '46.00', closedBy: 'cashier' });
    expect((await drawerAudits(A.id)).at(-1)).toMatchObject({
      userId: c.userId,
      before: { expected: '45.00' },
      after: { counted: '46.00', difference: '1.00' },
    });
    expect(myDrawerResponse.parse((await mine(c)).json())).toEqual({ session: null });

    const twice = await close(c, s.id, { counted: 45 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().messageKey).toBe('drawerClosed');
    const afterClose = await move(c, s.id, { kind: 'PAY_IN', amount: 1, reason: 'Late' });
    expect(afterClose.statusCode).toBe(409);
    expect(afterClose.json().messageKey).toBe('drawerClosed');
    expect(await sessionRow(s.id)).toMatchObject({ expected: '45.00', counted: '46.00' });

    // Closed, the drawer can be opened again.
    await openOk(c, 0);
  });

  it('a close that matches writes no audit entry; a short one writes a negative difference', async () => {
    const c = await cashier();
    const even = await openOk(c, '20.10');
    const before = (await drawerAudits(A.id)).length;
    expect(await ok(await close(c, even.id, { counted: 20.1 }))).toMatchObject({ expected: 20.1, difference: 0 });
    expect(await drawerAudits(A.id)).toHaveLength(before);

    const short = await openOk(c, 20);
    expect(await ok(await close(c, short.id, { counted: '19.75' }))).toMatchObject({ difference: -0.25 });
    expect((await drawerAudits(A.id)).at(-1)).toMatchObject({ after: { counted: '19.75', difference: '-0.25' } });
  });

  it('expected counts the cash payments bound to the drawer: amounts, tips, refunds', async () => {
    const c = await cashier();
    const s = await openOk(c, 20);
    const other = await openOk(await cashier(), 0);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/orders`,
      headers: bearer(A.waiter.token),
      payload: { tableId: A.tableId, items: [{ dishId: dish, quantity: 3 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as number;
    const row = (groupId: string, method: string, amount: string, tip = '0', drawerSessionId = s.id) => ({
      eateryId: A.id,
      orderId,
      groupId,
      method,
      amount,
      tip,
      drawerSessionId,
      reason: amount.startsWith('-') ? 'Returned' : null,
      createdBy: c.userId,
    });
    await ctx.app.db.insert(payments).values([
      row('g1', 'CASH', '12.50', '1.25'),
      // One payment call over two orders' rows: one cash payment.
      row('g2', 'CASH', '3.00'),
      row('g2', 'CASH', '2.00', '0.10'),
      row('g3', 'CASH', '-4.00'),
      // Not this drawer's cash: a card payment, another person's drawer.
      row('g4', 'CARD', '7.00', '0.70'),
      row('g5', 'CASH', '9.00', '0.90', other.id),
    ]);
    const read = myDrawerResponse.parse((await mine(c)).json()).session!;
    // 12.50 + 3.00 + 2.00 − 4.00; expected 20.00 + 13.50 + 1.35.
    expect(read).toMatchObject({
      cashSales: 13.5,
      cashRefunds: 4,
      cashTips: 1.35,
      cashPayments: 2,
      expected: 34.85,
    });
    const listed = (await list(c)).json() as DrawerSession[];
    expect(listed.find((x) => x.id === s.id)).toMatchObject({ cashSales: 13.5, expected: 34.85 });

    const tooMuch = await move(c, s.id, { kind: 'PAY_OUT', amount: '34.86', reason: 'Safe' });
    expect(tooMuch.json().details).toEqual([{ field: 'amount', messageKey: 'validation.amountTooHigh' }]);
    expect(await ok(await move(c, s.id, { kind: 'PAY_OUT', amount: '34.85', reason: 'Safe' }))).toMatchObject({
      payOuts: 34.85,
      expected: 0,
    });
    const closed = await ok(await close(c, s.id, { counted: 0 }));
    expect(closed).toMatchObject({ cashSales: 13.5, expected: 0, counted: 0, difference: 0 });
  });
});

describe('who may act on which drawer', () => {
  it('a cashier sees and changes only their own drawer (another one: 404); an admin any of the restaurant', async () => {
    const [c1, c2] = [await cashier(), await cashier()];
    const s1 = await openOk(c1, 10);
    const s2 = await openOk(c2, 5);

    const own = (await list(c1)).json() as DrawerSession[];
    expect(own.map((s) => s.id)).toEqual([s1.id]);
    const all = (await list(A.owner)).json() as DrawerSession[];
    expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([s1.id, s2.id]));
    expect(all.every((s) => s.businessDay === all[0].businessDay)).toBe(true);

    for (const res of [
      await move(c2, s1.id, { kind: 'PAY_IN', amount: 1, reason: 'x' }),
      await close(c2, s1.id, { counted: 10 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    expect(await sessionRow(s1.id)).toMatchObject({ closedAt: null });

    const byAdmin = await ok(await move(A.owner, s1.id, { kind: 'PAY_IN', amount: 2, reason: 'Coins' }));
    expect(byAdmin.movements.map((m) => m.createdBy)).toEqual(['owner']);
    const closedByAdmin = await ok(await close(A.owner, s1.id, { counted: 12 }));
    expect(closedByAdmin).toMatchObject({ userName: 'cashier', closedBy: 'owner', difference: 0 });
  });

  it("another restaurant's drawer is 404, for its admin and through its own URL; a non-member 404", async () => {
    const b = await cashier(B);
    const sb = await openOk(b, 10, B);
    for (const res of [
      await move(A.owner, sb.id, { kind: 'PAY_IN', amount: 1, reason: 'x' }),
      await close(A.owner, sb.id, { counted: 10 }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(((await list(A.owner)).json() as DrawerSession[]).map((s) => s.id)).not.toContain(sb.id);
    // A's staff on B's URLs: not a member.
    expect((await list(A.cashier, '', B)).statusCode).toBe(404);
    expect((await open(A.cashier, { openingFloat: 0 }, B)).statusCode).toBe(404);
    expect(await sessionRow(sb.id)).toMatchObject({ closedAt: null });
  });

  it('a WAITER may not use drawers: 403 on every route', async () => {
    const s = await openOk(await cashier(), 0);
    const results = [
      await mine(A.waiter),
      await list(A.waiter),
      await open(A.waiter, { openingFloat: 0 }),
      await move(A.waiter, s.id, { kind: 'PAY_IN', amount: 1, reason: 'x' }),
      await close(A.waiter, s.id, { counted: 0 }),
    ];
    for (const res of results) {
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('accessDenied');
    }
    expect(await ctx.app.db.select().from(drawerSessions).where(eq(drawerSessions.userId, A.waiter.userId))).toEqual(
      [],
    );
  });
});

describe('bad input', () => {
  it('answers 400 with the field, and changes nothing', async () => {
    const c = await cashier();
    const cases: [object, string, string][] = [
      [{ openingFloat: 'abc' }, 'openingFloat', 'validation.amount'],
      [{ openingFloat: -1 }, 'openingFloat', 'validation.amount'],
      [{ openingFloat: '1.234' }, 'openingFloat', 'validation.amount'],
      [{}, 'openingFloat', 'validation.amount'],
    ];
    for (const [body, field, messageKey] of cases) {
      const res = await open(c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details, JSON.stringify(body)).toContainEqual({ field, messageKey });
    }
    expect(await ctx.app.db.select().from(drawerSessions).where(eq(drawerSessions.userId, c.userId))).toEqual([]);

    const s = await openOk(c, 10);
    const moves: [object, string, string][] = [
      [{ amount: 1, reason: 'x' }, 'kind', 'validation.required'],
      [{ kind: 'TAKE', amount: 1, reason: 'x' }, 'kind', 'validation.invalid'],
      [{ kind: 'PAY_IN', amount: 0, reason: 'x' }, 'amount', 'validation.amount'],
      [{ kind: 'PAY_IN', amount: 'abc', reason: 'x' }, 'amount', 'validation.amount'],
      [{ kind: 'PAY_OUT', amount: 1, reason: '   ' }, 'reason', 'validation.reasonRequired'],
      [{ kind: 'PAY_OUT', amount: 1 }, 'reason', 'validation.reasonRequired'],
    ];
    for (const [body, field, messageKey] of moves) {
      const res = await move(c, s.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details, JSON.stringify(body)).toContainEqual({ field, messageKey });
    }
    for (const body of [{}, { counted: 'ten' }, { counted: '1.005' }]) {
      const res = await close(c, s.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details[0].field).toBe('counted');
    }
    const badDay = await list(c, '?day=yesterday');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().details[0].field).toBe('day');
    const badId = await close(c, 0, { counted: 1 });
    expect(badId.statusCode).toBe(400);

    const unchanged = await sessionRow(s.id);
    expect(unchanged).toMatchObject({ closedAt: null, counted: null, expected: null });
    expect(await ctx.app.db.select().from(drawerMovements).where(eq(drawerMovements.sessionId, s.id))).toEqual([]);
  });
});

describe('the business day', () => {
  it('a day closed by a Z report takes no new drawer (409 dayClosed) until it is reopened', async () => {
    const C = await makeEatery(ctx.app, { name: 'Closed day' });
    const c = await cashier(C);
    const [z] = await ctx.app.db
      .insert(zReports)
      .values({
        eateryId: C.id,
        number: 1,
        businessDay: await today(C.id),
        closedByName: 'owner',
        figures: {},
      })
      .returning({ id: zReports.id });
    const refused = await open(c, { openingFloat: 0 }, C);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messageKey).toBe('dayClosed');
    await ctx.app.db.update(zReports).set({ reopenedAt: new Date() }).where(eq(zReports.id, z.id));
    await openOk(c, 0, C);
  });

  it("drawerForCash: 409 drawerNotOpen without an open drawer of today; the session's id with one", async () => {
    const c = await cashier();
    const forCash = () => ctx.app.db.transaction((tx) => drawerForCash(tx, A.id, c.userId));
    await expect(forCash()).rejects.toMatchObject({ statusCode: 409, messageKey: 'drawerNotOpen' });
    const s = await openOk(c, 0);
    expect(await forCash()).toBe(s.id);
    // Another restaurant's drawer does not count.
    await expect(ctx.app.db.transaction((tx) => drawerForCash(tx, B.id, c.userId))).rejects.toMatchObject({
      messageKey: 'drawerNotOpen',
    });
    await ok(await close(c, s.id, { counted: 0 }));
    await expect(forCash()).rejects.toMatchObject({ statusCode: 409, messageKey: 'drawerNotOpen' });
    // The fixture's drawers are open.
    expect(await ctx.app.db.transaction((tx) => drawerForCash(tx, A.id, A.cashier.userId))).toEqual(expect.any(Number));
  });

  it("a drawer left open from yesterday takes no cash: it is counted and closed, then today's opened", async () => {
    const c = await cashier();
    const day = await today(A.id);
    const [old] = await ctx.app.db
      .insert(drawerSessions)
      .values({
        eateryId: A.id,
        userId: c.userId,
        userName: 'cashier',
        businessDay: sql`business_day_of(${A.id}, now()) - 1`,
        openingFloat: '5.00',
      })
      .returning();
    expect(old.businessDay < day).toBe(true);
    const forCash = () => ctx.app.db.transaction((tx) => drawerForCash(tx, A.id, c.userId));
    await expect(forCash()).rejects.toMatchObject({ statusCode: 409, messageKey: 'drawerNotOpen' });

    // Still the person's open drawer: shown as theirs, and no second one opens beside it.
    expect(myDrawerResponse.parse((await mine(c)).json()).session).toMatchObject({
      id: old.id,
      businessDay: old.businessDay,
    });
    expect((await open(c, { openingFloat: 0 })).json().messageKey).toBe('drawerAlreadyOpen');
    // Listed under its own day, not today's.
    expect(((await list(c)).json() as DrawerSession[]).map((s) => s.id)).toEqual([]);
    expect(((await list(c, `?day=${old.businessDay}`)).json() as DrawerSession[]).map((s) => s.id)).toEqual([old.id]);

    await ok(await close(c, old.id, { counted: 5 }));
    const fresh = await openOk(c, 0);
    expect(fresh.businessDay).toBe(day);
    expect(await forCash()).toBe(fresh.id);
  });

  it('openDrawer (fixture) opens a drawer drawerForCash finds', async () => {
    const c = await cashier();
    const id = await openDrawer(ctx.app, A.id, c.userId, 1250);
    expect(await ctx.app.db.transaction((tx) => drawerForCash(tx, A.id, c.userId))).toBe(id);
    expect(myDrawerResponse.parse((await mine(c)).json()).session).toMatchObject({ id, openingFloat: 12.5 });
  });
});
