import type { GuestMenuDish } from '@qr-menu/contract';
import type { TFunction } from '../lib/i18n';
import classes from './stock-left.module.css';

/**
 * "3 left": the portions left of a counted dish, when the menu gives them (the owner shows them and few are left;
 * a dish with none left is not on the menu at all).
 */
export function StockLeft({ dish, t }: { dish: Pick<GuestMenuDish, 'stockCount'>; t: TFunction }) {
  if (dish.stockCount === null || dish.stockCount === undefined) return null;
  return (
    <span className={classes.left} data-testid="stock-left">
      {t('client.dish.left', { count: dish.stockCount })}
    </span>
  );
}
