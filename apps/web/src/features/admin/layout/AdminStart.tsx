import { Navigate } from 'react-router';
import { PageLoader } from '../../../components/PageLoader';
import { useRestaurants } from '../shared/restaurants-api';
import { useStoredRestaurantId } from '../shared/use-selected-restaurant';
import { RESTAURANTS_PATH, startPath, startRestaurant } from './start-path';

/**
 * /admin: the start page that fits the role in the selected restaurant: the kitchen display for the
 * kitchen, the floor for waiters, the orders board for cashiers, the restaurant list for owners and admins.
 */
export function AdminStart() {
  const restaurants = useRestaurants();
  const selectedId = useStoredRestaurantId();
  if (restaurants.isPending) return <PageLoader rows={2} />;
  // Without the list (an error) the restaurants screen shows the error and a way on.
  if (!restaurants.data) return <Navigate to={RESTAURANTS_PATH} replace />;
  const restaurant = startRestaurant(restaurants.data, selectedId);
  return <Navigate to={startPath(restaurant?.roles)} replace />;
}
