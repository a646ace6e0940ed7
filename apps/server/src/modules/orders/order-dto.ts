import {
  estimateOrderMinutes,
  fromCents,
  toCents,
  type ItemStatus,
  type Order,
  type OrderStatus,
} from '@qr-menu/contract';
import { orderItems, orders } from '../../db/schema.js';

/** Database rows → API shapes of orders: pure mapping, no queries. */

/** The order columns every read selects (not the idempotency key nor the version). */
export const orderColumns = {
  id: orders.id,
  eateryId: orders.eateryId,
  tableId: orders.tableId,
  tableNumber: orders.tableNumber,
  status: orders.status,
  note: orders.note,
  deviceId: orders.deviceId,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};
export type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;
export type ItemRow = typeof orderItems.$inferSelect;

export function toItemDto(i: ItemRow) {
  return {
    id: i.id,
    dishId: i.dishId,
    dishName: i.name,
    name: i.name,
    orderId: i.orderId,
    quantity: i.quantity,
    note: i.note,
    status: i.status as ItemStatus,
    price: fromCents(toCents(i.price)),
    category: i.categoryName,
    kitchenDepartmentId: i.kitchenDepartmentId,
  };
}

/** The order with its items; the total counts every item but the DELETED ones, in integer cents. */
export function toOrderDto(o: OrderRow, items: ItemRow[]): Order {
  let cents = 0;
  for (const i of items) if (i.status !== 'DELETED') cents += toCents(i.price) * i.quantity;
  const status = o.status as OrderStatus;
  return {
    id: o.id,
    status,
    tableId: o.tableId,
    tableNumber: o.tableNumber,
    note: o.note,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    items: items.map(toItemDto),
    eateryId: o.eateryId,
    orderPrice: fromCents(cents),
    estimatedTime: estimateOrderMinutes(status, items),
  };
}
