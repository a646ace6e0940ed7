import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ORDER_V, OPTION_V, isAvailableAt, localName, type DishOptionGroup, type ErrorDetail } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { categories, dishes, eateries } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { categoryNameColumns, dishNameColumns } from '../menu-sql.js';
import { notEnoughStock } from './dish-stock.js';

/** What an order item keeps of its dish, so later menu edits never change past orders. */
export interface DishSnapshot {
  dishId: number;
  /** The name in the restaurant's default language (az), else en, else ru. */
  name: string;
  /** The name in each language, with the guest menu's fallback (`localName`). */
  names: { az: string; en: string; ru: string };
  /** The dish's own price (numeric text), without options. */
  price: string;
  kitchenDepartmentId: number | null;
  categoryName: string | null;
  /** The dish's option groups now: the chosen ones are copied onto the item (item-options.ts). */
  optionGroups: DishOptionGroup[];
  /** Its category's default course (categories.course), or null; not stored on the item as such (lineCourse). */
  categoryCourse: number | null;
}

/** What a snapshot is made of: the dish's columns, and its category's names (null without a category). */
export interface SnapshotSource {
  id: number;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  price: string;
  kitchenDepartmentId: number | null;
  optionGroups: DishOptionGroup[] | null;
  category: { nameAz: string; nameEn: string; nameRu: string; course?: number | null } | null;
}

/** The snapshot of a dish as read now (both ways of placing an order make theirs here). */
export function toSnapshot(r: SnapshotSource): DishSnapshot {
  return {
    dishId: r.id,
    name: localName(r, 'az'),
    names: { az: localName(r, 'az'), en: localName(r, 'en'), ru: localName(r, 'ru') },
    price: r.price,
    kitchenDepartmentId: r.kitchenDepartmentId,
    categoryName: r.category ? localName(r.category, 'az') || null : null,
    optionGroups: r.optionGroups ?? [],
    categoryCourse: r.category?.course ?? null,
  };
}

export interface SnapshotRules {
  /** Guest rules (below); staff may order any live dish. */
  forGuest: boolean;
  /** "Now" for availability hours and the stop-list (injectable for tests). */
  at: Date;
}

/**
 * Snapshots of the dishes of an order's items (`dishIds[i]` is the dish of item i), read in the order's
 * transaction; only live (non-archived) dishes of the restaurant count.
 * - Staff: any live dish, even sold out or outside its hours; a missing one (unknown, another restaurant's,
 *   archived) is 404.
 * - Guests: only available dishes (a sold-out dish whose `available_again_at` has passed is
 *   available again) inside their own and their category's availability hours (restaurant's time zone). Every item
 *   refused is named at once, 400 `validation` on `items.{i}.dishId` (`validation.dishUnavailable`, or
 *   `validation.dishNotNow` outside the hours), so the cart can point at the lines. A dish sold out because its
 *   counted portions ran out is 409 `notEnoughStock` (left 0) instead: the answer a guest who lost the race for
 *   the last portion gets either way (dish-stock.ts).
 */
export async function snapshotDishes(
  ex: Executor,
  eateryId: number,
  dishIds: readonly number[],
  rules: SnapshotRules,
): Promise<Map<number, DishSnapshot>> {
  const snapshots = new Map<number, DishSnapshot>();
  const ids = [...new Set(dishIds)];
  if (ids.length === 0) return snapshots;
  const rows = await ex
    .select({
      id: dishes.id,
      ...dishNameColumns,
      price: dishes.price,
      available: dishes.available,
      availableAgainAt: dishes.availableAgainAt,
      stockCount: dishes.stockCount,
      kitchenDepartmentId: dishes.kitchenDepartmentId,
      optionGroups: dishes.optionGroups,
      hours: dishes.availableHours,
      timeZone: eateries.timeZone,
      // null when the dish has no category (left join)
      category: { ...categoryNameColumns, hours: categories.availableHours, course: categories.course },
    })
    .from(dishes)
    .innerJoin(eateries, eq(eateries.id, dishes.eateryId))
    .leftJoin(categories, eq(categories.id, dishes.categoryId))
    .where(and(eq(dishes.eateryId, eateryId), inArray(dishes.id, ids), isNull(dishes.archivedAt)));
  const notNow = new Set<number>();
  for (const r of rows) {
    if (rules.forGuest) {
      const backAgain = r.availableAgainAt !== null && r.availableAgainAt <= rules.at;
      if (!r.available && !backAgain) {
        if (r.stockCount === 0) throw notEnoughStock(r.id, r, 0);
        continue;
      }
      const inHours =
        isAvailableAt(r.hours, r.timeZone, rules.at) && isAvailableAt(r.category?.hours, r.timeZone, rules.at);
      if (!inHours) {
        notNow.add(r.id);
        continue;
      }
    }
    snapshots.set(r.id, toSnapshot(r));
  }
  const refused = dishIds.flatMap((id, i) => (snapshots.has(id) ? [] : [i]));
  if (refused.length === 0) return snapshots;
  if (!rules.forGuest) throw notFound();
  const details: ErrorDetail[] = refused.map((i) => ({
    field: `items.${i}.dishId`,
    messageKey: notNow.has(dishIds[i]) ? OPTION_V.dishNotNow : ORDER_V.dishUnavailable,
  }));
  throw new AppError(400, 'validation', details);
}
