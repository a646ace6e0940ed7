import { useCart } from '../cart/cart-store';
import { useMenu } from '../api';

/**
 * The restaurant's currency code shown beside prices, from its menu (the server renders the same one);
 * AZN until the menu is known.
 */
export function useCurrency(): string {
  const cart = useCart();
  return useMenu(cart.eateryId, cart.tableId).data?.currency ?? 'AZN';
}
