import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayReportResponse, reportResponse, type Report } from '@qr-menu/contract';
import { orderStatusHistory, orders, payments, tableAssignments, users } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, makeTable, type TestEatery } from './orders-fixtures.js';

/**
 * The owner's reports on a small known data set, restaurant in Asia/Baku (UTC+4, no DST). Range 2025-03-10 (Mon) ..
 * 2025-03-12, previous range 2025-03-07 .. 03-09. Orders are made through the API (items, discount, payments with a
 * tip) and then moved into the past with direct updates of their timestamps:
 * - O1 table 1: 2 × Plov 10.00 + 1 × Dovğa 4.50 (deleted), discount 2.00, paid CASH with a 1.50 tip. Placed
 *   2025-03-10 23:30 local (19:30 UTC), paid 23:50; READY after 12 min, SERVED (ISSUED) after 20 min.
 * - O2 table 2 (no waiter): 2 × Dovğa + 1 × Çörək 0.35 = 9.35, paid CARD. Placed 2025-03-11 00:30 local (20:30 UTC
 *   of the 10th: the UTC day would be wrong), paid 01:00 local; READY after 6 min.
 * - O3 table 1: 1 × Plov, CANCELLED, placed 2025-03-11 12:00 local.
 * - O4 table 1: 3 × Çörək, still open (CREATED), placed 2025-03-11 13:00 local.
 * - O0 table 1: 1 × Plov paid CASH, placed 2025-03-08 14:00 local (the previous range).
 * Table 1 has two waiters (Aydan, and one without a name: shown by e-mail); an order counts for each.
 */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let plov: number;
let dovga: number;
let corek: number;
let table2: number;
let waiter1: number;
let waiter2: number;
/** The orders' numbers of the day (what the CSV files name them by). */
const numbers = { o0: 0, o1: 0, o2: 0, o3: 0, o4: 0 };
const INJECTION = '=HYPERLINK("http://evil.example","click; here")';

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${A.id}${url}`, headers: bearer(token), payload });

async function ok(res: Awaited<ReturnType<typeof api>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

async function placeOrder(tableId: number, items: { dishId: number; quantity: number; note?: string }[]) {
  const o = await ok(await api('POST', '/orders', A.waiter.token, { tableId, items }), 201);
  return o as { id: number; number: number; items: { id: number; dishId: number }[] };
}

const setStatus = async (orderId: number, status: string) =>
  ok(await api('PUT', `/orders/${orderId}`, A.owner.token, { status }));

const utc = (iso: string) => new Date(iso);

/** Moves an order (and its payments) to when it happened. */
async function backdate(orderId: number, createdAt: string, paidAt?: string) {
  await ctx.app.db
    .update(orders)
    .set({ createdAt: utc(createdAt), updatedAt: utc(paidAt ?? createdAt), paidAt: paidAt ? utc(paidAt) : null })
    .where(eq(orders.id, orderId));
  if (paidAt)
    await ctx.app.db
      .update(payments)
      .set({ createdAt: utc(paidAt) })
      .where(eq(payments.orderId, orderId));
}

/** The history row of `status` of the order now says `at`. */
async function historyAt(orderId: number, status: string, at: string) {
  await ctx.app.db
    .update(orderStatusHistory)
    .set({ changedAt: utc(at) })
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.status, status)));
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  plov = await makeDish(ctx.app, A, { price: '10.00', nameAz: 'Plov', nameEn: 'Pilaf', nameRu: 'Плов' });
  dovga = await makeDish(ctx.app, A, { price: '4.50', nameAz: 'Dovğa', nameEn: 'Dovga', nameRu: 'Довга' });
  corek = await makeDish(ctx.app, A, { price: '0.35', nameAz: 'Çörək', nameEn: 'Bread, rye', nameRu: 'Хлеб' });
  table2 = await makeTable(ctx.app, A.id, '2');
  waiter1 = A.waiter.userId;
  await ctx.app.db.update(users).set({ name: 'Aydan' }).where(eq(users.id, waiter1));
  waiter2 = (await makeStaff(ctx.app, A.id, ['WAITER'])).userId;
  await ctx.app.db.insert(tableAssignments).values([
    { eateryId: A.id, tableId: A.tableId, waiterId: waiter1 },
    { eateryId: A.id, tableId: A.tableId, waiterId: waiter2 },
  ]);

  // O0: the previous range.
  const o0 = await placeOrder(A.tableId, [{ dishId: plov, quantity: 1 }]);
  await ok(await api('POST', '/bill/payments', A.cashier.token, { orderIds: [o0.id], method: 'CASH' }));
  await backdate(o0.id, '2025-03-08T10:00:00Z', '2025-03-08T10:30:00Z');

  // O1: a deleted item, a discount, READY then SERVED, paid in cash with a tip; the note is a formula.
  const o1 = await placeOrder(A.tableId, [
    { dishId: plov, quantity: 2, note: INJECTION },
    { dishId: dovga, quantity: 1 },
  ]);
  await ok(await api('DELETE', `/orders/${o1.id}/items/${o1.items[1].id}`, A.waiter.token, { reason: 'Wrong item' }));
  await ok(await api('PUT', '/bill/discount', A.owner.token, { orderIds: [o1.id], amount: 2, reason: 'regular' }));
  // Cooked, then served by Aydan: the order is hers in the waiter figures (the table's other waiter gets nothing).
  await ok(await api('PUT', `/orders/${o1.id}/items/${o1.items[0].id}`, A.kitchen.token, { status: 'READY' }));
  await ok(await api('PUT', `/orders/${o1.id}/items/${o1.items[0].id}`, A.waiter.token, { status: 'SERVED' }));
  await ok(
    await api('POST', '/bill/payments', A.cashier.token, { orderIds: [o1.id], method: 'CASH', tip: { amount: 1.5 } }),
  );
  await backdate(o1.id, '2025-03-10T19:30:00Z', '2025-03-10T19:50:00Z');
  await historyAt(o1.id, 'READY', '2025-03-10T19:42:00Z');
  await historyAt(o1.id, 'ISSUED', '2025-03-10T19:50:00Z');

  // O2: after midnight in Baku, before it in UTC.
  const o2 = await placeOrder(table2, [
    { dishId: dovga, quantity: 2 },
    { dishId: corek, quantity: 1 },
  ]);
  await setStatus(o2.id, 'READY');
  await ok(await api('POST', '/bill/payments', A.cashier.token, { orderIds: [o2.id], method: 'CARD' }));
  await backdate(o2.id, '2025-03-10T20:30:00Z', '2025-03-10T21:00:00Z');
  await historyAt(o2.id, 'READY', '2025-03-10T20:36:00Z');

  // O3: cancelled; O4: still open.
  const o3 = await placeOrder(A.tableId, [{ dishId: plov, quantity: 1 }]);
  await setStatus(o3.id, 'CANCELLED');
  await backdate(o3.id, '2025-03-11T08:00:00Z');
  const o4 = await placeOrder(A.tableId, [{ dishId: corek, quantity: 3 }]);
  await backdate(o4.id, '2025-03-11T09:00:00Z');

  // Restaurant B's sales must not show up in A's reports.
  const bDish = await makeDish(ctx.app, B, { price: '99.00' });
  const bo = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${B.id}/orders`,
    headers: bearer(B.waiter.token),
    payload: { tableId: B.tableId, items: [{ dishId: bDish, quantity: 1 }] },
  });
  const boId = (bo.json() as { id: number }).id;
  await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${B.id}/bill/payments`,
    headers: bearer(B.cashier.token),
    payload: { orderIds: [boId], method: 'CASH' },
  });
  await ctx.app.db
    .update(orders)
    .set({ createdAt: utc('2025-03-10T10:00:00Z'), paidAt: utc('2025-03-10T10:05:00Z') })
    .where(eq(orders.id, boId));
  await ctx.app.db
    .update(payments)
    .set({ createdAt: utc('2025-03-10T10:05:00Z') })
    .where(eq(payments.orderId, boId));

  Object.assign(numbers, { o0: o0.number, o1: o1.number, o2: o2.number, o3: o3.number, o4: o4.number });
});

async function getReport(from = '2025-03-10', to = '2025-03-12'): Promise<Report> {
  return reportResponse.parse(await ok(await api('GET', `/reports?from=${from}&to=${to}`, A.owner.token)));
}

const names = (az: string, en: string, ru: string) => ({ az, en, ru });

describe('GET /reports', () => {
  it('the headline figures of the range and of the previous range', async () => {
    const r = await getReport();
    expect(r.timeZone).toBe('Asia/Baku');
    expect(r.current).toEqual({
      from: '2025-03-10',
      to: '2025-03-12',
      revenue: 27.35, // O1 20.00 − 2.00 + O2 9.35; O1's deleted Dovğa and the cancelled / open orders are not revenue
      orders: 2,
      averageCheck: 13.68, // 27.35 / 2, half up
      tips: 1.5,
      discounts: 2,
      cancelled: 1,
      cancelledShare: 0.25, // O3 of O1..O4 placed in the range
      byMethod: [
        { method: 'CARD', amount: 9.35, tips: 0 },
        { method: 'CASH', amount: 18, tips: 1.5 },
      ],
      minutesToReady: 9, // (12 + 6) / 2
      minutesToServed: 20,
    });
    expect(r.previous).toEqual({
      from: '2025-03-07',
      to: '2025-03-09',
      revenue: 10,
      orders: 1,
      averageCheck: 10,
      tips: 0,
      discounts: 0,
      cancelled: 0,
      cancelledShare: 0,
      byMethod: [{ method: 'CASH', amount: 10, tips: 0 }],
      minutesToReady: null,
      minutesToServed: null,
    });
  });

  it('every day of the range, in the restaurant time zone (an order at 00:30 in Baku is the next day)', async () => {
    const r = await getReport();
    expect(r.byDay).toEqual([
      { day: '2025-03-10', revenue: 18, orders: 1 },
      { day: '2025-03-11', revenue: 9.35, orders: 1 },
      { day: '2025-03-12', revenue: 0, orders: 0 },
    ]);
  });

  it('orders placed by weekday and hour (local), cancelled ones left out', async () => {
    const r = await getReport();
    expect(r.byHour).toEqual([
      { weekday: 1, hour: 23, orders: 1 }, // O1, Monday 23:30
      { weekday: 2, hour: 0, orders: 1 }, // O2, Tuesday 00:30
      { weekday: 2, hour: 13, orders: 1 }, // O4 (O3 at 12:00 was cancelled)
    ]);
  });

  it('dishes of the paid orders, most and least sold by quantity and by revenue', async () => {
    const r = await getReport();
    const p = { dishId: plov, names: names('Plov', 'Pilaf', 'Плов'), quantity: 2, revenue: 20 };
    const d = { dishId: dovga, names: names('Dovğa', 'Dovga', 'Довга'), quantity: 2, revenue: 9 };
    const c = { dishId: corek, names: names('Çörək', 'Bread, rye', 'Хлеб'), quantity: 1, revenue: 0.35 };
    expect(r.topByQuantity).toEqual([d, p, c]); // ties by name
    expect(r.bottomByQuantity).toEqual([c, d, p]);
    expect(r.topByRevenue).toEqual([p, d, c]);
    expect(r.bottomByRevenue).toEqual([c, d, p]);
  });

  it('revenue per table, and per waiter: each order once, for the waiter who served it', async () => {
    const r = await getReport();
    expect(r.byTable).toEqual([
      { tableNumber: '1', revenue: 18, orders: 1 },
      { tableNumber: '2', revenue: 9.35, orders: 1 },
    ]);
    expect(r.byWaiter).toEqual([
      { waiterId: waiter1, name: 'Aydan', revenue: 18, orders: 1 },
      { waiterId: null, name: null, revenue: 9.35, orders: 1 },
    ]);
  });

  it('a range without orders: zeros, empty lists, every day present', async () => {
    const r = await getReport('2024-01-01', '2024-01-02');
    expect(r.current).toMatchObject({ revenue: 0, orders: 0, averageCheck: 0, cancelledShare: 0, byMethod: [] });
    expect(r.byDay).toEqual([
      { day: '2024-01-01', revenue: 0, orders: 0 },
      { day: '2024-01-02', revenue: 0, orders: 0 },
    ]);
    expect([r.byHour, r.topByQuantity, r.byTable, r.byWaiter]).toEqual([[], [], [], []]);
  });

  it('one day in UTC terms would be wrong: 2025-03-10 alone holds O1 only', async () => {
    const r = await getReport('2025-03-10', '2025-03-10');
    expect(r.current).toMatchObject({ revenue: 18, orders: 1, cancelled: 0 });
    expect(r.previous).toMatchObject({ from: '2025-03-09', to: '2025-03-09', revenue: 0 });
  });
});

describe('GET /reports/day (the X report; day-report.test.ts checks every figure)', () => {
  it('2025-03-10: O1 paid with its discount; nothing cancelled or open', async () => {
    const d = dayReportResponse.parse(await ok(await api('GET', '/reports/day?day=2025-03-10', A.owner.token)));
    expect(d).toMatchObject({
      eatery: { id: A.id, name: 'Test Restaurant', timeZone: 'Asia/Baku', language: 'az' },
      day: '2025-03-10',
      from: '2025-03-09T20:00:00.000Z',
      to: '2025-03-10T20:00:00.000Z',
      z: null,
      sales: { orders: 1, items: 20, discounts: 2, serviceCharge: 0, gross: 18, vat: 0, net: 18 },
      byOrigin: { guest: { count: 0, amount: 0 }, staff: { count: 1, amount: 18 } },
      discounts: { count: 1, amount: 2 },
      cancelledOrders: 0,
      openOrders: { count: 0, amount: 0 },
    });
  });

  it('2025-03-11: O2 paid after midnight, O3 cancelled, O4 still open', async () => {
    const d = dayReportResponse.parse(await ok(await api('GET', '/reports/day?day=2025-03-11', A.cashier.token)));
    expect(d).toMatchObject({
      sales: { orders: 1, items: 9.35, discounts: 0, gross: 9.35 },
      discounts: { count: 0, amount: 0 },
      cancelledOrders: 1,
      openOrders: { count: 1, amount: 1.05 },
    });
  });
});

const csv = (file: string, lang: string) =>
  api('GET', `/reports/${file}?from=2025-03-10&to=2025-03-12&lang=${lang}`, A.owner.token);

describe('CSV exports', () => {
  it('orders.csv in English: BOM, header, comma and decimal point, local dates', async () => {
    const res = await csv('orders.csv', 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2025-03-10-2025-03-12.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).split('\r\n')).toEqual([
      'Order,Date,Time,Table,Status,Items,Total,Discount,Tips,Paid at,Payment methods',
      `${numbers.o1},2025-03-10,23:30,1,Paid,2,18.00,2.00,1.50,2025-03-10 23:50,Cash`,
      `${numbers.o2},2025-03-11,00:30,2,Paid,3,9.35,0.00,0.00,2025-03-11 01:00,Card`,
      `${numbers.o3},2025-03-11,12:00,1,Cancelled,1,10.00,0.00,0.00,,`,
      `${numbers.o4},2025-03-11,13:00,1,New,3,1.05,0.00,0.00,,`,
      '',
    ]);
  });

  it('orders.csv in Azerbaijani and Russian: semicolons and decimal commas, translated headers', async () => {
    const az = (await csv('orders.csv', 'az')).body.slice(1).split('\r\n');
    expect(az[0]).toBe('Sifariş;Tarix;Saat;Masa;Status;Məhsul sayı;Cəmi;Endirim;Çaypulu;Ödənilib;Ödəniş üsulu');
    expect(az[1]).toBe(`${numbers.o1};2025-03-10;23:30;1;Ödənilib;2;18,00;2,00;1,50;2025-03-10 23:50;Nağd`);
    const ru = (await csv('orders.csv', 'ru')).body.slice(1).split('\r\n');
    expect(ru[0]).toBe('Заказ;Дата;Время;Стол;Статус;Позиций;Итого;Скидка;Чаевые;Оплачен;Способы оплаты');
    expect(ru[2]).toBe(`${numbers.o2};2025-03-11;00:30;2;Оплачен;3;9,35;0,00;0,00;2025-03-11 01:00;Карта`);
  });

  it('items.csv: every item with its status (served, deleted; setting the order status leaves items New), names in the language, formula-safe and quoted notes', async () => {
    const en = (await csv('items.csv', 'en')).body.slice(1).split('\r\n');
    expect(en[0]).toBe('Order,Date,Table,Dish,Quantity,Unit price,Line total,Status,Note');
    expect(en.slice(1, 4)).toEqual([
      `${numbers.o1},2025-03-10 23:30,1,Pilaf,2,10.00,20.00,Served,"'=HYPERLINK(""http://evil.example"",""click; here"")"`,
      `${numbers.o1},2025-03-10 23:30,1,Dovga,1,4.50,4.50,Deleted,`,
      `${numbers.o2},2025-03-11 00:30,2,Dovga,2,4.50,9.00,New,`,
    ]);
    expect(en[4]).toBe(`${numbers.o2},2025-03-11 00:30,2,"Bread, rye",1,0.35,0.35,New,`);
    expect(en).toHaveLength(1 + 6 + 1); // header, 6 items (O1 2, O2 2, O3 1, O4 1), final line end
    const az = (await csv('items.csv', 'az')).body.slice(1).split('\r\n');
    expect(az[0]).toBe('Sifariş;Tarix;Masa;Yemək;Miqdar;Qiymət;Məbləğ;Status;Qeyd');
    expect(az[4]).toBe(`${numbers.o2};2025-03-11 00:30;2;Çörək;1;0,35;0,35;Yeni;`);
    expect(az[1]).toContain(`;"'=HYPERLINK(""http://evil.example"",""click; here"")"`);
  });

  it('without lang: the restaurant language (az)', async () => {
    const res = await api('GET', '/reports/orders.csv?from=2025-03-10&to=2025-03-10', A.owner.token);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2025-03-10-2025-03-10.csv"');
    expect(res.body.slice(1).split('\r\n')[0]).toMatch(/^Sifariş;/);
  });
});

describe('access and validation', () => {
  const paths = [
    '/reports?from=2025-03-10&to=2025-03-12',
    '/reports/day?day=2025-03-10',
    '/reports/day.csv?day=2025-03-10',
    '/reports/z/list?from=2025-03-10&to=2025-03-12',
    '/reports/orders.csv?from=2025-03-10&to=2025-03-12',
    '/reports/items.csv?from=2025-03-10&to=2025-03-12',
  ];

  it('waiter, cashier and kitchen get 403 (the cashier reads the X/Z reports); no token 401; another restaurant 404', async () => {
    for (const path of paths) {
      for (const staff of [A.waiter, A.cashier, A.kitchen]) {
        const zForCashier = staff === A.cashier && /^\/reports\/(day|z)/.test(path);
        expect((await api('GET', path, staff.token)).statusCode, path).toBe(zForCashier ? 200 : 403);
      }
      expect((await ctx.app.inject({ method: 'GET', url: `/api/eatery/${A.id}${path}` })).statusCode).toBe(401);
      const other = await ctx.app.inject({
        method: 'GET',
        url: `/api/eatery/${A.id}${path}`,
        headers: bearer(B.owner.token),
      });
      expect(other.statusCode, path).toBe(404);
    }
  });

  it('B owner sees only B: its own sale, none of A', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${B.id}/reports?from=2025-03-10&to=2025-03-10`,
      headers: bearer(B.owner.token),
    });
    expect(reportResponse.parse(res.json()).current).toMatchObject({ revenue: 99, orders: 1 });
  });

  it.each([
    '/reports?from=2025-03-12&to=2025-03-10',
    '/reports?from=2025-3-1&to=2025-03-10',
    '/reports?from=2024-01-01&to=2025-01-01',
    '/reports?to=2025-03-10',
    '/reports/day?day=yesterday',
    '/reports/day.csv?day=2025-02-30',
    '/reports/z/list?from=2025-03-12&to=2025-03-10',
    '/reports/orders.csv?from=2025-03-12&to=2025-03-10',
    '/reports/items.csv?from=2025-02-30&to=2025-03-10',
  ])('%s: 400 validation.reportRange', async (path) => {
    const res = await api('GET', path, A.owner.token);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('validation.reportRange');
  });

  it('an unknown CSV language: 400', async () => {
    const res = await api('GET', '/reports/orders.csv?from=2025-03-10&to=2025-03-10&lang=de', A.owner.token);
    expect(res.statusCode).toBe(400);
  });
});

describe('order status history (database trigger)', () => {
  it('records CREATED and each status change made through the API, in order', async () => {
    const o = await placeOrder(A.tableId, [{ dishId: plov, quantity: 1 }]);
    await setStatus(o.id, 'PREPARING');
    await setStatus(o.id, 'READY');
    await ok(await api('PUT', `/orders/${o.id}`, A.owner.token, { note: 'only the note' }));
    await ok(await api('POST', '/bill/payments', A.cashier.token, { orderIds: [o.id], method: 'CARD' }));
    const rows = await ctx.app.db
      .select({ status: orderStatusHistory.status, eateryId: orderStatusHistory.eateryId })
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, [o.id]))
      .orderBy(orderStatusHistory.id);
    expect(rows).toEqual(['CREATED', 'PREPARING', 'READY', 'PAID'].map((status) => ({ status, eateryId: A.id })));
  });
});
