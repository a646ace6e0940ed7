import { memo, useEffect, useRef } from 'react';
import type { GuestMenuDish } from '@qr-menu/contract';
import { localDescription, localName, toCents } from '@qr-menu/contract/constants';
import type { TFunction } from '../lib/i18n';
import { cartActions } from '../cart/cart-store';
import { formatCents } from '../lib/money';
import { IconButton } from '../ui/Button';
import { DishPhoto } from './DishPhoto';
import { DishTags } from './DishTags';
import { PlusIcon } from './PlusIcon';
import { QuantityControl } from './QuantityControl';
import { StockLeft } from './StockLeft';
import classes from '../guest.module.css';

/**
 * A dish on the menu as a compact row (about five fit on a phone's screen, where one photo card did):
 * name, two lines of description, price, a small photo and "+". The whole row opens the dish sheet (large photo,
 * full description, quantity, note): a button stretched under the row, first in the tab order, then "+".
 */
export const DishRow = memo(function DishRow({
  dish,
  quantity,
  onOpen,
  eager = false,
  t,
  lang,
  currency,
  notNow = null,
}: {
  dish: GuestMenuDish;
  /** Portions of the dish in the cart (all its lines). */
  quantity: number;
  onOpen: (dish: GuestMenuDish) => void;
  /** One of the first rows on screen: its photo loads at once (the rest are lazy). */
  eager?: boolean;
  /**
   * The list's translation function and language, given rather than each of the 200 rows subscribing to the
   * language on its own (two hooks with an effect per row: hydration work on a phone).
   */
  t: TFunction;
  lang: string;
  /** The restaurant's currency code. */
  currency: string;
  /** Why it cannot be ordered now ("from 08:00"), or null: greyed, no add button. */
  notNow?: string | null;
}) {
  const name = localName(dish, lang);
  const description = localDescription(dish, lang);

  // "+" turns into the −/1/+ stepper and back: the button that had the focus is replaced, so hand the focus to its
  // successor instead of letting it fall to <body>.
  const addRef = useRef<HTMLButtonElement>(null);
  const increaseRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'add' | 'increase' | null>(null);
  useEffect(() => {
    const target = focusNext.current === 'add' ? addRef.current : focusNext.current ? increaseRef.current : null;
    focusNext.current = null;
    target?.focus();
  }, [quantity]);

  // A dish with options is chosen in its sheet ("+" opens it); the row then counts its portions over all choices.
  const hasOptions = (dish.optionGroups?.length ?? 0) > 0;
  const add = () => {
    if (hasOptions) return onOpen(dish);
    if (quantity === 0) focusNext.current = 'increase';
    cartActions.add(dish);
  };
  const remove = () => {
    if (quantity === 1) focusNext.current = 'add';
    cartActions.remove(dish.id);
  };

  return (
    <article className={classes.dishRow} aria-label={name} data-not-now={notNow ? true : undefined}>
      <button
        type="button"
        className={classes.dishOpen}
        aria-haspopup="dialog"
        aria-label={t('client.dish.details', { name })}
        onClick={() => onOpen(dish)}
      />
      <div className={classes.dishText}>
        <h3 className={classes.dishName}>{name}</h3>
        {description && <p className={classes.dishDescription}>{description}</p>}
        <DishTags tags={dish.dietaryTags} t={t} lang={lang} compact />
        <span className={classes.price}>{`${formatCents(toCents(dish.price), lang)} ${currency}`}</span>
        <StockLeft dish={dish} t={t} />
        {hasOptions && quantity > 0 && (
          <span className={classes.inCart}>{t('client.inCart', { count: quantity })}</span>
        )}
      </div>
      <div className={classes.dishSide}>
        {dish.image && (
          <div className={classes.dishThumb}>
            <DishPhoto src={dish.image} photo={dish.photo} sizes="112px" eager={eager} alt="" />
          </div>
        )}
        <div className={classes.dishAdd}>
          {notNow ? (
            <span className={classes.notNow}>{notNow}</span>
          ) : quantity > 0 && !hasOptions ? (
            <QuantityControl
              name={name}
              quantity={quantity}
              onDecrease={remove}
              onIncrease={add}
              increaseRef={increaseRef}
            />
          ) : (
            <IconButton
              ref={addRef}
              variant="filled"
              size="lg"
              onClick={add}
              label={t('client.add', { name })}
              aria-haspopup={hasOptions ? 'dialog' : undefined}
            >
              <PlusIcon />
            </IconButton>
          )}
        </div>
      </div>
    </article>
  );
});
