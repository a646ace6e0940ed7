import type { Db } from '../../db/client.js';
import { takesBatchPath, type PlaceOrderInput, type PlacingFacts } from './batch-eligibility.js';
import { toSnapshot } from './dish-snapshots.js';
import { priceChoices } from './item-options.js';
import { itemRows } from './order-item-rows.js';
import { insertOrdersAtOnce, readPlacingFacts, type InsertedOrder, type NewOrderRow } from './place-order-sql.js';

/**
 * The batch path of placing orders (order-batcher.ts sends it the orders that arrived together): one statement
 * reads what the orders need, `takesBatchPath` picks the orders it may place, whose rows are made by the same
 * functions as on the step-by-step path (dish snapshots, prices), and one statement inserts them all. `at` is the
 * "now" of the rules that depend on the time (opening hours). For each
 * order (same positions) its inserted order, or null when it was refused (not for the batch path, or its
 * Idempotency-Key was taken) with nothing of it written: the caller takes the step-by-step path for it.
 *
 * Like the step-by-step transaction, it reads the dishes before it writes, so a dish changed in between is ordered
 * as it was read.
 */
export async function placeBatch(
  db: Db,
  inputs: readonly PlaceOrderInput[],
  at: Date,
): Promise<(InsertedOrder | null)[]> {
  const facts = await readPlacingFacts(db, inputs);
  const positions: number[] = [];
  const rows: NewOrderRow[] = [];
  inputs.forEach((input, i) => {
    if (!takesBatchPath(input, facts[i], at)) return;
    positions.push(i);
    rows.push(newOrderRow(input, facts[i]));
  });
  const inserted = await insertOrdersAtOnce(db, rows);
  const out: (InsertedOrder | null)[] = inputs.map(() => null);
  positions.forEach((position, k) => (out[position] = inserted[k]));
  return out;
}

/** The rows of an order that takes the batch path (no option chosen: each item at its dish's price). */
function newOrderRow(input: PlaceOrderInput, facts: PlacingFacts): NewOrderRow {
  const snapshots = new Map([...facts.dishes].map(([id, dish]) => [id, toSnapshot(dish)]));
  const priced = priceChoices(input.items, snapshots, (i) => `items.${i}.optionIds`);
  return {
    eateryId: input.eateryId,
    tableId: input.tableId,
    tableNumber: facts.table!.number,
    note: input.note,
    deviceId: input.deviceId,
    idempotencyKey: input.idempotencyKey,
    // No courses on this path (takesBatchPath): every line's course is null and none is held.
    items: itemRows(input.items, snapshots, priced, 0),
  };
}
