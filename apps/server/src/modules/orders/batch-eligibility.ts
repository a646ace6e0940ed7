import { guestOrdersClosedAt, type OpeningHours } from '@qr-menu/contract';
import type { SnapshotSource } from './dish-snapshots.js';

/** One order as the routes ask for it, before anything is read or written. */
export interface PlaceOrderInput {
  eateryId: number;
  tableId: number;
  items: readonly {
    dishId: number;
    quantity: number;
    note?: string | null;
    optionIds?: readonly number[];
    seat?: number | null;
    course?: number | null;
  }[];
  guest: boolean;
  note: string | null;
  deviceId: string | null;
  idempotencyKey: string | null;
}

/** What the batch path reads of an order's table (null: not a table of the restaurant) and restaurant. */
export interface TableFacts {
  id: number;
  number: string;
  status: string;
  tableKeysRequired: boolean;
  confirmGuestOrders: boolean;
  /** Guests order only within the opening hours (in the restaurant's time zone). */
  ordersWithinHours: boolean;
  openingHours: OpeningHours | null;
  timeZone: string;
  /** How many courses the restaurant names (0: none). */
  courseCount: number;
  /** The restaurant prints kitchen tickets: its orders' tickets are queued in the step-by-step transaction. */
  kitchenPrinters: boolean;
}

/** What the batch path reads of a live dish of the restaurant (archived and unknown dishes are not read). */
export interface DishFacts extends SnapshotSource {
  available: boolean;
  /** Option groups, or availability hours on the dish or its category. */
  hasOptions: boolean;
  hasHours: boolean;
  /** Its portions are counted (stock_count not null): an order takes from them. */
  counted: boolean;
}

export interface PlacingFacts {
  table: TableFacts | null;
  /** The order's dishes that are live dishes of the restaurant, by id. */
  dishes: ReadonlyMap<number, DishFacts>;
}

/**
 * Whether an order may take the batch statement (group commit) instead of the step-by-step transaction: only an
 * order with nothing to refuse and none of the rules that only the step-by-step path applies. The two paths must
 * store the same rows for such an order (a property test checks it); any other order takes the step-by-step path,
 * which answers the right error or applies the rule.
 * - The table is the restaurant's; for a guest it is not INACTIVE, the restaurant neither requires table keys
 *   nor has staff confirm guest orders, and it takes guest orders at `at` (not closed while bound to its hours).
 * - Every dish is a live dish of the restaurant (for a guest, also available, without the "back again" time),
 *   without option groups or availability hours (on the dish or its category), and no option is chosen.
 * - No line names a seat or a course, the restaurant names no courses (so every line's course is null and none is
 *   held) and no dish is counted: taking portions, courses and holds are the step-by-step path's alone.
 * - The restaurant has no kitchen printer: the tickets are written in the step-by-step path's transaction.
 */
export function takesBatchPath(order: PlaceOrderInput, facts: PlacingFacts, at: Date): boolean {
  const { table } = facts;
  if (!table) return false;
  if (order.guest && (table.status === 'INACTIVE' || table.tableKeysRequired || table.confirmGuestOrders)) {
    return false;
  }
  if (order.guest && guestOrdersClosedAt(table, at)) return false;
  if (table.courseCount > 0 || table.kitchenPrinters) return false;
  return order.items.every((item) => {
    const dish = facts.dishes.get(item.dishId);
    if (!dish || dish.hasOptions || dish.hasHours || (item.optionIds?.length ?? 0) > 0) return false;
    if (dish.counted || item.seat != null || item.course != null) return false;
    return !order.guest || dish.available;
  });
}
