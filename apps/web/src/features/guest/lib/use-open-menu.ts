import { useNavigate } from './router';
import { cartActions } from '../cart/cart-store';
import type { AddToOrder } from '../cart/cart';

/** Goes to the menu to choose dishes: to add to the open order `addToOrder`, or for a new order (null). */
export function useOpenMenu() {
  const navigate = useNavigate();
  return (addToOrder: AddToOrder | null) => {
    cartActions.setAddToOrder(addToOrder);
    void navigate('/client/menu');
  };
}
