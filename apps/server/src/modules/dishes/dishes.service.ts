import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  centsToDecimal,
  toCents,
  dishData,
  knownDietaryTags,
  pickTexts,
  type AvailabilityHours,
  type DietaryTag,
  type Dish,
  type DishOptionGroup,
  type DishStock,
  type LocalizedTexts,
  TENANT_LIMITS,
  type TenantLimits,
} from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Tx } from '../../db/client.js';
import { dishes, eateries, kitchenDepartments } from '../../db/schema.js';
import { notFound, validationError } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { imageUrl, ImagesService, processImage } from '../images/images.service.js';
import { parseWith, type MenuForm } from '../images/multipart.js';
import { nextBusinessDayStart } from './business-day.js';
import { numberOptionGroups, optionIdsUsedByOrders } from './option-ids.js';
import { assertRoomFor } from '../tenant-limits.js';
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
  /** Numbered option groups (numberOptionGroups); none when left out. */
  optionGroups?: DishOptionGroup[];
  /** Null or left out: always available. */
  availableHours?: AvailabilityHours | null;
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
  optionGroups: dishes.optionGroups,
  availableHours: dishes.availableHours,
  availableAgainAt: dishes.availableAgainAt,
  stockCount: dishes.stockCount,
};

type Row = Omit<Dish, 'dishId' | 'image' | 'price' | 'categoryId' | 'dietaryTags' | 'availableAgainAt'> & {
  price: string;
  categoryId: number | null;
  dietaryTags: string[];
  availableAgainAt: Date | null;
};

/** numeric(10,2) string → JSON number (exact for 2 decimals: the nearest double of the decimal). */
const toDto = (r: Row): Dish => ({
  ...r,
  dishId: r.id,
  categoryId: r.categoryId ?? 0,
  price: Number(r.price),
  image: imageUrl(r.imageId),
  dietaryTags: knownDietaryTags(r.dietaryTags),
  availableAgainAt: r.availableAgainAt ? r.availableAgainAt.toISOString() : null,
});

/** A live (not archived) dish of a restaurant. */
const live = (eateryId: number) => and(eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt));

/**
 * Dishes of a restaurant's categories. Archived dishes (kept for order history) never show. Every write publishes a
 * 'menu' change once committed (the guest menu shows dishes; the orders list shows a deleted one's name). A
 * restaurant holds at most `limits.dishes` live dishes (tenant-limits.ts).
 */
export class DishesService {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangePublisher,
    /** TENANT_LIMITS unless a test passes smaller caps. */
    private readonly limits: TenantLimits = TENANT_LIMITS,
  ) {}

  /** 400 limitReached when `adding` new dishes would pass the restaurant's cap; locks it until `tx` ends. */
  assertRoomFor(tx: Tx, eateryId: number, adding = 1): Promise<void> {
    return assertRoomFor(tx, eateryId, 'dishes', this.limits, adding);
  }

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
    // A new dish has no ids yet: every id sent is unknown (400), before anything is written.
    const optionGroups = numberOptionGroups([], data.optionGroups ?? []);
    const image = form.image ? await processImage(form.image) : null;
    const id = await this.db.transaction(async (tx) => {
      await this.assertRoomFor(tx, eateryId);
      const imageId = image ? await ImagesService.store(tx, image) : null;
      return this.insert(tx, eateryId, categoryId, {
        ...pickTexts(data),
        price: data.price,
        available: data.available ?? true,
        kitchenDepartmentId,
        imageId,
        dietaryTags: data.dietaryTags ?? [],
        optionGroups,
        availableHours: data.availableHours ?? null,
      });
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return this.get(eateryId, categoryId, id);
  }

  /**
   * Multipart update. `data.categoryId` naming another category of the restaurant moves the dish there
   * (to the end). Omitted `available` / `kitchenDepartmentId` keep their values; the image is replaced by
   * a new file, removed by `removeImage: true` or `image: null`, else kept.
   */
  async update(
    eateryId: number,
    categoryId: number,
    dishId: number,
    form: MenuForm,
    actorId: number | null = null,
  ): Promise<Dish> {
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
      const match = and(live(eateryId), eq(dishes.categoryId, categoryId), eq(dishes.id, dishId));
      // The stored groups under a row lock: two concurrent edits cannot hand out the same new id.
      const [current] = await tx
        .select({
          optionGroups: dishes.optionGroups,
          price: dishes.price,
          available: dishes.available,
          name: dishes.nameAz,
        })
        .from(dishes)
        .where(match)
        .for('update');
      if (!current) throw notFound();
      const optionGroups =
        data.optionGroups !== undefined
          ? numberOptionGroups(current.optionGroups, data.optionGroups, await optionIdsUsedByOrders(tx, dishId))
          : undefined;
      const imageId = image ? await ImagesService.store(tx, image) : removeImage ? null : undefined;
      const [row] = await tx
        .update(dishes)
        .set({
          ...pickTexts(data),
          price: data.price,
          ...(data.available !== undefined ? { available: data.available } : {}),
          // Back on the menu by hand: no return from the stop-list is due any more.
          ...(data.available === true ? { availableAgainAt: null } : {}),
          ...(data.kitchenDepartmentId !== undefined ? { kitchenDepartmentId: data.kitchenDepartmentId } : {}),
          ...(data.dietaryTags !== undefined ? { dietaryTags: data.dietaryTags } : {}),
          ...(optionGroups !== undefined ? { optionGroups } : {}),
          ...(data.availableHours !== undefined ? { availableHours: data.availableHours } : {}),
          ...(imageId !== undefined ? { imageId } : {}),
          ...(target !== categoryId ? { categoryId: target, position: endOfCategory(target) } : {}),
        })
        .where(match)
        .returning({ id: dishes.id, price: dishes.price, available: dishes.available, name: dishes.nameAz });
      if (!row) throw notFound();
      await auditDishChange(tx, eateryId, actorId, current, row);
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return this.get(eateryId, target, dishId);
  }

  /** Deletes a dish, or archives it when past orders reference it (history keeps name and price). */
  async remove(eateryId: number, categoryId: number, dishId: number): Promise<{ archived: boolean }> {
    const result = await this.db.transaction(async (tx) => {
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
    this.changes.publish({ kind: 'menu', eateryId });
    return result;
  }

  /**
   * Sold out (kitchen display): marks a live dish of the restaurant available or not, whatever its category.
   * `untilNextBusinessDay` with `available: false` puts it on the stop-list until the start of the restaurant's next
   * business day (nextBusinessDayStart at `now`), when the sweeper brings it back; any other change clears that.
   * 404 for another restaurant's dish or an archived one.
   */
  async setAvailability(
    eateryId: number,
    dishId: number,
    available: boolean,
    untilNextBusinessDay = false,
    now: Date = new Date(),
    actorId: number | null = null,
  ): Promise<{ id: number; available: boolean; availableAgainAt: string | null }> {
    let availableAgainAt: Date | null = null;
    if (!available && untilNextBusinessDay) {
      const [eatery] = await this.db
        .select({ timeZone: eateries.timeZone, openingHours: eateries.openingHours })
        .from(eateries)
        .where(eq(eateries.id, eateryId));
      if (!eatery) throw notFound();
      availableAgainAt = nextBusinessDayStart(eatery.openingHours, eatery.timeZone, now);
    }
    const row = await this.db.transaction(async (tx) => {
      const match = and(live(eateryId), eq(dishes.id, dishId));
      const [before] = await tx
        .select({ price: dishes.price, available: dishes.available, name: dishes.nameAz })
        .from(dishes)
        .where(match)
        .for('update');
      if (!before) throw notFound();
      const [after] = await tx.update(dishes).set({ available, availableAgainAt }).where(match).returning({
        id: dishes.id,
        available: dishes.available,
        availableAgainAt: dishes.availableAgainAt,
        price: dishes.price,
        name: dishes.nameAz,
      });
      await auditDishChange(tx, eateryId, actorId, before, after);
      return after;
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return { ...row, availableAgainAt: row.availableAgainAt?.toISOString() ?? null };
  }

  /**
   * Counted stock (kitchen and managers): sets a live dish's portions left, or stops counting it (null). 0 makes it
   * sold out at once (off the stop-list's return); a count above 0, or none, brings back a dish that was sold out
   * because its portions ran out (count 0, unavailable, no return due), and leaves any other sold-out dish as it is.
   * Orders then take their portions (orders/dish-stock.ts). 404 for another restaurant's dish or an archived one.
   * Writes a STOCK audit entry when the count changed (and AVAILABILITY when it sold the dish out or brought it back);
   * publishes a 'menu' change, like the sold-out switch.
   */
  async setStock(eateryId: number, dishId: number, count: number | null, actorId: number | null): Promise<DishStock> {
    const row = await this.db.transaction(async (tx) => {
      const match = and(live(eateryId), eq(dishes.id, dishId));
      const [before] = await tx
        .select({
          price: dishes.price,
          available: dishes.available,
          availableAgainAt: dishes.availableAgainAt,
          name: dishes.nameAz,
          stockCount: dishes.stockCount,
        })
        .from(dishes)
        .where(match)
        .for('update');
      if (!before) throw notFound();
      const ranOut = before.stockCount === 0 && !before.available && before.availableAgainAt === null;
      const availability =
        count === 0 ? { available: false, availableAgainAt: null } : ranOut ? { available: true } : {};
      const [after] = await tx
        .update(dishes)
        .set({ stockCount: count, ...availability })
        .where(match)
        .returning({
          id: dishes.id,
          stockCount: dishes.stockCount,
          available: dishes.available,
          availableAgainAt: dishes.availableAgainAt,
          price: dishes.price,
          name: dishes.nameAz,
        });
      if (before.stockCount !== after.stockCount) {
        await recordAudit(tx, {
          eateryId,
          kind: 'STOCK',
          userId: actorId,
          subject: after.name,
          before: { stockCount: before.stockCount },
          after: { stockCount: after.stockCount },
        });
      }
      await auditDishChange(tx, eateryId, actorId, before, after);
      return after;
    });
    this.changes.publish({ kind: 'menu', eateryId });
    return {
      id: row.id,
      stockCount: row.stockCount,
      available: row.available,
      availableAgainAt: row.availableAgainAt?.toISOString() ?? null,
    };
  }

  /**
   * The stop-list sweep: dishes whose `available_again_at` has come (at `now`) are available again. Returns the
   * restaurants whose menus changed (each published as a 'menu' change).
   */
  async releaseDueDishes(now: Date): Promise<number[]> {
    const rows = await this.db
      .update(dishes)
      .set({ available: true, availableAgainAt: null })
      .where(lte(dishes.availableAgainAt, now))
      .returning({ eateryId: dishes.eateryId });
    const changed = [...new Set(rows.map((r) => r.eateryId))];
    for (const eateryId of changed) this.changes.publish({ kind: 'menu', eateryId });
    return changed;
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
    this.changes.publish({ kind: 'menu', eateryId });
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

/** A dish as the audit log compares it: its price and whether guests may order it. */
interface DishAuditFields {
  price: string;
  available: boolean;
  name: string;
}

/**
 * PRICE and AVAILABILITY audit entries for what really changed on a dish (in the change's transaction); the menu
 * import writes them too.
 */
export async function auditDishChange(
  tx: Tx,
  eateryId: number,
  actorId: number | null,
  before: DishAuditFields,
  after: DishAuditFields,
): Promise<void> {
  if (toCents(before.price) !== toCents(after.price)) {
    await recordAudit(tx, {
      eateryId,
      kind: 'PRICE',
      userId: actorId,
      subject: after.name,
      before: { price: centsToDecimal(toCents(before.price)) },
      after: { price: centsToDecimal(toCents(after.price)) },
    });
  }
  if (before.available !== after.available) {
    await recordAudit(tx, {
      eateryId,
      kind: 'AVAILABILITY',
      userId: actorId,
      subject: after.name,
      before: { available: before.available },
      after: { available: after.available },
    });
  }
}
