import { dishesProgress, isFinalOrderStatus, type ItemStatus, type OrderStatus } from '@qr-menu/contract';

/** Pure rules of roles and of the order's life, kept apart from the queries so they are easy to read and test. */

/**
 * What an item's ready_at becomes when its status changes to `to`: now when it becomes READY, cleared when it goes
 * back to CREATED or PREPARING, kept otherwise (READY → SERVED keeps when it was ready; DELETED keeps it too).
 */
export function readyAtAfter(to: ItemStatus): 'now' | 'clear' | 'keep' {
  if (to === 'READY') return 'now';
  if (to === 'CREATED' || to === 'PREPARING') return 'clear';
  return 'keep';
}

/**
 * The order status after its items' statuses changed (an item added, deleted or moved to another status), from
 * where the dishes are (contract dishesProgress).
 * - Final orders (PAID, CANCELLED) never change here, nor do orders waiting for staff to confirm them
 *   (NEEDS_CONFIRMATION: a guest adding dishes leaves them waiting; only accept or reject moves them).
 * - With no live item (every item DELETED) the status stays.
 * - Every live item SERVED: the order becomes ISSUED (the guest sees "served").
 * - Every live item READY or SERVED, some not served yet: the order becomes READY (also an ISSUED one whose item
 *   went back to READY).
 * - Some live item not ready yet: a READY or ISSUED order goes back to PREPARING (e.g. dishes were added);
 *   a CREATED order becomes PREPARING as soon as one item is no longer CREATED.
 */
export function deriveOrderStatus(current: OrderStatus, itemStatuses: readonly ItemStatus[]): OrderStatus {
  if (isFinalOrderStatus(current) || current === 'NEEDS_CONFIRMATION') return current;
  const progress = dishesProgress(itemStatuses);
  if (progress === null) return current;
  if (progress === 'ISSUED' || progress === 'READY') return progress;
  if (current === 'READY' || current === 'ISSUED') return 'PREPARING';
  if (current === 'CREATED' && progress === 'PREPARING') return 'PREPARING';
  return current;
}

/**
 * What a closed order becomes when it is open again (a reopen, or a refund that leaves a paid bill uncovered): its
 * status follows its dishes (CREATED when none is started, or none is left), and who closed it and when are cleared.
 */
export function reopened(itemStatuses: readonly string[]): { status: OrderStatus; paidAt: null; paidBy: null } {
  return { status: dishesProgress(itemStatuses) ?? 'CREATED', paidAt: null, paidBy: null };
}
