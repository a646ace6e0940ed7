import { useEffect } from 'react';
import type { CartDish } from '../cart/cart';
import { cartActions } from '../cart/cart-store';
import { useMenu } from '../api';

/** A positive integer from a route parameter, else null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Keeps the cart on the given table: a different table or restaurant starts a new cart (SPEC.md §4 "set table and
 * eatery"). Once the menu is loaded, the restaurant name, the table number and the cart's dish prices are refreshed.
 */
export function usePlaceSync(eateryId: number | null, tableId: number | null) {
  useEffect(() => {
    if (eateryId && tableId) cartActions.setTableAndEatery({ eateryId, tableId });
  }, [eateryId, tableId]);
  const menu = useMenu(eateryId, tableId);
  const data = menu.data;
  useEffect(() => {
    if (!data || !eateryId || !tableId) return;
    cartActions.setTableAndEatery({ eateryId, tableId, tableNumber: data.tableName, eateryName: data.eateryName });
    const dishes = new Map<number, CartDish>();
    for (const c of data.categories) for (const d of c.dishes) dishes.set(d.id, d);
    cartActions.refreshDishes(dishes);
  }, [data, eateryId, tableId]);
  return menu;
}
