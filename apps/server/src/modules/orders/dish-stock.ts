import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { localName, STOCK_COUNT_MAX, STOCK_LEFT_SHOWN_BELOW, type NotEnoughStockParams } from '@qr-menu/contract';
import type { Tx } from '../../db/client.js';
import { dishes } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';
import { dishNameColumns } from '../menu-sql.js';

/**
 * Counted stock: a dish with a `stock_count` has that many portions left. Every line placed or added takes its
 * portions in the order's transaction, with one conditional UPDATE per dish (`stock_count >= n`): two orders racing
 * for the last portion both reach the row, the second waits for the first's commit and then finds too few, so the count
 * never goes below zero and the loser gets 409 `notEnoughStock` with nothing of its order written. The dish is sold
 * out (available false) the moment its count reaches zero, and a void or cancelled line gives its portions back.
 *
 * Dishes are updated in id order, so two orders taking the same dishes lock them in the same order (no deadlock).
 */

/** A line as stock counts it: its dish (null: the dish was deleted) and how many portions. */
export interface StockLine {
  dishId: number | null;
  quantity: number;
}

/** Portions per dish of the lines, dish ids ascending. */
function portionsOf(lines: readonly StockLine[]): [number, number][] {
  const need = new Map<number, number>();
  for (const l of lines) if (l.dishId !== null) need.set(l.dishId, (need.get(l.dishId) ?? 0) + l.quantity);
  return [...need].sort(([a], [b]) => a - b);
}

/**
 * Whether guests see a change at this count: the "N left" they may be shown (STOCK_LEFT_SHOWN_BELOW or fewer), or
 * the dish sold out or back.
 */
const guestsSee = (left: number | null) => left !== null && left <= STOCK_LEFT_SHOWN_BELOW;

/** The counted dishes among `dishIds` (one plain read; the updates then lock them). */
async function countedAmong(tx: Tx, eateryId: number, dishIds: number[]): Promise<Set<number>> {
  if (dishIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: dishes.id })
    .from(dishes)
    .where(and(eq(dishes.eateryId, eateryId), inArray(dishes.id, dishIds), isNotNull(dishes.stockCount)));
  return new Set(rows.map((r) => r.id));
}

/** The lines' portions per counted dish of the restaurant (uncounted dishes left out), dish ids ascending. */
async function countedPortions(tx: Tx, eateryId: number, lines: readonly StockLine[]): Promise<[number, number][]> {
  const portions = portionsOf(lines);
  const counted = await countedAmong(
    tx,
    eateryId,
    portions.map(([id]) => id),
  );
  return portions.filter(([dishId]) => counted.has(dishId));
}

/**
 * Takes the lines' portions from their counted dishes (uncounted ones are left alone), in the caller's transaction.
 * A dish with fewer portions left than the lines need: 409 `notEnoughStock` (NotEnoughStockParams), and the caller's
 * transaction rolls back. A dish whose count reaches zero becomes sold out (available false, off the stop-list's
 * return). True when guests' menus change (guestsSee).
 */
export async function takeStock(tx: Tx, eateryId: number, lines: readonly StockLine[]): Promise<boolean> {
  let menuChanged = false;
  for (const [dishId, n] of await countedPortions(tx, eateryId, lines)) {
    const runsOut = sql`${dishes.stockCount} = ${n}`;
    const [row] = await tx
      .update(dishes)
      .set({
        stockCount: sql`${dishes.stockCount} - ${n}`,
        available: sql`case when ${runsOut} then false else ${dishes.available} end`,
        availableAgainAt: sql`case when ${runsOut} then null else ${dishes.availableAgainAt} end`,
      })
      .where(and(eq(dishes.id, dishId), eq(dishes.eateryId, eateryId), gte(dishes.stockCount, n)))
      .returning({ left: dishes.stockCount });
    if (!row) throw await notEnoughStockOf(tx, eateryId, dishId);
    if (guestsSee(row.left)) menuChanged = true;
  }
  return menuChanged;
}

/**
 * Gives the lines' portions back to their counted dishes (a void, a cancelled order), never above STOCK_COUNT_MAX. A
 * dish sold out because its count ran out (count 0, unavailable, not on the stop-list) is available again. True when
 * guests' menus change.
 */
export async function giveBackStock(tx: Tx, eateryId: number, lines: readonly StockLine[]): Promise<boolean> {
  let menuChanged = false;
  for (const [dishId, n] of await countedPortions(tx, eateryId, lines)) {
    const ranOut = sql`${dishes.stockCount} = 0 and not ${dishes.available} and ${dishes.availableAgainAt} is null`;
    const [row] = await tx
      .update(dishes)
      .set({
        stockCount: sql`least(${dishes.stockCount} + ${n}, ${STOCK_COUNT_MAX})`,
        available: sql`case when ${ranOut} then true else ${dishes.available} end`,
      })
      .where(and(eq(dishes.id, dishId), eq(dishes.eateryId, eateryId), isNotNull(dishes.stockCount)))
      .returning({ left: dishes.stockCount });
    if (row?.left != null && guestsSee(row.left - n)) menuChanged = true;
  }
  return menuChanged;
}

/** The 409 of a dish with too few portions left, naming it and its count now. */
async function notEnoughStockOf(tx: Tx, eateryId: number, dishId: number): Promise<AppError> {
  const [dish] = await tx
    .select({ ...dishNameColumns, left: dishes.stockCount })
    .from(dishes)
    .where(and(eq(dishes.id, dishId), eq(dishes.eateryId, eateryId)));
  return notEnoughStock(dishId, dish ?? { nameAz: '', nameEn: '', nameRu: '' }, dish?.left ?? 0);
}

/** 409 `notEnoughStock`: only `left` portions of the dish are left (0: sold out), with its names. */
export function notEnoughStock(
  dishId: number,
  names: { nameAz: string; nameEn: string; nameRu: string },
  left: number,
): AppError {
  const params: NotEnoughStockParams = {
    dishId,
    name: localName(names, 'az'),
    nameAz: localName(names, 'az'),
    nameEn: localName(names, 'en'),
    nameRu: localName(names, 'ru'),
    left,
  };
  return new AppError(409, 'notEnoughStock', undefined, params);
}
