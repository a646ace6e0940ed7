import { and, asc, eq, not, sql } from 'drizzle-orm';
import {
  categoryData,
  MENU_V,
  pickNames,
  TENANT_LIMITS,
  type AvailabilityHours,
  type Category,
  type LocalizedNames,
  type TenantLimits,
} from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Tx } from '../../db/client.js';
import { categories, dishes, eateries } from '../../db/schema.js';
import { notFound, validationError } from '../../plugins/app-error.js';
import type { DishesService } from '../dishes/dishes.service.js';
import { imageUrl, ImagesService, processImage } from '../images/images.service.js';
import { parseWith, type MenuForm } from '../images/multipart.js';
import {
  assertCategoryOwned,
  assertSameIdSet,
  categoryNameColumns,
  positionsCase,
  referencedByOrders,
} from '../menu-sql.js';
import { assertRoomFor } from '../tenant-limits.js';

/** What a new category is made of: its names in the three languages and an image. */
export interface CategoryValues extends Record<keyof LocalizedNames, string> {
  imageId: number | null;
  /** Null or left out: always available. */
  availableHours?: AvailabilityHours | null;
  /** Its dishes' default course; null or left out: the first. */
  course?: number | null;
}

const columns = {
  id: categories.id,
  eateryId: categories.eateryId,
  ...categoryNameColumns,
  imageId: categories.imageId,
  position: categories.position,
  availableHours: categories.availableHours,
  course: categories.course,
  // Written out: drizzle leaves columns unqualified in single-table selects, which a subquery would misread.
  dishCount: sql<number>`(select count(*) from dishes d where d.category_id = "categories"."id" and d.archived_at is null)`,
};

type Row = Record<keyof LocalizedNames, string> & {
  id: number;
  eateryId: number;
  imageId: number | null;
  position: number;
  availableHours: AvailabilityHours | null;
  course: number | null;
  dishCount: number | string;
};

const toDto = (r: Row): Category => ({
  id: r.id,
  categoryId: r.id,
  eateryId: r.eateryId,
  ...pickNames(r),
  image: imageUrl(r.imageId),
  imageId: r.imageId,
  position: r.position,
  availableHours: r.availableHours,
  course: r.course,
  dishes: Number(r.dishCount),
  dishCount: Number(r.dishCount),
});

/**
 * A category's default course must be one the restaurant names (400 validation.courseUnknown on `course`). The
 * restaurant's row is share-locked for the rest of `tx`, so its courses cannot be shortened meanwhile.
 */
async function assertCourseNamed(tx: Tx, eateryId: number, course: number | null | undefined): Promise<void> {
  if (course === null || course === undefined) return;
  const [row] = await tx
    .select({ courses: eateries.courses })
    .from(eateries)
    .where(eq(eateries.id, eateryId))
    .for('share');
  if (!row || course > row.courses.length) throw validationError('course', MENU_V.courseUnknown);
}

/**
 * Menu categories of a restaurant: names in three languages, an image, a position, and their dishes. Every write
 * publishes a 'menu' change once committed. A restaurant holds at most `limits.categories` (tenant-limits.ts).
 */
export class CategoriesService {
  constructor(
    private readonly db: Db,
    private readonly dishes: DishesService,
    private readonly changes: ChangePublisher,
    /** TENANT_LIMITS unless a test passes smaller caps. */
    private readonly limits: TenantLimits = TENANT_LIMITS,
  ) {}

  /** 400 limitReached when `adding` new categories would pass the restaurant's cap; locks it until `tx` ends. */
  assertRoomFor(tx: Tx, eateryId: number, adding = 1): Promise<void> {
    return assertRoomFor(tx, eateryId, 'categories', this.limits, adding);
  }

  /** Inserts a category at the end of the restaurant's list and returns its id. */
  async insert(tx: Tx, eateryId: number, values: CategoryValues): Promise<number> {
    const [row] = await tx
      .insert(categories)
      .values({
        eateryId,
        ...values,
        position: sql`(select coalesce(max(c.position) + 1, 0) from categories c where c.eatery_id = ${eateryId})`,
      })
      .returning({ id: categories.id });
    return row.id;
  }

  async list(eateryId: number): Promise<Category[]> {
    const rows = await this.db
      .select(columns)
      .from(categories)
      .where(eq(categories.eateryId, eateryId))
      .orderBy(asc(categories.position), asc(categories.id));
    return rows.map(toDto);
  }

  async get(eateryId: number, categoryId: number): Promise<Category> {
    const [row] = await this.db
      .select(columns)
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.eateryId, eateryId)));
    if (!row) throw notFound();
    return toDto(row);
  }

  async getWithDishes(eateryId: number, categoryId: number) {
    const category = await this.get(eateryId, categoryId);
    const list = await this.dishes.listInCategory(eateryId, categoryId);
    return { ...category, dishes: list };
  }

  /** Multipart create: `data` (categoryData) and an optional image. */
  async create(eateryId: number, form: MenuForm): Promise<Category> {
    const data = parseWith(categoryData, form.data);
    if (data.eateryId !== undefined && data.eateryId !== eateryId) throw notFound();
    const image = form.image ? await processImage(form.image) : null;
    const id = await this.db.transaction(async (tx) => {
      await this.assertRoomFor(tx, eateryId);
      await assertCourseNamed(tx, eateryId, data.course);
      const imageId = image ? await ImagesService.store(tx, image) : null;
      return this.insert(tx, eateryId, {
        ...pickNames(data),
        imageId,
        availableHours: data.availableHours ?? null,
        course: data.course ?? null,
      });
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return this.get(eateryId, id);
  }

  /**
   * Multipart update: names are replaced; a new image replaces the old one; `removeImage: true` or
   * `image: null` removes it; otherwise the image is kept.
   */
  async update(eateryId: number, categoryId: number, form: MenuForm): Promise<Category> {
    const data = parseWith(categoryData, form.data);
    if (data.eateryId !== undefined && data.eateryId !== eateryId) throw notFound();
    if (data.categoryId !== undefined && data.categoryId !== categoryId) {
      throw validationError('categoryId', 'validation.invalid');
    }
    await assertCategoryOwned(this.db, eateryId, categoryId);
    const image = form.image ? await processImage(form.image) : null;
    const removeImage = data.removeImage === true || data.image === null;
    await this.db.transaction(async (tx) => {
      await assertCourseNamed(tx, eateryId, data.course);
      const imageId = image ? await ImagesService.store(tx, image) : removeImage ? null : undefined;
      await tx
        .update(categories)
        .set({
          ...pickNames(data),
          ...(data.availableHours !== undefined ? { availableHours: data.availableHours } : {}),
          ...(data.course !== undefined ? { course: data.course } : {}),
          ...(imageId !== undefined ? { imageId } : {}),
        })
        .where(and(eq(categories.id, categoryId), eq(categories.eateryId, eateryId)));
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return this.get(eateryId, categoryId);
  }

  /**
   * Deletes a category with its dishes. Dishes that past orders reference are archived instead (their
   * category becomes null through the foreign key), so order history keeps them.
   */
  async remove(eateryId: number, categoryId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, categoryId), eq(categories.eateryId, eateryId)))
        .for('update');
      if (!row) throw notFound();
      const inCategory = and(eq(dishes.categoryId, categoryId), eq(dishes.eateryId, eateryId));
      await tx
        .update(dishes)
        .set({ archivedAt: sql`coalesce(${dishes.archivedAt}, now())` })
        .where(and(inCategory, referencedByOrders()));
      await tx.delete(dishes).where(and(inCategory, not(referencedByOrders())));
      await tx.delete(categories).where(eq(categories.id, categoryId));
    });
    this.changes.publish({ kind: 'menu', eateryId });
  }

  /** Saves a new order: `categoryIds` must be exactly the restaurant's categories, else 400 and nothing changes. */
  async reorder(eateryId: number, categoryIds: number[]): Promise<Category[]> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.eateryId, eateryId))
        .for('update');
      assertSameIdSet('categoryIds', categoryIds, rows);
      if (categoryIds.length === 0) return;
      await tx
        .update(categories)
        .set({ position: positionsCase(categories.id, categoryIds) })
        .where(eq(categories.eateryId, eateryId));
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return this.list(eateryId);
  }
}
