import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ORDER_V, V, type Order, type OrderKind } from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { eateries, tables } from '../../db/schema.js';
import { AppError, isUniqueViolation, notFound, validationError } from '../../plugins/app-error.js';
import { snapshotDishes } from './dish-snapshots.js';
import { takeStock } from './dish-stock.js';
import { priceChoices } from './item-options.js';
import { toOrderDto } from './order-dto.js';
import { OrderBatcher } from './order-batcher.js';
import { assertKnownCourses, dishIdsOf, insertItems, itemsField, type ItemInput } from './order-item-rows.js';
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
  /**
   * DINE_IN (left out) at `tableId` (400 `validation.required` on `tableId` without one); TAKEAWAY (staff) and PICKUP
   * (guests, from the pickup link) have no table: `tableId` is not used, the order's table number is ''. A guest's
   * PICKUP order follows the guest rules that are not the table's (available dishes, hours, confirmation).
   */
  kind?: OrderKind;
  /**
   * TAKEAWAY and PICKUP: the name (and phone) staff call out; PICKUP needs the name (400 `validation.required` on
   * `customerName`). Not stored on a DINE_IN order.
   */
  customer?: { name: string | null; phone: string | null } | null;
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
   * Creates an order (status CREATED) on a table of the restaurant (or without one: `opts.kind`) with the given
   * items, prices taken from the dishes. 404 when the table or (for staff) a dish is not this restaurant's (or the
   * dish is archived). Lines carry their seat and course; the later courses of the round wait held (itemRows). The
   * portions of counted dishes are taken in the same transaction (409 `notEnoughStock`, nothing written). Emits
   * NEW_ORDER. With `deviceId` + `idempotencyKey`, a repeated call returns the first order (`created: false`, no
   * event).
   */
  async place(
    eateryId: number,
    tableId: number | null,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    const { guest, deviceId, idempotencyKey, kind } = placingOf(tableId, items, opts);
    // Without a table the order is not for the batch path (takesBatchPath reads a table): straight to the step by step.
    if (kind !== 'DINE_IN' || tableId === null) {
      if (deviceId && idempotencyKey) {
        const existing = await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey);
        if (existing) return { order: existing, created: false };
      }
      return this.placeStepByStep(eateryId, tableId, items, note, opts);
    }

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
    tableId: number | null,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    const { guest, deviceId, idempotencyKey, kind } = placingOf(tableId, items, opts);
    try {
      const order = await this.writer.write(eateryId, async (w) => {
        const place = await placeOf(w.tx, eateryId, kind === 'DINE_IN' ? tableId : null);
        if (place.table) {
          const { table } = place;
          if (guest && place.keysRequired && !sameKey(opts.tableKey, table.guestKey)) {
            throw new AppError(403, 'tableKeyInvalid');
          }
          if (guest && table.status === 'INACTIVE') throw new AppError(409, 'tableInactive');
        }
        const at = this.clock();
        if (guest) assertTakesGuestOrders(place, at);
        assertKnownCourses(items, place.courseCount);
        const snapshots = await snapshotDishes(w.tx, eateryId, dishIdsOf(items), { forGuest: guest, at });
        w.menuChanged = (await takeStock(w.tx, eateryId, items)) || w.menuChanged;
        const priced = priceChoices(items, snapshots, (i) => itemsField(i, 'optionIds'));
        const customer = kind === 'DINE_IN' ? null : (opts.customer ?? null);
        const orderId = await w.insert({
          tableId: place.table?.id ?? null,
          tableNumber: place.table?.number ?? '',
          status: guest && place.confirmGuestOrders ? 'NEEDS_CONFIRMATION' : 'CREATED',
          note: note ?? null,
          deviceId,
          idempotencyKey,
          kind,
          customerName: customer?.name || null,
          customerPhone: customer?.phone || null,
        });
        await insertItems(w.tx, orderId, items, snapshots, priced, 1, place.courseCount);
        return w.order(orderId);
      });
      return { order, created: true };
    } catch (err) {
      const retried = err instanceof AppError ? err.messageKey === 'notEnoughStock' : isUniqueViolation(err);
      if (deviceId && idempotencyKey && retried) {
        // A concurrent retry with the same key won the race (it took the portions too): answer with its order.
        const existing = await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey);
        if (existing) return { order: existing, created: false };
      }
      throw err;
    }
  }
}

/**
 * Where an order is placed, read in its transaction: the restaurant's settings, and the table of a DINE_IN order
 * (`tableId`; null for an order without a table). 404 when the table or the restaurant is not there.
 */
async function placeOf(tx: Tx, eateryId: number, tableId: number | null) {
  const [eatery] = await tx
    .select({
      keysRequired: eateries.tableKeysRequired,
      confirmGuestOrders: eateries.confirmGuestOrders,
      courses: eateries.courses,
      ...guestHoursColumns,
    })
    .from(eateries)
    .where(eq(eateries.id, eateryId));
  if (!eatery) throw notFound();
  const { courses, ...settings } = eatery;
  if (tableId === null) return { ...settings, courseCount: courses.length, table: null };
  const [table] = await tx
    .select({ id: tables.id, number: tables.number, status: tables.status, guestKey: tables.guestKey })
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
  if (!table) throw notFound();
  return { ...settings, courseCount: courses.length, table };
}

/** Is `given` the table's key? Compared in constant time; no key on the table: nothing matches. */
function sameKey(given: string | null | undefined, key: string | null): boolean {
  if (!given || !key) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who places the order, what kind it is and how a repeat is recognised: a DINE_IN order needs its table, a PICKUP
 * order the customer's name, a guest's order items; the idempotency key counts only with the device that sent it.
 */
function placingOf(tableId: number | null, items: readonly ItemInput[], opts: PlaceOrderOptions) {
  const guest = !!opts.guest;
  const deviceId = opts.deviceId ?? null;
  const idempotencyKey = deviceId && opts.idempotencyKey ? opts.idempotencyKey : null;
  const kind = opts.kind ?? 'DINE_IN';
  if (kind === 'DINE_IN' && tableId === null) throw validationError('tableId', V.required);
  if (kind === 'PICKUP' && !opts.customer?.name) throw validationError('customerName', V.required);
  if (guest && items.length === 0) throw validationError('items', ORDER_V.itemsRequired);
  return { guest, deviceId, idempotencyKey, kind };
}
