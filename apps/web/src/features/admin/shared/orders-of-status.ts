import { NEXT_CURSOR_HEADER, ORDER_LIST_MAX, type Order, type OrderStatus } from '@qr-menu/contract';
import { apiResponse } from '../../../api/client';

/** Every order of one status, following the list's pages (X-Next-Cursor). */
export async function ordersOfStatus(eateryId: number, status: OrderStatus, signal?: AbortSignal): Promise<Order[]> {
  const all: Order[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ status, limit: String(ORDER_LIST_MAX) });
    if (cursor) params.set('cursor', cursor);
    const res = await apiResponse(`/api/eatery/${eateryId}/orders?${params.toString()}`, { signal });
    all.push(...((await res.json()) as Order[]));
    cursor = res.headers.get(NEXT_CURSOR_HEADER);
  } while (cursor);
  return all;
}
