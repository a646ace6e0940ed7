import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_LIST_MAX,
  ORDER_V,
  estimateOrderMinutes,
  type ErrorDetail,
  type ItemStatus,
  type Order,
  type OrderEvent,
  type OrderStatus,
  type Role,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { categories, dishes, eateries, orderItems, orders, tables } from '../../db/schema.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { AppError, notFound, accessDenied, validationError, isUniqueViolation } from '../../plugins/app-error.js';
import { centsToNumber, defaultLanguageName, deriveOrderStatus, isFinal, toCents } from './order-rules.js';

/** Roles of DESIGN.md §6. The coarse rule is the route's `config.access`; these are the field-level rules. */
export const ORDER_ROLES = {
  create: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  editItems: ['EATERY_ADMIN', 'WAITER', 'CASHIER'],
  itemStatus: ['EATERY_ADMIN', 'KITCHEN_ADMIN', 'WAITER'],
  orderStatus: ['EATERY_ADMIN', 'CASHIER', 'WAITER'],
  markPaid: ['EATERY_ADMIN', 'CASHIER'],
  delete: ['EATERY_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

/** Where order events go (app.realtime in the app; a recorder in tests). */
export interface OrderEventSink {
  emitOrderEvent(eateryId: number, event: OrderEvent): void;
}

/** One dish to put on an order. The price always comes from the database. */
export interface ItemInput {
  dishId: number;
  quantity: number;
  note?: string | null;
}

export interface PlaceOrderOptions {
  /** The guest's `device_id` cookie: stored on the order; only this device may read or extend it as a guest. */
  deviceId?: string | null;
  /** With deviceId: a retry with the same key returns the first order instead of creating a second one. */
  idempotencyKey?: string | null;
  /**
   * Guest rules of DESIGN.md §7: at least one item, only available dishes (400 `validation.dishUnavailable` on
   * `items.{i}.dishId`), table not INACTIVE (409 `tableInactive`). Staff orders skip these.
   */
  guest?: boolean;
}

export interface PlacedOrder {
  order: Order;
  /** False when an idempotent retry returned the existing order (no event emitted then). */
  created: boolean;
}

export interface AddItemsOptions {
  /** When set, the order must have been placed by this device (404 otherwise). */
  deviceId?: string | null;
  /** Guest rules: at least one item, only available dishes. */
  guest?: boolean;
}

export interface ListOptions {
  status?: OrderStatus;
  /** YYYY-MM-DD in the restaurant's time zone, inclusive. */
  from?: string;
  /** YYYY-MM-DD in the restaurant's time zone, inclusive. */
  to?: string;
}

export interface ItemChanges {
  dishId?: number;
  quantity?: number;
  note?: string | null;
  status?: ItemStatus;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

const orderColumns = {
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
type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;
type ItemRow = typeof orderItems.$inferSelect;

interface DishSnapshot {
  dishId: number;
  name: string;
  price: string;
  kitchenDepartmentId: number | null;
  categoryName: string | null;
}

const closed = () => new AppError(409, 'orderClosed');

function toItemDto(i: ItemRow) {
  return {
    id: i.id,
    dishId: i.dishId,
    dishName: i.name,
    name: i.name,
    orderId: i.orderId,
    quantity: i.quantity,
    note: i.note,
    status: i.status as ItemStatus,
    price: centsToNumber(toCents(i.price)),
    category: i.categoryName,
    kitchenDepartmentId: i.kitchenDepartmentId,
  };
}

function toOrderDto(o: OrderRow, items: ItemRow[]): Order {
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
    orderPrice: centsToNumber(cents),
    estimatedTime: estimateOrderMinutes(status, items),
  };
}

/**
 * Orders of one restaurant, for staff routes now and guest routes later. Every change of an existing order runs in
 * one transaction that locks the order row (SELECT ... FOR UPDATE), so concurrent changes (two waiters, the kitchen
 * and the cashier) are applied one after the other and none is lost; each bumps orders.version and updated_at.
 * Events are emitted after the commit.
 */
export class OrdersService {
  constructor(
    private readonly db: Db,
    private readonly events: OrderEventSink,
  ) {}

  // ---- reads ----

  /**
   * Newest first, at most ORDER_LIST_MAX. The date bounds are computed in SQL in the restaurant's time zone
   * (`date::timestamp AT TIME ZONE tz`) and compared with created_at directly, so the (eatery_id, created_at)
   * index serves the range.
   */
  async list(eateryId: number, opts: ListOptions = {}): Promise<Order[]> {
    const tz = sql`(select ${eateries.timeZone} from ${eateries} where ${eateries.id} = ${eateryId})`;
    const conds: SQL[] = [eq(orders.eateryId, eateryId)];
    if (opts.status) conds.push(eq(orders.status, opts.status));
    if (opts.from) conds.push(sql`${orders.createdAt} >= (${opts.from}::date::timestamp at time zone ${tz})`);
    if (opts.to) conds.push(sql`${orders.createdAt} < ((${opts.to}::date + 1)::timestamp at time zone ${tz})`);
    const rows = await this.db
      .select(orderColumns)
      .from(orders)
      .where(and(...conds))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_LIST_MAX);
    return this.withItems(this.db, rows);
  }

  /** One order of the restaurant (404 for another restaurant's order). */
  async get(eateryId: number, orderId: number): Promise<Order> {
    return this.load(this.db, eateryId, orderId);
  }

  /** A guest's own order: 404 unless it was placed by this device. */
  async getForDevice(eateryId: number, orderId: number, deviceId: string): Promise<Order> {
    const rows = await this.db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId)));
    if (!rows.length) throw notFound();
    return (await this.withItems(this.db, rows))[0];
  }

  /** A guest device's orders in the restaurant (optionally of one table), newest first. */
  async listForDevice(eateryId: number, deviceId: string, tableId?: number): Promise<Order[]> {
    const conds = [eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId)];
    if (tableId !== undefined) conds.push(eq(orders.tableId, tableId));
    const rows = await this.db
      .select(orderColumns)
      .from(orders)
      .where(and(...conds))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDER_LIST_MAX);
    return this.withItems(this.db, rows);
  }

  // ---- changes ----

  /**
   * Creates an order (status CREATED) on a table of the restaurant with the given items, prices taken from the
   * dishes. 404 when the table or a dish is not this restaurant's (or the dish is archived). Emits NEW_ORDER.
   * With `deviceId` + `idempotencyKey`, a repeated call returns the first order (`created: false`, no event).
   */
  async placeOrder(
    eateryId: number,
    tableId: number,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    const deviceId = opts.deviceId ?? null;
    const idempotencyKey = deviceId && opts.idempotencyKey ? opts.idempotencyKey : null;
    if (idempotencyKey) {
      const existing = await this.findIdempotent(eateryId, deviceId!, idempotencyKey);
      if (existing) return { order: existing, created: false };
    }
    if (opts.guest && items.length === 0) {
      throw validationError('items', ORDER_V.itemsRequired);
    }

    let order: Order;
    try {
      order = await this.db.transaction(async (tx) => {
        const [table] = await tx
          .select({ id: tables.id, number: tables.number, status: tables.status })
          .from(tables)
          .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
        if (!table) throw notFound();
        if (opts.guest && table.status === 'INACTIVE') throw new AppError(409, 'tableInactive');
        const snapshots = await this.resolveDishes(tx, eateryId, items, !!opts.guest, 'items');
        const [row] = await tx
          .insert(orders)
          .values({
            eateryId,
            tableId: table.id,
            tableNumber: table.number,
            status: 'CREATED',
            note: note ?? null,
            deviceId,
            idempotencyKey,
          })
          .returning({ id: orders.id });
        await this.insertItems(tx, row.id, items, snapshots);
        return this.load(tx, eateryId, row.id);
      });
    } catch (err) {
      if (idempotencyKey && isUniqueViolation(err)) {
        // A concurrent retry with the same key won the race: answer with its order.
        const existing = await this.findIdempotent(eateryId, deviceId!, idempotencyKey);
        if (existing) return { order: existing, created: false };
      }
      throw err;
    }
    this.emit(eateryId, 'NEW_ORDER', order);
    return { order, created: true };
  }

  /**
   * Adds items (status CREATED, prices from the dishes) to an open order; a READY or ISSUED order goes back to
   * PREPARING. 409 `orderClosed` for PAID or CANCELLED orders. Emits ORDER_UPDATED.
   */
  async addItems(
    eateryId: number,
    orderId: number,
    items: readonly ItemInput[],
    opts: AddItemsOptions = {},
    fieldPrefix: string | null = 'items',
  ): Promise<Order> {
    if (opts.guest && items.length === 0) {
      throw validationError('items', ORDER_V.itemsRequired);
    }
    const order = await this.db.transaction(async (tx) => {
      const locked = await this.lock(tx, eateryId, orderId, opts.deviceId ?? undefined);
      if (isFinal(locked.status)) throw closed();
      const snapshots = await this.resolveDishes(tx, eateryId, items, !!opts.guest, fieldPrefix);
      if (items.length === 0) return this.load(tx, eateryId, orderId);
      await this.insertItems(tx, orderId, items, snapshots);
      await this.touch(tx, locked, true);
      return this.load(tx, eateryId, orderId);
    });
    this.emit(eateryId, 'ORDER_UPDATED', order);
    return order;
  }

  /**
   * Staff change of an order's status and/or note. Field rules: status by EATERY_ADMIN, CASHIER, WAITER; PAID only by
   * EATERY_ADMIN or CASHIER (403). Any change of a PAID or CANCELLED order: 409. Sending the current values is
   * not a change (200, nothing emitted).
   */
  async updateOrder(
    eatery: EateryContext,
    orderId: number,
    body: { status?: OrderStatus; note?: string | null },
  ): Promise<Order> {
    let changed = false;
    const order = await this.db.transaction(async (tx) => {
      const locked = await this.lock(tx, eatery.id, orderId);
      const statusChange = body.status !== undefined && body.status !== locked.status;
      const noteChange = body.note !== undefined && body.note !== locked.note;
      if (statusChange || noteChange) {
        if (!hasRole(eatery, ORDER_ROLES.orderStatus)) throw accessDenied();
        if (statusChange && body.status === 'PAID' && !hasRole(eatery, ORDER_ROLES.markPaid)) throw accessDenied();
        if (isFinal(locked.status)) throw closed();
        changed = true;
        await tx
          .update(orders)
          .set({
            ...(statusChange ? { status: body.status } : {}),
            ...(noteChange ? { note: body.note } : {}),
            version: sql`${orders.version} + 1`,
            updatedAt: sql`clock_timestamp()`,
          })
          .where(eq(orders.id, orderId));
      }
      return this.load(tx, eatery.id, orderId);
    });
    if (changed) this.emit(eatery.id, 'ORDER_UPDATED', order);
    return order;
  }

  /** Deletes an order with its items (EATERY_ADMIN, checked by the route). Emits ORDER_DELETED. */
  async deleteOrder(eateryId: number, orderId: number): Promise<void> {
    const [row] = await this.db
      .delete(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eateryId, eateryId)))
      .returning({ id: orders.id, status: orders.status });
    if (!row) throw notFound();
    this.events.emitOrderEvent(eateryId, { type: 'ORDER_DELETED', orderId: row.id, status: row.status as OrderStatus });
  }

  /**
   * Staff change of one item. Only fields that differ from the stored ones count: dish, quantity and note need
   * EATERY_ADMIN, WAITER or CASHIER; status needs EATERY_ADMIN, KITCHEN_ADMIN or WAITER (403 otherwise). A changed
   * status re-derives the order status (DESIGN.md §8). 409 when the order is PAID or CANCELLED.
   */
  async updateItem(eatery: EateryContext, orderId: number, itemId: number, body: ItemChanges): Promise<Order> {
    return this.changeItem(eatery, orderId, itemId, body, false);
  }

  /**
   * Marks an item DELETED (it stays visible as DELETED, out of the total); EATERY_ADMIN, WAITER or CASHIER.
   */
  async deleteItem(eatery: EateryContext, orderId: number, itemId: number): Promise<Order> {
    return this.changeItem(eatery, orderId, itemId, { status: 'DELETED' }, true);
  }

  // ---- internals ----

  private async changeItem(
    eatery: EateryContext,
    orderId: number,
    itemId: number,
    body: ItemChanges,
    isDelete: boolean,
  ): Promise<Order> {
    let changed = false;
    const order = await this.db.transaction(async (tx) => {
      const locked = await this.lock(tx, eatery.id, orderId);
      const [item] = await tx
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
      if (!item) throw notFound();
      const dishChange = body.dishId !== undefined && body.dishId !== item.dishId;
      const quantityChange = body.quantity !== undefined && body.quantity !== item.quantity;
      const noteChange = body.note !== undefined && body.note !== item.note;
      const statusChange = body.status !== undefined && body.status !== item.status;
      if (!(dishChange || quantityChange || noteChange || statusChange)) return this.load(tx, eatery.id, orderId);
      if ((dishChange || quantityChange || noteChange) && !hasRole(eatery, ORDER_ROLES.editItems)) throw accessDenied();
      const statusRoles = isDelete ? ORDER_ROLES.editItems : ORDER_ROLES.itemStatus;
      if (statusChange && !hasRole(eatery, statusRoles)) throw accessDenied();
      if (isFinal(locked.status)) throw closed();

      let snapshot: Partial<DishSnapshot> = {};
      if (dishChange) {
        const map = await this.resolveDishes(tx, eatery.id, [{ dishId: body.dishId!, quantity: 1 }], false, null);
        const { dishId: _ignored, ...rest } = map.get(body.dishId!)!;
        snapshot = { ...rest };
      }
      await tx
        .update(orderItems)
        .set({
          ...(dishChange ? { dishId: body.dishId, ...snapshot } : {}),
          ...(quantityChange ? { quantity: body.quantity } : {}),
          ...(noteChange ? { note: body.note } : {}),
          ...(statusChange ? { status: body.status } : {}),
        })
        .where(eq(orderItems.id, itemId));
      await this.touch(tx, locked, statusChange);
      changed = true;
      return this.load(tx, eatery.id, orderId);
    });
    if (changed) this.emit(eatery.id, 'ORDER_UPDATED', order);
    return order;
  }

  /** Locks the order row for the rest of the transaction; 404 unless it is this restaurant's (and device's). */
  private async lock(tx: Tx, eateryId: number, orderId: number, deviceId?: string) {
    const conds = [eq(orders.id, orderId), eq(orders.eateryId, eateryId)];
    if (deviceId !== undefined) conds.push(eq(orders.deviceId, deviceId));
    const [row] = await tx
      .select({ id: orders.id, status: orders.status, note: orders.note })
      .from(orders)
      .where(and(...conds))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** Bumps version and updated_at; when item statuses changed, re-derives the order status from them. */
  private async touch(tx: Tx, locked: { id: number; status: string }, rederive: boolean) {
    let status = locked.status as OrderStatus;
    if (rederive) {
      const rows = await tx
        .select({ status: orderItems.status })
        .from(orderItems)
        .where(eq(orderItems.orderId, locked.id));
      status = deriveOrderStatus(
        status,
        rows.map((r) => r.status as ItemStatus),
      );
    }
    await tx
      .update(orders)
      .set({ status, version: sql`${orders.version} + 1`, updatedAt: sql`clock_timestamp()` })
      .where(eq(orders.id, locked.id));
  }

  /**
   * Snapshots of the dishes: this restaurant's, not archived (404 otherwise); for guests also available
   * (400 `validation.dishUnavailable` naming `{fieldPrefix}.{i}.dishId`, or `dishId` without a prefix).
   */
  private async resolveDishes(
    tx: Executor,
    eateryId: number,
    items: readonly ItemInput[],
    requireAvailable: boolean,
    fieldPrefix: string | null,
  ): Promise<Map<number, DishSnapshot>> {
    const ids = [...new Set(items.map((i) => i.dishId))];
    const map = new Map<number, DishSnapshot>();
    if (ids.length === 0) return map;
    const rows = await tx
      .select({
        id: dishes.id,
        nameAz: dishes.nameAz,
        nameEn: dishes.nameEn,
        nameRu: dishes.nameRu,
        price: dishes.price,
        available: dishes.available,
        kitchenDepartmentId: dishes.kitchenDepartmentId,
        catAz: categories.nameAz,
        catEn: categories.nameEn,
        catRu: categories.nameRu,
      })
      .from(dishes)
      .leftJoin(categories, eq(categories.id, dishes.categoryId))
      .where(and(eq(dishes.eateryId, eateryId), inArray(dishes.id, ids), isNull(dishes.archivedAt)));
    if (rows.length !== ids.length) throw notFound();
    const unavailable: ErrorDetail[] = [];
    for (const r of rows) {
      if (requireAvailable && !r.available) continue;
      map.set(r.id, {
        dishId: r.id,
        name: defaultLanguageName(r),
        price: r.price,
        kitchenDepartmentId: r.kitchenDepartmentId,
        categoryName:
          r.catAz === null ? null : defaultLanguageName({ nameAz: r.catAz, nameEn: r.catEn, nameRu: r.catRu }) || null,
      });
    }
    items.forEach((item, i) => {
      if (!map.has(item.dishId)) {
        const field = fieldPrefix ? `${fieldPrefix}.${i}.dishId` : 'dishId';
        unavailable.push({ field, messageKey: ORDER_V.dishUnavailable });
      }
    });
    if (unavailable.length) throw new AppError(400, 'validation', unavailable);
    return map;
  }

  private async insertItems(
    tx: Tx,
    orderId: number,
    items: readonly ItemInput[],
    snapshots: Map<number, DishSnapshot>,
  ) {
    if (items.length === 0) return;
    await tx.insert(orderItems).values(
      items.map((item) => {
        const s = snapshots.get(item.dishId)!;
        return {
          orderId,
          dishId: s.dishId,
          name: s.name,
          price: s.price,
          quantity: item.quantity,
          note: item.note ?? null,
          status: 'CREATED',
          kitchenDepartmentId: s.kitchenDepartmentId,
          categoryName: s.categoryName,
        };
      }),
    );
  }

  private async findIdempotent(eateryId: number, deviceId: string, key: string): Promise<Order | null> {
    const rows = await this.db
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId), eq(orders.idempotencyKey, key)));
    return rows.length ? (await this.withItems(this.db, rows))[0] : null;
  }

  private async load(ex: Executor, eateryId: number, orderId: number): Promise<Order> {
    const rows = await ex
      .select(orderColumns)
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eateryId, eateryId)));
    if (!rows.length) throw notFound();
    return (await this.withItems(ex, rows))[0];
  }

  private async withItems(ex: Executor, rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const items = await ex
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    const byOrder = new Map<number, ItemRow[]>();
    for (const i of items) {
      const list = byOrder.get(i.orderId);
      if (list) list.push(i);
      else byOrder.set(i.orderId, [i]);
    }
    return rows.map((r) => toOrderDto(r, byOrder.get(r.id) ?? []));
  }

  private emit(eateryId: number, type: OrderEvent['type'], order: Order) {
    this.events.emitOrderEvent(eateryId, { type, orderId: order.id, status: order.status });
  }
}
