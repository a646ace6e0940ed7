import { describe, expect, it } from 'vitest';
import { kitchenBoard } from '../src/kitchen.js';
import type { Order, OrderItem } from '../src/orders.js';

/** The kitchen board recomputed on the web: guest orders waiting for confirmation are not on it. */

const NOW = Date.parse('2026-05-01T10:05:00.000Z');
const at = '2026-05-01T10:00:00.000Z';

const item = (orderId: number, id: number): OrderItem => ({
  id,
  dishId: 1,
  dishName: 'Plov',
  name: 'Plov',
  orderId,
  quantity: 2,
  note: null,
  status: 'CREATED',
  price: 5,
  category: null,
  kitchenDepartmentId: null,
  names: { az: 'Plov', en: 'Plov', ru: 'Плов' },
  batch: 1,
  options: [],
  createdAt: at,
  readyAt: null,
  voidReason: null,
  voidedFrom: null,
  voidedAt: null,
  seat: null,
  course: null,
  held: false,
});

const order = (id: number, status: Order['status']): Order => ({
  id,
  number: id,
  status,
  tableId: 1,
  tableNumber: '7',
  note: null,
  createdAt: at,
  updatedAt: at,
  items: [item(id, id * 10)],
  eateryId: 1,
  orderPrice: 10,
  estimatedTime: 0,
  version: 0,
  discount: 0,
  serviceChargeRate: 0,
  paidAt: null,
  rejectionReason: null,
  kind: 'DINE_IN',
  customerName: null,
  customerPhone: null,
});

describe('kitchenBoard and NEEDS_CONFIRMATION', () => {
  it('leaves out orders waiting for staff confirmation: no ticket, no all-day count', () => {
    const board = kitchenBoard([order(1, 'NEEDS_CONFIRMATION'), order(2, 'CREATED')], null, NOW);
    expect(board.tickets.map((t) => t.orderId)).toEqual([2]);
    expect(board.allDay).toEqual([{ dishId: 1, names: { az: 'Plov', en: 'Plov', ru: 'Плов' }, quantity: 2 }]);
    expect(board.recall).toEqual([]);
  });

  it('shows the order once accepted (CREATED)', () => {
    expect(kitchenBoard([order(1, 'CREATED')], null, NOW).tickets.map((t) => t.orderId)).toEqual([1]);
  });
});
