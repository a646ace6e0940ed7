import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import { categories, dishes } from '../db/schema.js';
import { notFound, validationError } from '../plugins/app-error.js';

/** SQL pieces shared by the menu services (categories, dishes, catalogue), so none has to import another. */

/** The three names of a category, to spread into a select. */
export const categoryNameColumns = {
  nameAz: categories.nameAz,
  nameEn: categories.nameEn,
  nameRu: categories.nameRu,
};

/** The three names of a dish, to spread into a select. */
export const dishNameColumns = { nameAz: dishes.nameAz, nameEn: dishes.nameEn, nameRu: dishes.nameRu };

/** The names and descriptions of a dish, to spread into a select. */
export const dishTextColumns = {
  ...dishNameColumns,
  descriptionAz: dishes.descriptionAz,
  descriptionEn: dishes.descriptionEn,
  descriptionRu: dishes.descriptionRu,
};

/** `CASE id WHEN … THEN <index> END`: the positions of an ordered list of ids, for one UPDATE. */
export function positionsCase(idColumn: AnyPgColumn, ids: number[]): SQL {
  const whens = ids.map((id, index) => sql`when ${id} then ${index}`);
  return sql`(case ${idColumn} ${sql.join(whens, sql` `)} end)::int`;
}

/** True when `given` is exactly the set `existing` (same ids, each once), in any order. */
export function sameIdSet(given: number[], existing: number[]): boolean {
  const set = new Set(given);
  return set.size === given.length && given.length === existing.length && existing.every((id) => set.has(id));
}

/** A reorder request must name exactly the existing rows: else 400 `validation.invalid` on `field`. */
export function assertSameIdSet(field: string, given: number[], existing: { id: number }[]): void {
  const existingIds = existing.map((r) => r.id);
  if (!sameIdSet(given, existingIds)) throw validationError(field, 'validation.invalid');
}

/** Condition on the `dishes` table: the dish is referenced by an order item of any order. */
export const referencedByOrders = () => sql`exists (select 1 from order_items oi where oi.dish_id = "dishes"."id")`;

/** 404 unless the category belongs to the restaurant. */
export async function assertCategoryOwned(ex: Executor, eateryId: number, categoryId: number): Promise<void> {
  const [row] = await ex
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.eateryId, eateryId)));
  if (!row) throw notFound();
}
