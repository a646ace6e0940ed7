import { describe, expect, it } from 'vitest';
import { makeOrder } from './order-fixture';
import { orderChanged, patchOrders } from './patch-orders';

const at = '2026-11-24T10:00:00.000Z';

describe('patchOrders (live screens patch by version)', () => {
  const held = [makeOrder(1, at, { version: 3 }), makeOrder(2, at)];

  it('inserts a new order', () => {
    const next = patchOrders(held, orderChanged(makeOrder(3, at)));
    expect(next.map((o) => o.id)).toEqual([1, 2, 3]);
  });

  it('replaces a held order only by a higher version; an older or repeated event changes nothing', () => {
    expect(patchOrders(held, orderChanged(makeOrder(1, at, { version: 3, note: 'same' })))).toBe(held);
    expect(patchOrders(held, orderChanged(makeOrder(1, at, { version: 2, note: 'old' })))).toBe(held);
    const next = patchOrders(held, orderChanged(makeOrder(1, at, { version: 4, note: 'new' })));
    expect(next[0].note).toBe('new');
    expect(next).toHaveLength(2);
  });

  it('removes a deleted order, and one that stops matching what the screen holds', () => {
    expect(patchOrders(held, { type: 'ORDER_DELETED', orderId: 2 }).map((o) => o.id)).toEqual([1]);
    expect(patchOrders(held, { type: 'ORDER_DELETED', orderId: 9 })).toBe(held);
    const open = (o: { status: string }) => o.status !== 'PAID';
    const paid = orderChanged(makeOrder(1, at, { version: 4, status: 'PAID' }));
    expect(patchOrders(held, paid, open).map((o) => o.id)).toEqual([2]);
    // Nor is a new order the screen does not hold added.
    expect(patchOrders(held, orderChanged(makeOrder(5, at, { status: 'PAID' })), open)).toBe(held);
  });
});
