import { and, asc, eq } from 'drizzle-orm';
import { itemsStillMove, type ServeReadyResult } from '@qr-menu/contract';
import { orderItems, orders, tables } from '../../db/schema.js';
import type { EateryContext } from '../../plugins/access.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { changeItemIn } from '../orders/edit-items.js';
import type { OrderTx, OrderWriter } from '../orders/order-writer.js';

/** 409 `nothingReady`: no dish at the table is READY. */
const nothingReady = () => new AppError(409, 'nothingReady');

/** The ids of the table's orders that have a READY line, the orders a serve may touch (not cancelled). */
async function ordersWithReadyLines(w: OrderTx, tableId: number): Promise<number[]> {
  const rows = await w.tx
    .selectDistinct({ id: orders.id, status: orders.status })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.eateryId, w.eateryId), eq(orders.tableId, tableId), eq(orderItems.status, 'READY')))
    .orderBy(asc(orders.id));
  return rows.filter((r) => itemsStillMove(r.status)).map((r) => r.id);
}

/**
 * Serves every READY line of the table at once (contract floor.ts): one transaction, each line through the same
 * change as serving it alone (changeItemIn), so the role rule, the order status, the waiter who served and the course
 * rules are the single-item ones. The orders are locked in id order (two waiters serving the same tables never wait
 * on each other in a circle), then their lines are read again: a line served meanwhile is not served twice.
 */
export function serveReady(
  writer: OrderWriter,
  now: Date,
  eatery: EateryContext,
  tableId: number,
  callerId: number,
): Promise<ServeReadyResult> {
  return writer.write(eatery.id, async (w) => {
    const [table] = await w.tx
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eatery.id)));
    if (!table) throw notFound();
    const orderIds = await ordersWithReadyLines(w, tableId);
    for (const orderId of orderIds) await w.lock(orderId);
    let served = 0;
    const changed: number[] = [];
    for (const orderId of orderIds) {
      const ready = await w.tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'READY'), eq(orderItems.held, false)))
        .orderBy(asc(orderItems.id));
      for (const item of ready) {
        await changeItemIn(w, now, eatery, orderId, item.id, { status: 'SERVED' }, callerId);
      }
      served += ready.length;
      if (ready.length > 0) changed.push(orderId);
    }
    if (served === 0) throw nothingReady();
    return { served, orders: await Promise.all(changed.map((id) => w.order(id))) };
  });
}
