import { orderStatusesFor, type Order, type OrderStatus, ROLE_MATRIX, isFinalOrderStatus } from '@qr-menu/contract';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { accessDenied } from '../../plugins/app-error.js';
import { orderClosed, paidBy, type OrderWriter } from './order-writer.js';

/**
 * Staff change of an order's status and/or note. Field rules: status by EATERY_ADMIN, CASHIER, WAITER; PAID only by
 * EATERY_ADMIN or CASHIER (403). Any change of a PAID or CANCELLED order: 409. Sending the current values is
 * not a change (200, nothing emitted).
 */
export function updateOrder(
  writer: OrderWriter,
  eatery: EateryContext,
  orderId: number,
  body: { status?: OrderStatus; note?: string | null },
  callerId: number | null,
): Promise<Order> {
  return writer.write(eatery.id, async (w) => {
    const locked = await w.lock(orderId);
    const statusChange = body.status !== undefined && body.status !== locked.status;
    const noteChange = body.note !== undefined && body.note !== locked.note;
    if (statusChange || noteChange) {
      if (!hasRole(eatery, ROLE_MATRIX.orderStatus)) throw accessDenied();
      if (statusChange && !orderStatusesFor(eatery.roles).includes(body.status!)) throw accessDenied();
      if (isFinalOrderStatus(locked.status)) throw orderClosed();
      await w.update([orderId], {
        ...(statusChange ? { status: body.status } : {}),
        // Marked paid directly (the older way, kept for API clients): record who and when, as closing the bill does.
        ...(statusChange && body.status === 'PAID' ? paidBy(callerId) : {}),
        ...(noteChange ? { note: body.note } : {}),
      });
    }
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
    return w.order(orderId);
  });
}

/** Deletes an order with its items (EATERY_ADMIN, checked by the route). Emits ORDER_DELETED. */
export function deleteOrder(writer: OrderWriter, eateryId: number, orderId: number): Promise<void> {
  return writer.write(eateryId, (w) => w.delete(orderId));
}
