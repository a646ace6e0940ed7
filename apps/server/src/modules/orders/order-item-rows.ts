import { eq, max, sql, type SQL } from 'drizzle-orm';
import type { ItemStatus } from '@qr-menu/contract';
import type { Tx } from '../../db/client.js';
import { orderItems } from '../../db/schema.js';
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
}

/** Where an item's field is reported in a 400: `items.{i}.{name}` by default. */
export type ItemField = (index: number, name: string) => string;
export const itemsField: ItemField = (i, name) => `items.${i}.${name}`;

export const dishIdsOf = (items: readonly ItemInput[]) => items.map((i) => i.dishId);

/** The stored fields of each item of `items`, from its dish's snapshot and price (status and batch aside). */
export function itemRows(
  items: readonly ItemInput[],
  snapshots: ReadonlyMap<number, DishSnapshot>,
  priced: readonly PricedChoice[],
) {
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
) {
  if (items.length === 0) return;
  const rows = itemRows(items, snapshots, priced).map((row) => ({ ...row, orderId, status: 'CREATED', batch }));
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
