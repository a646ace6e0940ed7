import { eq, max, sql, type SQL } from 'drizzle-orm';
import { heldLines, lineCourse, ORDER_V, type ItemStatus } from '@qr-menu/contract';
import type { Executor, Tx } from '../../db/client.js';
import { eateries, orderItems } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';
import type { DishSnapshot } from './dish-snapshots.js';
import type { PricedChoice } from './item-options.js';
import { readyAtAfter } from './order-rules.js';

/** One dish to put on an order. The price always comes from the database. */
export interface ItemInput {
  dishId: number;
  quantity: number;
  note?: string | null;
  /** The chosen options' ids; the server checks them and prices the item. */
  optionIds?: readonly number[];
  /** The guest's seat (1..SEAT_MAX); left out or null: none. */
  seat?: number | null;
  /** The course (1..the restaurant's courses); left out or null: lineCourse decides. */
  course?: number | null;
}

/** Where an item's field is reported in a 400: `items.{i}.{name}` by default. */
export type ItemField = (index: number, name: string) => string;
export const itemsField: ItemField = (i, name) => `items.${i}.${name}`;

export const dishIdsOf = (items: readonly ItemInput[]) => items.map((i) => i.dishId);

/** How many courses the restaurant names (0: none, lines carry no course). */
export async function courseCountOf(ex: Executor, eateryId: number): Promise<number> {
  const [row] = await ex.select({ courses: eateries.courses }).from(eateries).where(eq(eateries.id, eateryId));
  return row?.courses.length ?? 0;
}

/**
 * 400 `validation.courseUnknown` on `items.{i}.course` for every line sent with a course the restaurant does not name
 * (above `courseCount`; any course when it names none).
 */
export function assertKnownCourses(items: readonly ItemInput[], courseCount: number, field: ItemField = itemsField) {
  const details = items.flatMap((item, i) =>
    item.course != null && item.course > courseCount
      ? [{ field: field(i, 'course'), messageKey: ORDER_V.courseUnknown }]
      : [],
  );
  if (details.length > 0) throw new AppError(400, 'validation', details);
}

/**
 * The stored fields of each item of `items`, from its dish's snapshot and price (status and batch aside). The items
 * are one round: each line's course is lineCourse's (the restaurant names `courseCount` courses), and the lines of a
 * later course than the round's earliest wait held (heldLines).
 */
export function itemRows(
  items: readonly ItemInput[],
  snapshots: ReadonlyMap<number, DishSnapshot>,
  priced: readonly PricedChoice[],
  courseCount: number,
) {
  const courses = items.map((item) => lineCourse(item.course, snapshots.get(item.dishId)!.categoryCourse, courseCount));
  const held = heldLines(courses);
  return items.map((item, i) => {
    const s = snapshots.get(item.dishId)!;
    return {
      dishId: s.dishId,
      name: s.name,
      names: s.names,
      price: priced[i].price,
      options: priced[i].options,
      quantity: item.quantity,
      note: item.note ?? null,
      kitchenDepartmentId: s.kitchenDepartmentId,
      categoryName: s.categoryName,
      seat: item.seat ?? null,
      course: courses[i],
      held: held[i],
    };
  });
}

/** Inserts the items of one addition to an order (status CREATED, in batch `batch`; see itemRows). */
export async function insertItems(
  tx: Tx,
  orderId: number,
  items: readonly ItemInput[],
  snapshots: ReadonlyMap<number, DishSnapshot>,
  priced: readonly PricedChoice[],
  batch: number,
  courseCount: number,
) {
  if (items.length === 0) return;
  const rows = itemRows(items, snapshots, priced, courseCount).map((row) => ({
    ...row,
    orderId,
    status: 'CREATED',
    batch,
  }));
  await tx.insert(orderItems).values(rows);
}

/** The batch of the next addition to an order: one more than its last (1 for an order without items). */
export async function nextBatch(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(orderItems.batch) })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return (row?.last ?? 0) + 1;
}

/** The ready_at part of an item update to status `to` (see readyAtAfter). */
export function readyAtSet(to: ItemStatus): { readyAt?: SQL | null } {
  const change = readyAtAfter(to);
  if (change === 'now') return { readyAt: sql`clock_timestamp()` };
  if (change === 'clear') return { readyAt: null };
  return {};
}
