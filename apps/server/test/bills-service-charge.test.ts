import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { billResponse, serviceChargeCents, vatIncludedCents, type Bill } from '@qr-menu/contract';
import { eateries, orderItems, payments } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeStaff, makeTable, type TestEatery } from './orders-fixtures.js';

/**
 * The bill with a service charge and VAT: the charge is the rate the order was placed under, of its total after
 * discount, to the cent; payments cover it; tips stay apart; the VAT is the part of the total the rate includes.
 */
const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let plov: number; // 12.35
let tea: number; // 2.50

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  plov = await makeDish(ctx.app, A, { price: '12.35' });
  tea = await makeDish(ctx.app, A, { price: '2.50' });
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${A.id}`,
    headers: bearer(A.owner.token),
    payload: {
      name: 'Test Restaurant',
      address: 'Nizami 10, Bakı',
      phones: ['+994 12 555 55 55'],
      serviceChargePercent: 10,
      vatPayer: true,
      taxId: '1234567890',
      receiptFooter: 'Wi-Fi: plov2026',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});

async function order(e: TestEatery, items: { dishId: number; quantity: number }[], tableId = e.tableId) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(e.waiter.token),
    payload: { tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; serviceChargeRate: number; items: { id: number; dishId: number }[] };
}

const post = (path: string, body: object, token = A.cashier.token, e = A) =>
  ctx.app.inject({ method: 'POST', url: `/api/eatery/${e.id}/bill/${path}`, headers: bearer(token), payload: body });

async function bill(orderIds: number[]): Promise<Bill> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/eatery/${A.id}/bill?orderIds=${orderIds.join(',')}`,
    headers: bearer(A.cashier.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return billResponse.parse(res.json());
}

describe('service charge and VAT on the bill', () => {
  it('the settings read back as percent, and a bad VÖEN or rate is refused with the field', async () => {
    const got = await ctx.app.inject({ method: 'GET', url: `/api/eatery/${A.id}`, headers: bearer(A.owner.token) });
    expect(got.json()).toMatchObject({
      serviceChargePercent: 10,
      vatPayer: true,
      vatRatePercent: 18,
      taxId: '1234567890',
      receiptFooter: 'Wi-Fi: plov2026',
      dayStartHour: 0,
      serviceChargeNames: { az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' },
    });
    const base = { name: 'Test Restaurant', address: 'Nizami 10, Bakı', phones: ['+994 12 555 55 55'] };
    for (const [field, value, key] of [
      ['taxId', '12345', 'validation.taxId'],
      ['serviceChargePercent', 25.5, 'validation.serviceChargePercent'],
      ['serviceChargePercent', 10.123, 'validation.serviceChargePercent'],
      ['serviceChargePercent', '10', 'validation.serviceChargePercent'],
      ['vatRatePercent', -1, 'validation.vatRatePercent'],
      ['dayStartHour', 12, 'validation.dayStartHour'],
      ['dayStartHour', 1.5, 'validation.dayStartHour'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${A.id}`,
        headers: bearer(A.owner.token),
        payload: { ...base, [field]: value },
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().details).toContainEqual({ field, messageKey: key });
    }
    const [row] = await ctx.app.db.select().from(eateries).where(eq(eateries.id, A.id));
    expect(row).toMatchObject({ serviceChargeBp: 1000, taxId: '1234567890', dayStartHour: 0 });
  });

  it('an order keeps the rate it was placed under; the bill adds it after the discount, to the cent', async () => {
    const o = await order(A, [
      { dishId: plov, quantity: 3 },
      { dishId: tea, quantity: 1 },
    ]); // 37.05 + 2.50 = 39.55
    expect(o.serviceChargeRate).toBe(1000);
    const discounted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}/bill/discount`,
      headers: bearer(A.owner.token),
      payload: { orderIds: [o.id], amount: '4.00', reason: 'regular guest' },
    });
    expect(discounted.statusCode, discounted.body).toBe(200);
    // A later change of the rate does not touch an order already placed.
    await ctx.app.db.update(eateries).set({ serviceChargeBp: 2000 }).where(eq(eateries.id, A.id));
    const b = await bill([o.id]);
    const after = 3955 - 400; // 35.55
    const charge = serviceChargeCents(after, 1000); // 3.555 → 3.56
    expect(charge).toBe(356);
    expect(b).toMatchObject({
      subtotal: 39.55,
      discount: 4,
      serviceCharge: 3.56,
      total: 39.11,
      vat: vatIncludedCents(3911, 1800) / 100,
      due: 39.11,
    });
    expect(b.orders[0]).toMatchObject({ serviceChargeRate: 1000, serviceCharge: 3.56 });
    expect(b.eatery).toMatchObject({ taxId: '1234567890', vatPayer: true, vatRatePercent: 18 });
    await ctx.app.db.update(eateries).set({ serviceChargeBp: 1000 }).where(eq(eateries.id, A.id));

    // Paid in full with a tip: payments cover the total with the charge, the tip stays apart.
    const paid = await post('payments', { orderIds: [o.id], method: 'CARD', tip: { amount: '2.00' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'PAID', paid: 39.11, tips: 2, due: 0 });
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(rows.map((r) => [r.amount, r.tip])).toEqual([['39.11', '2.00']]);
  });

  it('cash tendered gives the change on the bill; too little or another method is refused and writes nothing', async () => {
    const o = await order(A, [{ dishId: plov, quantity: 2 }]); // 24.70 + 2.47 = 27.17
    const low = await post('payments', { orderIds: [o.id], method: 'CASH', tendered: '27.00' });
    expect(low.statusCode).toBe(400);
    expect(low.json().details).toEqual([{ field: 'tendered', messageKey: 'validation.tenderedTooLow' }]);
    const card = await post('payments', { orderIds: [o.id], method: 'CARD', tendered: '50' });
    expect(card.json().details).toEqual([{ field: 'tendered', messageKey: 'validation.tenderedNotCash' }]);
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id))).toEqual([]);
    const ok = await post('payments', { orderIds: [o.id], method: 'CASH', tendered: '30', tip: { amount: 1 } });
    expect(ok.statusCode, ok.body).toBe(200);
    const b = billResponse.parse(ok.json());
    expect(b.payments[0]).toMatchObject({ amount: 27.17, tip: 1, tendered: 30, change: 1.83 });
  });

  it('cash without an open drawer: 409 drawerNotOpen and nothing written', async () => {
    const newCashier = await makeStaff(ctx.app, A.id, ['CASHIER']);
    const o = await order(A, [{ dishId: tea, quantity: 1 }]);
    const res = await post('payments', { orderIds: [o.id], method: 'CASH' }, newCashier.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('drawerNotOpen');
    expect(await ctx.app.db.select().from(payments).where(eq(payments.orderId, o.id))).toEqual([]);
    // A card payment needs no drawer.
    const card = await post('payments', { orderIds: [o.id], method: 'CARD' }, newCashier.token);
    expect(card.statusCode, card.body).toBe(200);
  });

  it('split by items with a quantity split: 3 × plov → 1 + 2, each part carries its service charge', async () => {
    const table = await makeTable(ctx.app, A.id, 'split');
    const o = await order(A, [{ dishId: plov, quantity: 3 }], table); // 37.05 + 3.71 = 40.76
    const lineId = o.items[0].id;
    for (const quantity of [0, 3, 1.5, '1']) {
      const bad = await post('split-item', { orderIds: [o.id], itemId: lineId, quantity });
      expect(bad.statusCode, String(quantity)).toBe(400);
      expect(bad.json().details[0]).toMatchObject({ field: 'quantity', messageKey: 'validation.splitQuantity' });
    }
    const foreign = await post('split-item', { orderIds: [o.id], itemId: lineId, quantity: 1 }, B.cashier.token, B);
    expect(foreign.statusCode).toBe(404);
    const waiter = await post('split-item', { orderIds: [o.id], itemId: lineId, quantity: 1 }, A.waiter.token);
    expect(waiter.statusCode).toBe(403);

    const split = await post('split-item', { orderIds: [o.id], itemId: lineId, quantity: 1 });
    expect(split.statusCode, split.body).toBe(200);
    const b = billResponse.parse(split.json());
    expect(b.items.map((i) => [i.quantity, i.total])).toEqual([
      [2, 24.7],
      [1, 12.35],
    ]);
    expect(b.total).toBe(40.76); // the money did not change
    const lines = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
    expect(lines.map((l) => [l.quantity, l.status, l.dishId])).toEqual([
      [2, 'CREATED', plov],
      [1, 'CREATED', plov],
    ]);
    const one = b.items.find((i) => i.quantity === 1)!;
    const first = await post('payments', { orderIds: [o.id], method: 'CARD', itemIds: [one.id] });
    // 12.35 + 1.24 (10 %, 1.235 → 1.24)
    expect(first.json()).toMatchObject({ paid: 13.59, due: 27.17 });
    const rest = await post('payments', {
      orderIds: [o.id],
      method: 'CARD',
      itemIds: [b.items.find((i) => i.quantity === 2)!.id],
    });
    expect(rest.json()).toMatchObject({ paid: 40.76, due: 0, status: 'PAID' });
    const paidAgain = await post('split-item', { orderIds: [o.id], itemId: one.id, quantity: 1 });
    expect(paidAgain.statusCode).toBe(409);
  });

  it('a void checks what was paid against the order with its service charge', async () => {
    const voidTea = async (o: { id: number; items: { id: number; dishId: number }[] }) =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/api/eatery/${A.id}/orders/${o.id}/items/${o.items.find((i) => i.dishId === tea)!.id}`,
        headers: bearer(A.owner.token),
        payload: { reason: 'guest changed mind' },
      });
    const items = [
      { dishId: plov, quantity: 1 },
      { dishId: tea, quantity: 1 },
    ]; // 14.85 + 1.49 = 16.34; without the tea: 12.35 + 1.24 = 13.59
    const over = await order(A, items);
    expect((await post('payments', { orderIds: [over.id], method: 'CARD', amount: '13.60' })).statusCode).toBe(200);
    const refused = await voidTea(over);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().messageKey).toBe('refundFirst');

    // Paid exactly what the order costs after the void, its charge included: the void goes through and closes it.
    const exact = await order(A, items);
    expect((await post('payments', { orderIds: [exact.id], method: 'CARD', amount: '13.59' })).statusCode).toBe(200);
    const ok = await voidTea(exact);
    expect(ok.statusCode, ok.body).toBe(200);
    const b = await bill([exact.id]);
    expect(b).toMatchObject({
      subtotal: 12.35,
      serviceCharge: 1.24,
      total: 13.59,
      paid: 13.59,
      due: 0,
      status: 'PAID',
    });
  });
});
