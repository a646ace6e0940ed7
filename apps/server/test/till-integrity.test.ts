import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditPageResponse, billResponse, kitchenBoardResponse, type AuditEntry, type Order } from '@qr-menu/contract';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { auditLog, eateries, memberships, orderItems, orders, payments, users } from '../src/db/schema.js';
import { bearer, setupApp, TEST_PASSWORD_HASH_COST, uniqueEmail } from './helper.js';
import { makeDish, makeEatery, makeStaff, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * The order and payment state machine: voids with a reason (a manager once the kitchen started), refunds as
 * negative payments, reopening, PAID by status recording its payment, the back doors closed (unconfirmed orders,
 * tips, line caps, cancelling or deleting paid-into orders) and the append-only audit log that records them.
 */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let ten: number; // 10.00
let three: number; // 3.33
const MANAGER_PASSWORD = 'manager-pass-1';
let manager: { email: string; userId: number };

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  ten = await makeDish(ctx.app, A, { price: '10.00', nameAz: 'Plov', nameEn: 'Pilaf', nameRu: 'Плов' });
  three = await makeDish(ctx.app, A, { price: '3.33', nameAz: 'Çörək', nameEn: 'Bread', nameRu: 'Хлеб' });
  // A second manager of A with a real password (the fixtures' users have none): they approve voids.
  const email = uniqueEmail('manager');
  const [u] = await ctx.app.db
    .insert(users)
    .values({ email, name: 'Leyla', passwordHash: await hashPassword(MANAGER_PASSWORD, TEST_PASSWORD_HASH_COST) })
    .returning({ id: users.id });
  await ctx.app.db.insert(memberships).values({ userId: u.id, eateryId: A.id, roles: ['EATERY_ADMIN'] });
  manager = { email, userId: u.id };
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${A.id}${url}`, headers: bearer(token), payload });

async function ok<T = Order>(res: Awaited<ReturnType<typeof inject>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

function refused(res: Awaited<ReturnType<typeof inject>>, status: number, messageKey: string, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().messageKey).toBe(messageKey);
  if (field) expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
}

const place = async (items = [{ dishId: ten, quantity: 1 }]) =>
  ok(await inject('POST', '/orders', A.waiter.token, { tableId: A.tableId, items }), 201);
const voidItem = (orderId: number, itemId: number, body: object, token = A.waiter.token) =>
  inject('DELETE', `/orders/${orderId}/items/${itemId}`, token, body);
const pay = (body: object, token = A.cashier.token) => inject('POST', '/bill/payments', token, body);
const refund = (body: object, token = A.owner.token) => inject('POST', '/bill/refunds', token, body);
const setItem = (orderId: number, itemId: number, body: object, token = A.owner.token) =>
  inject('PUT', `/orders/${orderId}/items/${itemId}`, token, body);
const bill = async (orderId: number) =>
  billResponse.parse(await ok(await inject('GET', `/bill?orderIds=${orderId}`, A.cashier.token)));

/** The restaurant's audit entries, newest first (straight from the table: what was written). */
const auditRows = (eateryId = A.id) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.eateryId, eateryId))
    .orderBy(sql`${auditLog.id} desc`);

/** Payments and items of an order: what a refused change must leave as it was. */
async function snapshot(orderId: number) {
  const items = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const paid = await ctx.app.db.select().from(payments).where(eq(payments.orderId, orderId));
  const audits = await auditRows();
  return { items, paid, audits: audits.length };
}

describe('voiding an item', () => {
  it('needs a reason; an item the kitchen has not started is voided by a waiter and stays, struck out', async () => {
    const o = await place([
      { dishId: ten, quantity: 2 },
      { dishId: three, quantity: 1 },
    ]);
    const before = await snapshot(o.id);
    refused(await voidItem(o.id, o.items[1].id, {}), 400, 'validation', 'reason');
    refused(await voidItem(o.id, o.items[1].id, { reason: '   ' }), 400, 'validation', 'reason');
    refused(await voidItem(o.id, o.items[1].id, { reason: 'x'.repeat(201) }), 400, 'validation', 'reason');
    refused(await voidItem(o.id, o.items[1].id, { reason: 'ok' }, A.kitchen.token), 403, 'accessDenied');
    expect(await snapshot(o.id)).toEqual(before);

    const voided = await ok(await voidItem(o.id, o.items[1].id, { reason: 'Guest changed their mind' }));
    expect(voided.orderPrice).toBe(20);
    expect(voided.items[1]).toMatchObject({
      status: 'DELETED',
      voidReason: 'Guest changed their mind',
      voidedFrom: 'CREATED',
    });
    expect(Date.parse(voided.items[1].voidedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      kind: 'VOID',
      userId: A.waiter.userId,
      userName: 'waiter',
      approvedBy: null,
      orderId: o.id,
      subject: `#${o.number} · 1 · Çörək × 1`,
      before: { status: 'CREATED', amount: '3.33' },
      after: { status: 'DELETED' },
      reason: 'Guest changed their mind',
    });
    // Voiding it again changes nothing.
    const again = await ok(await voidItem(o.id, o.items[1].id, { reason: 'again' }));
    expect(again.version).toBe(voided.version);
  });

  it('once the kitchen started: refused without a manager, recorded with one; the kitchen gets a VOID notice', async () => {
    const o = await place([
      { dishId: ten, quantity: 1 },
      { dishId: three, quantity: 1 },
    ]);
    await ok(await setItem(o.id, o.items[0].id, { status: 'PREPARING' }, A.kitchen.token));
    const before = await snapshot(o.id);
    refused(await voidItem(o.id, o.items[0].id, { reason: 'Burnt' }), 403, 'managerApprovalRequired');
    refused(
      await voidItem(o.id, o.items[0].id, { reason: 'Burnt', approval: { email: manager.email, password: 'wrong-1' } }),
      403,
      'approvalInvalid',
    );
    // A waiter's own credentials, or another restaurant's manager, approve nothing.
    refused(
      await voidItem(o.id, o.items[0].id, {
        reason: 'Burnt',
        approval: { email: 'nobody@example.com', password: MANAGER_PASSWORD },
      }),
      403,
      'approvalInvalid',
    );
    // Lowering the quantity or swapping the dish of a started item is a void in disguise.
    refused(await setItem(o.id, o.items[0].id, { dishId: three }, A.waiter.token), 403, 'managerApprovalRequired');
    expect(await snapshot(o.id)).toEqual(before);

    const voided = await ok(
      await voidItem(o.id, o.items[0].id, {
        reason: 'Burnt',
        approval: { email: manager.email.toUpperCase(), password: MANAGER_PASSWORD },
      }),
    );
    expect(voided.items[0]).toMatchObject({ status: 'DELETED', voidedFrom: 'PREPARING', voidReason: 'Burnt' });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ kind: 'VOID', userId: A.waiter.userId, approvedBy: 'Leyla', reason: 'Burnt' });

    // The kitchen still receives the order: its voided started item is the VOID notice.
    const board = kitchenBoardResponse.parse(await ok(await inject('GET', '/kitchen', A.kitchen.token)));
    const onBoard = board.orders.find((x) => x.id === o.id);
    expect(onBoard?.items.find((i) => i.id === o.items[0].id)).toMatchObject({
      status: 'DELETED',
      voidedFrom: 'PREPARING',
    });

    // An admin approves their own void of a served item.
    await ok(await setItem(o.id, o.items[1].id, { status: 'SERVED' }, A.waiter.token));
    const served = await ok(await voidItem(o.id, o.items[1].id, { reason: 'Spilled' }, A.owner.token));
    expect(served.items[1]).toMatchObject({ status: 'DELETED', voidedFrom: 'SERVED' });
  });

  it('a PUT never removes or revives an item; a paid-into order keeps its lines (void, not edit)', async () => {
    const o = await place([
      { dishId: ten, quantity: 1 },
      { dishId: three, quantity: 1 },
    ]);
    refused(await setItem(o.id, o.items[0].id, { status: 'DELETED' }), 400, 'validation', 'status');
    await ok(await voidItem(o.id, o.items[0].id, { reason: 'Wrong item' }));
    refused(await setItem(o.id, o.items[0].id, { status: 'CREATED' }), 400, 'validation', 'status');

    await ok(await pay({ orderIds: [o.id], method: 'CASH', amount: 1 }));
    const before = await snapshot(o.id);
    refused(await setItem(o.id, o.items[1].id, { quantity: 3 }, A.waiter.token), 409, 'orderHasPayments');
    expect(await snapshot(o.id)).toEqual(before);
  });

  it('with payments, a void may not leave more paid than the order costs: refund first', async () => {
    // 13.33 ordered, 13.00 paid in cash: voiding the 10.00 dish would leave 3.33 owed against 13.00 paid.
    const o = await place([
      { dishId: ten, quantity: 1 },
      { dishId: three, quantity: 1 },
    ]);
    await ok(await pay({ orderIds: [o.id], method: 'CASH', amount: 13 }));
    const before = await snapshot(o.id);
    refused(await voidItem(o.id, o.items[0].id, { reason: 'Cold' }, A.owner.token), 409, 'refundFirst');
    expect(await snapshot(o.id)).toEqual(before);

    const afterRefund = billResponse.parse(
      await ok(await refund({ orderIds: [o.id], amount: '9.67', method: 'CASH', reason: 'Dish returned' })),
    );
    expect(afterRefund).toMatchObject({ paid: 3.33, refunded: 9.67, due: 10, status: 'OPEN' });
    await ok(await voidItem(o.id, o.items[0].id, { reason: 'Cold' }, A.owner.token));
    // What was paid now covers the order exactly: the void closes the bill.
    const after = await bill(o.id);
    expect(after).toMatchObject({ total: 3.33, paid: 3.33, due: 0, status: 'PAID' });
  });

  it('a void that leaves less than the discount lowers the discount too', async () => {
    const o = await place([
      { dishId: ten, quantity: 1 },
      { dishId: three, quantity: 1 },
    ]);
    await ok(await inject('PUT', '/bill/discount', A.owner.token, { orderIds: [o.id], amount: 5, reason: 'Regular' }));
    const voided = await ok(await voidItem(o.id, o.items[0].id, { reason: 'Cold' }));
    expect(voided.discount).toBe(3.33);
    expect((await bill(o.id)).total).toBe(0);
  });

  it('tenancy: another restaurant’s order or item is 404, and nothing changes', async () => {
    const o = await place();
    const other = ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${B.id}/orders/${o.id}/items/${o.items[0].id}`,
      headers: bearer(B.owner.token),
      payload: { reason: 'x' },
    });
    expect((await other).statusCode).toBe(404);
    expect((await voidItem(o.id, 2_000_000_000, { reason: 'x' })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/eatery/${A.id}/orders/${o.id}/items/${o.items[0].id}`,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(401);
    const [item] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, o.items[0].id));
    expect(item.status).toBe('CREATED');
  });
});

describe('refunds, reopening and cancelling', () => {
  it('a refund is the admin’s (a cashier’s needs a manager), never more than was paid, a negative payment with its reason; it reopens a paid bill', async () => {
    const o = await place([{ dishId: ten, quantity: 2 }]);
    await ok(await pay({ orderIds: [o.id], method: 'CARD', tip: { amount: 2 } }));
    expect((await bill(o.id)).status).toBe('PAID');
    const before = await snapshot(o.id);
    refused(
      await refund({ orderIds: [o.id], amount: 5, method: 'CARD', reason: 'x' }, A.cashier.token),
      403,
      'managerApprovalRequired',
    );
    refused(
      await refund({ orderIds: [o.id], amount: 20.01, method: 'CARD', reason: 'x' }),
      400,
      'validation',
      'amount',
    );
    refused(await refund({ orderIds: [o.id], amount: 0, method: 'CARD', reason: 'x' }), 400, 'validation', 'amount');
    refused(await refund({ orderIds: [o.id], amount: 5, method: 'CARD' }), 400, 'validation', 'reason');
    refused(await refund({ orderIds: [o.id], amount: 5, method: 'BITCOIN', reason: 'x' }), 400, 'validation', 'method');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${B.id}/bill/refunds`,
      headers: bearer(B.owner.token),
      payload: { orderIds: [o.id], amount: 5, method: 'CARD', reason: 'x' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(o.id)).toEqual(before);

    const refunded = billResponse.parse(
      await ok(await refund({ orderIds: [o.id], amount: 10, method: 'CARD', reason: 'Dish returned' })),
    );
    expect(refunded).toMatchObject({ status: 'OPEN', paid: 10, refunded: 10, due: 10, tips: 2 });
    expect(refunded.payments.at(-1)).toMatchObject({ method: 'CARD', amount: -10, tip: 0, reason: 'Dish returned' });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      kind: 'REFUND',
      userId: A.owner.userId,
      orderId: o.id,
      before: { paid: '20.00' },
      after: { paid: '10.00', refund: '10.00', method: 'CARD' },
      reason: 'Dish returned',
    });
  });

  it('cancelling an order with money paid into it is 409 until it is refunded; deleting it is refused', async () => {
    const o = await place();
    await ok(await pay({ orderIds: [o.id], method: 'CASH', amount: 5 }));
    const before = await snapshot(o.id);
    refused(await inject('PUT', `/orders/${o.id}`, A.cashier.token, { status: 'CANCELLED' }), 409, 'orderHasPayments');
    refused(await inject('DELETE', `/orders/${o.id}`, A.owner.token), 409, 'orderHasPayments');
    expect(await snapshot(o.id)).toEqual(before);
    await ok(await refund({ orderIds: [o.id], amount: 5, method: 'CASH', reason: 'Guest left' }));
    const cancelled = await ok(await inject('PUT', `/orders/${o.id}`, A.cashier.token, { status: 'CANCELLED' }));
    expect(cancelled.status).toBe('CANCELLED');
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ kind: 'STATUS', before: { status: 'CREATED' }, after: { status: 'CANCELLED' } });
    refused(await refund({ orderIds: [o.id], amount: 1, method: 'CASH', reason: 'x' }), 409, 'orderClosed');
  });

  it('reopen: the admin’s, with a reason, only for a closed order; the status follows the dishes', async () => {
    const o = await place();
    await ok(await setItem(o.id, o.items[0].id, { status: 'PREPARING' }, A.kitchen.token));
    refused(await inject('POST', `/orders/${o.id}/reopen`, A.owner.token, { reason: 'x' }), 409, 'orderNotClosed');
    await ok(await pay({ orderIds: [o.id], method: 'CASH' }));
    refused(await inject('POST', `/orders/${o.id}/reopen`, A.cashier.token, { reason: 'x' }), 403, 'accessDenied');
    refused(await inject('POST', `/orders/${o.id}/reopen`, A.owner.token, {}), 400, 'validation', 'reason');
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${B.id}/orders/${o.id}/reopen`,
      headers: bearer(B.owner.token),
      payload: { reason: 'x' },
    });
    expect(foreign.statusCode).toBe(404);

    const reopened = await ok(await inject('POST', `/orders/${o.id}/reopen`, A.owner.token, { reason: 'Wrong table' }));
    expect(reopened).toMatchObject({ status: 'PREPARING', paidAt: null });
    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      kind: 'REOPEN',
      before: { status: 'PAID' },
      after: { status: 'PREPARING' },
      reason: 'Wrong table',
    });
    // Its payment stays: it owes nothing, and an addition makes it owe again.
    expect(await bill(o.id)).toMatchObject({ paid: 10, due: 0, status: 'OPEN' });
  });
});

describe('back doors around the bill', () => {
  it('PUT {status: PAID} records the payment (a waiter may not); an order waiting for confirmation cannot be paid', async () => {
    const o = await place([{ dishId: three, quantity: 3 }]);
    refused(await inject('PUT', `/orders/${o.id}`, A.waiter.token, { status: 'PAID' }), 403, 'accessDenied');
    refused(
      await inject('PUT', `/orders/${o.id}`, A.cashier.token, { status: 'PAID', method: 'GOLD' }),
      400,
      'validation',
      'method',
    );
    await ok(await inject('PUT', `/orders/${o.id}`, A.cashier.token, { status: 'PAID', method: 'OTHER' }));
    const paid = await bill(o.id);
    expect(paid).toMatchObject({ status: 'PAID', paid: 9.99, due: 0 });
    expect(paid.payments).toMatchObject([{ method: 'OTHER', amount: 9.99 }]);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ kind: 'STATUS', userId: A.cashier.userId, after: { status: 'PAID' } });

    // A guest order waiting for staff: no payment, no discount, no PAID by status.
    await ctx.app.db.update(eateries).set({ confirmGuestOrders: true }).where(eq(eateries.id, A.id));
    const guest = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/eatery/${A.id}/table/${A.tableId}/orders`,
      payload: { items: [{ dishId: ten, quantity: 1 }] },
    });
    await ctx.app.db.update(eateries).set({ confirmGuestOrders: false }).where(eq(eateries.id, A.id));
    expect(guest.statusCode, guest.body).toBe(201);
    const waiting = guest.json() as Order;
    expect(waiting.status).toBe('NEEDS_CONFIRMATION');
    refused(await pay({ orderIds: [waiting.id], method: 'CASH' }), 409, 'orderNotConfirmed');
    refused(
      await inject('PUT', `/orders/${waiting.id}`, A.cashier.token, { status: 'PAID' }),
      409,
      'orderNotConfirmed',
    );
    refused(
      await inject('PUT', '/bill/discount', A.owner.token, { orderIds: [waiting.id], amount: 1, reason: 'x' }),
      409,
      'orderNotConfirmed',
    );
    expect(await snapshot(waiting.id)).toMatchObject({ paid: [] });
  });

  it('tips: at most the restaurant’s limit of the part paid (as much again by default)', async () => {
    const o = await place();
    refused(await pay({ orderIds: [o.id], method: 'CARD', tip: { amount: '99999999.99' } }), 400, 'validation', 'tip');
    refused(await pay({ orderIds: [o.id], method: 'CARD', tip: { amount: '10.01' } }), 400, 'validation', 'tip');
    expect((await snapshot(o.id)).paid).toEqual([]);
    await ctx.app.db.update(eateries).set({ tipMaxPercent: 15 }).where(eq(eateries.id, A.id));
    try {
      refused(await pay({ orderIds: [o.id], method: 'CARD', tip: { percent: 20 } }), 400, 'validation', 'tip');
      const paid = billResponse.parse(await ok(await pay({ orderIds: [o.id], method: 'CARD', tip: { amount: 1.5 } })));
      expect(paid).toMatchObject({ status: 'PAID', tips: 1.5 });
    } finally {
      await ctx.app.db.update(eateries).set({ tipMaxPercent: 100 }).where(eq(eateries.id, A.id));
    }
  });

  it('the tip limit is a restaurant setting, 0..100 whole percent', async () => {
    const get = await ok<{ tipMaxPercent: number; name: string }>(await inject('GET', '', A.owner.token));
    expect(get.tipMaxPercent).toBe(100);
    const [row] = await ctx.app.db.select().from(eateries).where(eq(eateries.id, A.id));
    const body = { name: row.name, address: 'Nizami 1', phones: ['+994 50 123 45 67'] };
    refused(
      await inject('PUT', '', A.owner.token, { ...body, tipMaxPercent: 101 }),
      400,
      'validation',
      'tipMaxPercent',
    );
    refused(
      await inject('PUT', '', A.owner.token, { ...body, tipMaxPercent: 2.5 }),
      400,
      'validation',
      'tipMaxPercent',
    );
    const put = await ok<{ tipMaxPercent: number }>(
      await inject('PUT', '', A.owner.token, { ...body, tipMaxPercent: 20 }),
    );
    expect(put.tipMaxPercent).toBe(20);
    await ctx.app.db.update(eateries).set({ tipMaxPercent: 100 }).where(eq(eateries.id, A.id));
  });

  it('an order holds at most 100 lines, however many additions bring them', async () => {
    const o = await place(Array.from({ length: 50 }, () => ({ dishId: three, quantity: 1 })));
    for (let i = 0; i < 50; i++) {
      await ok(await inject('POST', `/orders/${o.id}/items`, A.waiter.token, { dishId: three, quantity: 1 }), 201);
    }
    refused(
      await inject('POST', `/orders/${o.id}/items`, A.waiter.token, { dishId: three, quantity: 1 }),
      400,
      'validation',
      'items',
    );
    const [count] = await ctx.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(eq(orderItems.orderId, o.id));
    expect(count.n).toBe(100);
  });
});

describe('the audit log', () => {
  let waiterOfA: Staff;
  beforeAll(() => {
    waiterOfA = A.waiter;
  });

  it('lists the restaurant’s entries newest first, by page, filtered by kind, staff and day; admins only', async () => {
    const list = (query: string, token = A.owner.token) => inject('GET', `/audit${query}`, token);
    const all = auditPageResponse.parse(await ok(await list('')));
    expect(all.entries.length).toBeGreaterThan(5);
    expect(all.entries.map((e) => e.id)).toEqual([...all.entries.map((e) => e.id)].sort((a, b) => b - a));

    const voids = auditPageResponse.parse(await ok(await list('?kind=VOID'))).entries;
    expect(voids.length).toBeGreaterThan(0);
    expect(voids.every((e: AuditEntry) => e.kind === 'VOID')).toBe(true);
    const byWaiter = auditPageResponse.parse(await ok(await list(`?userId=${waiterOfA.userId}`))).entries;
    expect(byWaiter.length).toBeGreaterThan(0);
    expect(byWaiter.every((e) => e.userId === waiterOfA.userId)).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date());
    expect(auditPageResponse.parse(await ok(await list(`?day=${today}`))).entries.length).toBe(all.entries.length);
    expect(auditPageResponse.parse(await ok(await list('?day=2020-01-01'))).entries).toEqual([]);

    // Pages: the cursor continues where the first page ended.
    const rows = await auditRows();
    const second = auditPageResponse.parse(await ok(await list(`?cursor=${rows[2].id}`)));
    expect(second.entries[0].id).toBe(rows[3].id);

    refused(await list('', A.cashier.token), 403, 'accessDenied');
    refused(await list('?kind=NOPE'), 400, 'validation', 'kind');
    refused(await list('?day=2020-13-01'), 400, 'validation', 'day');
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/audit`,
      headers: bearer(B.owner.token),
    });
    expect(foreign.statusCode).toBe(404);
    // Another restaurant's log has none of A's entries.
    const other = auditPageResponse.parse(
      await ok(
        await ctx.app.inject({ method: 'GET', url: `/api/eatery/${B.id}/audit`, headers: bearer(B.owner.token) }),
      ),
    );
    expect(other.entries).toEqual([]);
  });

  it('exports CSV in the chosen language, formula-safe', async () => {
    const res = await inject('GET', '/audit.csv?kind=VOID&lang=ru', A.owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Дата;Время;Тип;Сотрудник;Подтвердил;Объект;До;После;Причина');
    expect(lines.slice(1).every((l) => l.includes(';Аннулирование;'))).toBe(true);
    expect(lines.some((l) => l.includes('Leyla') && l.includes('Burnt'))).toBe(true);
    refused(await inject('GET', '/audit.csv', A.waiter.token), 403, 'accessDenied');
  });

  it('records price, availability, role and password changes', async () => {
    const dish = await makeDish(ctx.app, A, { price: '5.00', nameAz: 'Dovğa' });
    const sold = await inject('PUT', `/dish/${dish}/availability`, A.kitchen.token, { available: false });
    expect(sold.statusCode, sold.body).toBe(200);
    const [availability] = await auditRows();
    expect(availability).toMatchObject({
      kind: 'AVAILABILITY',
      userId: A.kitchen.userId,
      subject: 'Dovğa',
      before: { available: true },
      after: { available: false },
    });

    const staff = await makeStaff(ctx.app, A.id, ['WAITER']);
    const [u] = await ctx.app.db.select().from(users).where(eq(users.id, staff.userId));
    const update = await inject('PUT', `/user/${staff.userId}`, A.owner.token, {
      username: u.email,
      name: 'Kamran',
      password: 'new-password-9',
      roles: ['WAITER', 'CASHIER'],
    });
    expect(update.statusCode, update.body).toBe(200);
    const [password, role] = await auditRows();
    expect(role).toMatchObject({
      kind: 'ROLE',
      userId: A.owner.userId,
      subject: u.email,
      before: { roles: 'WAITER' },
      after: { roles: 'WAITER, CASHIER' },
    });
    expect(password).toMatchObject({ kind: 'PASSWORD', subject: u.email, before: null, after: null });
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    const [entry] = await auditRows();
    await expect(
      ctx.app.db.update(auditLog).set({ reason: 'edited' }).where(eq(auditLog.id, entry.id)),
    ).rejects.toThrow();
    await expect(ctx.app.db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toThrow();
    const [still] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still).toEqual(entry);
  });
});

describe('order numbers', () => {
  it('start at 1 per restaurant and business day, without gaps or repeats, on every placing path', async () => {
    const C = await makeEatery(ctx.app, { name: 'Numbers' });
    const D = await makeEatery(ctx.app, { name: 'Numbers too' });
    const dishC = await makeDish(ctx.app, C, { price: '2.00' });
    const dishD = await makeDish(ctx.app, D, { price: '2.00' });
    const placeIn = (e: TestEatery, dishId: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/eatery/${e.id}/orders`,
        headers: bearer(e.waiter.token),
        payload: { tableId: e.tableId, items: [{ dishId, quantity: 1 }] },
      });
    const first = (await placeIn(C, dishC)).json() as Order;
    expect(first.number).toBe(1);
    // A refused order takes no number.
    expect((await placeIn(C, dishD)).statusCode).toBe(404);
    // Ten at once, staff and guests (the guest batch path): 2..11, each once.
    const placed = await Promise.all([
      ...Array.from({ length: 5 }, () => placeIn(C, dishC)),
      ...Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/client/eatery/${C.id}/table/${C.tableId}/orders`,
          payload: { items: [{ dishId: dishC, quantity: 1 }] },
        }),
      ),
    ]);
    const numbers = placed.map((r) => (r.json() as Order).number).sort((a, b) => a - b);
    expect(numbers).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // Another restaurant counts on its own.
    expect(((await placeIn(D, dishD)).json() as Order).number).toBe(1);
    // The list and the order read the same number.
    const listed = (
      await ctx.app.inject({ method: 'GET', url: `/api/eatery/${C.id}/orders`, headers: bearer(C.owner.token) })
    ).json() as Order[];
    expect(listed.find((o) => o.id === first.id)?.number).toBe(1);
    // A new business day in the restaurant's time zone starts again at 1.
    const [yesterday] = await ctx.app.db
      .insert(orders)
      .values({ eateryId: C.id, tableId: C.tableId, createdAt: new Date(Date.now() - 26 * 3_600_000) })
      .returning({ number: orders.number, day: orders.businessDay });
    expect(yesterday.number).toBe(1);
  });
});

describe('reports match the drawer', () => {
  it('on a day of payments, tips, voids, refunds and a cancel, the methods add up to revenue and tips to tips', async () => {
    const E = await makeEatery(ctx.app, { name: 'Drawer' });
    const plov = await makeDish(ctx.app, E, { price: '10.00' });
    const bread = await makeDish(ctx.app, E, { price: '3.33' });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = E.owner.token) =>
      ctx.app.inject({ method, url: `/api/eatery/${E.id}${url}`, headers: bearer(token), payload });
    const placeE = async () =>
      (
        await call('POST', '/orders', {
          tableId: E.tableId,
          items: [
            { dishId: plov, quantity: 1 },
            { dishId: bread, quantity: 1 },
          ],
        })
      ).json() as Order;
    const done = async (res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(200);
    };
    // 1: cash in two parts with a tip on top.
    const o1 = await placeE();
    await done(call('POST', '/bill/payments', { orderIds: [o1.id], method: 'CASH', amount: 5 }));
    await done(call('POST', '/bill/payments', { orderIds: [o1.id], method: 'CASH', tip: { amount: 1 } }));
    // 2: card, then the bread is returned: refund, void, close again.
    const o2 = await placeE();
    await done(call('POST', '/bill/payments', { orderIds: [o2.id], method: 'CARD', tip: { percent: 10 } }));
    await done(call('POST', '/bill/refunds', { orderIds: [o2.id], amount: 3.33, method: 'CARD', reason: 'Returned' }));
    // The void leaves the order costing what is still paid into it: that closes it again.
    await done(call('DELETE', `/orders/${o2.id}/items/${o2.items[1].id}`, { reason: 'Returned' }));
    // 3: paid in part, then the guest leaves: refund and cancel.
    const o3 = await placeE();
    await done(call('POST', '/bill/payments', { orderIds: [o3.id], method: 'CASH', amount: 2 }));
    await done(call('POST', '/bill/refunds', { orderIds: [o3.id], amount: 2, method: 'CASH', reason: 'Left' }));
    await done(call('PUT', `/orders/${o3.id}`, { status: 'CANCELLED' }));
    // 4: a discount, marked paid by status.
    const o4 = await placeE();
    await done(call('PUT', '/bill/discount', { orderIds: [o4.id], percent: 10, reason: 'Regular' }));
    await done(call('PUT', `/orders/${o4.id}`, { status: 'PAID', method: 'OTHER' }));

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date());
    const report = (await call('GET', `/reports?from=${today}&to=${today}`)).json() as {
      current: { revenue: number; tips: number; byMethod: { amount: number; tips: number }[] };
    };
    const cents = (n: number) => Math.round(n * 100);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    // 13.33 + 10.00 + (13.33 − 1.33) = 35.33
    expect(cents(report.current.revenue)).toBe(3533);
    expect(sum(report.current.byMethod.map((m) => cents(m.amount)))).toBe(cents(report.current.revenue));
    expect(sum(report.current.byMethod.map((m) => cents(m.tips)))).toBe(cents(report.current.tips));
    expect(cents(report.current.tips)).toBe(100 + 133);

    // The cashier reads the Z report: refunds and tips apart from what the bills took.
    const z = (await call('GET', `/reports/day?day=${today}`, undefined, E.cashier.token)).json() as {
      sales: { gross: number };
      byMethod: { method: string; amount: number; refunds: number; tips: number }[];
    };
    expect(cents(z.sales.gross)).toBe(3533);
    expect(sum(z.byMethod.map((m) => cents(m.amount)))).toBe(3533);
    expect(z.byMethod.find((m) => m.method === 'CARD')).toMatchObject({ amount: 10, refunds: 3.33, tips: 1.33 });
    expect(z.byMethod.find((m) => m.method === 'CASH')).toMatchObject({ amount: 13.33, refunds: 2, tips: 1 });
  });
});
