import { useQuery, type QueryClient } from '@tanstack/react-query';
import { isOpenOrderStatus, type Order, type OrderChange, type OrderStatus } from '@qr-menu/contract';
import { ORDER_LIST_MAX } from '@qr-menu/contract/constants';
import { patchOrders } from '../shared/live/patch-orders';
import { dayIn } from './order-format';
import { fetchOrderPage } from './order-pages';

/**
 * Orders still open that were placed before the chosen days: a table that ordered at 23:50 is still eating at
 * 00:10, and the board's "Open" view of today must not lose it. Fetched by status (no dates), kept apart from the
 * day lists (`orderKeys.lists` are per range) and patched live like them.
 */

/** Every status an order can have while a table is still served or has to pay. */
const STILL_OPEN: readonly OrderStatus[] = ['CREATED', 'PROCESSING', 'PREPARING', 'READY', 'ISSUED'];

export const earlierOpenKeys = {
  all: (eateryId: number) => ['orders', eateryId, 'earlier-open'] as const,
  before: (eateryId: number, day: string, timeZone: string | undefined) =>
    ['orders', eateryId, 'earlier-open', day, timeZone ?? ''] as const,
};

/** Open, and placed before `day` (YYYY-MM-DD in the restaurant's time zone). */
export const openBefore = (order: Order, day: string, timeZone?: string) =>
  isOpenOrderStatus(order.status) && dayIn(new Date(order.createdAt), timeZone) < day;

async function allOfStatus(eateryId: number, status: OrderStatus, signal?: AbortSignal): Promise<Order[]> {
  const all: Order[] = [];
  let cursor: string | null = null;
  do {
    const page = await fetchOrderPage(
      `/api/eatery/${eateryId}/orders`,
      { status, limit: String(ORDER_LIST_MAX) },
      cursor,
      signal,
    );
    all.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** The open orders placed before `day`, oldest first; only fetched while `enabled` (the "Open" view). */
export const useEarlierOpenOrders = (eateryId: number, day: string, timeZone: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: earlierOpenKeys.before(eateryId, day, timeZone),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(STILL_OPEN.map((s) => allOfStatus(eateryId, s, signal)));
      return lists
        .flat()
        .filter((o) => openBefore(o, day, timeZone))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
    },
    enabled: enabled && !!day,
    staleTime: 60_000,
  });

/** Applies order changes to every cached "earlier open" list of the restaurant (a paid order leaves it). */
export function patchEarlierOpen(qc: QueryClient, eateryId: number, changes: readonly OrderChange[]) {
  for (const query of qc.getQueryCache().findAll({ queryKey: earlierOpenKeys.all(eateryId) })) {
    const [, , , day, timeZone] = query.queryKey;
    if (typeof day !== 'string') continue;
    const zone = typeof timeZone === 'string' && timeZone ? timeZone : undefined;
    const before = query.state.data as Order[] | undefined;
    if (!before) continue;
    let after = before;
    for (const change of changes) after = patchOrders(after, change, (o) => openBefore(o, day, zone));
    if (after !== before) qc.setQueryData<Order[]>(query.queryKey, after);
  }
}
