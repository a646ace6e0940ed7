import { FINAL_ORDER_STATUSES, type ItemStatus, type OrderStatus } from '@qr-menu/contract';

/** Pure rules of DESIGN.md §8, kept apart from the queries so they are easy to read and test. */

export const isFinal = (status: string) => FINAL_ORDER_STATUSES.includes(status as OrderStatus);

/**
 * The order status after its items' statuses changed (an item added, deleted or moved to another status).
 * - Final orders (PAID, CANCELLED) never change here.
 * - With no live item (every item DELETED) the status stays.
 * - Every live item READY (or already SERVED): a CREATED / PROCESSING / PREPARING order becomes READY.
 * - Some live item not ready yet: a READY or ISSUED order goes back to PREPARING (e.g. dishes were added);
 *   a CREATED order becomes PREPARING as soon as one item is no longer CREATED.
 */
export function deriveOrderStatus(current: OrderStatus, itemStatuses: readonly ItemStatus[]): OrderStatus {
  if (isFinal(current)) return current;
  const live = itemStatuses.filter((s) => s !== 'DELETED');
  if (live.length === 0) return current;
  const allReady = live.every((s) => s === 'READY' || s === 'SERVED');
  if (allReady) return current === 'CREATED' || current === 'PROCESSING' || current === 'PREPARING' ? 'READY' : current;
  if (current === 'READY' || current === 'ISSUED') return 'PREPARING';
  if (current === 'CREATED' && live.some((s) => s !== 'CREATED')) return 'PREPARING';
  return current;
}

/** A numeric(10,2) value as read from the database ("19.99", "0.10", "5") in integer cents, exactly. */
export function toCents(value: string): number {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const frac = (m[3] ?? '').padEnd(2, '0');
  if (frac.length > 2 && /[1-9]/.test(frac.slice(2))) throw new Error(`more than 2 decimals: ${value}`);
  const cents = Number(m[2]) * 100 + Number(frac.slice(0, 2));
  return m[1] === '-' ? -cents : cents;
}

/** Integer cents as a JSON number with at most 2 decimals (140.23). */
export const centsToNumber = (cents: number) => cents / 100;

/**
 * The snapshot of a dish or category name stored on an order item: the restaurant's default language
 * (az), else en, else ru.
 */
export function defaultLanguageName(names: { nameAz: string | null; nameEn: string | null; nameRu: string | null }) {
  for (const n of [names.nameAz, names.nameEn, names.nameRu]) if (n && n.trim()) return n.trim();
  return '';
}
