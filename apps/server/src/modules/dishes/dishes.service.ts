import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  dishData,
  knownDietaryTags,
  pickTexts,
  type DietaryTag,
  type Dish,
  type LocalizedTexts,
} from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { dishes, kitchenDepartments } from '../../db/schema.js';
import { notFound, validationError } from '../../plugins/app-error.js';
import { imageUrl, ImagesService, processImage } from '../images/images.service.js';
import { parseWith, type MenuForm } from '../images/multipart.js';
import {
  assertCategoryOwned,
  assertSameIdSet,
  dishTextColumns,
  positionsCase,
  referencedByOrders,
} from '../menu-sql.js';

/** What a new dish is made of: its texts in the three languages and the rest. */
export interface DishValues extends Record<keyof LocalizedTexts, string> {
  /** Decimal string with 2 decimals. */
  price: string;
  available: boolean;
  kitchenDepartmentId: number | null;
  imageId: number | null;
  /** None when left out (template and catalogue dishes). */
  dietaryTags?: DietaryTag[];
}

const columns = {
  id: dishes.id,
  categoryId: dishes.categoryId,
  eateryId: dishes.eateryId,
  ...dishTextColumns,
  price: dishes.price,
  available: dishes.available,
  kitchenDepartmentId: dishes.kitchenDepartmentId,
  imageId: dishes.imageId,
  position: dishes.position,
  dietaryTags: dishes.dietaryTags,
};

type Row = Omit<Dish, 'dishId' | 'image' | 'price' | 'categoryId' | 'dietaryTags'> & {
  price: string;
  categoryId: number | null;
  dietaryTags: string[];
};

/** numeric(10,2) string → JSON number (exact for 2 decimals: the nearest double of the decimal). */
const toDto = (r: Row): Dish => ({
  ...r,
  dishId: r.id,
  categoryId: r.categoryId ?? 0,
  price: Number(r.price),
  image: imageUrl(r.imageId),
  dietaryTags: knownDietaryTags(r.dietaryTags),
});

/** A live (not archived) dish of a restaurant. */
const live = (eateryId: number) => and(eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt));

/** Dishes of a restaurant's categories. Archived dishes (kept for order history) never show. */
export class DishesService {
  constructor(private readonly db: Db) {}

  /** Inserts a dish at the end of its category and returns its id. */
  async insert(tx: Tx, eateryId: number, categoryId: number, values: DishValues): Promise<number> {
    const [row] = await tx
      .insert(dishes)
      .values({ eateryId, categoryId, ...values, position: endOfCategory(categoryId) })
      .returning({ id: dishes.id });
    return row.id;
  }

  async listInCategory(eateryId: number, categoryId: number): Promise<Dish[]> {
    const rows = await this.db
      .select(columns)
      .from(dishes)
      .where(and(live(eateryId), eq(dishes.categoryId, categoryId)))
      .orderBy(asc(dishes.position), asc(dishes.id));
    return rows.map(toDto);
  }

  /** The category's dishes; 404 when the category is not the restaurant's. */
  async list(eateryId: number, categoryId: number): Promise<Dish[]> {
    await assertCategoryOwned(this.db, eateryId, categoryId);
    return this.listInCategory(eateryId, categoryId);
  }

  /** A live dish of the restaurant in the given category, else 404. */
  async get(eateryId: number, categoryId: number, dishId: number): Promise<Dish> {
    const [row] = await this.db
      .select(columns)
      .from(dishes)
      .where(and(live(eateryId), eq(dishes.categoryId, categoryId), eq(dishes.id, dishId)));
    if (!row) throw notFound();
    return toDto(row);
  }

  /** Multipart create in the category of the path: `data` (dishData) and an optional image. */
  async create(eateryId: number, categoryId: number, form: MenuForm): Promise<Dish> {
    const data = parseWith(dishData, form.data);
    if (data.eateryId !== undefined && data.eateryId !== eateryId) throw notFound();
    if (data.categoryId !== undefined && data.categoryId !== categoryId) {
      throw validationError('categoryId', 'validation.invalid');
    }
    await assertCategoryOwned(this.db, eateryId, categoryId);
    const kitchenDepartmentId = data.kitchenDepartmentId ?? null;
    if (kitchenDepartmentId !== null) await assertDepartmentOwned(this.db, eateryId, kitchenDepartmentId);
    const image = form.image ? await processImage(form.image) : null;
    const id = await this.db.transaction(async (tx) => {
      const imageId = image ? await ImagesService.store(tx, image) : null;
      return this.insert(tx, eateryId, categoryId, {
        ...pickTexts(data),
        price: data.price,
        available: data.available ?? true,
        kitchenDepartmentId,
        imageId,
        dietaryTags: data.dietaryTags ?? [],
      });
    });
    return this.get(eateryId, categoryId, id);
  }

  /**
   * Multipart update. `data.categoryId` naming another category of the restaurant moves the dish there
   * (to the end). Omitted `available` / `kitchenDepartmentId` keep their values; the image is replaced by
   * a new file, removed by `removeImage: true` or `image: null`, else kept.
   */
  async update(eateryId: number, categoryId: number, dishId: number, form: MenuForm): Promise<Dish> {
    const data = parseWith(dishData, form.data);
    if (data.eateryId !== undefined && data.eateryId !== eateryId) throw notFound();
    if (data.dishId !== undefined && data.dishId !== dishId) throw validationError('dishId', 'validation.invalid');
    await this.get(eateryId, categoryId, dishId);
    const target = data.categoryId ?? categoryId;
    if (target !== categoryId) await assertCategoryOwned(this.db, eateryId, target);
    if (data.kitchenDepartmentId != null) {
      await assertDepartmentOwned(this.db, eateryId, data.kitchenDepartmentId);
    }
    const image = form.image ? await processImage(form.image) : null;
    const removeImage = data.removeImage === true || data.image === null;
    await this.db.transaction(async (tx) => {
      const imageId = image ? await ImagesService.store(tx, image) : removeImage ? null : undefined;
      const [row] = await tx
        .update(dishes)
        .set({
          ...pickTexts(data),
          price: data.price,
          ...(data.available !== undefined ? { available: data.available } : {}),
          ...(data.kitchenDepartmentId !== undefined ? { kitchenDepartmentId: data.kitchenDepartmentId } : {}),
          ...(data.dietaryTags !== undefined ? { dietaryTags: data.dietaryTags } : {}),
          ...(imageId !== undefined ? { imageId } : {}),
          ...(target !== categoryId ? { categoryId: target, position: endOfCategory(target) } : {}),
        })
        .where(and(live(eateryId), eq(dishes.categoryId, categoryId), eq(dishes.id, dishId)))
        .returning({ id: dishes.id });
      if (!row) throw notFound();
    });
    return this.get(eateryId, target, dishId);
  }

  /** Deletes a dish, or archives it when past orders reference it (history keeps name and price). */
  async remove(eateryId: number, categoryId: number, dishId: number): Promise<{ archived: boolean }> {
    return this.db.transaction(async (tx) => {
      const match = and(live(eateryId), eq(dishes.categoryId, categoryId), eq(dishes.id, dishId));
      const [archived] = await tx
        .update(dishes)
        .set({ archivedAt: sql`now()` })
        .where(and(match, referencedByOrders()))
        .returning({ id: dishes.id });
      if (archived) return { archived: true };
      const [deleted] = await tx.delete(dishes).where(match).returning({ id: dishes.id });
      if (!deleted) throw notFound();
      return { archived: false };
    });
  }

  /**
   * Sold out (kitchen display): marks a live dish of the restaurant available or not, whatever its category.
   * 404 for another restaurant's dish or an archived one. The caller invalidates the guest menu.
   */
  async setAvailability(
    eateryId: number,
    dishId: number,
    available: boolean,
  ): Promise<{ id: number; available: boolean }> {
    const [row] = await this.db
      .update(dishes)
      .set({ available })
      .where(and(live(eateryId), eq(dishes.id, dishId)))
      .returning({ id: dishes.id, available: dishes.available });
    if (!row) throw notFound();
    return row;
  }

  /** Saves the order of a category's dishes: `dishIds` must be exactly its live dishes, else 400. */
  async reorder(eateryId: number, categoryId: number, dishIds: number[]): Promise<Dish[]> {
    await assertCategoryOwned(this.db, eateryId, categoryId);
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: dishes.id })
        .from(dishes)
        .where(and(live(eateryId), eq(dishes.categoryId, categoryId)))
        .for('update');
      assertSameIdSet('dishIds', dishIds, rows);
      if (dishIds.length === 0) return;
      await tx
        .update(dishes)
        .set({ position: positionsCase(dishes.id, dishIds) })
        .where(and(live(eateryId), eq(dishes.categoryId, categoryId)));
    });
    return this.listInCategory(eateryId, categoryId);
  }
}

/** Position after the last dish of a category. */
function endOfCategory(categoryId: number) {
  return sql`(select coalesce(max(d.position) + 1, 0) from dishes d where d.category_id = ${categoryId})`;
}

/** 404 unless the kitchen department belongs to the restaurant. */
async function assertDepartmentOwned(db: Db, eateryId: number, departmentId: number): Promise<void> {
  const [row] = await db
    .select({ id: kitchenDepartments.id })
    .from(kitchenDepartments)
    .where(and(eq(kitchenDepartments.id, departmentId), eq(kitchenDepartments.eateryId, eateryId)));
  if (!row) throw notFound();
}
