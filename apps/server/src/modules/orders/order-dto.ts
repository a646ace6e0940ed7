import {
  estimateOrderMinutes,
  fromCents,
  orderTotalCents,
  toCents,
  type ItemStatus,
  type Order,
  type OrderItem,
  type OrderItemOption,
  type OrderKind,
  type OrderStatus,
} from '@qr-menu/contract';
import { orderItems, orders } from '../../db/schema.js';

/** Database rows → API shapes of orders: pure mapping, no queries. */

/** The order columns every read selects (not the idempotency key). */
export const orderColumns = {
  id: orders.id,
  eateryId: orders.eateryId,
  tableId: orders.tableId,
  tableNumber: orders.tableNumber,
  status: orders.status,
  note: orders.note,
  deviceId: orders.deviceId,
  version: orders.version,
  discount: orders.discount,
  serviceChargeBp: orders.serviceChargeBp,
  number: orders.number,
  paidAt: orders.paidAt,
  rejectionReason: orders.rejectionReason,
  kind: orders.kind,
  customerName: orders.customerName,
  customerPhone: orders.customerPhone,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};
export type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;
export type ItemRow = typeof orderItems.$inferSelect;

/**
 * The item columns the API shows (a row of order_items, or the same columns of the list statement). The two times
 * are Dates, or ISO text already formatted like toISOString() (the list statement formats them in SQL).
 */
type ItemFields = Pick<
  ItemRow,
  | 'id'
  | 'dishId'
  | 'name'
  | 'orderId'
  | 'quantity'
  | 'note'
  | 'status'
  | 'price'
  | 'categoryName'
  | 'kitchenDepartmentId'
  | 'names'
  | 'batch'
  | 'options'
  | 'voidReason'
  | 'voidedFrom'
  | 'seat'
  | 'course'
  | 'held'
> & { createdAt: Date | string; readyAt: Date | string | null; voidedAt: Date | string | null };

/** A timestamp as the API writes it (ISO 8601, UTC, milliseconds). */
export const isoTime = (t: Date | string): string => (typeof t === 'string' ? t : t.toISOString());

export function toItemDto(i: ItemFields): OrderItem {
  return {
    id: i.id,
    dishId: i.dishId,
    dishName: i.name,
    name: i.name,
    orderId: i.orderId,
    quantity: i.quantity,
    note: i.note,
    status: i.status as ItemStatus,
    price: amount(i.price),
    // Items ordered before dishes had options have none.
    options: i.options ?? [],
    category: i.categoryName,
    kitchenDepartmentId: i.kitchenDepartmentId,
    // Items ordered before the three names were stored only have the az snapshot.
    names: i.names ?? { az: i.name, en: i.name, ru: i.name },
    batch: i.batch,
    createdAt: isoTime(i.createdAt),
    readyAt: i.readyAt === null ? null : isoTime(i.readyAt),
    voidReason: i.voidReason,
    voidedFrom: i.voidedFrom as ItemStatus | null,
    voidedAt: i.voidedAt === null ? null : isoTime(i.voidedAt),
    seat: i.seat,
    course: i.course,
    held: i.held,
  };
}

/** A numeric(10,2) amount as the API writes it (exact: through integer cents). */
const amount = (v: string | number) => fromCents(toCents(v));

/** The order with its items. */
export function toOrderDto(o: OrderRow, items: readonly ItemFields[]): Order {
  const status = o.status as OrderStatus;
  return {
    id: o.id,
    // Set by the database on insert; 0 only for a row the trigger never saw.
    number: o.number ?? 0,
    status,
    tableId: o.tableId,
    tableNumber: o.tableNumber,
    note: o.note,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    items: items.map(toItemDto),
    eateryId: o.eateryId,
    orderPrice: fromCents(orderTotalCents(items)),
    estimatedTime: estimateOrderMinutes(status, items),
    version: o.version,
    discount: amount(o.discount),
    serviceChargeRate: o.serviceChargeBp,
    paidAt: o.paidAt === null ? null : o.paidAt.toISOString(),
    rejectionReason: o.rejectionReason,
    kind: o.kind as OrderKind,
    customerName: o.customerName,
    customerPhone: o.customerPhone,
  };
}

interface ListOrderColumns {
  id: number;
  eatery_id: number;
  table_id: number | null;
  table_number: string;
  status: string;
  note: string | null;
  version: number;
  /** numeric(10,2) as text. */
  discount: string;
  service_charge_bp: number;
  number: number | null;
  /** ISO 8601, UTC, as toISOString() writes it. */
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  rejection_reason: string | null;
  kind: string;
  customer_name: string | null;
  customer_phone: string | null;
  /** created_at in whole microseconds since 1970 (for the page cursor). */
  micros: string;
}

interface ListItemColumns {
  item_id: number;
  dish_id: number | null;
  item_name: string;
  quantity: number;
  item_note: string | null;
  item_status: string;
  /** numeric(10,2) as text. */
  price: string;
  category_name: string | null;
  kitchen_department_id: number | null;
  names: { az: string; en: string; ru: string } | null;
  batch: number;
  /** The chosen options (jsonb). */
  options: OrderItemOption[];
  /** ISO 8601, UTC, as toISOString() writes it. */
  item_created_at: string;
  ready_at: string | null;
  void_reason: string | null;
  voided_from: string | null;
  /** ISO 8601, UTC, as toISOString() writes it. */
  voided_at: string | null;
  seat: number | null;
  course: number | null;
  held: boolean;
}

/** A row of the orders list statement (order-queries.ts): an order and one of its items, or no item (all null). */
export type ListRow = ListOrderColumns & (ListItemColumns | { [K in keyof ListItemColumns]: null });

/**
 * The orders of the list statement's rows (an order's rows next to each other, in list order), each with the
 * microseconds of its created_at: the same Order as toOrderDto makes.
 */
export function listedOrders(rows: readonly ListRow[]): { order: Order; micros: string }[] {
  const groups: { row: ListRow; items: OrderItem[] }[] = [];
  for (const r of rows) {
    let group = groups[groups.length - 1];
    if (group?.row.id !== r.id) groups.push((group = { row: r, items: [] }));
    if (r.item_id === null) continue;
    group.items.push(
      toItemDto({
        id: r.item_id,
        dishId: r.dish_id,
        name: r.item_name,
        orderId: r.id,
        quantity: r.quantity,
        note: r.item_note,
        status: r.item_status,
        price: r.price,
        categoryName: r.category_name,
        kitchenDepartmentId: r.kitchen_department_id,
        names: r.names,
        batch: r.batch,
        options: r.options,
        createdAt: r.item_created_at,
        readyAt: r.ready_at,
        voidReason: r.void_reason,
        voidedFrom: r.voided_from,
        voidedAt: r.voided_at,
        seat: r.seat,
        course: r.course,
        held: r.held,
      }),
    );
  }
  return groups.map(({ row, items }) => {
    const status = row.status as OrderStatus;
    const order: Order = {
      id: row.id,
      number: row.number ?? 0,
      status,
      tableId: row.table_id,
      tableNumber: row.table_number,
      note: row.note,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      items,
      eateryId: row.eatery_id,
      orderPrice: fromCents(orderTotalCents(items)),
      estimatedTime: estimateOrderMinutes(status, items),
      version: row.version,
      discount: amount(row.discount),
      serviceChargeRate: row.service_charge_bp,
      paidAt: row.paid_at,
      rejectionReason: row.rejection_reason,
      kind: row.kind as OrderKind,
      customerName: row.customer_name,
      customerPhone: row.customer_phone,
    };
    return { order, micros: row.micros };
  });
}
