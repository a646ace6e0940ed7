import { Suspense, type ComponentType } from 'react';
import { useCart } from './cart/cart-store';
import { GuestLayout } from './GuestLayout';
import { Navigate, ParamsProvider, matchPath, useLocation, useParams } from './lib/router';
import { parseId } from './lib/use-place';
import { CardsSkeleton } from './components/CardsSkeleton';
import { DecisionPage } from './pages/DecisionPage';
import { CartPage, ConfirmationPage, OrdersPage, PickupBoardPage } from './pages/lazy-pages';
import { isPickup, PICKUP_PLACE } from './cart/cart';
import { MenuPage } from './pages/MenuPage';
import { EateryMenuPage, GuestNotFound } from './pages/ScanPrompt';

export { seedGuestData, renderWithGuestData, type GuestPageData } from './ssr-data';
export { preloadGuestPages } from './lib/lazy-page';

const ToMenu = () => <Navigate to="/client/menu" replace />;

/** Guest routes under /client; the first that matches is the page, else page-not-found. */
const ROUTES: [string, ComponentType][] = [
  ['/client', ToMenu],
  ['/client/eatery/:eateryId/table/:tableId/add/:argBoolean/menu', ScannedDecision],
  ['/client/eatery/:eateryId/table/:tableId/menu', ScannedMenu],
  ['/client/eatery/:eateryId/pickup', PickupMenu],
  ['/client/menu', CartMenu],
  ['/client/menu/:eateryId', EateryMenuPage],
  ['/client/cart', CartPage],
  ['/client/orders', OrdersPage],
  ['/client/order-confirmation/:orderId', ConfirmationPage],
  ['/client/order-decision', CartDecision],
];

/** Screens of their own, without the guest shell: the pickup board at the counter. */
const SCREENS: [string, ComponentType][] = [['/client/eatery/:eateryId/pickup-board', PickupBoardPage]];

/** The guest pages: the shell (header, calls) around the page of the current path. */
export function GuestRoutes() {
  const { pathname } = useLocation();
  for (const [pattern, Screen] of SCREENS) {
    const match = matchPath(pattern, pathname);
    if (match) {
      return (
        <ParamsProvider params={match}>
          <Suspense fallback={null}>
            <Screen />
          </Suspense>
        </ParamsProvider>
      );
    }
  }
  let Page: ComponentType = GuestNotFound;
  let params: Record<string, string> = {};
  for (const [pattern, component] of ROUTES) {
    const match = matchPath(pattern, pathname);
    if (match) {
      Page = component;
      params = match;
      break;
    }
  }
  return (
    <GuestLayout>
      <ParamsProvider params={params}>
        <Suspense fallback={<CardsSkeleton heading cards={[160, 160]} />}>
          <Page />
        </Suspense>
      </ParamsProvider>
    </GuestLayout>
  );
}

/** Ids of a scanned table from the path; malformed ids show page-not-found. */
function useScannedPlace() {
  const params = useParams();
  return { eateryId: parseId(params.eateryId), tableId: parseId(params.tableId) };
}

function ScannedDecision() {
  const { eateryId, tableId } = useScannedPlace();
  const { search } = useLocation();
  if (!eateryId || !tableId) return <GuestNotFound />;
  // The table's own menu address, with the QR code's query (its table key).
  const menuPath = `/client/eatery/${eateryId}/table/${tableId}/menu${search}`;
  return <DecisionPage eateryId={eateryId} tableId={tableId} menuPath={menuPath} />;
}

function ScannedMenu() {
  const { eateryId, tableId } = useScannedPlace();
  if (!eateryId || !tableId) return <GuestNotFound />;
  return <MenuPage eateryId={eateryId} tableId={tableId} />;
}

/** The restaurant-wide pickup link: the menu with a pickup cart. */
function PickupMenu() {
  const eateryId = parseId(useParams().eateryId);
  if (!eateryId) return <GuestNotFound />;
  return <MenuPage eateryId={eateryId} tableId={PICKUP_PLACE} />;
}

function CartMenu() {
  const { eateryId, tableId } = useCart();
  return <MenuPage eateryId={eateryId} tableId={tableId} />;
}

function CartDecision() {
  const { eateryId, tableId } = useCart();
  // The welcome is a table's ("you are at table 5"); a pickup cart goes on with its menu.
  if (isPickup(tableId)) return <MenuPage eateryId={eateryId} tableId={tableId} />;
  return <DecisionPage eateryId={eateryId} tableId={tableId} menuPath="/client/menu" />;
}
