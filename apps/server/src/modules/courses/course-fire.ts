import { and, eq, inArray, lte, ne } from 'drizzle-orm';
import { courseReadyToFire, itemsStillMove, type ItemStatus, type Order } from '@qr-menu/contract';
import { eateries, orderItems } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';
import { orderClosed, type OrderTx, type OrderWriter } from '../orders/order-writer.js';

/** 409 `courseHeld`: a held line waits for its course to be fired; the kitchen cannot start or finish it yet. */
export const courseHeld = () => new AppError(409, 'courseHeld');

/**
 * Staff fire course `course` of an order: its held lines, and those of every earlier course, go to the kitchen (held
 * becomes false; they stay CREATED, so the kitchen starts them now). A cancelled order is 409 `orderClosed` (a paid
 * one is still cooked); nothing of those courses held: 409 `nothingHeld`. Not audited: no money changes, and the
 * order's lines show it. Emits ORDER_UPDATED.
 */
export function fireCourse(writer: OrderWriter, eateryId: number, orderId: number, course: number): Promise<Order> {
  return writer.write(eateryId, async (w) => {
    const locked = await w.lock(orderId);
    if (!itemsStillMove(locked.status)) throw orderClosed();
    const fired = await w.tx
      .update(orderItems)
      .set({ held: false })
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.held, true),
          ne(orderItems.status, 'DELETED'),
          lte(orderItems.course, course),
        ),
      )
      .returning({ id: orderItems.id });
    if (fired.length === 0) throw new AppError(409, 'nothingHeld');
    await w.itemsChanged(locked, false);
    return w.order(orderId);
  });
}

/**
 * After a change of line statuses in the order's transaction `w` (before `itemsChanged`): when the restaurant fires
 * courses AFTER_PREVIOUS and every live line of the courses before the first held one is READY or SERVED, that held
 * course goes to the kitchen in the same transaction (contract courseReadyToFire). MANUAL restaurants: nothing.
 */
export async function fireAfterPrevious(w: OrderTx, orderId: number): Promise<void> {
  const [eatery] = await w.tx
    .select({ mode: eateries.courseFireMode })
    .from(eateries)
    .where(eq(eateries.id, w.eateryId));
  if (eatery?.mode !== 'AFTER_PREVIOUS') return;
  const lines = await w.tx
    .select({ id: orderItems.id, status: orderItems.status, course: orderItems.course, held: orderItems.held })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const course = courseReadyToFire(lines.map((l) => ({ ...l, status: l.status as ItemStatus })));
  if (course === null) return;
  const ids = lines.filter((l) => l.held && l.course === course && l.status !== 'DELETED').map((l) => l.id);
  await w.tx.update(orderItems).set({ held: false }).where(inArray(orderItems.id, ids));
}
