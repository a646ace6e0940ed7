import { randomUUID } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import {
  BILL_V,
  centsToDecimal,
  fromCents,
  lineCents,
  ORDER_LINES_MAX,
  ORDER_V,
  percentOf,
  toCents,
  withServiceCharge,
  type Bill,
  type PaymentMethod,
} from '@qr-menu/contract';
import type { Db, Executor } from '../../db/client.js';
import { orderItems, payments, users } from '../../db/schema.js';
import type { EateryContext } from '../../plugins/access.js';
import { AppError, validationError } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { changeOrder } from '../orders/change-order.js';
import { reopened } from '../orders/order-rules.js';
import type { OrderWriter } from '../orders/order-writer.js';
import { seesStaffContacts, staffName } from '../users/staff-contacts.js';
import { drawerForCash } from '../drawers/drawer-for-cash.js';
import { allocateOverDues, shareInProportion } from './bill-math.js';
import {
  assertPayable,
  billAuditTarget,
  idsOf,
  paidItemIds,
  readBill,
  totals,
  type BillState,
  type OrderRow,
} from './bill-state.js';
import { recordPart, type PaymentInput } from './record-part.js';
import { splitPrinted } from '../printing/kitchen-spool.js';

/**
 * Closing the bill (contract bills.ts). A bill is one or more orders of the restaurant; its money is
 * counted in integer cents from the numeric columns (strings), never in floats.
 *
 * - The discount lives on the orders (orders.discount): a bill's discount is shared over its orders in proportion
 *   to their subtotals, the leftover cents on the last order (see shareInProportion).
 * - A payment call is one part of the bill: one row per order it pays into, sharing a group_id. The part is spread
 *   over the orders' remaining dues in id order; its tip is kept on the first row.
 * - Split by items: the part is the items' price × quantity minus their share of their order's discount, that share
 *   rounded half-up to the cent per order (proportion). The part that pays the last unpaid items of the bill takes
 *   exactly what is still due, so the rounding of earlier parts never leaves a cent open.
 * - When the payments cover the bill, every order becomes PAID (paid_at, paid_by) in the same transaction.
 * - The orders are written through the orders module's writer (OrderWriter), as every change of an order: each
 *   change bumps their version, and each order changed is announced once (ORDER_UPDATED) after the commit.
 *
 * - A refund is a payment row with a negative amount (and a reason): money paid goes back, never more than was paid;
 *   a PAID order it leaves uncovered is open again. Payments less refunds are what a bill counts as paid.
 * - Discounts, refunds and a status set to PAID by hand write audit entries in the same transaction.
 *
 * Every change locks the bill's orders (SELECT … FOR UPDATE, by id) first: two cashiers paying the last part of one
 * bill at once are serialized, and the second sees the first's payment (400 amountTooHigh, or 409 when closed).
 */

export interface DiscountInput {
  orderIds: number[];
  amount?: number;
  percent?: number;
  reason?: string;
  /** The manager who approved it on a cashier's screen (money-approval.ts), for the audit entry. */
  approvedBy?: string | null;
}

export interface RefundInput {
  orderIds: number[];
  amount: number;
  method: PaymentMethod;
  reason: string;
  /** The manager who approved it on a cashier's screen (money-approval.ts), for the audit entry. */
  approvedBy?: string | null;
}

export interface SplitItemInput {
  orderIds: number[];
  itemId: number;
  quantity: number;
}

export type { PaymentInput } from './record-part.js';

export class BillsService {
  constructor(
    private readonly db: Db,
    private readonly writer: OrderWriter,
  ) {}

  /**
   * The bill of these orders (404 when one of them is not this restaurant's). Closed bills too: the receipt.
   * `contacts` (here and below): the reader is an admin, who may see a staff member's e-mail for a missing name.
   */
  async get(eateryId: number, orderIds: number[], contacts: boolean): Promise<Bill> {
    return this.toBill(this.db, await readBill(this.db, eateryId, orderIds, false), contacts);
  }

  /**
   * Sets the bill's discount (an EATERY_ADMIN, or a cashier with a manager's approval: checked by the route): an
   * amount or a percent of the subtotal.
   */
  async setDiscount(eateryId: number, input: DiscountInput, userId: number, contacts: boolean): Promise<Bill> {
    // One of the two: an amount, or a percent of the subtotal.
    if (input.amount !== undefined && input.percent !== undefined) {
      throw validationError('percent', 'validation.invalid');
    }
    if (input.amount === undefined && input.percent === undefined) {
      throw validationError('amount', 'validation.required');
    }
    return this.writer.write(eateryId, async (w) => {
      const state = await readBill(w.tx, eateryId, input.orderIds, true);
      assertPayable(state);
      const money = totals(state);
      const field = input.amount !== undefined ? 'amount' : 'percent';
      const discount = input.amount ?? percentOf(money.subtotal, input.percent!);
      const reason = input.reason?.trim() || null;
      if (discount > 0 && !reason) throw validationError('reason', 'validation.reasonRequired');
      // Not more than the items.
      if (discount > money.subtotal) throw validationError(field, BILL_V.amountTooHigh);
      const shares = shareInProportion(
        discount,
        money.perOrder.map((o) => o.subtotal),
      );
      // No order may be left costing (with its service charge) less than was paid into it: a bill never owes money
      // back.
      const costsAfter = money.perOrder.map((o, i) =>
        withServiceCharge(o.subtotal - shares[i], state.orders[i].serviceChargeBp),
      );
      if (money.perOrder.some((o, i) => costsAfter[i] < o.paid)) {
        throw validationError(field, BILL_V.amountTooHigh);
      }
      for (const [i, order] of state.orders.entries()) {
        await w.update([order.id], {
          discount: centsToDecimal(shares[i]),
          discountReason: discount > 0 ? reason : null,
        });
      }
      if (discount !== money.discount || (reason ?? null) !== (state.orders[0].discountReason ?? null)) {
        await recordAudit(w.tx, {
          eateryId,
          kind: 'DISCOUNT',
          userId,
          approvedBy: input.approvedBy ?? null,
          ...billAuditTarget(state),
          before: { discount: centsToDecimal(money.discount) },
          after: { discount: centsToDecimal(discount) },
          reason,
        });
      }
      const after = await readBill(w.tx, eateryId, input.orderIds, false);
      // Paid in full already (a discount on a partly paid bill): the bill closes now.
      if (after.payments.length > 0 && totals(after).due === 0) {
        await w.markPaid(idsOf(after), userId);
      }
      return this.toBill(w.tx, await readBill(w.tx, eateryId, input.orderIds, false), contacts);
    });
  }

  /** Records one part of the bill; closes the bill when the payments cover it. */
  async pay(eateryId: number, input: PaymentInput, userId: number, contacts: boolean): Promise<Bill> {
    // A part is an amount, or some items, or (neither) all that is due: never both.
    if (input.amount !== undefined && input.itemIds !== undefined) {
      throw validationError('itemIds', 'validation.invalid');
    }
    return this.writer.write(eateryId, async (w) => {
      const state = await readBill(w.tx, eateryId, input.orderIds, true);
      assertPayable(state);
      await recordPart(w, state, input, userId);
      return this.toBill(w.tx, await readBill(w.tx, eateryId, input.orderIds, false), contacts);
    });
  }

  /**
   * An order's status set to PAID by hand (PUT …/orders/{orderId}): the status change's own rules and audit entry
   * (changeOrder), and a payment of everything still due by `method` (CASH when none is sent), so the order is never
   * PAID without the money that says so. 409 orderNotConfirmed while it waits for staff confirmation.
   */
  async markPaidByStatus(
    eatery: EateryContext,
    orderId: number,
    body: { note?: string | null; method?: PaymentMethod },
    userId: number,
  ): Promise<{ bill: Bill; statusChange: boolean }> {
    return this.writer.write(eatery.id, async (w) => {
      const state = await readBill(w.tx, eatery.id, [orderId], true);
      const { statusChange } = await changeOrder(w, eatery, orderId, { status: 'PAID', note: body.note }, userId);
      if (statusChange) {
        assertPayable(state);
        await recordPart(w, state, { orderIds: [orderId], method: body.method ?? 'CASH' }, userId);
      }
      const after = await readBill(w.tx, eatery.id, [orderId], false);
      return { bill: await this.toBill(w.tx, after, seesStaffContacts(eatery)), statusChange };
    });
  }

  /**
   * Gives money back (an EATERY_ADMIN, or a cashier with a manager's approval: checked by the route): a negative payment row per order it comes from (the
   * orders' net payments, in id order), never more than was paid (400 amountTooHigh). A PAID order whose total is
   * no longer covered is open again (its status follows its dishes). 409 orderClosed for a cancelled order. Cash
   * comes out of the caller's open drawer (409 drawerNotOpen without one). Writes a REFUND audit entry.
   */
  async refund(eateryId: number, input: RefundInput, userId: number, contacts: boolean): Promise<Bill> {
    return this.writer.write(eateryId, async (w) => {
      const state = await readBill(w.tx, eateryId, input.orderIds, true);
      if (state.orders.some((o) => o.status === 'CANCELLED')) throw new AppError(409, 'orderClosed');
      const money = totals(state);
      if (input.amount > money.paid) throw validationError('amount', BILL_V.amountTooHigh);
      const shares = allocateOverDues(
        input.amount,
        money.perOrder.map((o) => o.paid),
      );
      const groupId = randomUUID();
      // Cash given back comes out of the drawer open for the person giving it.
      const drawerSessionId = input.method === 'CASH' ? await drawerForCash(w.tx, eateryId, userId) : null;
      const rows = state.orders.map((o, i) => ({ orderId: o.id, amount: shares[i] })).filter((r) => r.amount > 0);
      await w.tx.insert(payments).values(
        rows.map((r) => ({
          eateryId,
          orderId: r.orderId,
          groupId,
          method: input.method,
          amount: centsToDecimal(-r.amount),
          tip: '0',
          reason: input.reason,
          drawerSessionId,
          createdBy: userId,
        })),
      );
      for (const [i, order] of state.orders.entries()) {
        const o = money.perOrder[i];
        if (order.status === 'PAID' && o.paid - shares[i] < o.total) {
          const live = state.items.filter((item) => item.orderId === order.id).map((item) => item.status);
          await w.update([order.id], reopened(live));
        } else if (shares[i] > 0) {
          await w.touch([order.id]);
        }
      }
      await recordAudit(w.tx, {
        eateryId,
        kind: 'REFUND',
        userId,
        approvedBy: input.approvedBy ?? null,
        ...billAuditTarget(state),
        before: { paid: centsToDecimal(money.paid) },
        after: {
          paid: centsToDecimal(money.paid - input.amount),
          refund: centsToDecimal(input.amount),
          method: input.method,
        },
        reason: input.reason,
      });
      return this.toBill(w.tx, await readBill(w.tx, eateryId, input.orderIds, false), contacts);
    });
  }

  /**
   * Splits one unpaid line of the bill in two (3 × burger → 1 + 2), so that split-by-items can pay the parts apart:
   * the line keeps quantity − `quantity`, a copy of it (same dish, price, options, kitchen state) takes `quantity`.
   * The money of the bill does not change. 400 itemNotPayable for a line not on the bill or already paid,
   * splitQuantity unless 1 <= quantity < the line's quantity, tooManyLines when the order is full.
   */
  async splitItem(eateryId: number, input: SplitItemInput, contacts: boolean): Promise<Bill> {
    return this.writer.write(eateryId, async (w) => {
      const state = await readBill(w.tx, eateryId, input.orderIds, true);
      assertPayable(state);
      const item = state.items.find((i) => i.id === input.itemId);
      if (!item || paidItemIds(state).has(item.id)) throw validationError('itemId', BILL_V.itemNotPayable);
      if (input.quantity >= item.quantity) throw validationError('quantity', BILL_V.splitQuantity);
      const [lines] = await w.tx.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, item.orderId));
      if (lines.n + 1 > ORDER_LINES_MAX) throw validationError('quantity', ORDER_V.tooManyLines);
      const printed = splitPrinted(item.printedQuantity, input.quantity);
      await w.tx
        .update(orderItems)
        .set({ quantity: item.quantity - input.quantity, printedQuantity: printed.staying })
        .where(eq(orderItems.id, item.id));
      const { id: _id, ...line } = item;
      await w.tx.insert(orderItems).values({ ...line, quantity: input.quantity, printedQuantity: printed.moving });
      await w.touch([item.orderId]);
      return this.toBill(w.tx, await readBill(w.tx, eateryId, input.orderIds, false), contacts);
    });
  }

  /** The API shape of a bill, with the staff's names as the reader may see them (users/staff-contacts.ts). */
  private async toBill(ex: Executor, state: BillState, contacts: boolean): Promise<Bill> {
    const money = totals(state);
    const paidItems = paidItemIds(state);
    const userIds = [
      ...new Set([
        ...state.payments.map((p) => p.createdBy),
        ...state.orders.map((o) => o.paidBy),
        ...state.orders.map((o) => o.servedBy),
      ]),
    ].filter((id): id is number => id !== null);
    const names = new Map<number, string | null>();
    if (userIds.length > 0) {
      const rows = await ex
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds));
      for (const r of rows) names.set(r.id, staffName(r, contacts));
    }
    const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));

    // One entry per payment call (rows sharing a group_id), in the order they were made.
    const groups = new Map<
      string,
      Bill['payments'][number] & { cents: number; tipCents: number; tenderedCents: number | null }
    >();
    for (const p of state.payments) {
      let g = groups.get(p.groupId);
      if (!g) {
        g = {
          id: p.groupId,
          method: p.method as PaymentMethod,
          amount: 0,
          reason: p.reason,
          tip: 0,
          tendered: null,
          change: null,
          itemIds: p.itemIds ?? null,
          createdAt: p.createdAt.toISOString(),
          createdBy: nameOf(p.createdBy),
          cents: 0,
          tipCents: 0,
          tenderedCents: null,
        };
        groups.set(p.groupId, g);
      }
      g.cents += toCents(p.amount);
      g.tipCents += toCents(p.tip);
      if (p.tendered !== null) g.tenderedCents = toCents(p.tendered);
    }

    const allPaid = state.orders.every((o) => o.status === 'PAID');
    // The order closed last tells when and by whom the bill was closed.
    const lastPaid = allPaid
      ? state.orders.reduce<OrderRow | null>(
          (last, o) => (o.paidAt && (!last?.paidAt || o.paidAt > last.paidAt) ? o : last),
          null,
        )
      : null;
    const language = state.eatery.language;
    const { tipMaxPercent: _limit, vatRateBp, ...eatery } = state.eatery;
    return {
      eatery: { ...eatery, vatRatePercent: vatRateBp / 100 },
      orders: state.orders.map((o, i) => ({
        id: o.id,
        number: o.number ?? 0,
        tableNumber: o.tableNumber,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        orderPrice: fromCents(money.perOrder[i].subtotal),
        discount: fromCents(money.perOrder[i].discount),
        serviceChargeRate: o.serviceChargeBp,
        serviceCharge: fromCents(money.perOrder[i].serviceCharge),
        waiter: nameOf(o.servedBy),
      })),
      items: state.items.map((i) => {
        const itemNames = i.names ?? { az: i.name, en: i.name, ru: i.name };
        return {
          id: i.id,
          orderId: i.orderId,
          // The receipt's language: the restaurant's.
          name: itemNames[language] || i.name,
          names: itemNames,
          quantity: i.quantity,
          price: fromCents(toCents(i.price)),
          total: fromCents(lineCents(i)),
          paid: paidItems.has(i.id),
          options: i.options,
        };
      }),
      subtotal: fromCents(money.subtotal),
      discount: fromCents(money.discount),
      discountReason: state.orders.find((o) => o.discountReason)?.discountReason ?? null,
      serviceCharge: fromCents(money.serviceCharge),
      total: fromCents(money.total),
      vat: fromCents(money.vat),
      paid: fromCents(money.paid),
      refunded: fromCents(money.refunded),
      tips: fromCents(money.tips),
      // A bill closed is owed no more, also when it was marked paid without payments (the older status change).
      due: allPaid ? 0 : fromCents(money.due),
      payments: [...groups.values()].map(({ cents, tipCents, tenderedCents, ...g }) => ({
        ...g,
        amount: fromCents(cents),
        tip: fromCents(tipCents),
        tendered: tenderedCents === null ? null : fromCents(tenderedCents),
        change: tenderedCents === null ? null : fromCents(tenderedCents - cents - tipCents),
      })),
      status: allPaid ? 'PAID' : 'OPEN',
      paidAt: lastPaid?.paidAt?.toISOString() ?? null,
      paidBy: nameOf(lastPaid?.paidBy ?? null),
    };
  }
}
