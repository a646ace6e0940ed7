import { describe, expect, it } from 'vitest';
import { kitchenBoard, orderTickets, orderVoids, RECALL_MINUTES } from '../src/kitchen.js';
import type { Order, OrderItem } from '../src/orders.js';

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

let nextId = 1;
function item(over: Partial<OrderItem> = {}): OrderItem {
  const name = over.name ?? 'Plov';
  return {
    id: nextId++,
    dishId: 1,
    dishName: name,
    name,
    orderId: 1,
    quantity: 1,
    note: null,
    status: 'CREATED',
    price: 5,
    category: null,
    kitchenDepartmentId: null,
    names: { az: name, en: name, ru: name },
    batch: 1,
    options: [],
    createdAt: at(0),
    readyAt: null,
    voidReason: null,
    voidedFrom: null,
    voidedAt: null,
    seat: null,
    course: null,
    held: false,
    ...over,
  };
}

function order(over: Partial<Order> = {}): Order {
  return {
    id: 1,
    number: 1,
    status: 'CREATED',
    tableId: 1,
    tableNumber: '7',
    note: 'no onion anywhere',
    createdAt: at(0),
    updatedAt: at(0),
    items: [],
    eateryId: 1,
    orderPrice: 0,
    estimatedTime: 0,
    version: 0,
    discount: 0,
    serviceChargeRate: 0,
    paidAt: null,
    rejectionReason: null,
    kind: 'DINE_IN',
    customerName: null,
    customerPhone: null,
    ...over,
  };
}

const HOT = 5;
const COLD = 6;

describe('orderTickets', () => {
  it('one ticket per batch; later batches are ADD-ONs with only their items; DELETED items left out', () => {
    const o = order({
      items: [
        item({ dishId: 1, kitchenDepartmentId: HOT }),
        item({ dishId: 2, kitchenDepartmentId: COLD }),
        item({ dishId: 3, status: 'DELETED' }),
        item({ dishId: 4, batch: 2, createdAt: at(7), kitchenDepartmentId: HOT }),
      ],
    });
    const all = orderTickets(o, null);
    expect(all.map((t) => [t.key, t.addOn, t.createdAt, t.items.map((i) => i.dishId)])).toEqual([
      ['1-1', false, at(0), [1, 2]],
      ['1-2', true, at(7), [4]],
    ]);
    expect(all[0]).toMatchObject({ tableNumber: '7', orderNote: 'no onion anywhere', bumpedAt: null });
    // A department's station: only its items; a batch without any is no ticket there.
    expect(orderTickets(o, HOT).map((t) => [t.key, t.items.map((i) => i.dishId)])).toEqual([
      ['1-1', [1]],
      ['1-2', [4]],
    ]);
    expect(orderTickets(o, COLD).map((t) => t.key)).toEqual(['1-1']);
  });

  it('bumpedAt: when the last item became READY, once every item is READY or SERVED', () => {
    const o = order({
      items: [item({ status: 'READY', readyAt: at(3) }), item({ status: 'PREPARING' })],
    });
    expect(orderTickets(o, null)[0].bumpedAt).toBeNull();
    o.items[1] = { ...o.items[1], status: 'READY', readyAt: at(5) };
    expect(orderTickets(o, null)[0].bumpedAt).toBe(at(5));
  });
});

describe('kitchenBoard', () => {
  it('queue oldest first; recall = bumped in the last RECALL_MINUTES with an item still READY; all-day counts', () => {
    const cooking = order({
      id: 1,
      items: [
        item({ orderId: 1, dishId: 1, name: 'Plov', quantity: 2, createdAt: at(5) }),
        item({ orderId: 1, dishId: 2, name: 'Dolma', status: 'PREPARING', createdAt: at(5) }),
      ],
    });
    const older = order({
      id: 2,
      items: [item({ orderId: 2, dishId: 1, name: 'Plov', createdAt: at(1) })],
    });
    const bumped = order({
      id: 3,
      status: 'READY',
      items: [item({ orderId: 3, status: 'READY', readyAt: at(20), createdAt: at(2) })],
    });
    const bumpedLongAgo = order({
      id: 4,
      status: 'READY',
      items: [item({ orderId: 4, status: 'READY', readyAt: at(2), createdAt: at(0) })],
    });
    const served = order({
      id: 5,
      status: 'ISSUED',
      // Served straight from PREPARING: no readyAt, and nothing left to cook.
      items: [item({ orderId: 5, status: 'SERVED', readyAt: null, createdAt: at(0) })],
    });
    // Paid before the kitchen started: still cooked. Cancelled: off the board.
    const paid = order({ id: 6, status: 'PAID', items: [item({ orderId: 6, createdAt: at(0) })] });
    const cancelled = order({ id: 7, status: 'CANCELLED', items: [item({ orderId: 7, createdAt: at(0) })] });

    const orders = [cooking, older, bumped, bumpedLongAgo, served, paid, cancelled];
    const board = kitchenBoard(orders, null, T0 + 25 * 60_000);
    expect(board.tickets.map((t) => t.key)).toEqual(['6-1', '2-1', '1-1']);
    expect(board.recall.map((t) => t.key)).toEqual(['3-1']);
    expect(board.allDay).toEqual([
      // 2 + 1 open, 1 paid; the cancelled one is not cooked.
      { dishId: 1, names: { az: 'Plov', en: 'Plov', ru: 'Plov' }, quantity: 4 },
      { dishId: 2, names: { az: 'Dolma', en: 'Dolma', ru: 'Dolma' }, quantity: 1 },
    ]);
    // RECALL_MINUTES after its bump, a ticket leaves the recall list.
    const later = kitchenBoard([bumped], null, T0 + (20 + RECALL_MINUTES) * 60_000 + 1);
    expect(later.recall).toEqual([]);
  });
});

describe('kitchen VOID notices', () => {
  const voided = (from: OrderItem['status'], minute: number, over: Partial<OrderItem> = {}) =>
    item({
      status: 'DELETED',
      voidedFrom: from,
      voidedAt: at(minute),
      voidReason: 'Guest changed their mind',
      ...over,
    });

  it('lists items voided from PREPARING or READY in the last RECALL_MINUTES, newest first, with the reason', () => {
    const table4 = order({
      id: 1,
      tableNumber: '4',
      items: [
        voided('PREPARING', 20, { orderId: 1, name: 'Plov', quantity: 2 }),
        // Voided before the kitchen started it: it just leaves the ticket, no notice.
        voided('CREATED', 21, { orderId: 1, name: 'Tea' }),
        item({ orderId: 1, name: 'Dolma', status: 'PREPARING' }),
      ],
    });
    const table9 = order({
      id: 2,
      tableNumber: '9',
      status: 'READY',
      items: [voided('READY', 22, { orderId: 2, name: 'Kebab', voidReason: 'Quality issue' })],
    });
    const longAgo = order({ id: 3, items: [voided('PREPARING', 5, { orderId: 3 })] });

    const board = kitchenBoard([table4, table9, longAgo], null, T0 + 24 * 60_000);
    expect(board.voids.map((v) => [v.orderId, v.tableNumber, v.name, v.quantity, v.reason, v.voidedFrom])).toEqual([
      [2, '9', 'Kebab', 1, 'Quality issue', 'READY'],
      [1, '4', 'Plov', 2, 'Guest changed their mind', 'PREPARING'],
    ]);
    expect(board.voids[1]).toMatchObject({ itemId: table4.items[0].id, voidedAt: at(20), names: { en: 'Plov' } });
    // The voided dish is off its ticket; the rest of the ticket stays.
    expect(board.tickets.map((t) => t.items.map((i) => i.name))).toEqual([['Dolma']]);
    // RECALL_MINUTES after the void, the notice is gone.
    expect(kitchenBoard([table4], null, T0 + (20 + RECALL_MINUTES) * 60_000 + 1).voids).toEqual([]);
  });

  it('only the station’s items, and only orders the kitchen sees', () => {
    const o = order({
      items: [
        voided('PREPARING', 1, { kitchenDepartmentId: HOT, name: 'Plov' }),
        voided('READY', 2, { kitchenDepartmentId: COLD, name: 'Salad' }),
      ],
    });
    const now = T0 + 3 * 60_000;
    expect(kitchenBoard([o], HOT, now).voids.map((v) => v.name)).toEqual(['Plov']);
    expect(kitchenBoard([o], COLD, now).voids.map((v) => v.name)).toEqual(['Salad']);
    expect(kitchenBoard([o], null, now).voids.map((v) => v.name)).toEqual(['Salad', 'Plov']);
    expect(kitchenBoard([{ ...o, status: 'CANCELLED' }], null, now).voids).toEqual([]);
    expect(kitchenBoard([{ ...o, status: 'NEEDS_CONFIRMATION' }], null, now).voids).toEqual([]);
  });

  it('orderVoids ignores live items and voids without a time', () => {
    const o = order({
      items: [item({ status: 'PREPARING' }), voided('PREPARING', 0, { voidedAt: null })],
    });
    expect(orderVoids(o, null, T0 - 60_000)).toEqual([]);
  });
});
