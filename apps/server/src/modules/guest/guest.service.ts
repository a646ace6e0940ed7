import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  OPEN_ORDER_STATUSES,
  ORDER_V,
  type ErrorDetail,
  type GuestDeviceOrders,
  type GuestMenuCategory,
  type Order,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { categories, dishes, eateries, orders, tables } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { imageUrl } from '../images/images.service.js';
import type { ItemInput, OrdersService, PlacedOrder } from '../orders/orders.service.js';

/** What the menu cache needs from the database (one restaurant's menu, one table). */
export interface MenuSource {
  loadEatery(eateryId: number): Promise<{ name: string; categories: GuestMenuCategory[] } | null>;
  loadTable(eateryId: number, tableId: number): Promise<{ number: string; status: string } | null>;
}

/**
 * The guest menu straight from the database: available, non-archived dishes in their categories, both in the staff's
 * order (position, then id); categories without such dishes are left out. Read by the menu cache only.
 */
export class GuestMenuSource implements MenuSource {
  constructor(private readonly db: Db) {}

  async loadEatery(eateryId: number) {
    const [eatery] = await this.db.select({ name: eateries.name }).from(eateries).where(eq(eateries.id, eateryId));
    if (!eatery) return null;
    const [cats, dishRows] = await Promise.all([
      this.db
        .select({
          id: categories.id,
          nameAz: categories.nameAz,
          nameEn: categories.nameEn,
          nameRu: categories.nameRu,
          imageId: categories.imageId,
        })
        .from(categories)
        .where(eq(categories.eateryId, eateryId))
        .orderBy(asc(categories.position), asc(categories.id)),
      this.db
        .select({
          id: dishes.id,
          categoryId: dishes.categoryId,
          nameAz: dishes.nameAz,
          nameEn: dishes.nameEn,
          nameRu: dishes.nameRu,
          descriptionAz: dishes.descriptionAz,
          descriptionEn: dishes.descriptionEn,
          descriptionRu: dishes.descriptionRu,
          price: dishes.price,
          imageId: dishes.imageId,
        })
        .from(dishes)
        .where(
          and(
            eq(dishes.eateryId, eateryId),
            eq(dishes.available, true),
            isNull(dishes.archivedAt),
            isNotNull(dishes.categoryId),
          ),
        )
        .orderBy(asc(dishes.position), asc(dishes.id)),
    ]);
    const byCategory = new Map<number, GuestMenuCategory['dishes']>();
    for (const d of dishRows) {
      const dish = {
        id: d.id,
        nameAz: d.nameAz,
        nameEn: d.nameEn,
        nameRu: d.nameRu,
        descriptionAz: d.descriptionAz,
        descriptionEn: d.descriptionEn,
        descriptionRu: d.descriptionRu,
        price: Number(d.price),
        image: imageUrl(d.imageId),
      };
      const list = byCategory.get(d.categoryId!);
      if (list) list.push(dish);
      else byCategory.set(d.categoryId!, [dish]);
    }
    const menu: GuestMenuCategory[] = [];
    for (const c of cats) {
      const list = byCategory.get(c.id);
      if (!list) continue;
      menu.push({
        id: c.id,
        nameAz: c.nameAz,
        nameEn: c.nameEn,
        nameRu: c.nameRu,
        image: imageUrl(c.imageId),
        dishes: list,
      });
    }
    return { name: eatery.name, categories: menu };
  }

  async loadTable(eateryId: number, tableId: number) {
    const [row] = await this.db
      .select({ number: tables.number, status: tables.status })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
    return row ?? null;
  }
}

/**
 * Guest orders (DESIGN.md §7): everything is scoped to the `device_id` cookie. Creating and extending orders is the
 * orders module's OrdersService (server-side prices, one transaction, NEW_ORDER / ORDER_UPDATED events); this class
 * adds the guest's view of failures: a dish that cannot be ordered (unknown, another restaurant's, deleted or not
 * available) is a 400 on `items.{i}.dishId` with `validation.dishUnavailable`, so the cart can point at the line.
 */
export class GuestService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
  ) {}

  /** `hasOrders`: an open order (CREATED, PROCESSING, PREPARING, READY) of this device at this table. */
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

  async placeOrder(
    eateryId: number,
    tableId: number,
    items: readonly ItemInput[],
    note: string | null | undefined,
    deviceId: string,
    idempotencyKey: string | null,
  ): Promise<PlacedOrder> {
    try {
      return await this.orders.placeOrder(eateryId, tableId, items, note, { deviceId, idempotencyKey, guest: true });
    } catch (err) {
      if (isNotFound(err)) {
        // The table, or one of the dishes. Only this failure path pays for finding out which.
        const [table] = await this.db
          .select({ id: tables.id })
          .from(tables)
          .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
        if (table) await this.throwIfDishesMissing(eateryId, items);
      }
      throw err;
    }
  }

  async addItems(eateryId: number, orderId: number, items: readonly ItemInput[], deviceId: string): Promise<Order> {
    try {
      return await this.orders.addItems(eateryId, orderId, items, { deviceId, guest: true });
    } catch (err) {
      if (isNotFound(err)) {
        const [order] = await this.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.eateryId, eateryId), eq(orders.deviceId, deviceId)));
        if (order) await this.throwIfDishesMissing(eateryId, items);
      }
      throw err;
    }
  }

  getOrder(eateryId: number, orderId: number, deviceId: string): Promise<Order> {
    return this.orders.getForDevice(eateryId, orderId, deviceId);
  }

  /** This device's orders in the restaurant, newest first; 404 when the restaurant does not exist. */
  async listOrders(eateryId: number, deviceId: string): Promise<Order[]> {
    const [eatery] = await this.db.select({ id: eateries.id }).from(eateries).where(eq(eateries.id, eateryId));
    if (!eatery) throw notFound();
    return this.orders.listForDevice(eateryId, deviceId);
  }

  /** 400 naming every item whose dish is not one of this restaurant's live (non-archived), available dishes. */
  private async throwIfDishesMissing(eateryId: number, items: readonly ItemInput[]) {
    const ids = [...new Set(items.map((i) => i.dishId))];
    if (ids.length === 0) return;
    const rows = await this.db
      .select({ id: dishes.id })
      .from(dishes)
      .where(
        and(
          eq(dishes.eateryId, eateryId),
          inArray(dishes.id, ids),
          isNull(dishes.archivedAt),
          eq(dishes.available, true),
        ),
      );
    const live = new Set(rows.map((r) => r.id));
    const details: ErrorDetail[] = [];
    items.forEach((item, i) => {
      if (!live.has(item.dishId)) details.push({ field: `items.${i}.dishId`, messageKey: ORDER_V.dishUnavailable });
    });
    if (details.length) throw new AppError(400, 'validation', details);
  }
}

const isNotFound = (err: unknown) => err instanceof AppError && err.statusCode === 404;
