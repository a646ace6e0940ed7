import type { GuestMenu } from '@qr-menu/contract';
import { TABLE_COOKIE, type Language } from '@qr-menu/contract/constants';
import { guestKeys } from './api';
import { getCart, setServerPlace } from './cart/cart-store';
import { tableOf } from './cart/cart';
import { clearGuestQueries, setQueryData } from './lib/query';

/**
 * What the server puts in a guest page it rendered: the language it rendered in and the table's menu,
 * in `<script type="application/json" id="guest-data">`, so the client hydrates the same page without asking the
 * menu API again.
 */
export interface GuestPageData {
  lang: Language;
  menu: GuestMenu;
  /**
   * The page's path as rendered, when the server says (apps/server guest-pages): it may differ from the address it was
   * served at (a first scan of a QR code gets the menu), and the client takes it as its address (adoptRenderedPath).
   */
  path?: string;
}

/**
 * Puts the inlined menu in the guest query cache: the menu page finds it fresh and makes no request. The server
 * leaves out each photo's `src` where it is the dish's `image` (apps/server guest-pages inline-menu): put back here.
 */
export function seedGuestData(data: GuestPageData) {
  for (const category of data.menu.categories) {
    for (const dish of category.dishes) {
      if (dish.photo && dish.image) dish.photo.src ??= dish.image;
    }
  }
  const { eateryId, tableId, eateryName, tableName } = data.menu;
  setQueryData(guestKeys.menu(eateryId, tableId), data.menu);
  setServerPlace({ eateryId, tableId, eateryName, tableNumber: tableName });
}

/** The server renders with the menu seeded, then forgets it (the cache is per page on the client, not per server). */
export function renderWithGuestData<T>(data: GuestPageData, render: () => T): T {
  seedGuestData(data);
  try {
    return render();
  } finally {
    clearGuestQueries();
    setServerPlace(null);
  }
}

/**
 * Writes the cookie that tells the server the table of the phone's cart (contract TABLE_COOKIE) from the stored
 * cart, only when it is missing (a cart kept from before the cookie, a cookie the phone dropped), never over the one
 * the scanned table's page set (the cart moves to that table once the page runs).
 */

export function rememberCartTable() {
  const { eateryId } = getCart();
  // A pickup cart has no table: the server renders nothing for it (its pages are drawn by the browser).
  const tableId = tableOf(getCart().tableId);
  if (!eateryId || !tableId) return;
  if (document.cookie.split('; ').some((c) => c.startsWith(`${TABLE_COOKIE}=`))) return;
  document.cookie = `${TABLE_COOKIE}=${eateryId}.${tableId}; path=/client; max-age=31536000; samesite=lax`;
}

/**
 * Makes the rendered page's path the browser's address (keeping the query, such as the table key, and the hash), so
 * that the page hydrates at the path it was rendered for: the QR code's address answered with the menu (a phone's
 * first scan) becomes the menu's address, and a reload or "back" shows the menu again.
 */
export function adoptRenderedPath(data: GuestPageData) {
  const { pathname, search, hash } = window.location;
  if (!data.path || !data.path.startsWith('/client/') || data.path === pathname) return;
  window.history.replaceState(window.history.state, '', data.path + search + hash);
}
