import type { Order } from '@qr-menu/contract';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Where an order is, as staff read it: its table for a dine-in order; for takeaway and pickup (no table) the kind
 * and whom to call (`caption` "Pickup", `name` "Aysel"; no name: none).
 */
export function orderPlace(
  order: Pick<Order, 'kind' | 'tableNumber' | 'customerName'>,
  t: Translate,
): { caption: string; name: string } {
  if (order.kind === 'DINE_IN') return { caption: t('place.table'), name: order.tableNumber };
  return { caption: t(`place.${order.kind}`), name: order.customerName ?? '' };
}

/** orderPlace in one line: "Table 5", "Pickup · Aysel", "Takeaway" (no name given). */
export function orderPlaceLabel(order: Pick<Order, 'kind' | 'tableNumber' | 'customerName'>, t: Translate): string {
  if (order.kind === 'DINE_IN') return t('place.tableNumber', { number: order.tableNumber });
  const { caption, name } = orderPlace(order, t);
  return name ? `${caption} · ${name}` : caption;
}
