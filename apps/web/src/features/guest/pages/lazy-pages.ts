import { lazyPage } from '../lib/lazy-page';

/**
 * The cart, confirmation and "My orders" pages load on demand: a guest's first page is the welcome (decision) or the
 * menu page, whose first load stays small (≤ 90 KB brotli).
 */
export const CartPage = lazyPage(() => import('./CartPage').then((m) => m.CartPage));
export const ConfirmationPage = lazyPage(() => import('./ConfirmationPage').then((m) => m.ConfirmationPage));
export const OrdersPage = lazyPage(() => import('./OrdersPage').then((m) => m.OrdersPage));
/** The pickup board at the counter: nobody's phone loads it. */
export const PickupBoardPage = lazyPage(() => import('../pickup/PickupBoardPage').then((m) => m.PickupBoardPage));
