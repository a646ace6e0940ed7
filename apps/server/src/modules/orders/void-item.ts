import { and, eq, sql } from 'drizzle-orm';
import {
  centsToDecimal,
  isFinalOrderStatus,
  lineCents,
  orderTotalCents,
  ROLE_MATRIX,
  toCents,
  voidNeedsManager,
  type ItemStatus,
  type Order,
  withServiceCharge,
} from '@qr-menu/contract';
import { orderItems } from '../../db/schema.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { giveBackStock } from './dish-stock.js';
import { approvingManager, type ManagerApproval } from './manager-approval.js';
import { keepDiscountWithinItems, orderPaidCents, orderSubject } from './order-money.js';
import { orderClosed, type OrderWriter } from './order-writer.js';

export interface VoidInput {
  reason: string;
  approval?: ManagerApproval;
}

/**
 * Voids one item of an open order: it becomes DELETED with its reason, where it was (voidedFrom: the kitchen gets a
 * VOID notice when it had started), when and by whom; it stays on the order, out of the total. Rules:
 * - a PAID or CANCELLED order: 409 orderClosed (reopen it first); an item already voided: nothing changes;
 * - an item the kitchen started, or served (voidNeedsManager): the caller is an EATERY_ADMIN, or `approval` names
 *   one (403 managerApprovalRequired without it, 403 approvalInvalid when it is wrong);
 * - the order's discount never exceeds its items: a void that leaves less than the discount lowers the discount too;
 * - with payments, the order may not cost less than what was paid into it: 409 refundFirst; when they pay exactly
 *   what it costs after the void, it is PAID.
 * Every void writes a VOID audit entry (with the manager who approved it), and gives the line's portions back to its
 * dish when the dish is counted (dish-stock.ts).
 */
export function voidItem(
  writer: OrderWriter,
  eatery: EateryContext,
  orderId: number,
  itemId: number,
  input: VoidInput,
  userId: number | null,
): Promise<Order> {
  return writer.write(eatery.id, async (w) => {
    const locked = await w.lock(orderId);
    const items = await w.tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const item = items.find((i) => i.id === itemId);
    if (!item) throw notFound();
    if (isFinalOrderStatus(locked.status)) throw orderClosed();
    if (item.status === 'DELETED') return w.order(orderId);

    let approvedBy: string | null = null;
    if (voidNeedsManager(item.status as ItemStatus) && !hasRole(eatery, ROLE_MATRIX.approveVoid)) {
      if (!input.approval) throw new AppError(403, 'managerApprovalRequired');
      approvedBy = await approvingManager(w.tx, eatery.id, input.approval);
    }

    const order = await w.order(orderId);
    const subtotalAfter = orderTotalCents(items) - lineCents(item);
    const discount = toCents(order.discount);
    const discountAfter = Math.min(discount, subtotalAfter);
    const paid = await orderPaidCents(w.tx, orderId);
    // What the order would cost after the void, its service charge included.
    const costAfter = withServiceCharge(subtotalAfter - discountAfter, order.serviceChargeRate);
    if (paid > costAfter) throw new AppError(409, 'refundFirst');

    await w.tx
      .update(orderItems)
      .set({
        status: 'DELETED',
        voidReason: input.reason,
        voidedFrom: item.status,
        voidedAt: sql`clock_timestamp()`,
        voidedBy: userId,
      })
      .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
    await w.itemsChanged(locked, true);
    await keepDiscountWithinItems(w, orderId);
    w.menuChanged = (await giveBackStock(w.tx, eatery.id, [item])) || w.menuChanged;
    await recordAudit(w.tx, {
      eateryId: eatery.id,
      kind: 'VOID',
      userId,
      approvedBy,
      orderId,
      subject: `${orderSubject(order)} · ${item.name} × ${item.quantity}`,
      before: {
        status: item.status,
        amount: centsToDecimal(lineCents(item)),
        ...(discountAfter !== discount ? { discount: centsToDecimal(discount) } : {}),
      },
      after: { status: 'DELETED', ...(discountAfter !== discount ? { discount: centsToDecimal(discountAfter) } : {}) },
      reason: input.reason,
    });
    // Money paid now covers the order exactly (a refunded dish voided, or the last unpaid one): the bill is closed.
    if (paid > 0 && paid === costAfter) await w.markPaid([orderId], userId);
    return w.order(orderId);
  });
}
