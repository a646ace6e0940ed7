import type { GuestMenu } from '@qr-menu/contract';
import type { Language } from '@qr-menu/contract/constants';
import { guestKeys } from './api';
import { setServerPlace } from './cart/cart-store';
import { clearGuestQueries, setQueryData } from './lib/query';

/**
 * What the server puts in a guest page it rendered (issue 14): the language it rendered in and the table's menu,
 * in `<script type="application/json" id="guest-data">`, so the client hydrates the same page without asking the
 * menu API again.
 */
export interface GuestPageData {
  lang: Language;
  menu: GuestMenu;
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
