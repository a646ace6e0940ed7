import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ORDER_V, localName } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { categories, dishes } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { categoryNameColumns, dishNameColumns } from '../menu-sql.js';

/** What an order item keeps of its dish, so later menu edits never change past orders. */
export interface DishSnapshot {
  dishId: number;
  /** The name in the restaurant's default language (az), else en, else ru. */
  name: string;
  /** The name in each language, with the guest menu's fallback (`localName`). */
  names: { az: string; en: string; ru: string };
  price: string;
  kitchenDepartmentId: number | null;
  categoryName: string | null;
}

/**
 * Snapshots of the dishes of an order's items (`dishIds[i]` is the dish of item i), read in the order's
 * transaction; only live (non-archived) dishes of the restaurant count.
 * - Staff: any live dish; a missing one (unknown, another restaurant's, archived) is 404.
 * - Guests (DESIGN.md §7): only available ones; every item whose dish is missing or not available is named at
 *   once, 400 `validation.dishUnavailable` on `items.{i}.dishId`, so the cart can point at the lines.
 */
export async function snapshotDishes(
  ex: Executor,
  eateryId: number,
  dishIds: readonly number[],
  forGuest: boolean,
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
      kitchenDepartmentId: dishes.kitchenDepartmentId,
      // null when the dish has no category (left join)
      category: categoryNameColumns,
    })
    .from(dishes)
    .leftJoin(categories, eq(categories.id, dishes.categoryId))
    .where(and(eq(dishes.eateryId, eateryId), inArray(dishes.id, ids), isNull(dishes.archivedAt)));
  for (const r of rows) {
    if (forGuest && !r.available) continue;
    snapshots.set(r.id, {
      dishId: r.id,
      name: localName(r, 'az'),
      names: { az: localName(r, 'az'), en: localName(r, 'en'), ru: localName(r, 'ru') },
      price: r.price,
      kitchenDepartmentId: r.kitchenDepartmentId,
      categoryName: r.category ? localName(r.category, 'az') || null : null,
    });
  }
  const refused = dishIds.flatMap((id, i) => (snapshots.has(id) ? [] : [i]));
  if (refused.length === 0) return snapshots;
  if (!forGuest) throw notFound();
  throw new AppError(
    400,
    'validation',
    refused.map((i) => ({ field: `items.${i}.dishId`, messageKey: ORDER_V.dishUnavailable })),
  );
}
