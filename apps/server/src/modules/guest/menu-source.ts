import { setImmediate as otherRequestsFirst } from 'node:timers/promises';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import {
  knownDietaryTags,
  pickNames,
  pickTexts,
  stockLeftShown,
  type GuestMenu,
  type GuestMenuCategory,
} from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { categories, dishes, eateries, images, tables } from '../../db/schema.js';
import { guestPhoto } from '../images/images.service.js';
import { categoryNameColumns, dishTextColumns } from '../menu-sql.js';

/** The restaurant's settings a guest page needs beside the menu, in the order the payload carries them. */
export type GuestEaterySettings = Required<
  Pick<
    GuestMenu,
    | 'currency'
    | 'defaultLanguage'
    | 'logo'
    | 'openingHours'
    | 'ordersWithinHours'
    | 'serviceChargePercent'
    | 'serviceChargeNames'
    | 'courses'
  >
>;

/** What the menu cache needs from the database (one restaurant's menu, one table). */
export interface MenuSource {
  loadEatery(eateryId: number): Promise<{
    name: string;
    timeZone: string;
    /** Optional so that a test's source may leave it out. */
    settings?: GuestEaterySettings;
    categories: GuestMenuCategory[];
  } | null>;
  loadTable(eateryId: number, tableId: number): Promise<{ number: string; status: string } | null>;
}

/** The columns of a row's image (null without one) that a guest photo needs; never its bytes. */
const photoColumns = {
  imageId: images.id,
  imageSha256: images.sha256,
  imageWidth: images.width,
  imageHeight: images.height,
  imageVariants: images.variants,
};

type PhotoColumns = {
  imageId: number | null;
  imageSha256: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  imageVariants: { width: number; sha256: string }[] | null;
};

const photoOf = (r: PhotoColumns) =>
  r.imageId === null || r.imageSha256 === null || r.imageWidth === null || r.imageHeight === null
    ? null
    : guestPhoto({
        id: r.imageId,
        sha256: r.imageSha256,
        width: r.imageWidth,
        height: r.imageHeight,
        variants: r.imageVariants,
      });

/**
 * Dishes read and turned into the guest menu's form in one piece of main-thread work. The largest menu a restaurant
 * may have (TENANT_LIMITS) is read in pages of this many, with the other requests' turn between two: its rows (and,
 * on the embedded database, the query itself) would otherwise hold up every other restaurant's guests for some
 * hundred milliseconds.
 */
const DISH_PAGE = 100;

/**
 * The guest menu straight from the database: available, non-archived dishes in their categories, both in the staff's
 * order (position, then id); categories without such dishes are left out. Read by the menu cache only.
 */
export class GuestMenuSource implements MenuSource {
  constructor(private readonly db: Db) {}

  async loadEatery(eateryId: number) {
    const [eatery] = await this.db
      .select({
        name: eateries.name,
        timeZone: eateries.timeZone,
        currency: eateries.currency,
        guestLanguage: eateries.guestLanguage,
        openingHours: eateries.openingHours,
        ordersWithinHours: eateries.ordersWithinHours,
        serviceChargeBp: eateries.serviceChargeBp,
        serviceChargeNames: eateries.serviceChargeNames,
        courses: eateries.courses,
        showStockLeft: eateries.showStockLeft,
        ...photoColumns,
      })
      .from(eateries)
      .leftJoin(images, eq(images.id, eateries.logoImageId))
      .where(eq(eateries.id, eateryId));
    if (!eatery) return null;
    // The categories and the pages of dishes from one read-only snapshot: an edit between two pages cannot move a
    // dish into both or neither.
    const menu = await this.db.transaction((tx) => this.readMenu(tx, eateryId, eatery.showStockLeft), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const settings = {
      currency: eatery.currency,
      defaultLanguage: eatery.guestLanguage,
      logo: photoOf(eatery),
      openingHours: eatery.openingHours,
      ordersWithinHours: eatery.ordersWithinHours,
      // Guests order at tables (dine-in) only: the dine-in rate applies to every guest order.
      serviceChargePercent: eatery.serviceChargeBp / 100,
      serviceChargeNames: eatery.serviceChargeNames,
      courses: eatery.courses,
    } as GuestEaterySettings;
    return { name: eatery.name, timeZone: eatery.timeZone, settings, categories: menu };
  }

  /** The categories with their available dishes, read DISH_PAGE dishes at a time. */
  private async readMenu(tx: Tx, eateryId: number, showStockLeft: boolean): Promise<GuestMenuCategory[]> {
    const cats = await tx
      .select({
        id: categories.id,
        ...categoryNameColumns,
        availableHours: categories.availableHours,
        ...photoColumns,
      })
      .from(categories)
      .leftJoin(images, eq(images.id, categories.imageId))
      .where(eq(categories.eateryId, eateryId))
      .orderBy(asc(categories.position), asc(categories.id));
    // The ids in the staff's order first (small rows), then the dishes a page of ids at a time.
    const ids = await tx
      .select({ id: dishes.id })
      .from(dishes)
      .where(
        and(
          eq(dishes.eateryId, eateryId),
          eq(dishes.available, true),
          // A counted dish with no portions left is sold out (orders set it unavailable as they take the last one).
          or(isNull(dishes.stockCount), gt(dishes.stockCount, 0)),
          isNull(dishes.archivedAt),
          isNotNull(dishes.categoryId),
        ),
      )
      .orderBy(asc(dishes.position), asc(dishes.id));
    const byCategory = new Map<number, GuestMenuCategory['dishes']>();
    for (let start = 0; start < ids.length; start += DISH_PAGE) {
      await otherRequestsFirst();
      const dishRows = await tx
        .select({
          id: dishes.id,
          categoryId: dishes.categoryId,
          ...dishTextColumns,
          price: dishes.price,
          dietaryTags: dishes.dietaryTags,
          optionGroups: dishes.optionGroups,
          availableHours: dishes.availableHours,
          stockCount: dishes.stockCount,
          ...photoColumns,
        })
        .from(dishes)
        .leftJoin(images, eq(images.id, dishes.imageId))
        .where(
          inArray(
            dishes.id,
            ids.slice(start, start + DISH_PAGE).map((r) => r.id),
          ),
        )
        .orderBy(asc(dishes.position), asc(dishes.id));
      for (const d of dishRows) {
        const photo = photoOf(d);
        const left = stockLeftShown(d.stockCount, showStockLeft);
        const dish = {
          id: d.id,
          ...pickTexts(d),
          price: Number(d.price),
          image: photo?.src ?? null,
          photo,
          dietaryTags: knownDietaryTags(d.dietaryTags),
          // Unavailable options too (greyed on the guest page), with their flags; hours in the restaurant's time zone.
          optionGroups: d.optionGroups,
          availableHours: d.availableHours ?? null,
          // "3 left" only when the owner shows it and few are left (stockLeftShown), else left out. A guest menu is
          // cached and shared: it is rebuilt whenever an order brings a dish this low (the orders' 'menu' change).
          ...(left !== null ? { stockCount: left } : {}),
        };
        const list = byCategory.get(d.categoryId!);
        if (list) list.push(dish);
        else byCategory.set(d.categoryId!, [dish]);
      }
    }
    const menu: GuestMenuCategory[] = [];
    for (const c of cats) {
      const list = byCategory.get(c.id);
      if (!list) continue;
      menu.push({
        id: c.id,
        ...pickNames(c),
        image: photoOf(c)?.src ?? null,
        availableHours: c.availableHours ?? null,
        dishes: list,
      });
    }
    return menu;
  }

  async loadTable(eateryId: number, tableId: number) {
    const [row] = await this.db
      .select({ number: tables.number, status: tables.status })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
    return row ?? null;
  }
}
