import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_V,
  RECALL_MINUTES,
  canSetItemStatus,
  orderStatusesFor,
  type ItemStatus,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { eateries, orderItems, orders, tables } from '../../db/schema.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { AppError, accessDenied, isUniqueViolation, notFound, validationError } from '../../plugins/app-error.js';
import { snapshotDishes, type DishSnapshot } from './dish-snapshots.js';
import { priceChoices, type PricedChoice } from './item-options.js';
import { toOrderDto } from './order-dto.js';
import { findIdempotentOrder, loadOrder } from './order-queries.js';
import { OrderBatcher } from './order-batcher.js';
import { ORDER_ROLES, deriveOrderStatus, isFinal, readyAtAfter } from './order-rules.js';

/** Where order events go (app.realtime in the app; a recorder in tests). */
export interface OrderEventSink {
  emitOrderEvent(eateryId: number, event: OrderEvent): void;
}

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
const itemsField: ItemField = (i, name) => `items.${i}.${name}`;

export interface PlaceOrderOptions {
  /** The guest's `device_id` cookie: stored on the order; only this device may read or extend it as a guest. */
  deviceId?: string | null;
  /** With deviceId: a retry with the same key returns the first order instead of creating a second one. */
  idempotencyKey?: string | null;
  /**
   * Guest rules: at least one item, only available dishes (400 `validation.dishUnavailable` on
   * `items.{i}.dishId`), inside availability hours (`validation.dishNotNow`), table not INACTIVE (409
   * `tableInactive`). Staff orders skip these. When the restaurant requires table keys, `tableKey` must be
   * the table's key (403 `tableKeyInvalid`); when it has staff confirm guest orders, the order starts
   * NEEDS_CONFIRMATION.
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

export interface AddItemsOptions {
  /** When set, the order must have been placed by this device (404 otherwise). */
  deviceId?: string | null;
  /** Guest rules: at least one item, only available dishes inside their hours. */
  guest?: boolean;
  /** Where item fields are reported (the staff route adding one item: its own fields). */
  itemField?: ItemField;
}

/** A kitchen ticket: one batch of an order, at one station (a department, or null for "All"). */
export interface TicketRef {
  batch: number;
  departmentId: number | null;
}

/** What a ticket move reads of each of its items. */
interface TicketItem {
  id: number;
  status: ItemStatus;
  readyAt: Date | null;
}

export interface ItemChanges {
  dishId?: number;
  quantity?: number;
  note?: string | null;
  status?: ItemStatus;
  optionIds?: readonly number[];
}

const closed = () => new AppError(409, 'orderClosed');
const itemsRequired = () => validationError('items', ORDER_V.itemsRequired);
const tableKeyInvalid = () => new AppError(403, 'tableKeyInvalid');

/**
 * Changes of orders, for staff and guest routes. Every change of an existing order runs in one transaction that
 * locks the order row (SELECT ... FOR UPDATE), so concurrent changes (two waiters, the kitchen and the cashier) are
 * applied one after the other and none is lost; each bumps orders.version and updated_at. Events are emitted after
 * the commit.
 */
export class OrderCommands {
  /** New orders go to the database in batches (group commit, see OrderBatcher). */
  private readonly batcher: OrderBatcher;
  /** The clock of availability hours and the stop-list; tests set it instead of waiting for a time of day. */
  now: () => Date = () => new Date();

  constructor(
    private readonly db: Db,
    private readonly events: OrderEventSink,
  ) {
    this.batcher = new OrderBatcher(db);
  }

  /**
   * Creates an order (status CREATED) on a table of the restaurant with the given items, prices taken from the
   * dishes. 404 when the table or (for staff) a dish is not this restaurant's (or the dish is archived). Emits
   * NEW_ORDER. With `deviceId` + `idempotencyKey`, a repeated call returns the first order (`created: false`, no
   * event).
   */
  async placeOrder(
    eateryId: number,
    tableId: number,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    const forGuest = !!opts.guest;
    const deviceId = opts.deviceId ?? null;
    const idempotencyKey = deviceId && opts.idempotencyKey ? opts.idempotencyKey : null;
    if (forGuest && items.length === 0) throw itemsRequired();

    // Fast path: one statement does it all when nothing is wrong (the usual case), shared with the orders placed
    // at the same time (one round trip and one commit for the batch).
    const inserted = await this.batcher.place({
      eateryId,
      tableId,
      items,
      guest: forGuest,
      note: note ?? null,
      deviceId,
      idempotencyKey,
    });
    if (inserted) {
      const order = toOrderDto(inserted.order, inserted.items);
      this.emit(eateryId, 'NEW_ORDER', order);
      return { order, created: true };
    }

    // Refused: an idempotent retry, or something to report (unknown table, inactive table, dish not orderable).
    // The step-by-step transaction below finds out which (and places the order if things changed meanwhile).
    if (deviceId && idempotencyKey) {
      const existing = await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey);
      if (existing) return { order: existing, created: false };
    }
    let order: Order;
    try {
      order = await this.db.transaction(async (tx) => {
        const [table] = await tx
          .select({
            id: tables.id,
            number: tables.number,
            status: tables.status,
            guestKey: tables.guestKey,
            keysRequired: eateries.tableKeysRequired,
            confirmGuestOrders: eateries.confirmGuestOrders,
          })
          .from(tables)
          .innerJoin(eateries, eq(eateries.id, tables.eateryId))
          .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
        if (!table) throw notFound();
        if (forGuest && table.keysRequired && !sameKey(opts.tableKey, table.guestKey)) throw tableKeyInvalid();
        if (forGuest && table.status === 'INACTIVE') throw new AppError(409, 'tableInactive');
        const snapshots = await snapshotDishes(tx, eateryId, dishIdsOf(items), { forGuest, at: this.now() });
        const priced = priceChoices(items, snapshots, (i) => itemsField(i, 'optionIds'));
        const [row] = await tx
          .insert(orders)
          .values({
            eateryId,
            tableId: table.id,
            tableNumber: table.number,
            status: forGuest && table.confirmGuestOrders ? 'NEEDS_CONFIRMATION' : 'CREATED',
            note: note ?? null,
            deviceId,
            idempotencyKey,
          })
          .returning({ id: orders.id });
        await insertItems(tx, row.id, items, snapshots, priced, 1);
        return loadOrder(tx, eateryId, row.id);
      });
    } catch (err) {
      if (deviceId && idempotencyKey && isUniqueViolation(err)) {
        // A concurrent retry with the same key won the race: answer with its order.
        const existing = await findIdempotentOrder(this.db, eateryId, deviceId, idempotencyKey);
        if (existing) return { order: existing, created: false };
      }
      throw err;
    }
    this.emit(eateryId, 'NEW_ORDER', order);
    return { order, created: true };
  }

  /**
   * Adds items (status CREATED, prices from the dishes) to an open order; a READY or ISSUED order goes back to
   * PREPARING. The items of one call form the next batch (one "ADD-ON" kitchen ticket). 409 `orderClosed` for PAID
   * or CANCELLED orders. Emits ORDER_UPDATED.
   */
  async addItems(
    eateryId: number,
    orderId: number,
    items: readonly ItemInput[],
    opts: AddItemsOptions = {},
  ): Promise<Order> {
    const forGuest = !!opts.guest;
    if (forGuest && items.length === 0) throw itemsRequired();
    const order = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, eateryId, orderId, opts.deviceId ?? undefined);
      if (isFinal(locked.status)) throw closed();
      const snapshots = await snapshotDishes(tx, eateryId, dishIdsOf(items), { forGuest, at: this.now() });
      const field = opts.itemField ?? itemsField;
      const priced = priceChoices(items, snapshots, (i) => field(i, 'optionIds'));
      if (items.length === 0) return loadOrder(tx, eateryId, orderId);
      await insertItems(tx, orderId, items, snapshots, priced, await nextBatch(tx, orderId));
      await touchOrder(tx, locked, true);
      return loadOrder(tx, eateryId, orderId);
    });
    this.emit(eateryId, 'ORDER_UPDATED', order);
    return order;
  }

  /**
   * Staff change of an order's status and/or note. Field rules: status by EATERY_ADMIN, CASHIER, WAITER; PAID only by
   * EATERY_ADMIN or CASHIER (403). Any change of a PAID or CANCELLED order: 409. Sending the current values is
   * not a change (200, nothing emitted).
   */
  async updateOrder(
    eatery: EateryContext,
    orderId: number,
    body: { status?: OrderStatus; note?: string | null },
    callerId: number | null = null,
  ): Promise<Order> {
    let changed = false;
    const order = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, eatery.id, orderId);
      const statusChange = body.status !== undefined && body.status !== locked.status;
      const noteChange = body.note !== undefined && body.note !== locked.note;
      if (statusChange || noteChange) {
        if (!hasRole(eatery, ORDER_ROLES.orderStatus)) throw accessDenied();
        if (statusChange && !orderStatusesFor(eatery.roles).includes(body.status!)) throw accessDenied();
        if (isFinal(locked.status)) throw closed();
        changed = true;
        await tx
          .update(orders)
          .set({
            ...(statusChange ? { status: body.status } : {}),
            // Marked paid directly (the older way, kept for API clients): record who and when, as closing the bill does.
            ...(statusChange && body.status === 'PAID' ? { paidAt: sql`clock_timestamp()`, paidBy: callerId } : {}),
            ...(noteChange ? { note: body.note } : {}),
            version: sql`${orders.version} + 1`,
            updatedAt: sql`clock_timestamp()`,
          })
          .where(eq(orders.id, orderId));
      }
      return loadOrder(tx, eatery.id, orderId);
    });
    if (changed) this.emit(eatery.id, 'ORDER_UPDATED', order);
    return order;
  }

  /** Deletes an order with its items (EATERY_ADMIN, checked by the route). Emits ORDER_DELETED. */
  async deleteOrder(eateryId: number, orderId: number): Promise<void> {
    const [row] = await this.db
      .delete(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eateryId, eateryId)))
      .returning({ id: orders.id, status: orders.status });
    if (!row) throw notFound();
    this.events.emitOrderEvent(eateryId, { type: 'ORDER_DELETED', orderId: row.id, status: row.status as OrderStatus });
  }

  /**
   * Staff change of one item. Only fields that differ from the stored ones count: dish, quantity and note need
   * EATERY_ADMIN, WAITER or CASHIER; status as `canSetItemStatus` says (the kitchen only among CREATED, PREPARING
   * and READY; 403 otherwise). A changed status re-derives the order status (`deriveOrderStatus`) and sets or
   * clears ready_at. 409 when the order is PAID or CANCELLED.
   */
  updateItem(eatery: EateryContext, orderId: number, itemId: number, body: ItemChanges): Promise<Order> {
    return this.changeItem(eatery, orderId, itemId, body, false);
  }

  /**
   * Marks an item DELETED (it stays visible as DELETED, out of the total); EATERY_ADMIN, WAITER or CASHIER.
   */
  deleteItem(eatery: EateryContext, orderId: number, itemId: number): Promise<Order> {
    return this.changeItem(eatery, orderId, itemId, { status: 'DELETED' }, true);
  }

  private async changeItem(
    eatery: EateryContext,
    orderId: number,
    itemId: number,
    body: ItemChanges,
    isDelete: boolean,
  ): Promise<Order> {
    let changed = false;
    const order = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, eatery.id, orderId);
      const [item] = await tx
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
      if (!item) throw notFound();
      const dishChange = body.dishId !== undefined && body.dishId !== item.dishId;
      // Options sent are a change when they differ from the stored ones; a new dish without them clears them.
      const optionIds = body.optionIds ?? (dishChange ? [] : undefined);
      const optionsChange =
        optionIds !== undefined &&
        !sameIds(
          optionIds,
          (item.options ?? []).map((o) => o.optionId),
        );
      const quantityChange = body.quantity !== undefined && body.quantity !== item.quantity;
      const noteChange = body.note !== undefined && body.note !== item.note;
      const statusChange = body.status !== undefined && body.status !== item.status;
      if (!(dishChange || optionsChange || quantityChange || noteChange || statusChange)) {
        return loadOrder(tx, eatery.id, orderId);
      }
      if ((dishChange || optionsChange || quantityChange || noteChange) && !hasRole(eatery, ORDER_ROLES.editItems)) {
        throw accessDenied();
      }
      if (statusChange) {
        const allowed = isDelete
          ? hasRole(eatery, ORDER_ROLES.editItems)
          : canSetItemStatus(eatery.roles, item.status as ItemStatus, body.status!);
        if (!allowed) throw accessDenied();
      }
      if (isFinal(locked.status)) throw closed();

      // A new dish or new options: the item is snapshotted again from the dish as it is now (staff rules).
      let snapshot: Partial<typeof orderItems.$inferInsert> = {};
      if (dishChange || optionsChange) {
        const dishId = body.dishId ?? item.dishId;
        if (dishId === null) throw notFound();
        const snapshots = await snapshotDishes(tx, eatery.id, [dishId], { forGuest: false, at: this.now() });
        const [priced] = priceChoices([{ dishId, optionIds }], snapshots, () => 'optionIds');
        const { dishId: _id, optionGroups: _groups, ...rest } = snapshots.get(dishId)!;
        snapshot = { dishId, ...rest, ...priced };
      }
      await tx
        .update(orderItems)
        .set({
          ...snapshot,
          ...(quantityChange ? { quantity: body.quantity } : {}),
          ...(noteChange ? { note: body.note } : {}),
          ...(statusChange ? { status: body.status, ...readyAtSet(body.status!) } : {}),
        })
        .where(eq(orderItems.id, itemId));
      await touchOrder(tx, locked, statusChange);
      changed = true;
      return loadOrder(tx, eatery.id, orderId);
    });
    if (changed) this.emit(eatery.id, 'ORDER_UPDATED', order);
    return order;
  }

  /**
   * Staff accept a guest order that waits for confirmation: NEEDS_CONFIRMATION → CREATED, the kitchen
   * sees it from now on. 409 `orderClosed` from any other status. Emits ORDER_UPDATED.
   */
  acceptOrder(eateryId: number, orderId: number): Promise<Order> {
    return this.decide(eateryId, orderId, { status: 'CREATED' });
  }

  /**
   * Staff reject a guest order that waits for confirmation: → CANCELLED with the reason the guest sees.
   * 409 `orderClosed` from any other status. Emits ORDER_UPDATED.
   */
  rejectOrder(eateryId: number, orderId: number, reason: string): Promise<Order> {
    return this.decide(eateryId, orderId, { status: 'CANCELLED', rejectionReason: reason });
  }

  private async decide(
    eateryId: number,
    orderId: number,
    change: { status: OrderStatus; rejectionReason?: string },
  ): Promise<Order> {
    const order = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, eateryId, orderId);
      if (locked.status !== 'NEEDS_CONFIRMATION') throw closed();
      await tx
        .update(orders)
        .set({ ...change, version: sql`${orders.version} + 1`, updatedAt: sql`clock_timestamp()` })
        .where(eq(orders.id, orderId));
      return loadOrder(tx, eateryId, orderId);
    });
    this.emit(eateryId, 'ORDER_UPDATED', order);
    return order;
  }

  /**
   * Kitchen "bump" (contract kitchen.ts): the station's items of one ticket (batch `batch` of the order; station
   * `departmentId`, or null for every item) move forward to `to`: PREPARING moves CREATED items, READY moves CREATED
   * and PREPARING ones; items already further stay. 404 when the order is not this restaurant's or the ticket has
   * no live item at the station; 409 for a closed order. Bumping a ticket that is already there changes nothing
   * (200, no event).
   */
  bumpTicket(eatery: EateryContext, orderId: number, ticket: TicketRef, to: 'PREPARING' | 'READY'): Promise<Order> {
    const from: ItemStatus[] = to === 'READY' ? ['CREATED', 'PREPARING'] : ['CREATED'];
    return this.moveTicket(eatery, orderId, ticket, to, (items) => items.filter((i) => from.includes(i.status)));
  }

  /**
   * Kitchen "recall": a ticket bumped in the last RECALL_MINUTES (its last item became READY since then) comes back:
   * its READY items at the station go back to PREPARING (and the order with them), as the board's recall list shows
   * it (contract `kitchenBoard`). 404 and 409 as bumpTicket; nothing to recall: 200, no event.
   */
  recallTicket(eatery: EateryContext, orderId: number, ticket: TicketRef): Promise<Order> {
    const since = Date.now() - RECALL_MINUTES * 60_000;
    return this.moveTicket(eatery, orderId, ticket, 'PREPARING', (items) => {
      const bumpedAt = Math.max(...items.map((i) => i.readyAt?.getTime() ?? 0));
      return bumpedAt >= since ? items.filter((i) => i.status === 'READY') : [];
    });
  }

  /**
   * Moves the items that `pick` chooses among the ticket's live items at the station to `to`, in the order's
   * transaction (see bumpTicket).
   */
  private async moveTicket(
    eatery: EateryContext,
    orderId: number,
    ticket: TicketRef,
    to: ItemStatus,
    pick: (items: TicketItem[]) => TicketItem[],
  ): Promise<Order> {
    let changed = false;
    const order = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, eatery.id, orderId);
      if (isFinal(locked.status)) throw closed();
      const conds = [
        eq(orderItems.orderId, orderId),
        eq(orderItems.batch, ticket.batch),
        ne(orderItems.status, 'DELETED'),
      ];
      if (ticket.departmentId !== null) conds.push(eq(orderItems.kitchenDepartmentId, ticket.departmentId));
      const rows = await tx
        .select({ id: orderItems.id, status: orderItems.status, readyAt: orderItems.readyAt })
        .from(orderItems)
        .where(and(...conds));
      if (rows.length === 0) throw notFound();
      const ids = pick(rows.map((r) => ({ ...r, status: r.status as ItemStatus }))).map((i) => i.id);
      if (ids.length === 0) return loadOrder(tx, eatery.id, orderId);
      await tx
        .update(orderItems)
        .set({ status: to, ...readyAtSet(to) })
        .where(inArray(orderItems.id, ids));
      await touchOrder(tx, locked, true);
      changed = true;
      return loadOrder(tx, eatery.id, orderId);
    });
    if (changed) this.emit(eatery.id, 'ORDER_UPDATED', order);
    return order;
  }

  private emit(eateryId: number, type: 'NEW_ORDER' | 'ORDER_UPDATED', order: Order) {
    this.events.emitOrderEvent(eateryId, {
      type,
      orderId: order.id,
      status: order.status,
      version: order.version,
      order,
    });
  }
}

const dishIdsOf = (items: readonly ItemInput[]) => items.map((i) => i.dishId);

/** The same option ids, in any order. */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === a.length && a.length === b.length && b.every((id) => set.has(id));
}

/** Is `given` the table's key? Compared in constant time; no key on the table: nothing matches. */
function sameKey(given: string | null | undefined, key: string | null): boolean {
  if (!given || !key) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The ready_at part of an item update to status `to` (see readyAtAfter). */
function readyAtSet(to: ItemStatus): { readyAt?: SQL | null } {
  const change = readyAtAfter(to);
  if (change === 'now') return { readyAt: sql`clock_timestamp()` };
  if (change === 'clear') return { readyAt: null };
  return {};
}

/** The batch of the next addition to an order: one more than its last (1 for an order without items). */
async function nextBatch(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(orderItems.batch) })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return (row?.last ?? 0) + 1;
}

/** Locks the order row for the rest of the transaction; 404 unless it is this restaurant's (and device's). */
async function lockOrder(tx: Tx, eateryId: number, orderId: number, deviceId?: string) {
  const conds = [eq(orders.id, orderId), eq(orders.eateryId, eateryId)];
  if (deviceId !== undefined) conds.push(eq(orders.deviceId, deviceId));
  const [row] = await tx
    .select({ id: orders.id, status: orders.status, note: orders.note })
    .from(orders)
    .where(and(...conds))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Bumps version and updated_at; when item statuses changed, re-derives the order status from them. */
async function touchOrder(tx: Tx, locked: { id: number; status: string }, rederive: boolean) {
  let status = locked.status as OrderStatus;
  if (rederive) {
    const rows = await tx
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.orderId, locked.id));
    status = deriveOrderStatus(
      status,
      rows.map((r) => r.status as ItemStatus),
    );
  }
  await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1`, updatedAt: sql`clock_timestamp()` })
    .where(eq(orders.id, locked.id));
}

async function insertItems(
  tx: Tx,
  orderId: number,
  items: readonly ItemInput[],
  snapshots: Map<number, DishSnapshot>,
  priced: readonly PricedChoice[],
  batch: number,
) {
  if (items.length === 0) return;
  await tx.insert(orderItems).values(
    items.map((item, i) => {
      const s = snapshots.get(item.dishId)!;
      return {
        orderId,
        dishId: s.dishId,
        name: s.name,
        names: s.names,
        price: priced[i].price,
        options: priced[i].options,
        quantity: item.quantity,
        note: item.note ?? null,
        status: 'CREATED',
        kitchenDepartmentId: s.kitchenDepartmentId,
        categoryName: s.categoryName,
        batch,
      };
    }),
  );
}
