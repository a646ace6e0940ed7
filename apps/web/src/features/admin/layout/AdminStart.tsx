import { Navigate } from 'react-router';
import { mayDo } from '@qr-menu/contract';
import { PageLoader } from '../../../components/PageLoader';
import { useRestaurants } from '../shared/restaurants-api';
import {
  SETUP_HIDDEN_KEY,
  setupState,
  useDeviceRemembers,
  useSetupProgress,
  WORKS_ALONE_KEY,
} from '../shared/setup-progress';
import { useStoredRestaurantId } from '../shared/use-selected-restaurant';
import { RESTAURANTS_PATH, setupPath, startPath, startRestaurant } from './start-path';

/**
 * /admin: the start page that fits the role in the selected restaurant: the kitchen display for the
 * kitchen, the floor for waiters, the orders board for cashiers, the restaurant list for owners and admins, and for
 * an admin whose restaurant is not set up yet its start checklist (until every step is done or this device hid it).
 */
export function AdminStart() {
  const restaurants = useRestaurants();
  const selectedId = useStoredRestaurantId();
  const restaurant = restaurants.data ? startRestaurant(restaurants.data, selectedId) : undefined;
  const adminOf = restaurant && mayDo(restaurant.roles, 'manage') ? restaurant.id : null;
  const hidden = useDeviceRemembers(SETUP_HIDDEN_KEY, adminOf);
  const worksAlone = useDeviceRemembers(WORKS_ALONE_KEY, adminOf);
  const checklistOf = hidden ? null : adminOf;
  const progress = useSetupProgress(checklistOf);
  if (restaurants.isPending) return <PageLoader rows={2} />;
  // Without the list (an error) the restaurants screen shows the error and a way on.
  if (!restaurants.data) return <Navigate to={RESTAURANTS_PATH} replace />;
  if (checklistOf !== null) {
    if (progress.isPending) return <PageLoader rows={2} />;
    // Without the progress (an error) the usual start page: the checklist is a help, never a gate.
    if (progress.data && !setupState(progress.data, worksAlone).complete) {
      return <Navigate to={setupPath(checklistOf)} replace />;
    }
  }
  return <Navigate to={startPath(restaurant?.roles)} replace />;
}
