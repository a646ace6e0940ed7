import { IconCirclePlus } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { cartActions, useCart } from '../cart/cart-store';
import { Button } from '../ui/Button';
import classes from '../guest.module.css';

/** Shown while the guest chooses dishes for an existing order ("add dishes"). */
export function AddModeBanner() {
  const { t } = useTranslation();
  const { addToOrderId, addToOrderNumber } = useCart();
  if (!addToOrderId) return null;
  return (
    <div className={classes.addBanner} role="status">
      <IconCirclePlus size={24} aria-hidden style={{ flex: 'none' }} />
      <span className={classes.addBannerText}>{t('client.addMode.banner', { number: addToOrderNumber })}</span>
      <Button
        variant="white"
        onClick={() => {
          // The banner and its button vanish: the focus goes to the page's heading rather than to <body>.
          document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus();
          cartActions.setAddToOrder(null);
        }}
      >
        {t('client.addMode.cancel')}
      </Button>
    </div>
  );
}
