import { useNavigate } from './router';
import { cartActions } from '../cart/cart-store';

/** Goes to the menu to choose dishes: to add to the open order `addToOrderId`, or for a new order (null). */
export function useOpenMenu() {
  const navigate = useNavigate();
  return (addToOrderId: number | null) => {
    cartActions.setAddToOrder(addToOrderId);
    void navigate('/client/menu');
  };
}
