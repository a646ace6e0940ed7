import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from '../lib/router';
import { cartTotalCents } from '../cart/cart';
import { useCart } from '../cart/cart-store';
import { useMoney } from '../lib/use-money';
import classes from '../guest.module.css';

/**
 * Bottom bar once the cart has something: count, total, "View cart". Fixed to the bottom, so its place in the
 * page decides only its place in the tab order (the menu puts it right after the category chips).
 */
export function CartBar() {
  const { t } = useTranslation();
  const cart = useCart();
  const money = useMoney();
  const navigate = useNavigate();
  if (cart.totalQuantity === 0) return null;
  const label = cart.addToOrderId
    ? t('client.cartBar.toOrder', { number: cart.addToOrderNumber })
    : t('client.cartBar.viewCart');
  return (
    <div className={classes.bottomBar}>
      <div className={classes.bottomBarInner}>
        <button
          type="button"
          className={classes.cartBarButton}
          onClick={() => void navigate('/client/cart')}
          aria-label={`${t('client.cartBar.viewCart')}, ${cart.addToOrderId ? `${label}, ` : ''}${t('client.cartBar.items', { count: cart.totalQuantity })}, ${money(cartTotalCents(cart))}`}
        >
          <span className={classes.cartCount} aria-hidden>
            {cart.totalQuantity}
          </span>
          <span className={classes.cartBarLabel}>{label}</span>
          <span className={classes.cartBarTotal}>{money(cartTotalCents(cart))}</span>
          <IconChevronRight size={22} aria-hidden />
        </button>
      </div>
    </div>
  );
}

/** Room at the end of the page so that the bar never covers the last dish. */
export function CartBarSpacer() {
  const cart = useCart();
  return cart.totalQuantity > 0 ? <div className={classes.bottomSpacer} /> : null;
}
