import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type GuestDeviceOrders, type Order } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { eateries, orders, tables } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';
import type { ItemInput, OrderCommands, PlacedOrder } from '../orders/order-commands.js';
import type { OrderQueries } from '../orders/order-queries.js';

/**
 * Guest orders: everything is scoped to the `device_id` cookie. Creating and extending orders are
 * the orders module's commands with the guest rules on (server-side prices, one transaction, NEW_ORDER /
 * ORDER_UPDATED events, a dish that cannot be ordered is a 400 on `items.{i}.dishId`, and a restaurant that takes
 * guest orders only within its opening hours refuses them while closed: 409 `closedNow`, nothing stored).
 */
export class GuestService {
  constructor(
    private readonly db: Db,
    private readonly queries: OrderQueries,
    private readonly commands: OrderCommands,
  ) {}

  /** `hasOrders`: an open order (OPEN_ORDER_STATUSES: not paid, not cancelled) of this device at this table. */
  async deviceOrders(eateryId: number, tableId: number, deviceId: string): Promise<GuestDeviceOrders> {
    const [row] = await this.db
      .select({ eateryName: eateries.name, tableName: tables.number })
      .from(tables)
      .innerJoin(eateries, eq(eateries.id, tables.eateryId))
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
    if (!row) throw notFound();
    const open = await this.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.eateryId, eateryId),
          eq(orders.tableId, tableId),
          eq(orders.deviceId, deviceId),
          inArray(orders.status, [...OPEN_ORDER_STATUSES]),
        ),
      )
      .limit(1);
    return { hasOrders: open.length > 0, tableId, eateryId, eateryName: row.eateryName, tableName: row.tableName };
  }

  placeOrder(
    eateryId: number,
    tableId: number,
    items: readonly ItemInput[],
    note: string | null | undefined,
    deviceId: string,
    idempotencyKey: string | null,
    tableKey: string | null = null,
  ): Promise<PlacedOrder> {
    return this.commands.placeOrder(eateryId, tableId, items, note, {
      deviceId,
      idempotencyKey,
      guest: true,
      tableKey,
    });
  }

  /** No table key needed: the order is this device's already (it presented the key when placing it). */
  addItems(eateryId: number, orderId: number, items: readonly ItemInput[], deviceId: string): Promise<Order> {
    return this.commands.addItems(eateryId, orderId, items, { deviceId, guest: true });
  }

  getOrder(eateryId: number, orderId: number, deviceId: string): Promise<Order> {
    return this.queries.getForDevice(eateryId, orderId, deviceId);
  }

  /** This device's orders in the restaurant, newest first; 404 when the restaurant does not exist. */
  async listOrders(eateryId: number, deviceId: string): Promise<Order[]> {
    const [eatery] = await this.db.select({ id: eateries.id }).from(eateries).where(eq(eateries.id, eateryId));
    if (!eatery) throw notFound();
    return this.queries.listForDevice(eateryId, deviceId);
  }
}
