import { newerCopy, type Order, type OrderChange } from '@qr-menu/contract';

/** The event a change's answer amounts to (the socket brings the same a moment later). */
export const orderChanged = (order: Order): OrderChange => ({
  type: 'ORDER_UPDATED',
  orderId: order.id,
  status: order.status,
  version: order.version,
  order,
});

/**
 * Patches a list of orders held by a live screen (kitchen, floor) from one event (never by fetching the list again):
 * insert a new order, replace a held one only by a higher version (a late or repeated event changes nothing), remove a
 * deleted one. Returns the same array when nothing changes, so React Query keeps the data (and the screen) as it is.
 * `keep` says whether the screen holds such an order at all (e.g. open orders only); an order that stops matching
 * is dropped.
 */
export function patchOrders(
  orders: readonly Order[],
  event: OrderChange,
  keep: (order: Order) => boolean = () => true,
): Order[] {
  const list = orders as Order[];
  const index = list.findIndex((o) => o.id === event.orderId);
  if (event.type === 'ORDER_DELETED') {
    return index < 0 ? list : list.filter((o) => o.id !== event.orderId);
  }
  const incoming = event.order;
  if (index < 0) return keep(incoming) ? [...list, incoming] : list;
  if (newerCopy(list[index], incoming) !== incoming) return list;
  if (!keep(incoming)) return list.filter((o) => o.id !== event.orderId);
  const next = list.slice();
  next[index] = incoming;
  return next;
}
