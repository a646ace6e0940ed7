/**
 * Addresses of the bill screens. The receipt page prints three things from the same bill: the receipt of the whole
 * bill, the pre-bill (`prebill=1`: the check before payment, no payments) and the receipt of one part of a split
 * (`part=<payment id>`).
 */

const ids = (orderIds: readonly number[]) => orderIds.join(',');

/** The bill of these orders, worked on at the till. */
export const billPath = (restaurantId: number, orderIds: readonly number[]) =>
  `/admin/bill?orderIds=${ids(orderIds)}&restaurantId=${restaurantId}`;

/** The receipt of the whole bill. */
export const receiptPath = (restaurantId: number, orderIds: readonly number[]) =>
  `/admin/receipt?orderIds=${ids(orderIds)}&restaurantId=${restaurantId}`;

/** The pre-bill: what is due, printed before the guest pays. */
export const preBillPath = (restaurantId: number, orderIds: readonly number[]) =>
  `${receiptPath(restaurantId, orderIds)}&prebill=1`;

/** The receipt of one part of a split bill (a payment's id). */
export const partReceiptPath = (restaurantId: number, orderIds: readonly number[], paymentId: string) =>
  `${receiptPath(restaurantId, orderIds)}&part=${encodeURIComponent(paymentId)}`;

/** The caller's cash drawer (opened there with its float before cash is taken). */
export const drawerPath = (restaurantId: number) => `/admin/restaurant/${restaurantId}/drawer`;
