import { NEXT_CURSOR_HEADER, type Order } from '@qr-menu/contract';
import { refreshToken } from '../../../api/client';
import { toApiError } from '../../../api/api-error';
import { session } from '../../../api/session';

/** One page of the staff orders list and the cursor of the next one (null on the last page). */
export interface OrderPage {
  orders: Order[];
  nextCursor: string | null;
}

function get(url: string, signal?: AbortSignal): Promise<Response> {
  const token = session.getToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return fetch(url, { headers, credentials: 'include', signal });
}

/**
 * GET one page of `/api/eatery/{id}/orders`. The body is the array of orders; the next page's cursor comes in the
 * X-Next-Cursor header, which `api()` does not return, so this reads the response itself with the same rules
 * (one token refresh and retry on 401, ApiError on failure).
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
  let res = await get(url, signal);
  if (res.status === 401 && session.getToken()) {
    if (await refreshToken()) res = await get(url, signal);
    else session.clear();
  }
  if (!res.ok) throw await toApiError(res);
  return { orders: (await res.json()) as Order[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}
