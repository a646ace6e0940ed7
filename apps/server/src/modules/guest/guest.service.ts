import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type GuestDeviceOrders, type Order } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { orderOfDevice } from '../../db/order-devices.js';
import { eateries, orderMoves, orders, tables } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
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

  /**
   * `hasOrders`: an open order (OPEN_ORDER_STATUSES: not paid, not cancelled) of this device (placed or joined) at
   * this table.
   */
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
          orderOfDevice(deviceId),
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

  /**
   * One of this device's orders. An order merged into another no longer exists: its guest gets the order it was
   * merged into (which their device joined), so a page left open on the old order keeps showing their dishes.
   */
  async getOrder(eateryId: number, orderId: number, deviceId: string): Promise<Order> {
    try {
      return await this.queries.getForDevice(eateryId, orderId, deviceId);
    } catch (err) {
      const into =
        err instanceof AppError && err.statusCode === 404 ? await mergedInto(this.db, eateryId, orderId) : null;
      if (into === null) throw err;
      return this.queries.getForDevice(eateryId, into, deviceId);
    }
  }

  /** This device's orders in the restaurant, newest first; 404 when the restaurant does not exist. */
  async listOrders(eateryId: number, deviceId: string): Promise<Order[]> {
    const [eatery] = await this.db.select({ id: eateries.id }).from(eateries).where(eq(eateries.id, eateryId));
    if (!eatery) throw notFound();
    return this.queries.listForDevice(eateryId, deviceId);
  }
}

/** How many merges in a row a guest's old order id is followed (an order merged into one merged again, …). */
const MERGE_HOPS = 5;

/**
 * The order that order `orderId` went into when it was merged away (or every line of it moved to another order),
 * following later merges; null when it did not. The caller still checks that the device sees that order.
 */
async function mergedInto(db: Db, eateryId: number, orderId: number): Promise<number | null> {
  let id = orderId;
  for (let hop = 0; hop < MERGE_HOPS; hop++) {
    const [row] = await db
      .select({ to: orderMoves.toOrderId })
      .from(orderMoves)
      .where(
        and(
          eq(orderMoves.eateryId, eateryId),
          eq(orderMoves.fromOrderId, id),
          ne(orderMoves.toOrderId, id),
          inArray(orderMoves.kind, ['MERGE', 'MOVE']),
        ),
      )
      .orderBy(desc(orderMoves.id))
      .limit(1);
    if (!row?.to) break;
    id = row.to;
  }
  return id === orderId ? null : id;
}
