import { IconCompass, IconQrcode } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Navigate, useParams } from '../lib/router';
import { useCart } from '../cart/cart-store';
import { GuestMessage } from '../GuestLayout';
import { parseId } from '../lib/use-place';
import { ButtonLink } from '../ui/Button';

/** No table is known: ask the guest to scan the QR code on the table. */
export function ScanPrompt({ backToMenu = false }: { backToMenu?: boolean }) {
  const { t } = useTranslation();
  return (
    <GuestMessage icon={IconQrcode} title={t('client.scan.title')} text={t('client.scan.text')}>
      {backToMenu && (
        <ButtonLink to="/client/menu" size="lg" variant="outline">
          {t('client.backHome')}
        </ButtonLink>
      )}
    </GuestMessage>
  );
}

/**
 * /client/menu/:eateryId (the /menu shortcut): the menu of the cart's table when it belongs to that
 * restaurant, otherwise the scan prompt (a menu needs a table).
 */
export function EateryMenuPage() {
  const { eateryId } = useParams();
  const cart = useCart();
  const id = parseId(eateryId);
  if (id && cart.eateryId === id && cart.tableId) return <Navigate to="/client/menu" replace />;
  return <ScanPrompt backToMenu={!!cart.tableId} />;
}

/** A page that needs the cart's restaurant was opened without one ('Restaurant information is missing'). */
export function NoRestaurant() {
  const { t } = useTranslation();
  return (
    <GuestMessage icon={IconQrcode} title={t('client.errorNoRestaurant')} text={t('client.errorNoRestaurantHint')} />
  );
}

export function GuestNotFound() {
  const { t } = useTranslation();
  return (
    <GuestMessage icon={IconCompass} title={t('client.pageNotFound')} text={t('client.pageNotFoundText')}>
      <ButtonLink to="/client/menu" size="lg">
        {t('client.backHome')}
      </ButtonLink>
    </GuestMessage>
  );
}
