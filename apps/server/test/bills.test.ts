import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billResponse, splitEqually, type Bill, type OrderEvent } from '@qr-menu/contract';
import { orders, payments } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, makeTable, type TestEatery } from './orders-fixtures.js';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let ten: number; // 10.00
let soup: number; // 4.50
let bread: number; // 0.35
let three: number; // 3.00
let seven: number; // 7.00

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  ten = await makeDish(ctx.app, A, { price: '10.00', nameAz: 'Plov', nameEn: 'Pilaf', nameRu: 'Плов' });
  soup = await makeDish(ctx.app, A, { price: '4.50' });
  bread = await makeDish(ctx.app, A, { price: '0.35' });
  three = await makeDish(ctx.app, A, { price: '3.00' });
  seven = await makeDish(ctx.app, A, { price: '7.00' });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function order(e: TestEatery, items: { dishId: number; quantity: number }[], tableId = e.tableId) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(e.waiter.token),
    payload: { tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; items: { id: number; dishId: number }[] };
}

const getBill = (orderIds: number[], token = A.cashier.token, e = A) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/eatery/${e.id}/bill?orderIds=${orderIds.join(',')}`,
    headers: bearer(token),
  });
const pay = (body: object, token = A.cashier.token, e = A) =>
  ctx.app.inject({ method: 'POST', url: `/api/eatery/${e.id}/bill/payments`, headers: bearer(token), payload: body });
const discount = (body: object, token = A.owner.token, e = A) =>
  ctx.app.inject({ method: 'PUT', url: `/api/eatery/${e.id}/bill/discount`, headers: bearer(token), payload: body });

async function payOk(body: object, token?: string): Promise<Bill> {
  const res = await pay(body, token);
  expect(res.statusCode, res.body).toBe(200);
  return billResponse.parse(res.json());
}

async function orderRow(id: number) {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe('paying a bill', () => {
  it('an equal split of 10.00 in 3 parts: the order becomes PAID only after the third part', async () => {
    const events: OrderEvent[] = [];
    vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((_eateryId, e) => void events.push(e));
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const initial = billResponse.parse((await getBill([o.id])).json());
    expect(initial).toMatchObject({ subtotal: 10, discount: 0, total: 10, paid: 0, due: 10, status: 'OPEN' });
    expect(initial.eatery).toMatchObject({ id: A.id, name: 'Test Restaurant', timeZone: 'Asia/Baku', language: 'az' });
    expect(initial).toMatchObject({ serviceCharge: 0, vat: 0 });
    expect(initial.items).toEqual([
      {
        id: o.items[0].id,
        orderId: o.id,
        name: 'Plov',
        names: { az: expect.any(String), en: expect.any(String), ru: expect.any(String) },
        quantity: 1,
        price: 10,
        total: 10,
        paid: false,
        options: [],
      },
    ]);

    const parts = splitEqually(1000, 3);
    expect(parts).toEqual([334, 333, 333]);
    const first = await payOk({ orderIds: [o.id], method: 'CASH', amount: parts[0] / 100 });
    expect(first).toMatchObject({ paid: 3.34, due: 6.66, status: 'OPEN', paidAt: null });
    expect((await orderRow(o.id)).status).not.toBe('PAID');
    // Decimal strings are amounts too.
    const second = await payOk({ orderIds: [o.id], method: 'CARD', amount: '3.33' });
    expect(second).toMatchObject({ paid: 6.67, due: 3.33, status: 'OPEN' });
    expect(events.filter((e) => e.status === 'PAID')).toEqual([]);
    const before = await orderRow(o.id);

    const third = await payOk({ orderIds: [o.id], method: 'OTHER' }); // no amount: all that is due
    expect(third).toMatchObject({ paid: 10, due: 0, tips: 0, status: 'PAID', paidBy: 'cashier' });
    expect(third.orders[0].status).toBe('PAID');
    expect(Date.parse(third.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(third.payments.map((p) => [p.method, p.amount, p.createdBy])).toEqual([
      ['CASH', 3.34, 'cashier'],
      ['CARD', 3.33, 'cashier'],
      ['OTHER', 3.33, 'cashier'],
    ]);
    const row = await orderRow(o.id);
    expect(row).toMatchObject({ status: 'PAID', paidBy: A.cashier.userId });
    expect(row.version).toBe(before.version + 1);
    // Staff screens learn it live, with the order as they list it.
    const paidEvent = events.find((e) => e.type === 'ORDER_UPDATED' && e.status === 'PAID');
    expect(paidEvent).toMatchObject({ orderId: o.id, version: row.version, order: { id: o.id, status: 'PAID' } });
  });

  it('tips: an amount, or a percent of the part rounded half-up to the cent', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const a = await payOk({ orderIds: [o.id], method: 'CARD', amount: 3.34, tip: { percent: 12.5 } });
    // 12.5 % of 3.34 = 0.4175 → 0.42
    expect(a.payments[0]).toMatchObject({ amount: 3.34, tip: 0.42 });
    const b = await payOk({ orderIds: [o.id], method: 'CASH', amount: '3.33', tip: { amount: '1.5' } });
    expect(b.payments[1]).toMatchObject({ amount: 3.33, tip: 1.5 });
    const c = await payOk({ orderIds: [o.id], method: 'CASH', tip: { percent: '10' } });
    // 10 % of 3.33 = 0.333 → 0.33; tips are not part of what is paid.
    expect(c).toMatchObject({ paid: 10, tips: 2.25, due: 0, status: 'PAID' });
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(rows.map((r) => [r.amount, r.tip])).toEqual([
      ['3.34', '0.42'],
      ['3.33', '1.50'],
      ['3.33', '0.33'],
    ]);
  });

  it('two orders of one table in one bill: the parts spread over the orders, both PAID at the end', async () => {
    const table = await makeTable(ctx.app, A.id, 'two-orders');
    const o1 = await order(A, [{ dishId: three, quantity: 1 }], table);
    const o2 = await order(A, [{ dishId: seven, quantity: 1 }], table);
    const half = await payOk({ orderIds: [o2.id, o1.id], method: 'CASH', amount: 5 });
    expect(half).toMatchObject({ subtotal: 10, paid: 5, due: 5, status: 'OPEN' });
    expect(half.orders.map((x) => x.id)).toEqual([o1.id, o2.id]);
    expect(half.payments).toHaveLength(1); // one part, two rows
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.groupId, half.payments[0].id));
    expect(rows.map((r) => [r.orderId, r.amount]).sort()).toEqual([
      [o1.id, '3.00'],
      [o2.id, '2.00'],
    ]);
    const done = await payOk({ orderIds: [o1.id, o2.id], method: 'CARD' });
    expect(done).toMatchObject({ paid: 10, due: 0, status: 'PAID' });
    expect(done.orders.map((x) => x.status)).toEqual(['PAID', 'PAID']);
    expect((await getBill([o1.id])).json()).toMatchObject({ total: 3, paid: 3, status: 'PAID' });
  });

  it('split by items: the server prices them, none is paid twice, the last items close the bill', async () => {
    const o = await order(A, [
      { dishId: soup, quantity: 2 },
      { dishId: bread, quantity: 1 },
    ]);
    const [soupItem, breadItem] = o.items.map((i) => i.id);
    const first = await payOk({ orderIds: [o.id], method: 'CARD', itemIds: [soupItem] });
    expect(first).toMatchObject({ subtotal: 9.35, paid: 9, due: 0.35, status: 'OPEN' });
    expect(first.items.map((i) => [i.id, i.paid])).toEqual([
      [soupItem, true],
      [breadItem, false],
    ]);
    expect(first.payments[0].itemIds).toEqual([soupItem]);
    for (const itemIds of [[soupItem], [breadItem, soupItem], [99_999_999]]) {
      const again = await pay({ orderIds: [o.id], method: 'CASH', itemIds });
      expect(again.statusCode).toBe(400);
      expect(again.json().details).toEqual([{ field: 'itemIds', messageKey: 'validation.itemNotPayable' }]);
    }
    const last = await payOk({ orderIds: [o.id], method: 'CASH', itemIds: [breadItem] });
    expect(last).toMatchObject({ paid: 9.35, due: 0, status: 'PAID' });
  });

  it('split by items with a discount: each part takes its share, the last part what is left', async () => {
    const o = await order(A, [
      { dishId: soup, quantity: 2 },
      { dishId: bread, quantity: 1 },
    ]);
    const [soupItem, breadItem] = o.items.map((i) => i.id);
    expect((await discount({ orderIds: [o.id], amount: 1, reason: 'Regular guest' })).statusCode).toBe(200);
    // 9.00 - 1.00 × 9.00 / 9.35 (0.9626 → 0.96) = 8.04; then 8.35 - 8.04 = 0.31.
    const first = await payOk({ orderIds: [o.id], method: 'CARD', itemIds: [soupItem] });
    expect(first).toMatchObject({ total: 8.35, paid: 8.04, due: 0.31 });
    const last = await payOk({ orderIds: [o.id], method: 'CARD', itemIds: [breadItem] });
    expect(last).toMatchObject({ paid: 8.35, due: 0, status: 'PAID' });
  });

  it('an item of another order, or a deleted item, is not payable', async () => {
    const o = await order(A, [{ dishId: soup, quantity: 1 }]);
    const other = await order(A, [{ dishId: soup, quantity: 1 }]);
    const foreign = await order(B, [{ dishId: await makeDish(ctx.app, B, { price: '1.00' }), quantity: 1 }]);
    const twoItems = await order(A, [
      { dishId: soup, quantity: 1 },
      { dishId: bread, quantity: 1 },
    ]);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${twoItems.id}/items/${twoItems.items[1].id}`,
      headers: bearer(A.owner.token),
      payload: { reason: 'Guest changed their mind' },
    });
    expect(del.statusCode).toBe(200);
    for (const [orderIds, itemIds] of [
      [[o.id], [other.items[0].id]],
      [[o.id], [foreign.items[0].id]],
      [[twoItems.id], [twoItems.items[1].id]],
    ]) {
      const res = await pay({ orderIds, method: 'CASH', itemIds });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'itemIds', messageKey: 'validation.itemNotPayable' }]);
    }
    // The deleted item is not on the bill.
    expect(billResponse.parse((await getBill([twoItems.id])).json())).toMatchObject({ subtotal: 4.5 });
  });

  it('more than is due answers 400 amountTooHigh and records nothing', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    await payOk({ orderIds: [o.id], method: 'CASH', amount: 4 });
    const res = await pay({ orderIds: [o.id], method: 'CASH', amount: '6.01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      messageKey: 'validation',
      details: [{ field: 'amount', messageKey: 'validation.amountTooHigh' }],
    });
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id))).toHaveLength(1);
  });

  it('wrong types answer 400 with the field', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const cases: [object, string, string][] = [
      [{ amount: 'abc' }, 'amount', 'validation.amount'],
      [{ amount: 1.234 }, 'amount', 'validation.amount'],
      [{ amount: '1.234' }, 'amount', 'validation.amount'],
      [{ amount: -1 }, 'amount', 'validation.amount'],
      [{ amount: 1e12 }, 'amount', 'validation.amount'],
      [{ amount: null }, 'amount', 'validation.amount'],
      [{ method: 'BITCOIN' }, 'method', 'validation.invalid'],
      [{ method: undefined }, 'method', 'validation.required'],
      [{ tip: { percent: 101 } }, 'tip', 'validation.invalid'],
      [{ tip: 5 }, 'tip', 'validation.invalid'],
      [{ orderIds: [] }, 'orderIds', 'validation.required'],
      [{ orderIds: ['x'] }, 'orderIds.0', 'validation.invalid'],
      [{ itemIds: [o.items[0].id], amount: 1 }, 'itemIds', 'validation.invalid'],
      [{ amount: 0 }, 'amount', 'validation.amount'],
    ];
    for (const [patch, field, messageKey] of cases) {
      const res = await pay({ orderIds: [o.id], method: 'CASH', ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().details, JSON.stringify(patch)).toContainEqual({ field, messageKey });
    }
    for (const query of ['', '?orderIds=', '?orderIds=abc', '?orderIds=1,,2', '?orderIds=0']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/eatery/${A.id}/bill${query}`,
        headers: bearer(A.cashier.token),
      });
      expect(res.statusCode, query).toBe(400);
    }
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id))).toEqual([]);
  });
});

describe('discount', () => {
  it('the admin gives a discount with a reason, shared over the orders in proportion to their totals', async () => {
    const table = await makeTable(ctx.app, A.id, 'discount');
    const o1 = await order(A, [{ dishId: three, quantity: 1 }], table);
    const o2 = await order(A, [{ dishId: seven, quantity: 1 }], table);
    const res = await discount({ orderIds: [o1.id, o2.id], amount: '1.01', reason: ' Birthday ' });
    expect(res.statusCode, res.body).toBe(200);
    const bill = billResponse.parse(res.json());
    // 1.01 × 3/10 = 0.303 → 0.30; the remaining 0.71 on the last order.
    expect(bill.orders.map((o) => o.discount)).toEqual([0.3, 0.71]);
    expect(bill).toMatchObject({ subtotal: 10, discount: 1.01, total: 8.99, due: 8.99, discountReason: 'Birthday' });
    expect((await orderRow(o2.id)).discount).toBe('0.71');

    const percent = billResponse.parse(
      (await discount({ orderIds: [o1.id, o2.id], percent: 12.5, reason: 'Happy hour' })).json(),
    );
    expect(percent).toMatchObject({ discount: 1.25, total: 8.75, discountReason: 'Happy hour' });
    const removed = billResponse.parse((await discount({ orderIds: [o1.id, o2.id], amount: 0 })).json());
    expect(removed).toMatchObject({ discount: 0, total: 10, discountReason: null });
  });

  it('needs a reason, may not exceed the subtotal, and is the admin’s alone (403 for the cashier)', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const cases: [object, string, string][] = [
      [{ amount: 1 }, 'reason', 'validation.reasonRequired'],
      [{ amount: 1, reason: '   ' }, 'reason', 'validation.reasonRequired'],
      [{ amount: '10.01', reason: 'x' }, 'amount', 'validation.amountTooHigh'],
      [{ percent: '100.01', reason: 'x' }, 'percent', 'validation.percent'],
      [{ amount: 'abc', reason: 'x' }, 'amount', 'validation.amount'],
      [{ reason: 'x' }, 'amount', 'validation.required'],
      [{ amount: 1, percent: 1, reason: 'x' }, 'percent', 'validation.invalid'],
    ];
    for (const [patch, field, messageKey] of cases) {
      const res = await discount({ orderIds: [o.id], ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().details).toContainEqual({ field, messageKey });
    }
    for (const token of [A.waiter.token, A.kitchen.token]) {
      const res = await discount({ orderIds: [o.id], amount: 1, reason: 'x' }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('accessDenied');
    }
    // A cashier gives one only with a manager's approval (pin-approval.test.ts).
    const cashier = await discount({ orderIds: [o.id], amount: 1, reason: 'x' }, A.cashier.token);
    expect(cashier.statusCode).toBe(403);
    expect(cashier.json().messageKey).toBe('managerApprovalRequired');
    expect((await orderRow(o.id)).discount).toBe('0.00');
    // The whole subtotal is a valid discount: the bill then owes nothing, and a part of nothing closes it.
    const free = billResponse.parse(
      (await discount({ orderIds: [o.id], percent: 100, reason: 'On the house' })).json(),
    );
    expect(free).toMatchObject({ total: 0, due: 0, status: 'OPEN' });
    expect(await payOk({ orderIds: [o.id], method: 'OTHER' })).toMatchObject({ status: 'PAID', paid: 0 });
  });

  it('may not go below what is already paid', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    await payOk({ orderIds: [o.id], method: 'CASH', amount: 6 });
    const res = await discount({ orderIds: [o.id], amount: '4.01', reason: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'amount', messageKey: 'validation.amountTooHigh' }]);
    // Exactly the rest: the bill is covered and closes.
    const closed = billResponse.parse((await discount({ orderIds: [o.id], amount: 4, reason: 'x' })).json());
    expect(closed).toMatchObject({ total: 6, paid: 6, due: 0, status: 'PAID', paidBy: 'owner' });
    expect((await orderRow(o.id)).status).toBe('PAID');
  });
});

describe('roles, tenancy and closed orders', () => {
  it('401 without a token; WAITER and KITCHEN_ADMIN 403; CASHIER and EATERY_ADMIN read it', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const url = `/api/eatery/${A.id}/bill?orderIds=${o.id}`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/bill/payments`,
      payload: { orderIds: [o.id], method: 'CASH' },
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().messageKey).toBe('jwtInvalid');
    for (const token of [A.waiter.token, A.kitchen.token]) {
      expect((await getBill([o.id], token)).statusCode).toBe(403);
      expect((await pay({ orderIds: [o.id], method: 'CASH' }, token)).statusCode).toBe(403);
    }
    expect((await getBill([o.id], A.owner.token)).statusCode).toBe(200);
    const admin = await makeStaff(ctx.app, A.id, ['EATERY_ADMIN']);
    expect((await pay({ orderIds: [o.id], method: 'CARD', amount: 1 }, admin.token)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id))).toHaveLength(1);
  });

  it('another restaurant’s order answers 404, also mixed with one’s own, without saying which', async () => {
    const mine = await order(A, [{ dishId: ten, quantity: 1 }]);
    const theirs = await order(B, [{ dishId: await makeDish(ctx.app, B, { price: '2.00' }), quantity: 1 }]);
    for (const ids of [[theirs.id], [mine.id, theirs.id], [mine.id, 99_999_999]]) {
      const get = await getBill(ids);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({
        messageKey: 'notYourResource',
        message: expect.any(String),
        requestId: expect.any(String),
      });
      expect((await pay({ orderIds: ids, method: 'CASH' })).statusCode).toBe(404);
      expect((await discount({ orderIds: ids, amount: 1, reason: 'x' })).statusCode).toBe(404);
    }
    // Staff of B cannot reach A's bills at all.
    expect((await getBill([mine.id], B.cashier.token)).statusCode).toBe(404);
    expect((await getBill([mine.id], B.cashier.token, B)).statusCode).toBe(404);
    expect((await orderRow(theirs.id)).status).toBe('CREATED');
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, theirs.id))).toEqual([]);
  });

  it('a PAID order takes no new payment or discount (409 orderClosed), but its bill is still read: the receipt', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    await payOk({ orderIds: [o.id], method: 'CARD' });
    const again = await pay({ orderIds: [o.id], method: 'CASH', amount: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().messageKey).toBe('orderClosed');
    expect((await discount({ orderIds: [o.id], amount: 1, reason: 'x' })).statusCode).toBe(409);
    const receipt = await getBill([o.id]);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toMatchObject({ status: 'PAID', paid: 10, due: 0 });
    // An open order with a closed one: 409 too.
    const open = await order(A, [{ dishId: ten, quantity: 1 }]);
    expect((await pay({ orderIds: [open.id, o.id], method: 'CASH' })).statusCode).toBe(409);
  });

  it('every part paid is news: the orders it pays into get a new version and an ORDER_UPDATED event', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const events: OrderEvent[] = [];
    vi.spyOn(ctx.app.realtime, 'emitOrderEvent').mockImplementation((_eateryId, e) => void events.push(e));
    const before = await orderRow(o.id);
    await payOk({ orderIds: [o.id], method: 'CASH', amount: 4 });
    const after = await orderRow(o.id);
    expect(after.version).toBe(before.version + 1);
    expect(events).toEqual([expect.objectContaining({ type: 'ORDER_UPDATED', orderId: o.id, version: after.version })]);
  });

  it('paying the bill answers the table’s open "bill please" call, and only that table’s', async () => {
    const guest = (device: string) => ({ cookies: { device_id: device } });
    const call = async (tableId: number, device: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/client/eatery/${A.id}/table/${tableId}/calls`,
        payload: { kind: 'BILL', paymentMethod: 'CARD' },
        ...guest(device),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    const otherTable = await makeTable(ctx.app, A.id, 'T-bill-2');
    const mine = await call(A.tableId, 'device-bill-aaaaaaaaaaaa');
    const other = await call(otherTable, 'device-bill-bbbbbbbbbbbb');
    const o = await order(A, [{ dishId: three, quantity: 1 }]);
    await payOk({ orderIds: [o.id], method: 'CARD' });
    const list = (
      await ctx.app.inject({ method: 'GET', url: `/api/eatery/${A.id}/calls`, headers: bearer(A.cashier.token) })
    ).json() as { id: number; status: string; acknowledgedBy: string | null }[];
    expect(list.find((c) => c.id === mine.id)).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: 'cashier' });
    expect(list.find((c) => c.id === other.id)).toMatchObject({ status: 'OPEN' });
  });

  it('a status change to PAID records a payment of what is due (cash unless a method is sent); the bill is closed', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}/orders/${o.id}`,
      headers: bearer(A.cashier.token),
      payload: { status: 'PAID' },
    });
    expect(put.statusCode).toBe(200);
    const bill = billResponse.parse((await getBill([o.id])).json());
    expect(bill).toMatchObject({ status: 'PAID', paid: 10, due: 0, paidBy: 'cashier' });
    expect(bill.payments).toMatchObject([{ method: 'CASH', amount: 10, tip: 0, createdBy: 'cashier' }]);
    expect(Date.parse(bill.paidAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await pay({ orderIds: [o.id], method: 'CASH' })).statusCode).toBe(409);

    const card = await order(A, [{ dishId: ten, quantity: 2 }]);
    const byCard = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}/orders/${card.id}`,
      headers: bearer(A.owner.token),
      payload: { status: 'PAID', method: 'CARD' },
    });
    expect(byCard.statusCode).toBe(200);
    expect(billResponse.parse((await getBill([card.id])).json()).payments).toMatchObject([
      { method: 'CARD', amount: 20 },
    ]);
  });

  it('two cashiers paying the whole bill at once: one payment is recorded', async () => {
    const o = await order(A, [{ dishId: ten, quantity: 1 }]);
    const results = await Promise.all([
      pay({ orderIds: [o.id], method: 'CASH', amount: 10 }),
      pay({ orderIds: [o.id], method: 'CARD', amount: 10 }, A.owner.token),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    const loser = results.find((r) => r.statusCode !== 200)!.json();
    expect(['validation', 'orderClosed']).toContain(loser.messageKey);
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(rows.map((r) => r.amount)).toEqual(['10.00']);
    expect((await orderRow(o.id)).status).toBe('PAID');
  });
});
