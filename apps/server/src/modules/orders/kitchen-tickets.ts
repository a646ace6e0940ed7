import { and, eq, inArray, ne } from 'drizzle-orm';
import { RECALL_MINUTES, type ItemStatus, type Order, itemsStillMove } from '@qr-menu/contract';
import { orderItems } from '../../db/schema.js';
import { notFound } from '../../plugins/app-error.js';
import { courseHeld, fireAfterPrevious } from '../courses/course-fire.js';
import type { EateryContext } from '../../plugins/access.js';
import { readyAtSet } from './order-item-rows.js';
import { orderClosed, type OrderWriter } from './order-writer.js';

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

/**
 * Kitchen "bump" (contract kitchen.ts): the station's items of one ticket (batch `batch` of the order; station
 * `departmentId`, or null for every item) move forward to `to`: PREPARING moves CREATED items, READY moves CREATED
 * and PREPARING ones; items already further stay. 404 when the order is not this restaurant's or the ticket has
 * no live item at the station; 409 for a cancelled order (a paid one is still cooked). Bumping a ticket that is
 * already there changes nothing (200, no event). Held lines (a course not fired yet) stay as they are; a ticket of
 * held lines only is 409 `courseHeld`. Once a course is READY, the next one may be fired with it (fireAfterPrevious).
 */
export function bumpTicket(
  writer: OrderWriter,
  eatery: EateryContext,
  orderId: number,
  ticket: TicketRef,
  to: 'PREPARING' | 'READY',
): Promise<Order> {
  const from: ItemStatus[] = to === 'READY' ? ['CREATED', 'PREPARING'] : ['CREATED'];
  return moveTicket(writer, eatery, orderId, ticket, to, (items) => items.filter((i) => from.includes(i.status)));
}

/**
 * Kitchen "recall": a ticket bumped in the last RECALL_MINUTES (its last item became READY since then) comes back:
 * its READY items at the station go back to PREPARING (and the order with them), as the board's recall list shows
 * it (contract `kitchenBoard`). 404 and 409 as bumpTicket; nothing to recall: 200, no event.
 */
export function recallTicket(
  writer: OrderWriter,
  eatery: EateryContext,
  orderId: number,
  ticket: TicketRef,
): Promise<Order> {
  const since = Date.now() - RECALL_MINUTES * 60_000;
  return moveTicket(writer, eatery, orderId, ticket, 'PREPARING', (items) => {
    const bumpedAt = Math.max(...items.map((i) => i.readyAt?.getTime() ?? 0));
    return bumpedAt >= since ? items.filter((i) => i.status === 'READY') : [];
  });
}

/**
 * Moves the items that `pick` chooses among the ticket's live items at the station to `to`, in the order's
 * transaction (see bumpTicket).
 */
function moveTicket(
  writer: OrderWriter,
  eatery: EateryContext,
  orderId: number,
  ticket: TicketRef,
  to: ItemStatus,
  pick: (items: TicketItem[]) => TicketItem[],
): Promise<Order> {
  return writer.write(eatery.id, async (w) => {
    const locked = await w.lock(orderId);
    // A paid order is still cooked (contract itemsStillMove); a cancelled one is not.
    if (!itemsStillMove(locked.status)) throw orderClosed();
    const conds = [
      eq(orderItems.orderId, orderId),
      eq(orderItems.batch, ticket.batch),
      ne(orderItems.status, 'DELETED'),
    ];
    if (ticket.departmentId !== null) conds.push(eq(orderItems.kitchenDepartmentId, ticket.departmentId));
    const rows = await w.tx
      .select({ id: orderItems.id, status: orderItems.status, readyAt: orderItems.readyAt, held: orderItems.held })
      .from(orderItems)
      .where(and(...conds));
    if (rows.length === 0) throw notFound();
    // Held lines wait for their course to be fired: a ticket moves its other lines; one of held lines only is 409.
    const fired = rows.filter((r) => !r.held);
    if (fired.length === 0) throw courseHeld();
    const ids = pick(fired.map(({ held: _held, ...r }) => ({ ...r, status: r.status as ItemStatus }))).map((i) => i.id);
    if (ids.length > 0) {
      await w.tx
        .update(orderItems)
        .set({ status: to, ...readyAtSet(to) })
        .where(inArray(orderItems.id, ids));
      await fireAfterPrevious(w, orderId);
      await w.itemsChanged(locked, true);
    }
    return w.order(orderId);
  });
}
