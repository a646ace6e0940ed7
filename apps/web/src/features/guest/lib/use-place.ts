import { useEffect, useSyncExternalStore } from 'react';
import { tableOf, type CartDish, type GuestPlace } from '../cart/cart';
import { cartActions } from '../cart/cart-store';
import { useMenu } from '../api';
import { rememberTableKey } from './table-key';

/** A positive integer from a route parameter, else null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Keeps the cart on the given table: a different table or restaurant starts a new cart.
 * Once the menu is loaded, the restaurant name, the table number and the cart's dish prices are refreshed.
 */
export function usePlaceSync(eateryId: number | null, tableId: GuestPlace | null) {
  useEffect(() => {
    if (!eateryId || !tableId) return;
    cartActions.setTableAndEatery({ eateryId, tableId });
    // The QR link's `?k=`, kept for this table while the tab lives (the pickup link has none).
    const table = tableOf(tableId);
    if (table) rememberTableKey(eateryId, table, window.location.search);
  }, [eateryId, tableId]);
  const menu = useMenu(eateryId, tableId);
  const data = menu.data;
  useEffect(() => {
    if (!data || !eateryId || !tableId) return;
    cartActions.setTableAndEatery({ eateryId, tableId, tableNumber: data.tableName, eateryName: data.eateryName });
    rememberTimeZone(eateryId, data.timeZone);
    const dishes = new Map<number, CartDish>();
    for (const c of data.categories) for (const d of c.dishes) dishes.set(d.id, d);
    cartActions.refreshDishes(dishes);
  }, [data, eateryId, tableId]);
  return menu;
}

const TIME_ZONES_KEY = 'timeZones';

function readTimeZones(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TIME_ZONES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps each restaurant's time zone from its menu, for pages that show times without loading the menu. */
export function rememberTimeZone(eateryId: number, timeZone: string | undefined) {
  if (!timeZone) return;
  const zones = readTimeZones();
  if (zones[eateryId] === timeZone) return;
  try {
    localStorage.setItem(TIME_ZONES_KEY, JSON.stringify({ ...zones, [eateryId]: timeZone }));
  } catch {
    // Private mode or a full storage: times then show on the phone's clock, unnamed.
  }
}

/**
 * The restaurant's IANA time zone as its menu last gave it (the confirmation and "My orders" pages pass it to
 * formatOrderDate), or undefined before its menu was ever loaded on this phone.
 */
export function restaurantTimeZone(eateryId: number | null): string | undefined {
  if (!eateryId || typeof localStorage === 'undefined') return undefined;
  const zone = readTimeZones()[eateryId];
  return typeof zone === 'string' ? zone : undefined;
}

const noSubscription = () => () => {};

/** restaurantTimeZone as a hook: undefined while hydrating server HTML (the server has no local storage). */
export function useRestaurantTimeZone(eateryId: number | null): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => restaurantTimeZone(eateryId),
    () => undefined,
  );
}
