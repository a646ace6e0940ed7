import { describe, expect, it } from 'vitest';
import type { Table } from '@qr-menu/contract';
import { makeCall } from '../shared/live/call-fixture';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { floorTables, minutesSince, tableState } from './table-state';

const at = '2026-11-24T10:00:00.000Z';
const table = (id: number, number: string) => ({ id, number, status: 'ACTIVE' }) as Table;

describe('table state', () => {
  it.each([
    ['free', [], []],
    ['ordering', [makeOrder(1, at, { status: 'CREATED' })], []],
    [
      'confirm',
      [makeOrder(1, at), makeOrder(2, at, { status: 'NEEDS_CONFIRMATION' })],
      [makeCall(1, { kind: 'BILL' })],
    ],
    ['called', [makeOrder(2, at, { status: 'NEEDS_CONFIRMATION' })], [makeCall(1, { kind: 'WAITER' })]],
    ['waiting', [makeOrder(1, at, { status: 'PREPARING' })], []],
    ['waiting', [makeOrder(1, at, { status: 'PROCESSING' })], []],
    ['ready', [makeOrder(1, at, { status: 'PREPARING', items: [makeItem(1, 1, { status: 'READY' })] })], []],
    ['served', [makeOrder(1, at, { status: 'ISSUED', items: [makeItem(1, 1, { status: 'SERVED' })] })], []],
    ['bill', [makeOrder(1, at, { status: 'ISSUED' })], [makeCall(1, { kind: 'BILL', paymentMethod: 'CARD' })]],
    ['called', [makeOrder(1, at)], [makeCall(1, { kind: 'BILL' }), makeCall(2, { kind: 'WAITER' })]],
    ['ordering', [makeOrder(1, at)], [makeCall(1, { status: 'ACKNOWLEDGED' })]],
    // Paid before the kitchen finished: food still coming, then ready to take like any other.
    ['paidFood', [makeOrder(1, at, { status: 'PAID', items: [makeItem(1, 1, { status: 'PREPARING' })] })], []],
    ['ready', [makeOrder(1, at, { status: 'PAID', items: [makeItem(1, 1, { status: 'READY' })] })], []],
  ] as const)('is %s', (state, orders, calls) => {
    expect(tableState(orders, calls)).toBe(state);
  });

  it("lists the waiter's tables first, then by number (10 after 9), with what waits there", () => {
    const tables = [table(1, '10'), table(2, '9'), table(3, '2')];
    const orders = [
      makeOrder(5, at, {
        tableId: 1,
        items: [makeItem(1, 5, { status: 'READY', quantity: 2 }), makeItem(2, 5, { status: 'READY' })],
      }),
    ];
    const assignments = [{ id: 1, tableId: 1, waiterId: 42, waiterName: 'Aysel' }];
    const floor = floorTables(tables, orders, [makeCall(1, { tableId: 3 })], assignments, 42);
    expect(floor.map((e) => e.table.number)).toEqual(['10', '2', '9']);
    expect(floor[0]).toMatchObject({ state: 'ready', readyCount: 3, mine: true, waiters: ['Aysel'] });
    expect(floor[1].state).toBe('called');
    expect(floor[2].state).toBe('free');
  });

  it('knows since when a table ordered (its oldest order) and since when its food waits (the earliest ready dish)', () => {
    const orders = [
      makeOrder(6, '2026-11-24T10:20:00.000Z', {
        tableId: 1,
        items: [makeItem(3, 6, { status: 'READY', readyAt: '2026-11-24T10:31:00.000Z' })],
      }),
      makeOrder(5, '2026-11-24T10:05:00.000Z', {
        tableId: 1,
        items: [
          makeItem(1, 5, { status: 'READY', readyAt: '2026-11-24T10:30:00.000Z' }),
          makeItem(2, 5, { status: 'SERVED', readyAt: '2026-11-24T10:10:00.000Z' }),
        ],
      }),
    ];
    const [busy, free] = floorTables([table(1, '1'), table(2, '2')], orders, [], [], null);
    expect(busy).toMatchObject({ orderedAt: '2026-11-24T10:05:00.000Z', readySince: '2026-11-24T10:30:00.000Z' });
    expect(free).toMatchObject({ orderedAt: null, readySince: null });
  });
});

describe('minutes since', () => {
  it('counts whole minutes, never below zero', () => {
    const now = new Date('2026-11-24T10:30:59.000Z');
    expect(minutesSince('2026-11-24T10:30:00.000Z', now)).toBe(0);
    expect(minutesSince('2026-11-24T10:18:00.000Z', now)).toBe(12);
    expect(minutesSince('2026-11-24T08:30:00.000Z', now)).toBe(120);
    // Another machine's clock a little ahead.
    expect(minutesSince('2026-11-24T10:31:30.000Z', now)).toBe(0);
  });
});
