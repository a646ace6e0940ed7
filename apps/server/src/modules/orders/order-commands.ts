import type { Order, OrderStatus } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import type { EateryContext } from '../../plugins/access.js';
import { acceptOrder, deleteOrder, rejectOrder, reopenOrder, updateOrder } from './change-order.js';
import { addItems, changeItem, type AddItemsOptions, type ItemChanges } from './edit-items.js';
import { bumpTicket, recallTicket, type TicketRef } from './kitchen-tickets.js';
import type { ItemInput } from './order-item-rows.js';
import { OrderWriter, type OrderEventSink } from './order-writer.js';
import { OrderPlacing, type PlaceOrderOptions, type PlacedOrder } from './place-order.js';
import { voidItem, type VoidInput } from './void-item.js';

// The facade's parameter and result types, for its callers (routes, guest service, demo seed).
export type {
  AddItemsOptions,
  ItemChanges,
  ItemInput,
  OrderEventSink,
  PlaceOrderOptions,
  PlacedOrder,
  TicketRef,
  VoidInput,
};

/**
 * Changes of orders, for staff and guest routes, each in its module: placing (place-order.ts), items
 * (edit-items.ts), status, confirmation and deleting (change-order.ts), kitchen tickets (kitchen-tickets.ts). All
 * of them write through `writer` (order-writer.ts), as does closing the bill: every change of an existing order
 * locks the order row, so concurrent changes (two waiters, the kitchen and the cashier) apply one after the other
 * and none is lost; each bumps orders.version and updated_at; events go out once, after the commit.
 */
export class OrderCommands {
  /** The one writer of orders (the bills write through it too). */
  readonly writer: OrderWriter;
  private readonly placing: OrderPlacing;
  /** The clock of availability hours and the stop-list; tests set it instead of waiting for a time of day. */
  now: () => Date = () => new Date();

  constructor(db: Db, events: OrderEventSink) {
    this.writer = new OrderWriter(db, events);
    this.placing = new OrderPlacing(db, this.writer, () => this.now());
  }

  /** See OrderPlacing.place. */
  placeOrder(
    eateryId: number,
    tableId: number | null,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    return this.placing.place(eateryId, tableId, items, note, opts);
  }

  /** The step-by-step path of placeOrder alone (tests compare it with the batch path). */
  placeOrderStepByStep(
    eateryId: number,
    tableId: number | null,
    items: readonly ItemInput[],
    note: string | null | undefined,
    opts: PlaceOrderOptions = {},
  ): Promise<PlacedOrder> {
    return this.placing.placeStepByStep(eateryId, tableId, items, note, opts);
  }

  /** See edit-items.ts addItems. */
  addItems(eateryId: number, orderId: number, items: readonly ItemInput[], opts: AddItemsOptions = {}) {
    return addItems(this.writer, this.now(), eateryId, orderId, items, opts);
  }

  /** See change-order.ts updateOrder (PAID goes through the bills service, which records the payment). */
  updateOrder(
    eatery: EateryContext,
    orderId: number,
    body: { status?: Exclude<OrderStatus, 'PAID'>; note?: string | null },
    callerId: number | null = null,
  ): Promise<Order> {
    return updateOrder(this.writer, eatery, orderId, body, callerId);
  }

  /** Deletes an order with its items (EATERY_ADMIN, checked by the route). Emits ORDER_DELETED. */
  deleteOrder(eateryId: number, orderId: number): Promise<void> {
    return deleteOrder(this.writer, eateryId, orderId);
  }

  /** Staff change of one item (see edit-items.ts changeItem). */
  updateItem(
    eatery: EateryContext,
    orderId: number,
    itemId: number,
    body: ItemChanges,
    callerId: number | null = null,
  ): Promise<Order> {
    return changeItem(this.writer, this.now(), eatery, orderId, itemId, body, callerId);
  }

  /** Voids an item with a reason, a manager approving once the kitchen started it (see void-item.ts). */
  voidItem(
    eatery: EateryContext,
    orderId: number,
    itemId: number,
    input: VoidInput,
    callerId: number | null,
  ): Promise<Order> {
    return voidItem(this.writer, eatery, orderId, itemId, input, callerId);
  }

  /** A PAID or CANCELLED order open again, with a reason (see change-order.ts reopenOrder). */
  reopenOrder(eateryId: number, orderId: number, reason: string, callerId: number | null): Promise<Order> {
    return reopenOrder(this.writer, eateryId, orderId, reason, callerId);
  }

  /** A guest order waiting for confirmation: NEEDS_CONFIRMATION → CREATED (see change-order.ts). */
  acceptOrder(eateryId: number, orderId: number): Promise<Order> {
    return acceptOrder(this.writer, eateryId, orderId);
  }

  /** A guest order waiting for confirmation: → CANCELLED with the reason the guest sees (see change-order.ts). */
  rejectOrder(eateryId: number, orderId: number, reason: string): Promise<Order> {
    return rejectOrder(this.writer, eateryId, orderId, reason);
  }

  /** Kitchen "bump" of a ticket (see kitchen-tickets.ts). */
  bumpTicket(eatery: EateryContext, orderId: number, ticket: TicketRef, to: 'PREPARING' | 'READY'): Promise<Order> {
    return bumpTicket(this.writer, eatery, orderId, ticket, to);
  }

  /** Kitchen "recall" of a ticket bumped in the last minutes (see kitchen-tickets.ts). */
  recallTicket(eatery: EateryContext, orderId: number, ticket: TicketRef): Promise<Order> {
    return recallTicket(this.writer, eatery, orderId, ticket);
  }
}
