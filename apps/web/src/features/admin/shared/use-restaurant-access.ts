import { mayDo, type Eatery } from '@qr-menu/contract';
import { useRestaurants } from './restaurants-api';
import { useSelectedRestaurantId } from './use-selected-restaurant';

export interface RestaurantAccess {
  /** From the route, else the selected restaurant; null when none is chosen. */
  restaurantId: number | null;
  restaurant: Eatery | undefined;
  /** The caller may change things here (EATERY_ADMIN); false while the roles are still loading. */
  canManage: boolean;
}

/** The restaurant a screen works on and what the caller may do there (roles are per restaurant). */
export function useRestaurantAccess(): RestaurantAccess {
  const restaurantId = useSelectedRestaurantId();
  const restaurants = useRestaurants();
  const restaurant = restaurants.data?.find((r) => r.id === restaurantId);
  return { restaurantId, restaurant, canManage: mayDo(restaurant?.roles, 'manage') };
}
