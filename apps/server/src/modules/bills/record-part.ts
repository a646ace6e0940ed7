import { randomUUID } from 'node:crypto';
import { BILL_V, centsToDecimal, lineCents, linesPartCents, percentOf, type PaymentMethod } from '@qr-menu/contract';
import { payments } from '../../db/schema.js';
import { validationError } from '../../plugins/app-error.js';
import { drawerForCash } from '../drawers/drawer-for-cash.js';
import type { OrderTx } from '../orders/order-writer.js';
import { allocateOverDues } from './bill-math.js';
import { idsOf, paidItemIds, totals, type BillState } from './bill-state.js';

export interface PaymentInput {
  orderIds: number[];
  method: PaymentMethod;
  amount?: number;
  itemIds?: number[];
  tip?: { amount: number } | { percent: number };
  /** CASH: what the guest handed over, in cents. */
  tendered?: number;
}

/**
 * Records one part of a bill locked and read as `state` (see BillsService.pay): an amount, some items, or all that is
 * due, with a tip of at most the restaurant's tipMaxPercent of the part (400 tipTooHigh). One payment row per order
 * the part pays into; the bill's orders become PAID when the part covers what is due.
 * Cash goes into the drawer open for the person taking it (409 drawerNotOpen without one); what the guest handed over
 * (`tendered`, cash only) must cover the part and its tip, and is kept on the part's first row for the receipt.
 */
export async function recordPart(w: OrderTx, state: BillState, input: PaymentInput, userId: number): Promise<void> {
  const money = totals(state);
  let part: number;
  let field = 'amount';
  if (input.itemIds !== undefined) {
    field = 'itemIds';
    part = itemsPart(state, money, input.itemIds);
  } else {
    part = input.amount ?? money.due;
  }
  if (part > money.due) throw validationError(field, BILL_V.amountTooHigh);
  // A part of nothing only closes a bill that owes nothing (a discount of 100 %).
  if (part === 0 && money.due > 0 && input.itemIds === undefined) {
    throw validationError('amount', BILL_V.amount);
  }
  const tip =
    input.tip === undefined ? 0 : 'amount' in input.tip ? input.tip.amount : percentOf(part, input.tip.percent);
  if (tip > percentOf(part, state.eatery.tipMaxPercent * 100)) throw validationError('tip', BILL_V.tipTooHigh);
  if (input.tendered !== undefined && input.method !== 'CASH') {
    throw validationError('tendered', BILL_V.tenderedNotCash);
  }
  if (input.tendered !== undefined && input.tendered < part + tip) {
    throw validationError('tendered', BILL_V.tenderedTooLow);
  }
  // A part of nothing moves no cash (a bill discounted to zero): it needs no drawer.
  const cash = input.method === 'CASH' && part + tip > 0;
  const drawerSessionId = cash ? await drawerForCash(w.tx, state.eatery.id, userId) : null;

  const shares = allocateOverDues(
    part,
    money.perOrder.map((o) => o.total - o.paid),
  );
  const groupId = randomUUID();
  // One row per order the part pays into (at least one row: a part of nothing still records who closed it).
  const rows = state.orders.map((o, i) => ({ orderId: o.id, amount: shares[i] })).filter((r) => r.amount > 0);
  if (rows.length === 0) rows.push({ orderId: state.orders[0].id, amount: 0 });
  await w.tx.insert(payments).values(
    rows.map((r, i) => ({
      eateryId: state.eatery.id,
      orderId: r.orderId,
      groupId,
      method: input.method,
      amount: centsToDecimal(r.amount),
      tip: centsToDecimal(i === 0 ? tip : 0),
      tendered: i === 0 && input.tendered !== undefined ? centsToDecimal(input.tendered) : null,
      drawerSessionId,
      itemIds: input.itemIds ?? null,
      createdBy: userId,
    })),
  );
  if (part >= money.due) await w.markPaid(idsOf(state), userId);
  // A part paid changes the bill of every order it pays into: a new version, so another cashier's bill
  // screen (and the boards) hear of it.
  else await w.touch(rows.map((r) => r.orderId));
}

/**
 * The part paid by `itemIds` (400 itemNotPayable when one is not a live item of the bill or already paid by items):
 * their price × quantity minus their share of their order's discount (rounded half-up per order), plus the service
 * charge of that at the order's rate. When they are the last unpaid items of the bill, the part is what is still due.
 */
function itemsPart(state: BillState, money: ReturnType<typeof totals>, itemIds: number[]): number {
  const paid = paidItemIds(state);
  const wanted = new Set(itemIds);
  const chosen = state.items.filter((i) => wanted.has(i.id));
  if (chosen.length !== wanted.size || chosen.some((i) => paid.has(i.id))) {
    throw validationError('itemIds', 'validation.itemNotPayable');
  }
  const lastItems = state.items.every((i) => paid.has(i.id) || wanted.has(i.id));
  if (lastItems) return money.due;
  return linesPartCents(
    money.perOrder.map((o, i) => ({ ...o, serviceChargeRate: state.orders[i].serviceChargeBp })),
    chosen.map((i) => ({ orderId: i.orderId, cents: lineCents(i) })),
  );
}
