import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LIMITS } from '@qr-menu/contract/constants';
// Only the small session guard, not the auth pages: they stay in their lazy chunk.
import { RequireAuth } from '../features/auth/guards';
import { AppTheme } from './AppTheme';

/** Each feature is its own lazy chunk: guest pages never load admin code. */
const admin = () => import('../features/admin');
const auth = () => import('../features/auth');
const marketing = () => import('../features/marketing');
const guest = () => import('../features/guest');

type Loader = () => Promise<Record<string, unknown>>;
const page =
  (load: Loader, name: string): RouteObject['lazy'] =>
  async () => {
    const mod = await load();
    return { Component: mod[name] as React.ComponentType };
  };

const adminScreens: [string, string][] = [
  ['restaurants', 'RestaurantsPage'],
  ['restaurant/:id', 'RestaurantDetailsPage'],
  ['categories', 'CategoriesPage'],
  ['restaurant/:restaurantId/categories', 'CategoriesPage'],
  ['menu', 'MenuPage'],
  ['restaurant/:restaurantId/menu', 'MenuPage'],
  ['tables', 'TablesPage'],
  ['restaurant/:restaurantId/tables', 'TablesPage'],
  ['orders', 'OrdersPage'],
  ['restaurant/:restaurantId/orders', 'OrdersPage'],
  ['users', 'UsersPage'],
  ['restaurant/:restaurantId/users', 'UsersPage'],
  ['departments', 'DepartmentsPage'],
  ['restaurant/:restaurantId/departments', 'DepartmentsPage'],
];

const pages: RouteObject[] = [
  { path: '/', element: <Navigate to="/landing" replace /> },
  { path: '/landing/:lang?', lazy: page(marketing, 'LandingPage') },
  { path: '/business/:lang?', lazy: page(marketing, 'BusinessPage') },
  { path: '/partnership', lazy: page(marketing, 'PartnershipPage') },
  { path: '/menu', element: <Navigate to={`/client/menu/${LIMITS.defaultMenuEateryId}`} replace /> },
  {
    lazy: page(auth, 'PublicLayout'),
    children: [
      { path: '/admin/login', lazy: page(auth, 'LoginPage') },
      { path: '/admin/register', lazy: page(auth, 'RegisterPage') },
      { path: '/admin/register/success', lazy: page(auth, 'RegisterSuccessPage') },
    ],
  },
  {
    path: '/admin',
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        lazy: page(admin, 'AdminRoot'),
        children: [
          { index: true, element: <Navigate to="/admin/restaurants" replace /> },
          ...adminScreens.map(([path, name]) => ({ path, lazy: page(admin, name) })),
          { path: '*', element: <Navigate to="/admin/restaurants" replace /> },
        ],
      },
    ],
  },
  { path: '/client/*', lazy: page(guest, 'GuestRoutes') },
  { path: '*', element: <Navigate to="/landing" replace /> },
];

/** Every page inside AppTheme (translated names of Mantine's icon buttons, readable colours). */
export const routes: RouteObject[] = [
  {
    element: (
      <AppTheme>
        <Outlet />
      </AppTheme>
    ),
    children: pages,
  },
];

export const createRouter = () => createBrowserRouter(routes);
