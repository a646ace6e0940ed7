import { Navigate, Route, Routes, useParams } from 'react-router';
import { registerTranslations } from '../../i18n';
import { useCart } from './cart/cart-store';
import { GuestLayout } from './GuestLayout';
import { parseId } from './lib/use-place';
import { CartPage } from './pages/CartPage';
import { ConfirmationPage } from './pages/ConfirmationPage';
import { DecisionPage } from './pages/DecisionPage';
import { MenuPage } from './pages/MenuPage';
import { OrdersPage } from './pages/OrdersPage';
import { EateryMenuPage, GuestNotFound } from './pages/ScanPrompt';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

registerTranslations({ az, en, ru });

export { seedGuestData, renderWithGuestData, type GuestPageData } from './ssr-data';

/** Guest routes under /client (SPEC.md §2), mounted by the app router at `/client/*`. */
export function GuestRoutes() {
  return (
    <Routes>
      <Route element={<GuestLayout />}>
        <Route index element={<Navigate to="/client/menu" replace />} />
        <Route path="eatery/:eateryId/table/:tableId/add/:argBoolean/menu" element={<ScannedDecision />} />
        <Route path="eatery/:eateryId/table/:tableId/menu" element={<ScannedMenu />} />
        <Route path="menu" element={<CartMenu />} />
        <Route path="menu/:eateryId" element={<EateryMenuPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="order-confirmation/:orderId" element={<ConfirmationPage />} />
        <Route path="order-decision" element={<CartDecision />} />
        <Route path="*" element={<GuestNotFound />} />
      </Route>
    </Routes>
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
