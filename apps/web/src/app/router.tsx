import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { LIMITS, RESET_PASSWORD_PAGE } from '@qr-menu/contract/constants';
// Only the small session guard, not the auth pages: they stay in their lazy chunk.
import { RequireAuth } from '../features/auth/guards';
import { useFocusRescue } from './focus-rescue';
import { BootFallback, RouteError } from './RouteError';

/**
 * Each feature is its own lazy chunk. The guest pages are not here: they are an app of their own (guest-main.tsx). Mantine and TanStack Query come with the
 * MantineRoot chunk around the admin, sign-in and marketing pages; the guest pages are outside it.
 */
const mantineRoot = () => import('./MantineRoot');
const admin = () => import('../features/admin');
const auth = () => import('../features/auth');
const marketing = () => import('../features/marketing');

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
  // The owner's start checklist (AdminStart sends a restaurant's admins there until it is set up).
  ['setup', 'SetupPage'],
  ['restaurant/:restaurantId/setup', 'SetupPage'],
  ['categories', 'CategoriesPage'],
  ['restaurant/:restaurantId/categories', 'CategoriesPage'],
  ['menu', 'MenuPage'],
  ['restaurant/:restaurantId/menu', 'MenuPage'],
  ['menu/import', 'MenuImportPage'],
  ['restaurant/:restaurantId/menu/import', 'MenuImportPage'],
  ['tables', 'TablesPage'],
  ['restaurant/:restaurantId/tables', 'TablesPage'],
  ['orders', 'OrdersPage'],
  ['restaurant/:restaurantId/orders', 'OrdersPage'],
  ['users', 'UsersPage'],
  ['devices', 'DevicesPage'],
  ['restaurant/:restaurantId/devices', 'DevicesPage'],
  ['printers', 'PrintersPage'],
  ['restaurant/:restaurantId/printers', 'PrintersPage'],
  ['restaurant/:restaurantId/users', 'UsersPage'],
  ['departments', 'DepartmentsPage'],
  ['restaurant/:restaurantId/departments', 'DepartmentsPage'],
  ['kitchen', 'KitchenPage'],
  ['kitchen/:departmentId', 'KitchenPage'],
  ['restaurant/:restaurantId/kitchen', 'KitchenPage'],
  ['floor', 'FloorPage'],
  ['restaurant/:restaurantId/floor', 'FloorPage'],
  ['bill', 'BillPage'],
  ['receipt', 'ReceiptPage'],
  ['reports', 'ReportsPage'],
  ['restaurant/:restaurantId/reports', 'ReportsPage'],
  ['reports/z', 'DayReportPage'],
  ['restaurant/:restaurantId/reports/z', 'DayReportPage'],
  ['drawer', 'DrawerPage'],
  ['restaurant/:restaurantId/drawer', 'DrawerPage'],
  ['audit', 'AuditPage'],
  ['restaurant/:restaurantId/audit', 'AuditPage'],
];

/** Pages drawn with Mantine: admin, sign-in, marketing. */
const mantinePages: RouteObject[] = [
  { path: '/landing/:lang?', lazy: page(marketing, 'LandingPage') },
  { path: '/business/:lang?', lazy: page(marketing, 'BusinessPage') },
  { path: '/partnership', lazy: page(marketing, 'PartnershipPage') },
  {
    lazy: page(auth, 'PublicLayout'),
    children: [
      { path: '/admin/login', lazy: page(auth, 'LoginPage') },
      { path: '/admin/register', lazy: page(auth, 'RegisterPage') },
      { path: '/admin/register/success', lazy: page(auth, 'RegisterSuccessPage') },
      { path: '/admin/forgot-password', lazy: page(auth, 'ForgotPasswordPage') },
      // The link in the password reset mail.
      { path: RESET_PASSWORD_PAGE, lazy: page(auth, 'ResetPasswordPage') },
    ],
  },
  // A registered device with nobody signed in: the PIN pad (RequireAuth sends it here).
  { path: '/admin/pin', lazy: page(admin, 'PinSignInPage') },
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
          { index: true, lazy: page(admin, 'AdminStart') },
          ...adminScreens.map(([path, name]) => ({ path, lazy: page(admin, name) })),
          { path: '*', element: <Navigate to="/admin/restaurants" replace /> },
        ],
      },
    ],
  },
];

/** Every page: the focus rescue (a focus lost with a removed element goes back to the dialog's opener or the heading). */
function RootLayout() {
  useFocusRescue();
  return <Outlet />;
}

/**
 * A guest page reached inside this app (a link from the admin): the guest pages are an app of their own
 * (guest-main.tsx, chosen by main.tsx on load), so the page is loaded again.
 */
function GuestPageLoad() {
  useEffect(() => window.location.reload(), []);
  return <BootFallback />;
}

/** The app's routes (admin, sign-in, marketing). */
export const createRoutes = (): RouteObject[] => [
  {
    element: <RootLayout />,
    // The first load of a lazy page, and a page that failed (a chunk gone after a deploy reloads once).
    HydrateFallback: BootFallback,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/landing" replace /> },
      { path: '/menu', element: <Navigate to={`/client/menu/${LIMITS.defaultMenuEateryId}`} replace /> },
      { path: '/client/*', Component: GuestPageLoad },
      { lazy: page(mantineRoot, 'MantineRoot'), children: mantinePages },
      { path: '*', element: <Navigate to="/landing" replace /> },
    ],
  },
];

export const routes = createRoutes();

export const createRouter = () => createBrowserRouter(createRoutes());
