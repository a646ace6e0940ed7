import type { Order } from '@qr-menu/contract';

/** A whole order for tests (no items, version 1), created at `createdAt` (ISO, UTC); `fields` override the rest. */
export const makeOrder = (id: number, createdAt: string, fields: Partial<Order> = {}): Order => ({
  id,
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
  ...fields,
});
