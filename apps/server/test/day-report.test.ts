import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dayReportResponse,
  drawerExpectedCents,
  fromCents,
  GUEST_ROUTES,
  serviceChargeCents,
  toCents,
  vatIncludedCents,
  zListResponse,
  type DayReport,
} from '@qr-menu/contract';
import {
  auditLog,
  drawerMovements,
  drawerSessions,
  eateries,
  orderItems,
  orders,
  payments,
  zReports,
} from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { dbErrorCode } from '../src/plugins/app-error.js';
import { addDays } from '../src/modules/reports/reports.service.js';
import { bearer, setupApp, TEST_DATABASE_URL } from './helper.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * The X and Z reports of a business day, on a day seeded through the API (staff and guest orders, a void, discounts,
 * a service charge of 10 %, VAT 18 %, payments in three methods with tips, a part paying two orders, a cash refund,
 * cash drawers) and on days written directly (a day-start hour of 05:00). Every figure is checked against sums the
 * test computes itself from the rows it made (orders and their items, payment rows, drawer rows), never from the
 * report's SQL. Asia/Baku is UTC+4 all year, so the test writes the day's bounds as `…+04:00`.
 */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
/** The restaurant's business day now (the API writes its payments into it). */
let today: string;
let cashierDrawer: number;
let ownerDrawer: number;
/** An open order of the day that is paid only after the day is reopened. */
let o5: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (eateryId: number, method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${eateryId}${url}`, headers: bearer(token), payload });
const api = (method: Method, url: string, token: string, payload?: object) => call(A.id, method, url, token, payload);

async function ok(res: Awaited<ReturnType<typeof api>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

async function placeOrder(items: { dishId: number; quantity: number }[]) {
  const o = await ok(await api('POST', '/orders', A.waiter.token, { tableId: A.tableId, items }), 201);
  return o as { id: number; items: { id: number; dishId: number }[] };
}

const pay = (orderIds: number[], body: object, token = A.cashier.token) =>
  api('POST', '/bill/payments', token, { orderIds, ...body });

/** The order is placed under a 10 % service charge (the rate the guest was shown). */
const withServiceCharge = (orderId: number) =>
  ctx.app.db.update(orders).set({ serviceChargeBp: 1000 }).where(eq(orders.id, orderId));

const cents = (n: number) => Math.round(n * 100);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** −x without a negative zero. */
const neg = (x: number) => (x === 0 ? 0 : -x);

/** [from, to) of `day` in Asia/Baku (UTC+4) starting at `hour`, in ms. */
function bounds(day: string, hour: number) {
  const from = Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00+04:00`);
  return { from, to: from + 86_400_000 };
}

/**
 * The report's figures computed here from the rows: PAID orders by paid_at, payment rows by created_at, voided items
 * by voided_at, orders placed by created_at, all within the day's bounds; the drawers of the day from their rows.
 */
async function expectedFigures(eateryId: number, day: string, hour = 0) {
  const { from, to } = bounds(day, hour);
  const within = (d: Date | null) => d !== null && d.getTime() >= from && d.getTime() < to;
  const [eatery] = await ctx.app.db.select().from(eateries).where(eq(eateries.id, eateryId));
  const os = await ctx.app.db.select().from(orders).where(eq(orders.eateryId, eateryId));
  const items = os.length
    ? await ctx.app.db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            os.map((o) => o.id),
          ),
        )
    : [];
  const live = (orderId: number) =>
    sum(items.filter((i) => i.orderId === orderId && i.status !== 'DELETED').map((i) => toCents(i.price) * i.quantity));
  const pays = (await ctx.app.db.select().from(payments).where(eq(payments.eateryId, eateryId))).filter((p) =>
    within(p.createdAt),
  );

  const paid = os
    .filter((o) => o.status === 'PAID' && within(o.paidAt))
    .map((o) => {
      const afterDiscount = live(o.id) - toCents(o.discount);
      const service = serviceChargeCents(afterDiscount, o.serviceChargeBp);
      return { o, items: live(o.id), discount: toCents(o.discount), gross: afterDiscount + service, service };
    });
  const itemsCents = sum(paid.map((p) => p.items));
  const discounts = sum(paid.map((p) => p.discount));
  const service = sum(paid.map((p) => p.service));
  const gross = itemsCents - discounts + service;
  const vat = eatery.vatPayer ? vatIncludedCents(gross, eatery.vatRateBp) : 0;
  const origin = (guest: boolean) => {
    const own = paid.filter((p) => (p.o.deviceId !== null) === guest);
    return { count: own.length, amount: fromCents(sum(own.map((p) => p.gross))) };
  };

  const methods = [...new Set(pays.map((p) => p.method))].sort();
  const byMethod = methods.map((method) => {
    const own = pays.filter((p) => p.method === method);
    return {
      method,
      count: new Set(own.filter((p) => toCents(p.amount) > 0).map((p) => p.groupId)).size,
      amount: fromCents(sum(own.map((p) => toCents(p.amount)))),
      refunds: fromCents(neg(sum(own.map((p) => Math.min(toCents(p.amount), 0))))),
      tips: fromCents(sum(own.map((p) => toCents(p.tip)))),
    };
  });
  const negative = pays.filter((p) => toCents(p.amount) < 0);
  const voided = items.filter((i) => i.status === 'DELETED' && within(i.voidedAt));
  const placed = os.filter((o) => within(o.createdAt));
  const open = placed.filter((o) => o.status !== 'PAID' && o.status !== 'CANCELLED');

  const sessions = await ctx.app.db
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.eateryId, eateryId), eq(drawerSessions.businessDay, day)));
  const allPays = await ctx.app.db.select().from(payments).where(eq(payments.eateryId, eateryId));
  const drawers = [];
  for (const s of sessions.sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || a.id - b.id)) {
    const cash = allPays.filter((p) => p.drawerSessionId === s.id && p.method === 'CASH');
    const moves = await ctx.app.db.select().from(drawerMovements).where(eq(drawerMovements.sessionId, s.id));
    const move = (kind: string) => sum(moves.filter((m) => m.kind === kind).map((m) => toCents(m.amount)));
    const line = {
      openingFloat: toCents(s.openingFloat),
      cashSales: sum(cash.map((p) => toCents(p.amount))),
      cashTips: sum(cash.map((p) => toCents(p.tip))),
      payIns: move('PAY_IN'),
      payOuts: move('PAY_OUT'),
    };
    const expected = drawerExpectedCents(line);
    const counted = s.closedAt && s.counted !== null ? toCents(s.counted) : null;
    drawers.push({ s, line, expected, counted });
  }
  const allCounted = drawers.every((d) => d.counted !== null);

  return {
    day,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    sales: {
      orders: paid.length,
      items: fromCents(itemsCents),
      discounts: fromCents(discounts),
      serviceCharge: fromCents(service),
      gross: fromCents(gross),
      vatRatePercent: eatery.vatPayer ? eatery.vatRateBp / 100 : 0,
      vat: fromCents(vat),
      net: fromCents(gross - vat),
    },
    byOrigin: { guest: origin(true), staff: origin(false) },
    byMethod,
    payments: fromCents(sum(pays.map((p) => toCents(p.amount)))),
    tips: fromCents(sum(pays.map((p) => toCents(p.tip)))),
    discounts: {
      count: paid.filter((p) => p.discount > 0).length,
      amount: fromCents(discounts),
    },
    voids: { count: voided.length, amount: fromCents(sum(voided.map((i) => toCents(i.price) * i.quantity))) },
    refunds: {
      count: new Set(negative.map((p) => p.groupId)).size,
      amount: fromCents(neg(sum(negative.map((p) => toCents(p.amount))))),
    },
    cancelledOrders: placed.filter((o) => o.status === 'CANCELLED').length,
    openOrders: {
      count: open.length,
      amount: fromCents(sum(open.map((o) => live(o.id) - toCents(o.discount)))),
    },
    drawers: drawers.map(({ s, line, expected, counted }) => ({
      id: s.id,
      userName: s.userName,
      openedAt: s.openedAt.toISOString(),
      closedAt: s.closedAt?.toISOString() ?? null,
      openingFloat: fromCents(line.openingFloat),
      cashSales: fromCents(line.cashSales),
      cashTips: fromCents(line.cashTips),
      payIns: fromCents(line.payIns),
      payOuts: fromCents(line.payOuts),
      expected: fromCents(expected),
      counted: counted === null ? null : fromCents(counted),
      difference: counted === null ? null : fromCents(counted - expected),
    })),
    cash: {
      expected: fromCents(sum(drawers.map((d) => d.expected))),
      counted: allCounted ? fromCents(sum(drawers.map((d) => d.counted ?? 0))) : null,
      difference: allCounted ? fromCents(sum(drawers.map((d) => (d.counted ?? 0) - d.expected))) : null,
    },
  };
}

async function dayReport(day: string, token = A.owner.token): Promise<DayReport> {
  return dayReportResponse.parse(await ok(await api('GET', `/reports/day?day=${day}`, token)));
}

/** The report's figures without what describes the paper (header, time, closing). */
function figuresOf(r: DayReport) {
  const { eatery: _e, generatedAt: _g, z: _z, reopened: _r, ...figures } = r;
  return figures;
}

const errorOf = (res: Awaited<ReturnType<typeof api>>) => res.json() as { messageKey: string; details?: unknown[] };

/** The SQLSTATE a statement fails with (undefined when it does not fail). */
async function failureCode(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await ctx.app.db.execute(statement);
    return undefined;
  } catch (err) {
    return dbErrorCode(err);
  }
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  await ctx.app.db
    .update(eateries)
    .set({
      name: 'Şirvanşah',
      address: 'Bakı, Neftçilər 1',
      phones: ['+994 12 000 00 00'],
      taxId: '1234567890',
      serviceChargeBp: 1000,
      vatPayer: true,
      vatRateBp: 1800,
    })
    .where(eq(eateries.id, A.id));
  const [row] = (await ctx.app.db.execute(sql`select to_char(business_day_of(${A.id}, now()), 'YYYY-MM-DD') as day`))
    .rows as { day: string }[];
  today = row.day;

  // The fixture opened the owner's and the cashier's drawers (float 0): the cashier starts with 50.00, the owner 20.00.
  const sessions = await ctx.app.db.select().from(drawerSessions).where(eq(drawerSessions.eateryId, A.id));
  cashierDrawer = sessions.find((s) => s.userId === A.cashier.userId)!.id;
  ownerDrawer = sessions.find((s) => s.userId === A.owner.userId)!.id;
  await ctx.app.db.update(drawerSessions).set({ openingFloat: '50.00' }).where(eq(drawerSessions.id, cashierDrawer));
  await ctx.app.db.update(drawerSessions).set({ openingFloat: '20.00' }).where(eq(drawerSessions.id, ownerDrawer));
  await ctx.app.db.insert(drawerMovements).values([
    { eateryId: A.id, sessionId: cashierDrawer, kind: 'PAY_IN', amount: '10.00', reason: 'Change' },
    { eateryId: A.id, sessionId: cashierDrawer, kind: 'PAY_OUT', amount: '5.00', reason: 'Bread delivery' },
  ]);

  const plov = await makeDish(ctx.app, A, { price: '10.00' });
  const dovga = await makeDish(ctx.app, A, { price: '4.55' });
  const corek = await makeDish(ctx.app, A, { price: '0.35' });

  // O1 (staff): a void, a discount; O3 (a guest's phone): paid together with O1 in cash with a tip (one part, two rows).
  const o1 = await placeOrder([
    { dishId: plov, quantity: 2 },
    { dishId: dovga, quantity: 1 },
  ]);
  await withServiceCharge(o1.id);
  await ok(await api('DELETE', `/orders/${o1.id}/items/${o1.items[1].id}`, A.waiter.token, { reason: 'Wrong dish' }));
  await ok(await api('PUT', '/bill/discount', A.owner.token, { orderIds: [o1.id], amount: 1.5, reason: 'regular' }));
  const guest = await ctx.app.inject({
    method: 'POST',
    url: GUEST_ROUTES.placeOrder(A.id, A.tableId),
    cookies: { device_id: newDeviceId() },
    payload: {
      items: [
        { dishId: dovga, quantity: 1 },
        { dishId: corek, quantity: 1 },
      ],
    },
  });
  expect(guest.statusCode, guest.body).toBe(201);
  const o3 = (guest.json() as { id: number }).id;
  await withServiceCharge(o3);
  await ok(await pay([o1.id, o3], { method: 'CASH', tip: { amount: 2 } }));

  // O2 (staff): a card part, the rest by OTHER with a tip; 2.00 given back in cash from the owner's drawer (the order
  // is open again), then paid again by card.
  const o2 = await placeOrder([
    { dishId: corek, quantity: 3 },
    { dishId: plov, quantity: 1 },
  ]);
  await withServiceCharge(o2.id);
  await ok(await pay([o2.id], { method: 'CARD', amount: 5 }));
  await ok(await pay([o2.id], { method: 'OTHER', tip: { amount: 1 } }));
  await ok(
    await api('POST', '/bill/refunds', A.owner.token, {
      orderIds: [o2.id],
      amount: 2,
      method: 'CASH',
      reason: 'Cold soup',
    }),
  );
  await ok(await pay([o2.id], { method: 'CARD' }));

  // O4 cancelled; O5 open with a void and a discount.
  const o4 = await placeOrder([{ dishId: plov, quantity: 1 }]);
  await ok(await api('PUT', `/orders/${o4.id}`, A.owner.token, { status: 'CANCELLED' }));
  const o5Order = await placeOrder([
    { dishId: corek, quantity: 2 },
    { dishId: dovga, quantity: 1 },
  ]);
  o5 = o5Order.id;
  await ok(await api('DELETE', `/orders/${o5}/items/${o5Order.items[1].id}`, A.waiter.token, { reason: 'No' }));
  await ok(await api('PUT', '/bill/discount', A.owner.token, { orderIds: [o5], amount: 0.1, reason: 'staff' }));

  // Restaurant B's sale must not show up in A's report.
  const bDish = await makeDish(ctx.app, B, { price: '99.00' });
  const bo = await call(B.id, 'POST', '/orders', B.waiter.token, {
    tableId: B.tableId,
    items: [{ dishId: bDish, quantity: 1 }],
  });
  await ok(await call(B.id, 'POST', '/bill/payments', B.cashier.token, { orderIds: [bo.json().id], method: 'CARD' }));
});

describe('the day report of an open day (X)', () => {
  it('every figure equals the sums over the rows made', async () => {
    const r = await dayReport(today);
    expect(r.z).toBeNull();
    expect(r.reopened).toEqual([]);
    expect(r.eatery).toEqual({
      id: A.id,
      name: 'Şirvanşah',
      address: 'Bakı, Neftçilər 1',
      phones: ['+994 12 000 00 00'],
      taxId: '1234567890',
      timeZone: 'Asia/Baku',
      language: 'az',
      currency: 'AZN',
      vatPayer: true,
    });
    expect(figuresOf(r)).toEqual(await expectedFigures(A.id, today));
  });

  it('the seeded day holds what the test made: staff and guest orders, three methods, a refund, voids, drawers', async () => {
    const r = await dayReport(today, A.cashier.token);
    expect(r.sales).toMatchObject({ orders: 3, vatRatePercent: 18 });
    expect(cents(r.sales.serviceCharge)).toBeGreaterThan(0);
    expect(cents(r.sales.vat)).toBeGreaterThan(0);
    expect(r.byOrigin.guest.count).toBe(1);
    expect(r.byOrigin.staff.count).toBe(2);
    expect(r.byMethod.map((m) => [m.method, m.count])).toEqual([
      ['CARD', 2],
      ['CASH', 1], // one part paying two orders; the refund is not a payment
      ['OTHER', 1],
    ]);
    expect(r.refunds).toEqual({ count: 1, amount: 2 });
    expect(r.voids).toEqual({ count: 2, amount: 9.1 });
    expect(r.cancelledOrders).toBe(1);
    expect(r.openOrders).toEqual({ count: 1, amount: 0.6 });
    expect(r.drawers).toHaveLength(2);
    expect(r.cash).toMatchObject({ counted: null, difference: null });
    // What guests paid for their orders is what the methods took, less what went back.
    expect(cents(r.payments)).toBe(cents(r.sales.gross));
  });

  it('a day without anything: zeros', async () => {
    const r = await dayReport('2024-01-01');
    expect(figuresOf(r)).toEqual(await expectedFigures(A.id, '2024-01-01'));
    expect(r).toMatchObject({ sales: { orders: 0, gross: 0 }, byMethod: [], payments: 0, drawers: [] });
    expect(r.cash).toEqual({ expected: 0, counted: 0, difference: 0 });
  });
});

describe('closing the day (Z), locking it, reopening it', () => {
  it('refuses to close while a drawer of the day is open: 409 drawersStillOpen', async () => {
    const res = await api('POST', '/reports/z', A.owner.token, { day: today });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).messageKey).toBe('drawersStillOpen');
    expect(await ctx.app.db.select().from(zReports).where(eq(zReports.eateryId, A.id))).toEqual([]);
  });

  it('closes the day once the drawers are counted: Z #1 with the X figures, stored; a second close is 409', async () => {
    // The cashier counts 1.00 over, the owner exactly what is expected.
    const before = await expectedFigures(A.id, today);
    for (const d of before.drawers) {
      const counted = cents(d.expected) + (d.id === cashierDrawer ? 100 : 0);
      await ctx.app.db
        .update(drawerSessions)
        .set({
          closedAt: new Date(),
          closedBy: 'test',
          expected: (d.expected as number).toFixed(2),
          counted: (counted / 100).toFixed(2),
        })
        .where(eq(drawerSessions.id, d.id));
    }
    const x = await dayReport(today);

    const z = dayReportResponse.parse(await ok(await api('POST', '/reports/z', A.cashier.token, { day: today })));
    expect(z.z).toEqual({ number: 1, closedAt: z.generatedAt, closedBy: 'cashier' });
    const expected = await expectedFigures(A.id, today);
    expect(figuresOf(z)).toEqual(expected);
    expect(figuresOf(z)).toEqual(figuresOf(x));
    expect(z.drawers.find((d) => d.id === cashierDrawer)!.difference).toBe(1);
    expect(z.cash.difference).toBe(1);
    expect(cents(z.cash.counted!)).toBe(cents(z.cash.expected) + 100);

    // A reprint is the same paper.
    expect(await dayReport(today)).toEqual(z);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eateryId, A.id), eq(auditLog.kind, 'CLOSE_DAY')));
    expect(audit).toMatchObject({
      userId: A.cashier.userId,
      subject: `Z #1 · ${today}`,
      after: { number: 1, gross: z.sales.gross.toFixed(2) },
    });

    const again = await api('POST', '/reports/z', A.owner.token, { day: today });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).messageKey).toBe('dayClosed');
  });

  it('a closed day takes no payment: 409 dayClosed through the bill, and the database refuses changes', async () => {
    const before = await ctx.app.db.select().from(payments).where(eq(payments.eateryId, A.id)).orderBy(payments.id);
    const res = await pay([o5], { method: 'CARD' });
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).messageKey).toBe('dayClosed');
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, o5));
    expect(order.status).not.toBe('PAID');

    const row = before.find((p) => p.businessDay === today)!;
    expect(await failureCode(sql`update payments set tip = tip + 1 where id = ${row.id}`)).toBe('Q0001');
    expect(await failureCode(sql`delete from payments where id = ${row.id}`)).toBe('Q0001');
    expect(await ctx.app.db.select().from(payments).where(eq(payments.eateryId, A.id)).orderBy(payments.id)).toEqual(
      before,
    );
  });

  it('only an admin reopens, with a reason: a cashier 403, no reason 400', async () => {
    const cashier = await api('POST', '/reports/z/reopen', A.cashier.token, { day: today, reason: 'Mistake' });
    expect(cashier.statusCode).toBe(403);
    const blank = await api('POST', '/reports/z/reopen', A.owner.token, { day: today, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).details).toEqual([{ field: 'reason', messageKey: 'validation.reasonRequired' }]);
    const missing = await api('POST', '/reports/z/reopen', A.owner.token, { day: today });
    expect(missing.statusCode).toBe(400);
    expect((await dayReport(today)).z?.number).toBe(1);
  });

  it('reopens with the reason in the audit log; payments of the day are taken again; closing again gives #2', async () => {
    const reopened = dayReportResponse.parse(
      await ok(await api('POST', '/reports/z/reopen', A.owner.token, { day: today, reason: 'Forgot a card slip' })),
    );
    expect(reopened.z).toBeNull();
    expect(reopened.reopened).toEqual([
      { number: 1, at: expect.any(String), by: 'owner', reason: 'Forgot a card slip' },
    ]);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.eateryId, A.id), eq(auditLog.kind, 'REOPEN_DAY')));
    expect(audit).toMatchObject({
      userId: A.owner.userId,
      subject: `Z #1 · ${today}`,
      reason: 'Forgot a card slip',
    });
    const twice = await api('POST', '/reports/z/reopen', A.owner.token, { day: today, reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).messageKey).toBe('dayNotClosed');

    await ok(await pay([o5], { method: 'CARD' }));
    const x = await dayReport(today);
    expect(figuresOf(x)).toEqual(await expectedFigures(A.id, today));
    expect(x.sales.orders).toBe(4);
    expect(x.openOrders).toEqual({ count: 0, amount: 0 });

    const z2 = dayReportResponse.parse(await ok(await api('POST', '/reports/z', A.owner.token, { day: today })));
    expect(z2.z).toMatchObject({ number: 2, closedBy: 'owner' });
    expect(z2.reopened).toEqual(reopened.reopened);
    expect(figuresOf(z2)).toEqual(await expectedFigures(A.id, today));

    const list = zListResponse.parse(
      await ok(await api('GET', `/reports/z/list?from=${today}&to=${today}`, A.cashier.token)),
    );
    expect(list).toEqual([
      {
        number: 1,
        day: today,
        closedAt: expect.any(String),
        closedBy: 'cashier',
        reopenedAt: reopened.reopened[0].at,
        reopenReason: 'Forgot a card slip',
        gross: expect.any(Number),
      },
      {
        number: 2,
        day: today,
        closedAt: z2.z!.closedAt,
        closedBy: 'owner',
        reopenedAt: null,
        reopenReason: null,
        gross: z2.sales.gross,
      },
    ]);
    expect(cents(list[0].gross)).toBeLessThan(cents(list[1].gross)); // O5 was paid in between
  });

  it('the CSV in Russian: one figure per line, decimal commas', async () => {
    const res = await api('GET', `/reports/day.csv?day=${today}&lang=ru`, A.owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="z-report-2-${today}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const r = await dayReport(today);
    const ru = (n: number) => n.toFixed(2).replace('.', ',');
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Показатель;Значение');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Ресторан;Şirvanşah',
        'VÖEN (ИНН);1234567890',
        `Рабочий день;${today}`,
        'Отчёт;Z-отчёт № 2',
        'День закрыл;owner',
        `Оплаченные заказы;${r.sales.orders}`,
        `Позиции;${ru(r.sales.items)}`,
        `Обслуживание;${ru(r.sales.serviceCharge)}`,
        `Выручка;${ru(r.sales.gross)}`,
        'Ставка НДС, %;18',
        `В т. ч. НДС;${ru(r.sales.vat)}`,
        `Без НДС;${ru(r.sales.net)}`,
        `Наличные: сумма;${ru(r.byMethod.find((m) => m.method === 'CASH')!.amount)}`,
        'Наличные: Возврат;2,00',
        `Чаевые, итого;${ru(r.tips)}`,
        'Аннулирование: количество;2',
        `Аннулирование: сумма;${ru(r.voids.amount)}`,
        'Касса — cashier: Размен на начало смены;50,00',
        'Касса — cashier: Внесение;10,00',
        'Касса — cashier: Изъятие;5,00',
        'Касса — cashier: Излишек/Недостача;1,00',
        'Кассы, итого: Излишек/Недостача;1,00',
      ]),
    );
    expect(lines.find((l) => l.startsWith('Z-отчёт № 1 переоткрыт;'))).toMatch(/owner · Forgot a card slip$/);
    expect(lines.at(-1)).toBe('');

    const en = (await api('GET', `/reports/day.csv?day=${today}&lang=en`, A.owner.token)).body.slice(1).split('\r\n');
    expect(en).toContain(`Gross sales,${r.sales.gross.toFixed(2)}`);
    const az = (await api('GET', `/reports/day.csv?day=${today}`, A.owner.token)).body.slice(1).split('\r\n');
    expect(az).toContain(`Ümumi satış;${ru(r.sales.gross)}`);
  });
});

describe('a business day starting at 05:00', () => {
  let C: TestEatery;
  let orderId: number;

  /** A payment row written directly at `at` (its business day set by the database). */
  const payAt = (at: string, amount: string, method = 'CARD') =>
    ctx.app.db
      .insert(payments)
      .values({ eateryId: C.id, orderId, groupId: `g-${at}`, method, amount, createdAt: new Date(at) })
      .returning({ businessDay: payments.businessDay });

  beforeAll(async () => {
    C = await makeEatery(ctx.app, { name: 'Late bar' });
    await ctx.app.db.update(eateries).set({ dayStartHour: 5 }).where(eq(eateries.id, C.id));
    const dish = await makeDish(ctx.app, C, { price: '7.25' });
    const placed = await call(C.id, 'POST', '/orders', C.waiter.token, {
      tableId: C.tableId,
      items: [{ dishId: dish, quantity: 2 }],
    });
    orderId = (await ok(placed, 201)).id;
    await ok(await call(C.id, 'POST', '/bill/payments', C.cashier.token, { orderIds: [orderId], method: 'CARD' }));
    // Placed at 23:00 on June 1st, paid at 02:00 on June 2nd (local): still the business day of June 1st.
    await ctx.app.db
      .update(orders)
      .set({ createdAt: new Date('2025-06-01T19:00:00Z'), paidAt: new Date('2025-06-01T22:00:00Z') })
      .where(eq(orders.id, orderId));
  });

  it('a payment at 02:00 local belongs to the day before; one at 05:30 to its own day', async () => {
    expect(await payAt('2025-06-01T22:00:00Z', '14.50')).toEqual([{ businessDay: '2025-06-01' }]); // 02:00 on the 2nd
    expect(await payAt('2025-06-02T01:30:00Z', '3.00', 'CASH')).toEqual([{ businessDay: '2025-06-02' }]); // 05:30
    expect(await payAt('2025-06-01T00:30:00Z', '1.00')).toEqual([{ businessDay: '2025-05-31' }]); // 04:30 on the 1st

    const first = dayReportResponse.parse(
      await ok(await call(C.id, 'GET', '/reports/day?day=2025-06-01', C.owner.token)),
    );
    expect(first).toMatchObject({ from: '2025-06-01T01:00:00.000Z', to: '2025-06-02T01:00:00.000Z' });
    expect(figuresOf(first)).toEqual(await expectedFigures(C.id, '2025-06-01', 5));
    expect(first.sales).toMatchObject({ orders: 1, gross: 14.5 });
    expect(first.byMethod).toEqual([{ method: 'CARD', count: 1, amount: 14.5, refunds: 0, tips: 0 }]);
    expect(first.cancelledOrders + first.openOrders.count).toBe(0);

    const second = dayReportResponse.parse(
      await ok(await call(C.id, 'GET', '/reports/day?day=2025-06-02', C.owner.token)),
    );
    expect(figuresOf(second)).toEqual(await expectedFigures(C.id, '2025-06-02', 5));
    expect(second.byMethod).toEqual([{ method: 'CASH', count: 1, amount: 3, refunds: 0, tips: 0 }]);
    expect(second.sales.orders).toBe(0);
  });

  it('closing June 1st locks its payments up to 05:00 on the 2nd, not after', async () => {
    const z = dayReportResponse.parse(
      await ok(await call(C.id, 'POST', '/reports/z', C.owner.token, { day: '2025-06-01' })),
    );
    expect(z.z?.number).toBe(1); // numbers are per restaurant
    let refused: unknown;
    await payAt('2025-06-02T00:59:00Z', '1.00').catch((err: unknown) => (refused = err));
    expect(dbErrorCode(refused)).toBe('Q0001');
    expect(await payAt('2025-06-02T01:00:00Z', '1.00')).toEqual([{ businessDay: '2025-06-02' }]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('a payment and a closing never cross (PostgreSQL: two connections)', () => {
  let D: TestEatery;
  let orderId: number;

  /** Resolves once another session of this database waits for a lock (the request under test is blocked). */
  async function untilSomeoneWaitsForALock() {
    for (let i = 0; i < 1000; i++) {
      const { rows } = await ctx.database.pool!.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('nobody waits for a lock');
  }

  beforeAll(async () => {
    D = await makeEatery(ctx.app, { name: 'Busy' });
    await ctx.app.db
      .update(drawerSessions)
      .set({ closedAt: new Date(), closedBy: 'test', expected: '0', counted: '0' })
      .where(eq(drawerSessions.eateryId, D.id));
    const dish = await makeDish(ctx.app, D, { price: '20.00' });
    const placed = await call(D.id, 'POST', '/orders', D.waiter.token, {
      tableId: D.tableId,
      items: [{ dishId: dish, quantity: 1 }],
    });
    orderId = (await ok(placed, 201)).id;
  });

  it('a closing waits for a payment being written, and counts it', async () => {
    const client = await ctx.database.pool!.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into payments (eatery_id, order_id, group_id, method, amount) values ($1, $2, 'in-flight', 'CARD', 3)`,
        [D.id, orderId],
      );
      const closing = call(D.id, 'POST', '/reports/z', D.owner.token, { day: today });
      await untilSomeoneWaitsForALock();
      await client.query('commit');
      const z = dayReportResponse.parse(await ok(await closing));
      expect(z.byMethod).toEqual([{ method: 'CARD', count: 1, amount: 3, refunds: 0, tips: 0 }]);
    } finally {
      client.release();
    }
  });

  it('a payment made while a closing is being written waits, then is refused: 409 dayClosed', async () => {
    await ok(await call(D.id, 'POST', '/reports/z/reopen', D.owner.token, { day: today, reason: 'test' }));
    const client = await ctx.database.pool!.connect();
    try {
      // What a closing does: the restaurant's row locked, then its z_reports row written.
      await client.query('begin');
      await client.query('select id from eateries where id = $1 for update', [D.id]);
      await client.query(
        `insert into z_reports (eatery_id, number, business_day, closed_by_name, figures) values ($1, 2, $2, 'x', '{}')`,
        [D.id, today],
      );
      const paying = call(D.id, 'POST', '/bill/payments', D.cashier.token, {
        orderIds: [orderId],
        method: 'CARD',
        amount: 1,
      });
      await untilSomeoneWaitsForALock();
      await client.query('commit');
      const res = await paying;
      expect(res.statusCode, res.body).toBe(409);
      expect(errorOf(res).messageKey).toBe('dayClosed');
    } finally {
      client.release();
    }
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.map((p) => p.groupId)).toEqual(['in-flight']);
  });
});

describe('access and validation', () => {
  it('another restaurant’s staff: 404 on every route', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', `/reports/day?day=${today}`],
      ['GET', `/reports/day.csv?day=${today}`],
      ['GET', `/reports/z/list?from=${today}&to=${today}`],
      ['POST', '/reports/z', { day: today }],
      ['POST', '/reports/z/reopen', { day: today, reason: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await api(method, url, B.owner.token, body)).statusCode, url).toBe(404);
      expect((await api(method, url, A.waiter.token, body)).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method, url: `/api/eatery/${A.id}${url}`, payload: body })).statusCode).toBe(401);
    }
  });

  it.each([
    ['GET', '/reports/day?day=2025-13-01'],
    ['GET', '/reports/day'],
    ['GET', '/reports/day.csv?day=yesterday'],
    ['GET', '/reports/z/list?from=2025-03-12&to=2025-03-10'],
    ['POST', '/reports/z', { day: '2025-1-1' }],
    ['POST', '/reports/z', {}],
    ['POST', '/reports/z/reopen', { day: 'today', reason: 'x' }],
  ] as [Method, string, object?][])('%s %s: 400 validation.reportRange', async (method, url, body) => {
    const res = await api(method, url, A.owner.token, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('validation.reportRange');
  });

  it('a day after the current business day cannot be closed: 400 reportRange on `day`, nothing written', async () => {
    const future = addDays(today, 2);
    const res = await api('POST', '/reports/z', A.owner.token, { day: future });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([{ field: 'day', messageKey: 'validation.reportRange' }]);
    const list = zListResponse.parse(
      await ok(await api('GET', `/reports/z/list?from=${future}&to=${future}`, A.owner.token)),
    );
    expect(list).toEqual([]);
  });

  it('an unknown CSV language: 400', async () => {
    expect((await api('GET', `/reports/day.csv?day=${today}&lang=de`, A.owner.token)).statusCode).toBe(400);
  });
});
