import type { Eatery, Role } from '@qr-menu/contract';

/** Where the restaurant list lives: the start page of owners and admins (and of anyone without a restaurant). */
export const RESTAURANTS_PATH = '/admin/restaurants';

/** The start checklist of a restaurant (features/admin/setup): where an admin starts until the restaurant is set up. */
export const setupPath = (eateryId: number) => `/admin/restaurant/${eateryId}/setup`;

/**
 * The working screen a role starts on: staff land where they work, not on a restaurant list with an
 * "Add restaurant" button. An admin of the restaurant keeps the restaurant list whatever other roles they have;
 * otherwise the kitchen display, then the waiter's floor, then the cashier's orders board.
 */
export function startPath(roles: readonly Role[] | undefined): string {
  const has = (role: Role) => (roles ?? []).includes(role);
  if (!roles || roles.length === 0 || has('EATERY_ADMIN')) return RESTAURANTS_PATH;
  if (has('KITCHEN_ADMIN')) return '/admin/kitchen';
  if (has('WAITER')) return '/admin/floor';
  if (has('CASHIER')) return '/admin/orders';
  return RESTAURANTS_PATH;
}

/**
 * The restaurant whose roles decide the start page: the selected one, else the only one (the layout selects it
 * by itself). Someone working in several restaurants with none selected starts on the list to pick one.
 */
export function startRestaurant(restaurants: readonly Eatery[], selectedId: number | null): Eatery | undefined {
  return restaurants.find((r) => r.id === selectedId) ?? (restaurants.length === 1 ? restaurants[0] : undefined);
}
