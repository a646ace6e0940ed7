import type { ItemStatus, Order } from '@qr-menu/contract';

/** A ticket or VOID notice with the number of its order (what the kitchen shows; `orderId` stays for the API). */
export type WithOrderNumber<T> = T & { orderNumber: number };

/** Each row with the number of the day of its order among `orders` (rows come from those orders, so all have one). */
export function withOrderNumbers<T extends { orderId: number }>(
  rows: readonly T[],
  orders: readonly Pick<Order, 'id' | 'number'>[],
): WithOrderNumber<T>[] {
  const numbers = new Map(orders.map((o) => [o.id, o.number]));
  return rows.flatMap((row) => {
    const orderNumber = numbers.get(row.orderId);
    return orderNumber === undefined ? [] : [{ ...row, orderNumber }];
  });
}

/** The status one tap moves a kitchen item to: CREATED → PREPARING → READY; null when the kitchen is done. */
export function nextKitchenStatus(status: ItemStatus): 'PREPARING' | 'READY' | null {
  if (status === 'CREATED') return 'PREPARING';
  if (status === 'PREPARING') return 'READY';
  return null;
}

export type TicketLevel = 'fresh' | 'amber' | 'red';

/** How urgent a ticket of this age is at the restaurant's thresholds (minutes): amber from `amber`, red from `red`. */
export function ticketLevel(ageMs: number, amberMinutes: number, redMinutes: number): TicketLevel {
  if (ageMs >= redMinutes * 60_000) return 'red';
  if (ageMs >= amberMinutes * 60_000) return 'amber';
  return 'fresh';
}

/** A ticket's age as the pass reads it: "m:ss" under an hour, then "h:mm:ss". Never negative (clock skew). */
export function formatAge(ageMs: number): string {
  const total = Math.max(0, Math.floor(ageMs / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A ticket's lines of one course (null: lines without a course). */
export interface CourseGroup<T> {
  course: number | null;
  items: T[];
}

/**
 * A ticket's lines by course, in serving order (lines without a course first), each course's lines as they came:
 * what the ticket shows under "Starters", "Mains" headers.
 */
export function courseGroups<T extends { course?: number | null }>(items: readonly T[]): CourseGroup<T>[] {
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const course = item.course ?? null;
    const list = groups.get(course);
    if (list) list.push(item);
    else groups.set(course, [item]);
  }
  return [...groups].sort(([a], [b]) => (a ?? 0) - (b ?? 0)).map(([course, list]) => ({ course, items: list }));
}

/** Whether a bump moves anything: some line of the ticket that is not held is still to cook. */
export const hasFiredWork = (items: readonly { status: ItemStatus; held?: boolean }[]): boolean =>
  items.some((i) => !i.held && (i.status === 'CREATED' || i.status === 'PREPARING'));
