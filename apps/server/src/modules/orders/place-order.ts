import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ORDER_V, type Order } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { eateries, tables } from '../../db/schema.js';
import { AppError, isUniqueViolation, notFound, validationError } from '../../plugins/app-error.js';
import { snapshotDishes } from './dish-snapshots.js';
import { priceChoices } from './item-options.js';
import { toOrderDto } from './order-dto.js';
import { OrderBatcher } from './order-batcher.js';
import { dishIdsOf, insertItems, itemsField, type ItemInput } from './order-item-rows.js';
import { findIdempotentOrder } from './order-queries.js';
import { assertTakesGuestOrders, guestHoursColumns } from './guest-hours.js';
import type { OrderWriter } from './order-writer.js';

export interface PlaceOrderOptions {
  /** The guest's `device_id` cookie: stored on the order; only this device may read or extend it as a guest. */
  deviceId?: string | null;
  /** With deviceId: a retry with the same key returns the first order instead of creating a second one. */
  idempotencyKey?: string | null;
  /**
   * Guest rules: at least one item, only available dishes (400 `validation.dishUnavailable` on `items.{i}.dishId`),
   * inside availability hours (`validation.dishNotNow`), table not INACTIVE (409 `tableInactive`), and while the
   * restaurant is open when it takes guest orders only within its opening hours (409 `closedNow`). Staff orders
   * skip these. When the restaurant requires table keys, `tableKey` must be the table's key (403
   * `tableKeyInvalid`); when it has staff confirm guest orders, the order starts NEEDS_CONFIRMATION.
   */
  guest?: boolean;
  /** The key of the table's QR link (guests). */
  tableKey?: string | null;
}

export interface PlacedOrder {
  order: Order;
  /** False when an idempotent retry returned the existing order (no event emitted then). */
  created: boolean;
}

/**
 * Placing orders. An order goes first to the batch path (OrderBatcher: placed together with the orders arriving
 * at the same time, when `takesBatchPath` lets it); refused there, it takes the step-by-step transaction, which
 * applies every rule and answers the right error.
 */
export class OrderPlacing {
  /** New orders go to the database in batches (group commit, see OrderBatcher). */
  private readonly batcher: OrderBatcher;

  constructor(
    private readonly db: Db,
    private readonly writer: OrderWriter,
    /** "Now" of availability hours and the stop-list. */
    private readonly clock: () => Date,
  ) {
    this.batcher = new OrderBatcher(db, clock);
  }

  /**
   * Creates an order (status CREATED) on a table of the restaurant with the given items, prices taken from the
   * dishes. 404 when the table or (for staff) a dish is not this restaurant's (or the
   * dish is archived). Emits NEW_ORDER. With `deviceId` + `idempotencyKey`, a repeated call returns the first order
   * (`created: false`, no event).
   */
  async place(
    eateryId: number,
    tableId: number,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    const { guest, deviceId, idempotencyKey } = placingOf(items, opts);

    const inserted = await this.batcher.place({
      eateryId,
      tableId,
      items,
      guest,
      note: note ?? null,
      deviceId,
      idempotencyKey,
    });
    if (inserted) {
      const order = toOrderDto(inserted.order, inserted.items);
      this.writer.placed(eateryId, order);
      return { order, created: true };
    }
    // Refused: an idempotent retry, or something to report or a rule to apply; the step-by-step transaction finds
    // out which (and places the order if things changed meanwhile).
    if (deviceId && idempotencyKey) {
      const existing = await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey);
      if (existing) return { order: existing, created: false };
    }
    return this.placeStepByStep(eateryId, tableId, items, note, opts);
  }

  /** The step-by-step transaction of `place` (on its own: to compare the two paths in tests). */
  async placeStepByStep(
    eateryId: number,
    tableId: number,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    const { guest, deviceId, idempotencyKey } = placingOf(items, opts);
    try {
      const order = await this.writer.write(eateryId, async (w) => {
        const [table] = await w.tx
          .select({
            id: tables.id,
            number: tables.number,
            status: tables.status,
            guestKey: tables.guestKey,
            keysRequired: eateries.tableKeysRequired,
            confirmGuestOrders: eateries.confirmGuestOrders,
            ...guestHoursColumns,
          })
          .from(tables)
          .innerJoin(eateries, eq(eateries.id, tables.eateryId))
          .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
        if (!table) throw notFound();
        if (guest && table.keysRequired && !sameKey(opts.tableKey, table.guestKey)) {
          throw new AppError(403, 'tableKeyInvalid');
        }
        if (guest && table.status === 'INACTIVE') throw new AppError(409, 'tableInactive');
        const at = this.clock();
        if (guest) assertTakesGuestOrders(table, at);
        const snapshots = await snapshotDishes(w.tx, eateryId, dishIdsOf(items), { forGuest: guest, at });
        const priced = priceChoices(items, snapshots, (i) => itemsField(i, 'optionIds'));
        const orderId = await w.insert({
          tableId: table.id,
          tableNumber: table.number,
          status: guest && table.confirmGuestOrders ? 'NEEDS_CONFIRMATION' : 'CREATED',
          note: note ?? null,
          deviceId,
          idempotencyKey,
        });
        await insertItems(w.tx, orderId, items, snapshots, priced, 1);
        return w.order(orderId);
      });
      return { order, created: true };
    } catch (err) {
      if (deviceId && idempotencyKey && isUniqueViolation(err)) {
        // A concurrent retry with the same key won the race: answer with its order.
        const existing = await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey);
        if (existing) return { order: existing, created: false };
      }
      throw err;
    }
  }
}

/** Is `given` the table's key? Compared in constant time; no key on the table: nothing matches. */
function sameKey(given: string | null | undefined, key: string | null): boolean {
  if (!given || !key) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who places the order and how a repeat is recognised: a guest's order needs items; the idempotency key counts only
 * with the device that sent it.
 */
function placingOf(items: readonly ItemInput[], opts: PlaceOrderOptions) {
  const guest = !!opts.guest;
  const deviceId = opts.deviceId ?? null;
  const idempotencyKey = deviceId && opts.idempotencyKey ? opts.idempotencyKey : null;
  if (guest && items.length === 0) throw validationError('items', ORDER_V.itemsRequired);
  return { guest, deviceId, idempotencyKey };
}
