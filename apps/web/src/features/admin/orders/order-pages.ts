import type { InfiniteData } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, type Order } from '@qr-menu/contract';
import { apiResponse } from '../../../api/client';

/** One page of the staff orders list and the cursor of the next one (null on the last page). */
export interface OrderPage {
  orders: Order[];
  nextCursor: string | null;
}

/** The cached pages of one list (TanStack Query's infinite data; the page params are the cursors). */
export type OrderPages = InfiniteData<OrderPage, string | null>;

/**
 * GET one page of `/api/eatery/{id}/orders`. The body is the array of orders; the next page's cursor comes in the
 * X-Next-Cursor header, so this reads the whole response (`apiResponse`: one token refresh and retry on 401,
 * ApiError on failure).
 */
export async function fetchOrderPage(
  path: string,
  query: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrderPage> {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  const url = `${path}?${params.toString()}`;
  const res = await apiResponse(url, { signal });
  return { orders: (await res.json()) as Order[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}
