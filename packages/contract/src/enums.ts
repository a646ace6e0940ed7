export const ROLES = ['EATERY_ADMIN', 'KITCHEN_ADMIN', 'WAITER', 'CASHIER'] as const;
export type Role = (typeof ROLES)[number];

/**
 * NEEDS_CONFIRMATION: a guest order of a restaurant where staff confirm guest orders; staff accept it
 * (→ CREATED, the kitchen sees it) or reject it (→ CANCELLED with a reason the guest sees).
 */
export const ORDER_STATUSES = [
  'NEEDS_CONFIRMATION',
  'CREATED',
  'PROCESSING',
  'PREPARING',
  'READY',
  'ISSUED',
  'PAID',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * Orders in these states are closed: no status change, no dishes added, removed or changed, no discount or payment.
 * A PAID order's dishes are still cooked and served, though (see itemsStillMove).
 */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['PAID', 'CANCELLED'];
export const isFinalOrderStatus = (status: string): boolean => FINAL_ORDER_STATUSES.includes(status as OrderStatus);

/**
 * An order in one of these states is "open": every status that is not final. ISSUED (every dish served) is open
 * too: the bill is not paid, the guest may still add dishes, and a new order at its table is likely a duplicate.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => !isFinalOrderStatus(s));
export const isOpenOrderStatus = (status: string): boolean => OPEN_ORDER_STATUSES.includes(status as OrderStatus);

/**
 * Whether an order's items still move through the kitchen and the floor (bumped, recalled, served): in every status
 * but CANCELLED. A bill paid before the kitchen finished does not take the food off the kitchen display: a PAID
 * order's dishes are still cooked, bumped and served.
 */
export const itemsStillMove = (status: string): boolean => status !== 'CANCELLED';

/**
 * The orders the kitchen sees (its board, the server's kitchen query and the live patches): those whose items still
 * move (PAID ones too), but not a guest order still waiting for staff to confirm it (staff accept it first; then it
 * is CREATED).
 */
export const KITCHEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (s) => itemsStillMove(s) && s !== 'NEEDS_CONFIRMATION',
);
export const isKitchenOrderStatus = (status: string): boolean => KITCHEN_ORDER_STATUSES.includes(status as OrderStatus);

export const ITEM_STATUSES = ['CREATED', 'PREPARING', 'READY', 'SERVED', 'DELETED'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const TABLE_STATUSES = ['ACTIVE', 'INACTIVE', 'BUSY', 'EMPTY', 'RESERVED'] as const;
export type TableStatus = (typeof TABLE_STATUSES)[number];

export const LANGUAGES = ['az', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'az';

/**
 * Whether an order will change no more by itself: CANCELLED, or PAID with every live dish served. Until then a guest
 * screen keeps following it (a paid order's dishes may still be cooking).
 */
export function isSettledOrder(order: { status: string; items: readonly { status: string }[] }): boolean {
  if (order.status === 'CANCELLED') return true;
  return order.status === 'PAID' && allServed(dishesProgress(order.items.map((i) => i.status)));
}

/**
 * Where an order's dishes are, from their items' statuses (DELETED ones left out): ISSUED when every one is served,
 * READY when every one is ready or served, PREPARING when some one is no longer CREATED, else CREATED; null when
 * there is no live item. The server derives an open order's status from it; a paid order's guest screen shows it.
 */
export function dishesProgress(itemStatuses: readonly string[]): 'CREATED' | 'PREPARING' | 'READY' | 'ISSUED' | null {
  const live = itemStatuses.filter((s) => s !== 'DELETED');
  if (live.length === 0) return null;
  if (live.every((s) => s === 'SERVED')) return 'ISSUED';
  if (live.every((s) => s === 'READY' || s === 'SERVED')) return 'READY';
  if (live.some((s) => s !== 'CREATED')) return 'PREPARING';
  return 'CREATED';
}

/** Nothing left to cook or serve: every live dish served, or no live dish at all. */
const allServed = (progress: ReturnType<typeof dishesProgress>) => progress === null || progress === 'ISSUED';

/**
 * Whether a PAID order still has dishes to cook or serve: the floor shows its table as "paid, food coming", and the
 * waiter serves them from there.
 */
export const paidFoodComing = (order: { status: string; items: readonly { status: string }[] }): boolean =>
  order.status === 'PAID' && !isSettledOrder(order);
