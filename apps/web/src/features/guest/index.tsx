import { Suspense, type ComponentType } from 'react';
import { useCart } from './cart/cart-store';
import { GuestLayout } from './GuestLayout';
import { Navigate, ParamsProvider, matchPath, useLocation, useParams } from './lib/router';
import { parseId } from './lib/use-place';
import { CardsSkeleton } from './components/CardsSkeleton';
import { DecisionPage } from './pages/DecisionPage';
import { CartPage, ConfirmationPage, OrdersPage } from './pages/lazy-pages';
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
  ['/client/menu', CartMenu],
  ['/client/menu/:eateryId', EateryMenuPage],
  ['/client/cart', CartPage],
  ['/client/orders', OrdersPage],
  ['/client/order-confirmation/:orderId', ConfirmationPage],
  ['/client/order-decision', CartDecision],
];

/** The guest pages: the shell (header, calls) around the page of the current path. */
export function GuestRoutes() {
  const { pathname } = useLocation();
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
  if (!eateryId || !tableId) return <GuestNotFound />;
  return <DecisionPage eateryId={eateryId} tableId={tableId} />;
}

function ScannedMenu() {
  const { eateryId, tableId } = useScannedPlace();
  if (!eateryId || !tableId) return <GuestNotFound />;
  return <MenuPage eateryId={eateryId} tableId={tableId} />;
}

function CartMenu() {
  const { eateryId, tableId } = useCart();
  return <MenuPage eateryId={eateryId} tableId={tableId} />;
}

function CartDecision() {
  const { eateryId, tableId } = useCart();
  return <DecisionPage eateryId={eateryId} tableId={tableId} />;
}
