import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent } from '@qr-menu/contract';
import { orderItems, orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { OrderCommands, type PlacedOrder } from '../src/modules/orders/order-commands.js';
import { setupApp } from './helper.js';
import { makeDish, makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';

// Group commit (order-batcher.ts): orders placed in the same event-loop turn go to the database in one statement
// and one transaction. Placing them synchronously here puts them in one batch; their shared created_at (now(), the
// transaction's start) shows that they were.
const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let soup: number; // 4.50
let bread: number; // 0.35
let unavailable: number;
let foreign: number;
let inactiveTable: number;
let commands: OrderCommands;
let events: { eateryId: number; event: OrderEvent }[];

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Batch Cafe' });
  B = await makeEatery(ctx.app, { name: 'Other' });
  soup = await makeDish(ctx.app, A, { price: '4.50', nameAz: 'Şorba', nameEn: 'Soup' });
  bread = await makeDish(ctx.app, A, { price: '0.35', nameEn: 'Bread' });
  unavailable = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Sold out', available: false });
  foreign = await makeDish(ctx.app, B, { price: '1.00', nameEn: 'Theirs' });
  inactiveTable = await makeTable(ctx.app, A.id, 'Closed', 'INACTIVE');
  commands = new OrderCommands(ctx.app.db, {
    emitOrderEvent: (eateryId, event) => events.push({ eateryId, event }),
  });
});

const orderCount = async () =>
  (await ctx.app.db.select({ n: count() }).from(orders).where(eq(orders.eateryId, A.id)))[0].n;

/** A guest order as the guest route places it. */
const guestOrder = (
  items: { dishId: number; quantity: number; note?: string }[],
  opts: { table?: number; eatery?: number; device?: string; key?: string } = {},
) =>
  commands.placeOrder(opts.eatery ?? A.id, opts.table ?? A.tableId, items, null, {
    guest: true,
    deviceId: opts.device ?? newDeviceId(),
    idempotencyKey: opts.key ?? null,
  });

/** Settles every promise; the outcome of each, in order. */
const settle = (placing: Promise<PlacedOrder>[]) => Promise.allSettled(placing);

const createdAtOf = async (ids: number[]) =>
  (await ctx.app.db.select({ at: orders.createdAt }).from(orders).where(inArray(orders.id, ids))).map((r) =>
    r.at.getTime(),
  );

describe('orders placed together (one batch)', () => {
  it('a refused order among good ones fails alone, with its own error; the good ones are placed', async () => {
    events = [];
    const before = await orderCount();
    const outcomes = await settle([
      guestOrder([{ dishId: soup, quantity: 2 }]),
      guestOrder([{ dishId: soup, quantity: 1 }], { table: inactiveTable }),
      guestOrder([
        { dishId: bread, quantity: 1 },
        { dishId: unavailable, quantity: 1 },
      ]),
      guestOrder([{ dishId: foreign, quantity: 1 }]),
      guestOrder([{ dishId: soup, quantity: 1 }], { table: 999_999 }),
      guestOrder([
        { dishId: bread, quantity: 3, note: 'warm' },
        { dishId: soup, quantity: 1 },
      ]),
    ]);
    const [first, inactive, soldOut, theirs, noTable, last] = outcomes;

    expect(first.status).toBe('fulfilled');
    expect(last.status).toBe('fulfilled');
    const a = (first as PromiseFulfilledResult<PlacedOrder>).value;
    const b = (last as PromiseFulfilledResult<PlacedOrder>).value;
    expect(a.created && b.created).toBe(true);
    // Prices from the database, per order.
    expect(a.order.orderPrice).toBe(9);
    expect(b.order.orderPrice).toBe(5.55);
    expect(b.order.items.map((i) => [i.dishId, i.quantity, i.note, i.price])).toEqual([
      [bread, 3, 'warm', 0.35],
      [soup, 1, null, 4.5],
    ]);
    expect(a.order.items.every((i) => i.orderId === a.order.id)).toBe(true);
    expect(b.order.items.every((i) => i.orderId === b.order.id)).toBe(true);
    // One transaction for both.
    const [t1, t2] = await createdAtOf([a.order.id, b.order.id]);
    expect(t1).toBe(t2);

    const reason = (r: PromiseSettledResult<PlacedOrder>) =>
      r.status === 'rejected' ? { status: r.reason.statusCode, key: r.reason.messageKey } : r.status;
    expect(reason(inactive)).toEqual({ status: 409, key: 'tableInactive' });
    expect(reason(soldOut)).toEqual({ status: 400, key: 'validation' });
    expect((soldOut as PromiseRejectedResult).reason.details).toEqual([
      { field: 'items.1.dishId', messageKey: 'validation.dishUnavailable' },
    ]);
    expect(reason(theirs)).toEqual({ status: 400, key: 'validation' });
    expect(reason(noTable)).toEqual({ status: 404, key: 'notYourResource' });

    // Nothing of the refused orders was written; one NEW_ORDER per placed order.
    expect(await orderCount()).toBe(before + 2);
    expect(events.map((e) => [e.eateryId, e.event.type, e.event.orderId])).toEqual([
      [A.id, 'NEW_ORDER', a.order.id],
      [A.id, 'NEW_ORDER', b.order.id],
    ]);
  });

  it('two retries of the same key in one batch place one order; both get it', async () => {
    events = [];
    const before = await orderCount();
    const device = newDeviceId();
    const items = [{ dishId: soup, quantity: 1 }];
    const [x, y, other] = await Promise.all([
      guestOrder(items, { device, key: 'tap-tap' }),
      guestOrder(items, { device, key: 'tap-tap' }),
      // Same key, another device: its own order.
      guestOrder(items, { key: 'tap-tap' }),
    ]);
    expect([x.created, y.created]).toEqual([true, false]);
    expect(y.order).toEqual(x.order);
    expect(other.created).toBe(true);
    expect(other.order.id).not.toBe(x.order.id);
    expect(await orderCount()).toBe(before + 2);
    const [n] = await ctx.app.db.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, x.order.id));
    expect(n.n).toBe(1);
    expect(events.map((e) => e.event.orderId)).toEqual([x.order.id, other.order.id]);
    // A later retry, in a batch of its own, finds it too.
    const again = await guestOrder(items, { device, key: 'tap-tap' });
    expect(again).toEqual({ order: x.order, created: false });
  });

  it('a batch whose statement fails is retried order by order: only the failing order fails', async () => {
    events = [];
    const before = await orderCount();
    // A quantity beyond int4 (the route's schema would refuse it) makes the whole statement fail.
    const outcomes = await settle([
      guestOrder([{ dishId: soup, quantity: 1 }]),
      guestOrder([{ dishId: bread, quantity: 2 ** 40 }]),
      guestOrder([{ dishId: bread, quantity: 2 }]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await orderCount()).toBe(before + 2);
    expect(events).toHaveLength(2);
  });

  it('a staff order and guest orders share a batch, each with its own rules', async () => {
    const [staff, guest] = await Promise.all([
      // Staff may order an unavailable dish, and at an inactive table.
      commands.placeOrder(A.id, inactiveTable, [{ dishId: unavailable, quantity: 1 }], 'by the window'),
      guestOrder([{ dishId: bread, quantity: 1 }]),
    ]);
    expect(staff.order.note).toBe('by the window');
    expect(staff.order.items[0].price).toBe(2);
    expect(guest.order.items[0].price).toBe(0.35);
    const [t1, t2] = await createdAtOf([staff.order.id, guest.order.id]);
    expect(t1).toBe(t2);
  });
});
