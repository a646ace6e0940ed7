import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GUEST_ROUTES,
  kitchenBoard,
  orderTopic,
  type KitchenMove,
  type Order,
  type OrderEvent,
  type TableMoveResult,
} from '@qr-menu/contract';
import { auditLog, orderItems, orderMoves, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { connectSocket, subscribe } from './socket-client.js';
import { makeDish, makeEatery, makeStaff, makeTable, type Staff, type TestEatery } from './orders-fixtures.js';

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let t3: number;
let t7: number;
let t9: number;
let dolma: number; // 5.00, cold kitchen
let tea: number; // 1.20
let soup: number; // 4.50
let bOrder: Order;
let bTable: number;

const url = (orderId: number, op: 'move' | 'merge' | 'split', eateryId = A.id) =>
  `/api/eatery/${eateryId}/orders/${orderId}/${op}`;

function call(
  orderId: number,
  op: 'move' | 'merge' | 'split',
  payload: object,
  staff: Staff = A.waiter,
  eateryId = A.id,
) {
  return ctx.app.inject({ method: 'POST', url: url(orderId, op, eateryId), headers: bearer(staff.token), payload });
}

async function ok(orderId: number, op: 'move' | 'merge' | 'split', payload: object): Promise<TableMoveResult> {
  const res = await call(orderId, op, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The refusal's status and key (and the first detail, for a 400). */
async function refused(orderId: number, op: 'move' | 'merge' | 'split', payload: object, staff?: Staff) {
  const res = await call(orderId, op, payload, staff);
  const body = res.json();
  return { status: res.statusCode, key: body.messageKey, detail: body.details?.[0] };
}

async function place(tableId: number, items: { dishId: number; quantity: number }[], e = A): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${e.id}/orders`,
    headers: bearer(e.waiter.token),
    payload: { tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setItem(orderId: number, itemId: number, status: string) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${A.id}/orders/${orderId}/items/${itemId}`,
    headers: bearer(A.owner.token),
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Order;
}

async function addItems(orderId: number, dishId: number, quantity = 1) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/orders/${orderId}/items`,
    headers: bearer(A.waiter.token),
    payload: { dishId, quantity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

async function getOrder(orderId: number) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/eatery/${A.id}/orders/${orderId}`,
    headers: bearer(A.owner.token),
  });
}

async function pay(orderIds: number[], extra: object = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/bill/payments`,
    headers: bearer(A.cashier.token),
    payload: { orderIds, method: 'CARD', ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const rowsOf = (orderId: number) =>
  ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id);
const movesOf = (orderId: number) => ctx.app.db.select().from(orderMoves).where(eq(orderMoves.fromOrderId, orderId));
const auditOf = (kind: 'MOVE' | 'MERGE' | 'SPLIT', orderId: number) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.eateryId, A.id), eq(auditLog.kind, kind), eq(auditLog.orderId, orderId)));

/** What a line is in the kitchen: the fields a move must keep. */
const kitchenState = (i: Order['items'][number]) => ({
  status: i.status,
  batch: i.batch,
  readyAt: i.readyAt,
  createdAt: i.createdAt,
  price: i.price,
  options: i.options,
  seat: i.seat,
  course: i.course,
  held: i.held,
  kitchenDepartmentId: i.kitchenDepartmentId,
});

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  t3 = await makeTable(ctx.app, A.id, '3');
  t7 = await makeTable(ctx.app, A.id, '7');
  t9 = await makeTable(ctx.app, A.id, '9');
  dolma = await makeDish(ctx.app, A, { price: '5.00', nameEn: 'Dolma', kitchenDepartmentId: A.departmentId });
  tea = await makeDish(ctx.app, A, { price: '1.20', nameEn: 'Tea' });
  soup = await makeDish(ctx.app, A, { price: '4.50', nameEn: 'Soup' });
  bTable = B.tableId;
  bOrder = await place(bTable, [{ dishId: await makeDish(ctx.app, B, { price: '1.00' }), quantity: 1 }], B);
});

/** Closes every open order of a table, so each test starts from a free table. */
async function clearTables() {
  for (const table of [A.tableId, t3, t7, t9]) {
    await ctx.app.db
      .update(orders)
      .set({ status: 'CANCELLED' })
      .where(and(eq(orders.tableId, table), eq(orders.eateryId, A.id)));
  }
}

describe('move', () => {
  it('moves the whole order: its table changes, its lines and their kitchen state stay; MOVE row and audit', async () => {
    await clearTables();
    const placed = await place(t3, [{ dishId: dolma, quantity: 3 }]);
    const cooking = await setItem(placed.id, placed.items[0].id, 'PREPARING');
    const spy = vi.spyOn(ctx.app.realtime, 'emitOrderEvent');
    const res = await ok(placed.id, 'move', { toTableId: t7 });
    const events = spy.mock.calls.map(([, e]) => e as OrderEvent);
    spy.mockRestore();

    expect(res.toOrderId).toBe(placed.id);
    expect(res.deletedOrderIds).toEqual([]);
    const [moved] = res.orders;
    expect(moved).toMatchObject({ id: placed.id, tableId: t7, tableNumber: '7', number: placed.number });
    expect(moved.version).toBeGreaterThan(cooking.version);
    expect(moved.items.map(kitchenState)).toEqual(cooking.items.map(kitchenState));
    expect(moved.items.map((i) => i.id)).toEqual(cooking.items.map((i) => i.id));
    expect(events).toEqual([expect.objectContaining({ type: 'ORDER_UPDATED', orderId: placed.id, order: moved })]);

    const [row] = await movesOf(placed.id);
    expect(row).toMatchObject({
      kind: 'MOVE',
      toOrderId: placed.id,
      fromTable: '3',
      toTable: '7',
      createdBy: A.waiter.userId,
    });
    expect(row.items).toEqual([
      {
        itemId: placed.items[0].id,
        name: 'Dolma',
        names: placed.items[0].names,
        quantity: 3,
        status: 'PREPARING',
        kitchenDepartmentId: A.departmentId,
      },
    ]);
    const [audit] = await auditOf('MOVE', placed.id);
    expect(audit).toMatchObject({
      userId: A.waiter.userId,
      subject: `#${placed.number} · 3 → #${placed.number} · 7`,
      before: { order: placed.number, table: '3' },
      after: { order: placed.number, table: '7', lines: 'Dolma × 3' },
    });

    // Its own table again: a 400, nothing written.
    expect(await refused(placed.id, 'move', { toTableId: t7 })).toMatchObject({
      status: 400,
      detail: { field: 'toTableId', messageKey: 'validation.sameTable' },
    });
    expect(await movesOf(placed.id)).toHaveLength(1);
  });

  it('moves part of a line to the open order of another table: the part keeps its status and batch', async () => {
    await clearTables();
    const from = await place(t3, [
      { dishId: dolma, quantity: 3 },
      { dishId: tea, quantity: 1 },
    ]);
    const [dolmaLine, teaLine] = from.items;
    await setItem(from.id, dolmaLine.id, 'PREPARING');
    const to = await place(t7, [{ dishId: soup, quantity: 1 }]);
    const before = (await getOrder(from.id)).json() as Order;

    const res = await ok(from.id, 'move', { toTableId: t7, lines: [{ itemId: dolmaLine.id, quantity: 1 }] });
    expect(res.toOrderId).toBe(to.id);
    expect(res.orders.map((o) => o.id)).toEqual([from.id, to.id]);
    const [source, target] = res.orders;
    // 3 Dolma: 2 stay, 1 goes; the tea stays.
    expect(source.items.map((i) => [i.id, i.name, i.quantity])).toEqual([
      [dolmaLine.id, 'Dolma', 2],
      [teaLine.id, 'Tea', 1],
    ]);
    expect(source.orderPrice).toBe(11.2);
    const part = target.items.find((i) => i.name === 'Dolma')!;
    expect(part.id).not.toBe(dolmaLine.id);
    expect({ ...kitchenState(part) }).toEqual(kitchenState(before.items[0]));
    expect(part.quantity).toBe(1);
    expect(target.orderPrice).toBe(9.5);
    // The soup is still CREATED, the dolma cooking: the order is PREPARING.
    expect(target.status).toBe('PREPARING');
    expect(target.version).toBeGreaterThan(to.version);

    const [row] = await movesOf(from.id);
    expect(row).toMatchObject({ kind: 'MOVE', toOrderId: to.id, fromTable: '3', toTable: '7' });
    expect(row.items).toEqual([expect.objectContaining({ itemId: part.id, quantity: 1, status: 'PREPARING' })]);
    expect(await auditOf('MOVE', from.id)).toEqual([
      expect.objectContaining({ after: { order: to.number, table: '7', lines: 'Dolma × 1' } }),
    ]);
  });

  it('lines to a table without an open order start a new order there; an order every line left is deleted', async () => {
    await clearTables();
    const from = await place(t3, [
      { dishId: dolma, quantity: 2 },
      { dishId: tea, quantity: 1 },
    ]);
    const res = await ok(from.id, 'move', { toTableId: t9, lines: [{ itemId: from.items[1].id, quantity: 1 }] });
    const created = res.orders[1];
    expect(created).toMatchObject({ tableId: t9, tableNumber: '9', status: 'CREATED', kind: 'DINE_IN' });
    expect(created.id).not.toBe(from.id);
    expect(created.number).toBeGreaterThan(from.number);
    expect(created.items.map((i) => [i.id, i.quantity])).toEqual([[from.items[1].id, 1]]);

    // The rest follows it: the first order is empty and goes.
    const all = await ok(from.id, 'move', { toTableId: t9, lines: [{ itemId: from.items[0].id, quantity: 2 }] });
    expect(all.deletedOrderIds).toEqual([from.id]);
    expect(all.orders.map((o) => o.id)).toEqual([created.id]);
    expect((await getOrder(from.id)).statusCode).toBe(404);
    expect(all.orders[0].items.map((i) => i.id).sort()).toEqual(from.items.map((i) => i.id).sort());
  });

  it('lines go to the order the caller names at the target table', async () => {
    await clearTables();
    const from = await place(t3, [{ dishId: dolma, quantity: 2 }]);
    const older = await place(t7, [{ dishId: soup, quantity: 1 }]);
    await place(t7, [{ dishId: tea, quantity: 1 }]);
    const res = await ok(from.id, 'move', {
      toTableId: t7,
      intoOrderId: older.id,
      lines: [{ itemId: from.items[0].id, quantity: 1 }],
    });
    expect(res.toOrderId).toBe(older.id);
    // An order at another table is not a target of this table.
    const elsewhere = await place(t9, [{ dishId: tea, quantity: 1 }]);
    expect(
      await refused(from.id, 'move', {
        toTableId: t7,
        intoOrderId: elsewhere.id,
        lines: [{ itemId: from.items[0].id, quantity: 1 }],
      }),
    ).toMatchObject({ status: 400, detail: { field: 'intoOrderId', messageKey: 'validation.invalid' } });
  });
});

describe('merge', () => {
  it('puts every line into the other order with its kitchen state; no line twice, no second ticket; the source is gone', async () => {
    await clearTables();
    // The guest's order at table 3: dolma cooking (batch 1), a tea added later (batch 2), a voided soup.
    const device = newDeviceId();
    const ip = randomIp();
    const guest = (method: 'GET' | 'POST', path: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: path,
        remoteAddress: ip,
        cookies: { device_id: device },
        ...(payload ? { payload } : {}),
      });
    const placedRes = await guest('POST', GUEST_ROUTES.placeOrder(A.id, t3), {
      items: [
        { dishId: dolma, quantity: 2 },
        { dishId: soup, quantity: 1 },
      ],
    });
    expect(placedRes.statusCode, placedRes.body).toBe(201);
    const placed = placedRes.json() as Order;
    await setItem(placed.id, placed.items[0].id, 'PREPARING');
    const voided = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${placed.id}/items/${placed.items[1].id}`,
      headers: bearer(A.waiter.token),
      payload: { reason: 'Wrong table' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const source = await addItems(placed.id, tea);
    expect(source.items.map((i) => i.batch)).toEqual([1, 1, 2]);

    // The other party's order at table 7: a soup ready to serve.
    const placedTarget = await place(t7, [{ dishId: soup, quantity: 1 }]);
    const target = await setItem(placedTarget.id, placedTarget.items[0].id, 'READY');

    const spy = vi.spyOn(ctx.app.realtime, 'emitOrderEvent');
    const res = await ok(source.id, 'merge', { intoOrderId: target.id });
    const events = spy.mock.calls.map(([, e]) => e as OrderEvent);
    spy.mockRestore();

    expect(res.deletedOrderIds).toEqual([source.id]);
    expect(res.toOrderId).toBe(target.id);
    const [merged] = res.orders;
    expect(merged.tableNumber).toBe('7');
    const byId = new Map(merged.items.map((i) => [i.id, i]));
    // Every line once, with the same id and kitchen state (the voided one included, still voided).
    expect(merged.items).toHaveLength(target.items.length + source.items.length);
    for (const line of [...source.items, ...target.items])
      expect(kitchenState(byId.get(line.id)!)).toEqual(kitchenState(line));
    expect(byId.get(source.items[1].id)).toMatchObject({ status: 'DELETED', voidReason: 'Wrong table' });
    expect(merged.status).toBe('PREPARING');
    expect(merged.orderPrice).toBe(4.5 + 10 + 1.2);
    expect((await getOrder(source.id)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, source.id))).toEqual([]);

    // Screens hear both: the merged order updated, the source deleted.
    expect(events).toEqual([
      expect.objectContaining({ type: 'ORDER_UPDATED', orderId: target.id, order: merged }),
      { type: 'ORDER_DELETED', orderId: source.id, status: source.status },
    ]);

    // The kitchen: one ticket per batch of the merged order, none of the source; each dish on one ticket only.
    const board = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/kitchen`,
      headers: bearer(A.kitchen.token),
    });
    const view = kitchenBoard(board.json().orders, null, Date.now());
    const shown = [...view.tickets, ...view.recall];
    expect(shown.filter((t) => t.orderId === source.id)).toEqual([]);
    const keys = shown.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    const ticketItems = shown.flatMap((t) => t.items.map((i) => i.id));
    expect(new Set(ticketItems).size).toBe(ticketItems.length);
    expect(ticketItems).toEqual(expect.arrayContaining([source.items[0].id, source.items[2].id]));
    // The dolma is still cooking: nothing reached the kitchen as new.
    expect(shown.flatMap((t) => t.items).find((i) => i.id === source.items[0].id)?.status).toBe('PREPARING');

    // The guest of the source still sees their dishes: in the list, by the old id, and may add to it.
    const list = await guest('GET', GUEST_ROUTES.orders(A.id));
    expect(list.json().map((o: Order) => o.id)).toContain(target.id);
    const byOldId = await guest('GET', GUEST_ROUTES.order(A.id, source.id));
    expect(byOldId.statusCode).toBe(200);
    expect(byOldId.json().id).toBe(target.id);
    const seen = await guest('GET', GUEST_ROUTES.deviceOrders(A.id, t7));
    expect(seen.json().hasOrders).toBe(true);
    const added = await guest('POST', GUEST_ROUTES.addItems(A.id, target.id), {
      items: [{ dishId: tea, quantity: 1 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    // Another phone sees neither.
    const stranger = await ctx.app.inject({
      method: 'GET',
      url: GUEST_ROUTES.order(A.id, source.id),
      cookies: { device_id: newDeviceId() },
      remoteAddress: randomIp(),
    });
    expect(stranger.statusCode).toBe(404);

    const [row] = await movesOf(source.id);
    expect(row).toMatchObject({ kind: 'MERGE', toOrderId: target.id, fromTable: '3', toTable: '7' });
    // The notice lists the live lines (not the voided soup).
    expect(row.items.map((l) => [l.name, l.quantity, l.status])).toEqual([
      ['Dolma', 2, 'PREPARING'],
      ['Tea', 1, 'CREATED'],
    ]);
    expect(await auditOf('MERGE', target.id)).toEqual([
      expect.objectContaining({
        userId: A.waiter.userId,
        subject: `#${source.number} · 3 → #${target.number} · 7`,
      }),
    ]);
  });

  it('joins the notes; refuses itself, a closed order, payments and discounts on either side', async () => {
    await clearTables();
    const a = await place(t3, [{ dishId: tea, quantity: 1 }]);
    const b = await place(t7, [{ dishId: tea, quantity: 1 }]);
    for (const [id, note] of [
      [a.id, 'No nuts'],
      [b.id, 'Birthday'],
    ] as const) {
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${A.id}/orders/${id}`,
        headers: bearer(A.waiter.token),
        payload: { note },
      });
    }
    expect(await refused(a.id, 'merge', { intoOrderId: a.id })).toMatchObject({
      status: 400,
      detail: { field: 'intoOrderId', messageKey: 'validation.sameOrder' },
    });
    const res = await ok(a.id, 'merge', { intoOrderId: b.id });
    expect(res.orders[0].note).toBe('Birthday · No nuts');

    const paid = await place(t3, [{ dishId: tea, quantity: 1 }]);
    await pay([paid.id]);
    expect(await refused(b.id, 'merge', { intoOrderId: paid.id })).toMatchObject({ status: 409, key: 'orderClosed' });
    expect(await refused(paid.id, 'merge', { intoOrderId: b.id })).toMatchObject({ status: 409, key: 'orderClosed' });

    const partPaid = await place(t3, [{ dishId: dolma, quantity: 2 }]);
    await pay([partPaid.id], { amount: 1 });
    expect(await refused(partPaid.id, 'merge', { intoOrderId: b.id })).toMatchObject({
      status: 409,
      key: 'orderHasPayments',
    });
    expect(await refused(b.id, 'merge', { intoOrderId: partPaid.id })).toMatchObject({
      status: 409,
      key: 'orderHasPayments',
    });

    const discounted = await place(t9, [{ dishId: dolma, quantity: 1 }]);
    const discount = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${A.id}/bill/discount`,
      headers: bearer(A.owner.token),
      payload: { orderIds: [discounted.id], amount: 1, reason: 'Regular' },
    });
    expect(discount.statusCode, discount.body).toBe(200);
    expect(await refused(discounted.id, 'merge', { intoOrderId: b.id })).toMatchObject({
      status: 409,
      key: 'orderHasDiscount',
    });
    expect(await refused(b.id, 'merge', { intoOrderId: discounted.id })).toMatchObject({
      status: 409,
      key: 'orderHasDiscount',
    });
    // Moving a check whole keeps it as it is: payments and discount are no reason to refuse.
    expect((await call(partPaid.id, 'move', { toTableId: t9 })).statusCode).toBe(200);
    expect((await call(discounted.id, 'move', { toTableId: t3 })).statusCode).toBe(200);
    // Lines leaving them are.
    expect(
      await refused(partPaid.id, 'split', { lines: [{ itemId: partPaid.items[0].id, quantity: 1 }] }),
    ).toMatchObject({ status: 409, key: 'orderHasPayments' });
    expect(
      await refused(discounted.id, 'move', { toTableId: t7, lines: [{ itemId: discounted.items[0].id, quantity: 1 }] }),
    ).toMatchObject({ status: 409, key: 'orderHasDiscount' });
    expect(await movesOf(partPaid.id)).toHaveLength(1);
  });
});

describe('at the same time', () => {
  it('two merges of the same orders in opposite directions: one merges, the other finds its order gone', async () => {
    await clearTables();
    const a = await place(t3, [{ dishId: tea, quantity: 1 }]);
    const b = await place(t7, [{ dishId: soup, quantity: 1 }]);
    const [ab, ba] = await Promise.all([
      call(a.id, 'merge', { intoOrderId: b.id }),
      call(b.id, 'merge', { intoOrderId: a.id }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 404]);
    const survivor = (ab.statusCode === 200 ? ab : ba).json() as TableMoveResult;
    expect(survivor.orders[0].items.map((i) => i.name).sort()).toEqual(['Soup', 'Tea']);
  });
});

describe('split', () => {
  it('splits 1 + 2 of a quantity line into a new check at the table; both are paid apart', async () => {
    await clearTables();
    const order = await place(t3, [
      { dishId: dolma, quantity: 3 },
      { dishId: tea, quantity: 2 },
    ]);
    await setItem(order.id, order.items[0].id, 'READY');
    const res = await ok(order.id, 'split', { lines: [{ itemId: order.items[0].id, quantity: 1 }] });
    const [left, check] = res.orders;
    expect(res.toOrderId).toBe(check.id);
    expect(check).toMatchObject({ tableId: t3, tableNumber: '3', status: 'READY', kind: 'DINE_IN' });
    expect(check.number).toBeGreaterThan(order.number);
    expect(check.items.map((i) => [i.name, i.quantity, i.status, i.batch])).toEqual([['Dolma', 1, 'READY', 1]]);
    expect(check.items[0].readyAt).not.toBeNull();
    expect(left.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Dolma', 2],
      ['Tea', 2],
    ]);
    expect(left.orderPrice + check.orderPrice).toBe(17.4);

    const [row] = await movesOf(order.id);
    expect(row).toMatchObject({ kind: 'SPLIT', toOrderId: check.id, fromTable: '3', toTable: '3' });
    expect(await auditOf('SPLIT', order.id)).toEqual([
      expect.objectContaining({ subject: `#${order.number} · 3 → #${check.number} · 3` }),
    ]);

    // Taking every dish is not a split.
    expect(
      await refused(order.id, 'split', {
        lines: [
          { itemId: order.items[0].id, quantity: 2 },
          { itemId: order.items[1].id, quantity: 2 },
        ],
      }),
    ).toMatchObject({ status: 400, detail: { field: 'lines', messageKey: 'validation.splitAll' } });

    await pay([check.id]);
    expect((await getOrder(check.id)).json().status).toBe('PAID');
    expect((await getOrder(order.id)).json().status).not.toBe('PAID');
    await pay([order.id]);
    expect((await getOrder(order.id)).json().status).toBe('PAID');
  });
});

describe('refusals', () => {
  it('bad lines and quantities: 400, nothing changed', async () => {
    await clearTables();
    const order = await place(t3, [
      { dishId: dolma, quantity: 3 },
      { dishId: tea, quantity: 1 },
    ]);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${order.id}/items/${order.items[1].id}`,
      headers: bearer(A.waiter.token),
      payload: { reason: 'No' },
    });
    const line = order.items[0].id;
    const cases: [object, string, string][] = [
      [{ lines: [{ itemId: line, quantity: 4 }] }, 'lines.0.quantity', 'validation.moveQuantity'],
      [{ lines: [{ itemId: line, quantity: 0 }] }, 'lines.0.quantity', 'validation.moveQuantity'],
      [{ lines: [{ itemId: line, quantity: 1.5 }] }, 'lines.0.quantity', 'validation.moveQuantity'],
      [{ lines: [{ itemId: order.items[1].id, quantity: 1 }] }, 'lines.0.itemId', 'validation.lineNotMovable'],
      [{ lines: [{ itemId: bOrder.items[0].id, quantity: 1 }] }, 'lines.0.itemId', 'validation.lineNotMovable'],
      [
        {
          lines: [
            { itemId: line, quantity: 1 },
            { itemId: line, quantity: 1 },
          ],
        },
        'lines.1.itemId',
        'validation.lineTwice',
      ],
      [{ lines: [] }, 'lines', 'validation.required'],
    ];
    for (const [body, field, messageKey] of cases) {
      expect(await refused(order.id, 'split', body), JSON.stringify(body)).toMatchObject({
        status: 400,
        key: 'validation',
        detail: { field, messageKey },
      });
    }
    expect(await refused(order.id, 'move', { toTableId: t7, intoOrderId: 1 })).toMatchObject({
      status: 400,
      detail: { field: 'intoOrderId' },
    });
    expect((await getOrder(order.id)).json().version).toBe(order.version + 1);
    expect(await movesOf(order.id)).toEqual([]);
  });

  it('closed orders 409; other restaurants’ orders and tables 404; roles 403', async () => {
    await clearTables();
    const order = await place(t3, [{ dishId: dolma, quantity: 2 }]);
    const other = await place(t7, [{ dishId: tea, quantity: 1 }]);
    const lines = [{ itemId: order.items[0].id, quantity: 1 }];

    expect(await refused(bOrder.id, 'move', { toTableId: t7 })).toMatchObject({ status: 404 });
    expect(await refused(order.id, 'move', { toTableId: bTable })).toMatchObject({ status: 404 });
    expect(await refused(order.id, 'move', { toTableId: bTable, lines })).toMatchObject({ status: 404 });
    expect(await refused(order.id, 'merge', { intoOrderId: bOrder.id })).toMatchObject({ status: 404 });
    expect(await refused(bOrder.id, 'merge', { intoOrderId: order.id })).toMatchObject({ status: 404 });
    expect(await refused(bOrder.id, 'split', { lines: [{ itemId: bOrder.items[0].id, quantity: 1 }] })).toMatchObject({
      status: 404,
    });
    // B's staff on A's restaurant: 404 as every route.
    const foreign = await call(order.id, 'move', { toTableId: t7 }, B.owner);
    expect(foreign.statusCode).toBe(404);

    expect((await call(order.id, 'move', { toTableId: t7 }, A.kitchen)).statusCode).toBe(403);
    expect((await call(order.id, 'split', { lines }, A.kitchen)).statusCode).toBe(403);
    for (const staff of [A.owner, A.cashier, await makeStaff(ctx.app, A.id, ['WAITER'])]) {
      expect((await call(order.id, 'split', { lines: [] }, staff)).statusCode).toBe(400);
    }

    const cancelled = await place(t9, [{ dishId: tea, quantity: 1 }]);
    await ctx.app.db.update(orders).set({ status: 'CANCELLED' }).where(eq(orders.id, cancelled.id));
    expect(await refused(cancelled.id, 'move', { toTableId: t7 })).toMatchObject({ status: 409, key: 'orderClosed' });
    expect(
      await refused(cancelled.id, 'split', { lines: [{ itemId: cancelled.items[0].id, quantity: 1 }] }),
    ).toMatchObject({
      status: 409,
      key: 'orderClosed',
    });
    expect(await refused(order.id, 'move', { toTableId: t9, intoOrderId: cancelled.id, lines })).toMatchObject({
      status: 409,
      key: 'orderClosed',
    });

    // Takeaway has no table to move to or from.
    await ctx.app.db.update(orders).set({ kind: 'TAKEAWAY' }).where(eq(orders.id, other.id));
    expect(await refused(other.id, 'move', { toTableId: t3 })).toMatchObject({ status: 409, key: 'orderNotAtTable' });
    expect(await refused(order.id, 'merge', { intoOrderId: other.id })).toMatchObject({
      status: 409,
      key: 'orderNotAtTable',
    });

    // Nothing of all that was written.
    expect((await rowsOf(order.id)).map((r) => r.quantity)).toEqual([2]);
    expect(await movesOf(order.id)).toEqual([]);
  });
});

describe('GET /api/eatery/:id/kitchen/moves', () => {
  it('lists the recent moves with the order numbers, newest first; kitchen roles only', async () => {
    await clearTables();
    const order = await place(t3, [{ dishId: dolma, quantity: 2 }]);
    const into = await place(t7, [{ dishId: tea, quantity: 1 }]);
    // Moves after the last one of the earlier tests.
    const [last] = await ctx.app.db
      .select({ at: orderMoves.createdAt })
      .from(orderMoves)
      .orderBy(desc(orderMoves.createdAt))
      .limit(1);
    // Plus a millisecond: PostgreSQL keeps microseconds a JS Date drops.
    const start = new Date((last?.at.getTime() ?? 0) + 1).toISOString();
    await ok(order.id, 'move', { toTableId: t9 });
    await ok(order.id, 'merge', { intoOrderId: into.id });
    // A move older than the notices' window is history.
    await ctx.app.db.insert(orderMoves).values({
      eateryId: A.id,
      kind: 'MOVE',
      fromOrderId: into.id,
      toOrderId: into.id,
      fromTable: '1',
      toTable: '7',
      createdAt: new Date(Date.now() - 3 * 3600_000),
    });

    const get = (staff: Staff, query = '') =>
      ctx.app.inject({ method: 'GET', url: `/api/eatery/${A.id}/kitchen/moves${query}`, headers: bearer(staff.token) });
    const res = await get(A.kitchen, `?since=${encodeURIComponent(start)}`);
    expect(res.statusCode, res.body).toBe(200);
    const moves = res.json() as KitchenMove[];
    expect(moves.map((m) => [m.kind, m.fromTable, m.toTable, m.fromOrderNumber, m.toOrderNumber])).toEqual([
      ['MERGE', '9', '7', null, into.number],
      // The moved order was merged since: its number is gone with it.
      ['MOVE', '3', '9', null, null],
    ]);
    expect(moves[1].items).toEqual([expect.objectContaining({ name: 'Dolma', quantity: 2, status: 'CREATED' })]);
    const all = (await get(A.owner)).json() as KitchenMove[];
    expect(all.every((m) => m.createdAt > new Date(Date.now() - 2 * 3600_000).toISOString())).toBe(true);
    expect((await get(A.waiter)).statusCode).toBe(403);
    expect((await get(A.kitchen, '?since=yesterday')).statusCode).toBe(400);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${B.id}/kitchen/moves`,
      headers: bearer(B.kitchen.token),
    });
    expect(other.json()).toEqual([]);
  });
});

describe('realtime', () => {
  const sockets: Socket[] = [];
  let baseUrl: string;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  it('the guest of a merged order follows the order it went into; another phone does not', async () => {
    await clearTables();
    const device = newDeviceId();
    const placed = await ctx.app.inject({
      method: 'POST',
      url: GUEST_ROUTES.placeOrder(A.id, t3),
      remoteAddress: randomIp(),
      cookies: { device_id: device },
      payload: { items: [{ dishId: tea, quantity: 1 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const into = await place(t7, [{ dishId: soup, quantity: 1 }]);
    await ok(placed.json().id, 'merge', { intoOrderId: into.id });

    const guest = await connectSocket(baseUrl, { cookie: `device_id=${device}` }, sockets);
    expect(await subscribe(guest.socket, orderTopic(into.id))).toEqual({ ok: true, topic: orderTopic(into.id) });
    const stranger = await connectSocket(baseUrl, { cookie: `device_id=${newDeviceId()}` }, sockets);
    expect(await subscribe(stranger.socket, orderTopic(into.id))).toMatchObject({ ok: false });
  });
});
