import type { Order, OrderItem } from '@qr-menu/contract';

/**
 * A whole order for tests (no items, version 1), created at `createdAt` (ISO, UTC); `fields` override the rest. Its
 * number of the day is `id + 100` unless given: never the id, so a test sees which of the two a screen shows.
 */
export const makeOrder = (id: number, createdAt: string, fields: Partial<Order> = {}): Order => ({
  id,
  number: id + 100,
  status: 'CREATED',
  tableId: 1,
  tableNumber: '1',
  note: null,
  createdAt,
  updatedAt: createdAt,
  items: [],
  eateryId: 3,
  orderPrice: 0,
  estimatedTime: 0,
  version: 1,
  discount: 0,
  serviceChargeRate: 0,
  paidAt: null,
  rejectionReason: null,
  kind: 'DINE_IN',
  customerName: null,
  customerPhone: null,
  ...fields,
});

/** An order item for tests: batch 1, created with the order, not ready; `fields` override the rest. */
export const makeItem = (id: number, orderId: number, fields: Partial<OrderItem> = {}): OrderItem => ({
  id,
  dishId: id,
  dishName: `Dish ${id}`,
  name: `Dish ${id}`,
  orderId,
  quantity: 1,
  note: null,
  status: 'CREATED',
  price: 5,
  category: null,
  kitchenDepartmentId: null,
  names: { az: `Yemək ${id}`, en: `Dish ${id}`, ru: `Блюдо ${id}` },
  batch: 1,
  createdAt: '2026-11-24T10:00:00.000Z',
  readyAt: null,
  voidReason: null,
  voidedFrom: null,
  voidedAt: null,
  seat: null,
  course: null,
  held: false,
  options: [],
  ...fields,
});
