import { eq } from 'drizzle-orm';
import { orderStatusesFor, type Order, type OrderStatus, ROLE_MATRIX, isFinalOrderStatus } from '@qr-menu/contract';
import { orderItems } from '../../db/schema.js';
import type { Tx } from '../../db/client.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { AppError, accessDenied } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { giveBackStock, takeStock } from './dish-stock.js';
import { hasPaymentRows, orderPaidCents, orderSubject } from './order-money.js';
import { orderClosed, type OrderTx, type OrderWriter } from './order-writer.js';
import { reopened } from './order-rules.js';

/**
 * Staff change of an order's status and/or note, in the writer's transaction `w` (the bill's "mark paid" runs it
 * too). Field rules: status by EATERY_ADMIN, CASHIER, WAITER; PAID only by EATERY_ADMIN or CASHIER (403). Any change
 * of a PAID or CANCELLED order: 409. Cancelling an order with money paid into it: 409 orderHasPayments (refund it
 * first). Sending the current values is not a change (nothing written). A status set by hand writes a STATUS audit
 * entry. Setting PAID here only checks and writes the status: the caller records the payment (bills service).
 * Cancelling gives the live lines' portions back to their counted dishes.
 */
export async function changeOrder(
  w: OrderTx,
  eatery: EateryContext,
  orderId: number,
  body: { status?: OrderStatus; note?: string | null },
  callerId: number | null,
): Promise<{ statusChange: boolean }> {
  const locked = await w.lock(orderId);
  const statusChange = body.status !== undefined && body.status !== locked.status;
  const noteChange = body.note !== undefined && body.note !== locked.note;
  if (!statusChange && !noteChange) return { statusChange };
  if (!hasRole(eatery, ROLE_MATRIX.orderStatus)) throw accessDenied();
  if (statusChange && !orderStatusesFor(eatery.roles).includes(body.status!)) throw accessDenied();
  if (isFinalOrderStatus(locked.status)) throw orderClosed();
  if (body.status === 'CANCELLED' && statusChange && (await orderPaidCents(w.tx, orderId)) !== 0) {
    throw new AppError(409, 'orderHasPayments');
  }
  if (statusChange) {
    await recordAudit(w.tx, {
      eateryId: eatery.id,
      kind: 'STATUS',
      userId: callerId,
      orderId,
      subject: orderSubject(await w.order(orderId)),
      before: { status: locked.status },
      after: { status: body.status! },
    });
  }
  const changes = {
    ...(statusChange && body.status !== 'PAID' ? { status: body.status } : {}),
    ...(noteChange ? { note: body.note } : {}),
  };
  // PAID alone writes nothing here: the payment that closes the bill makes the order's one new version.
  if (Object.keys(changes).length > 0) await w.update([orderId], changes);
  if (statusChange && body.status === 'CANCELLED') {
    w.menuChanged = (await giveBackStock(w.tx, eatery.id, await liveLines(w.tx, orderId))) || w.menuChanged;
  }
  return { statusChange };
}

/** Staff change of an order's status (not PAID: the bills service records that payment) and/or note. */
export function updateOrder(
  writer: OrderWriter,
  eatery: EateryContext,
  orderId: number,
  body: { status?: Exclude<OrderStatus, 'PAID'>; note?: string | null },
  callerId: number | null,
): Promise<Order> {
  return writer.write(eatery.id, async (w) => {
    await changeOrder(w, eatery, orderId, body, callerId);
    return w.order(orderId);
  });
}

/**
 * Reopens a PAID or CANCELLED order (EATERY_ADMIN, checked by the route) with a reason: its status follows its
 * dishes again (CREATED when none is started), who closed it and when are cleared, a rejection reason too. Its
 * payments stay: a reopened paid order owes nothing until a line is added, voided or refunded. 409 orderNotClosed
 * for an open order. A cancelled order takes its portions of counted dishes again (409 `notEnoughStock`). Writes a
 * REOPEN audit entry.
 */
export function reopenOrder(
  writer: OrderWriter,
  eateryId: number,
  orderId: number,
  reason: string,
  callerId: number | null,
): Promise<Order> {
  return writer.write(eateryId, async (w) => {
    const locked = await w.lock(orderId);
    if (!isFinalOrderStatus(locked.status)) throw new AppError(409, 'orderNotClosed');
    const items = await w.tx
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const open = reopened(items.map((i) => i.status));
    await w.update([orderId], { ...open, rejectionReason: null });
    if (locked.status === 'CANCELLED') {
      w.menuChanged = (await takeStock(w.tx, eateryId, await liveLines(w.tx, orderId))) || w.menuChanged;
    }
    await recordAudit(w.tx, {
      eateryId,
      kind: 'REOPEN',
      userId: callerId,
      orderId,
      subject: orderSubject(await w.order(orderId)),
      before: { status: locked.status },
      after: { status: open.status },
      reason,
    });
    return w.order(orderId);
  });
}

/**
 * Staff accept a guest order that waits for confirmation: NEEDS_CONFIRMATION → CREATED, the kitchen sees it from
 * now on. 409 `orderClosed` from any other status. Emits ORDER_UPDATED.
 */
export function acceptOrder(writer: OrderWriter, eateryId: number, orderId: number): Promise<Order> {
  return decide(writer, eateryId, orderId, { status: 'CREATED' });
}

/**
 * Staff reject a guest order that waits for confirmation: → CANCELLED with the reason the guest sees. 409
 * `orderClosed` from any other status. Emits ORDER_UPDATED.
 */
export function rejectOrder(writer: OrderWriter, eateryId: number, orderId: number, reason: string): Promise<Order> {
  return decide(writer, eateryId, orderId, { status: 'CANCELLED', rejectionReason: reason });
}

function decide(
  writer: OrderWriter,
  eateryId: number,
  orderId: number,
  change: { status: OrderStatus; rejectionReason?: string },
): Promise<Order> {
  return writer.write(eateryId, async (w) => {
    const locked = await w.lock(orderId);
    if (locked.status !== 'NEEDS_CONFIRMATION') throw orderClosed();
    await w.update([orderId], change);
    // A rejected order gives its portions back.
    if (change.status === 'CANCELLED') {
      w.menuChanged = (await giveBackStock(w.tx, eateryId, await liveLines(w.tx, orderId))) || w.menuChanged;
    }
    return w.order(orderId);
  });
}

/** The order's lines that hold portions: every one but the voided (DELETED) ones. */
async function liveLines(tx: Tx, orderId: number) {
  const rows = await tx
    .select({ dishId: orderItems.dishId, quantity: orderItems.quantity, status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.filter((r) => r.status !== 'DELETED');
}

/**
 * Deletes an order with its items (EATERY_ADMIN, checked by the route). Not one with payments (409
 * orderHasPayments): its money trail stays. Emits ORDER_DELETED.
 */
export function deleteOrder(writer: OrderWriter, eateryId: number, orderId: number): Promise<void> {
  return writer.write(eateryId, async (w) => {
    const order = await w.lock(orderId);
    if (await hasPaymentRows(w.tx, orderId)) throw new AppError(409, 'orderHasPayments');
    // Its portions go back to counted dishes, as when it is cancelled (a cancelled order gave them back already).
    if (order.status !== 'CANCELLED') {
      w.menuChanged = (await giveBackStock(w.tx, eateryId, await liveLines(w.tx, orderId))) || w.menuChanged;
    }
    await w.delete(orderId);
  });
}
