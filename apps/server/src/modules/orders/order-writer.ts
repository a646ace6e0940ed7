import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ItemStatus, Order, OrderEvent, OrderStatus } from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db, Tx } from '../../db/client.js';
import { orderOfDevice } from '../../db/order-devices.js';
import { orderItems, orders } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { spoolKitchenTickets } from '../printing/kitchen-spool.js';
import { loadOrder } from './order-queries.js';
import { deriveOrderStatus } from './order-rules.js';

/**
 * Where order events go (app.realtime in the app; a recorder in tests), and where the writer publishes that a
 * restaurant's orders changed (the caches' one invalidation channel; optional for a recorder without caches).
 */
export interface OrderEventSink extends Partial<ChangePublisher> {
  emitOrderEvent(eateryId: number, event: OrderEvent): void;
  /** Print jobs of the restaurant were committed: the print worker sends them now rather than at its next poll. */
  printJobsQueued?(eateryId: number): void;
}

/** What a change may set on an order; its version and updated_at are the writer's alone. */
export type OrderChanges = Omit<PgUpdateSetSource<typeof orders>, 'id' | 'eateryId' | 'version' | 'updatedAt'>;

/** An order row as locked for a change. */
export interface LockedOrder {
  id: number;
  status: string;
  note: string | null;
}

/** 409 `orderClosed`: a PAID or CANCELLED order takes no more changes. */
export const orderClosed = () => new AppError(409, 'orderClosed');

/** The columns that closing an order's bill (or marking it paid) sets: who closed it, and when. */
export const paidBy = (userId: number | null) => ({ paidAt: sql`clock_timestamp()`, paidBy: userId });

/** The event of an order placed or changed, with the order as staff lists show it. */
export const orderEvent = (type: 'NEW_ORDER' | 'ORDER_UPDATED', order: Order): OrderEvent => ({
  type,
  orderId: order.id,
  status: order.status,
  version: order.version,
  order,
});

/**
 * The one writer of orders: every change of an order row (placing on the step-by-step path, items added or
 * changed, status, note, discount, payments, deleting) is made through an OrderTx inside `write`. Each change of an
 * order bumps its `version` (clients keep the higher one) and sets updated_at to the statement's clock; after the
 * commit, and never after a rollback, every order the transaction touched is announced once: NEW_ORDER, or
 * ORDER_UPDATED with the order as committed, or ORDER_DELETED. The batch path (place-order-batch.ts) inserts in its
 * own statement; place-order.ts announces those orders through `placed`.
 */
export class OrderWriter {
  constructor(
    private readonly db: Db,
    private readonly events: OrderEventSink,
  ) {}

  /** Runs `work` in one transaction of restaurant `eateryId`; after the commit, one event per order it changed. */
  async write<T>(eateryId: number, work: (w: OrderTx) => Promise<T>): Promise<T> {
    let events: OrderEvent[] = [];
    let menuChanged = false;
    let printJobs = 0;
    const result = await this.db.transaction(async (tx) => {
      const w = new OrderTx(tx, eateryId);
      const out = await work(w);
      // The kitchen's tickets of this change, in its transaction: never lost, never printed for a rollback.
      w.printJobs += await spoolKitchenTickets(tx, eateryId, w.changedOrderIds());
      events = await w.changes();
      menuChanged = w.menuChanged;
      printJobs = w.printJobs;
      return out;
    });
    if (printJobs > 0) this.events.printJobsQueued?.(eateryId);
    // Portions taken or given back changed what guests see of the menu (dish-stock.ts): the same change the sold-out
    // switch publishes.
    if (menuChanged) this.events.publish?.({ kind: 'menu', eateryId });
    this.announce(eateryId, events);
    return result;
  }

  /** NEW_ORDER for an order the batch statement placed (already committed). */
  placed(eateryId: number, order: Order): void {
    this.announce(eateryId, [orderEvent('NEW_ORDER', order)]);
  }

  /**
   * After a commit: the caches hear that the restaurant's orders changed (before the writer's response, so its next
   * read sees the change), then the screens get the events.
   */
  private announce(eateryId: number, events: OrderEvent[]) {
    if (events.length === 0) return;
    this.events.publish?.({ kind: 'orders', eateryIds: [eateryId] });
    for (const event of events) this.events.emitOrderEvent(eateryId, event);
  }
}

/** The changes of orders inside one transaction of OrderWriter.write (see there). */
export class OrderTx {
  private readonly created = new Set<number>();
  private readonly updated = new Set<number>();
  private readonly deleted = new Map<number, OrderStatus>();
  /** Orders read since their last change: what the events send, without reading them twice. */
  private readonly loaded = new Map<number, Order>();
  /** Set when the transaction changed what guests see of the menu (counted stock): published after the commit. */
  menuChanged = false;
  /** Print jobs queued in this transaction (kitchen tickets, move notices): the worker is woken after the commit. */
  printJobs = 0;

  constructor(
    readonly tx: Tx,
    readonly eateryId: number,
  ) {}

  /**
   * Locks the order row for the rest of the transaction; 404 unless it is this restaurant's (and the device placed
   * or joined it: db/order-devices.ts).
   */
  async lock(orderId: number, deviceId?: string): Promise<LockedOrder> {
    const conds = [eq(orders.id, orderId), eq(orders.eateryId, this.eateryId)];
    if (deviceId !== undefined) conds.push(orderOfDevice(deviceId));
    const [row] = await this.tx
      .select({ id: orders.id, status: orders.status, note: orders.note })
      .from(orders)
      .where(and(...conds))
      .for('update');
    if (!row) throw notFound();
    return row;
  }

  /** Inserts a new order of this restaurant (version 0); its id. */
  async insert(values: Omit<typeof orders.$inferInsert, 'eateryId' | 'version'>): Promise<number> {
    const [row] = await this.tx
      .insert(orders)
      .values({ ...values, eateryId: this.eateryId })
      .returning({ id: orders.id });
    this.created.add(row.id);
    return row.id;
  }

  /** Changes the orders (this restaurant's, by id): one new version each. */
  async update(orderIds: readonly number[], changes: OrderChanges): Promise<void> {
    if (orderIds.length === 0) return;
    await this.tx
      .update(orders)
      .set({ ...changes, version: sql`${orders.version} + 1`, updatedAt: sql`clock_timestamp()` })
      .where(and(inArray(orders.id, [...orderIds]), eq(orders.eateryId, this.eateryId)));
    for (const id of orderIds) {
      this.updated.add(id);
      this.loaded.delete(id);
    }
  }

  /** A new version of the orders, nothing else changed on them (their bill did: a part was paid). */
  touch(orderIds: readonly number[]): Promise<void> {
    return this.update(orderIds, {});
  }

  /** The orders become PAID, recording who closed them and when. */
  markPaid(orderIds: readonly number[], userId: number | null): Promise<void> {
    return this.update(orderIds, { status: 'PAID', ...paidBy(userId) });
  }

  /**
   * The order's items changed: a new version; when their statuses changed (`rederive`), the order status follows
   * them (deriveOrderStatus).
   */
  async itemsChanged(locked: LockedOrder, rederive: boolean): Promise<void> {
    let status = locked.status as OrderStatus;
    if (rederive) {
      const rows = await this.tx
        .select({ status: orderItems.status })
        .from(orderItems)
        .where(eq(orderItems.orderId, locked.id));
      status = deriveOrderStatus(
        status,
        rows.map((r) => r.status as ItemStatus),
      );
    }
    await this.update([locked.id], { status });
  }

  /**
   * Deletes the order with its items; 404 unless it is this restaurant's. What the kitchen printers had of it is
   * voided first (an order emptied by a move or merge has nothing left to void).
   */
  async delete(orderId: number): Promise<void> {
    this.printJobs += await spoolKitchenTickets(this.tx, this.eateryId, [orderId], true);
    const [row] = await this.tx
      .delete(orders)
      .where(and(eq(orders.id, orderId), eq(orders.eateryId, this.eateryId)))
      .returning({ id: orders.id, status: orders.status });
    if (!row) throw notFound();
    this.deleted.set(row.id, row.status as OrderStatus);
    this.loaded.delete(row.id);
  }

  /** The order as it stands in this transaction (read once until it changes again). */
  async order(orderId: number): Promise<Order> {
    let order = this.loaded.get(orderId);
    if (!order) {
      order = await loadOrder(this.tx, this.eateryId, orderId);
      this.loaded.set(orderId, order);
    }
    return order;
  }

  /** The orders this transaction created or changed and did not delete. */
  changedOrderIds(): number[] {
    return [...new Set([...this.created, ...this.updated])].filter((id) => !this.deleted.has(id));
  }

  /** The events of this transaction: one per order changed, in the order they were first changed. */
  async changes(): Promise<OrderEvent[]> {
    const events: OrderEvent[] = [];
    for (const id of new Set([...this.created, ...this.updated])) {
      if (this.deleted.has(id)) continue;
      events.push(orderEvent(this.created.has(id) ? 'NEW_ORDER' : 'ORDER_UPDATED', await this.order(id)));
    }
    for (const [orderId, status] of this.deleted) events.push({ type: 'ORDER_DELETED', orderId, status });
    return events;
  }
}
