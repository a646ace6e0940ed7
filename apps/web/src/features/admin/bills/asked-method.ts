import type { Bill, PaymentMethod, StaffCall } from '@qr-menu/contract';

/**
 * The way the guest asked to pay: the newest OPEN bill call from one of the bill's tables that names a method (a
 * call without one, or one already acknowledged by paying, says nothing); null when none does.
 */
export function askedPaymentMethod(
  calls: readonly StaffCall[] | undefined,
  bill: Pick<Bill, 'orders'>,
): PaymentMethod | null {
  const tables = new Set(bill.orders.map((o) => o.tableNumber));
  const asking = (calls ?? []).filter(
    (c) => c.kind === 'BILL' && c.status === 'OPEN' && c.paymentMethod !== null && tables.has(c.tableNumber),
  );
  const newest = asking.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0];
  return newest?.paymentMethod ?? null;
}
