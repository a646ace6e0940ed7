import { memo, useEffect, useRef } from 'react';
import { ActionIcon, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { GuestMenuDish } from '@qr-menu/contract';
import { localDescription, localName, toCents } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { cartActions } from '../cart/cart-store';
import { useMoney } from '../lib/use-money';
import { DishPhoto } from './DishPhoto';
import { QuantityControl } from './QuantityControl';
import classes from '../guest.module.css';

/** A dish on the menu: large 4:3 photo (a short band without one), name, two lines of description, price, "+". */
export const DishCard = memo(function DishCard({ dish, quantity }: { dish: GuestMenuDish; quantity: number }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const name = localName(dish, i18n.language);
  const description = localDescription(dish, i18n.language);

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

  const add = () => {
    if (quantity === 0) focusNext.current = 'increase';
    cartActions.add(dish);
  };
  const remove = () => {
    if (quantity === 1) focusNext.current = 'add';
    cartActions.remove(dish.id);
  };

  return (
    <article className={classes.dishCard} aria-label={name}>
      <DishPhoto src={dish.image} alt={name} />
      <div className={classes.dishBody}>
        <Text component="h3" fz={18} fw={700} lh={1.3} m={0}>
          {name}
        </Text>
        {description && (
          <Text fz={15} c="dimmed" lineClamp={2} lh={1.4}>
            {description}
          </Text>
        )}
        <div className={classes.dishFooter}>
          <span className={classes.price}>{money(toCents(dish.price))}</span>
          {quantity > 0 ? (
            <QuantityControl
              name={name}
              quantity={quantity}
              onDecrease={remove}
              onIncrease={add}
              increaseRef={increaseRef}
            />
          ) : (
            <ActionIcon
              ref={addRef}
              size={48}
              radius="xl"
              variant="filled"
              onClick={add}
              aria-label={t('client.add', { name })}
            >
              <IconPlus size={26} stroke={2.5} />
            </ActionIcon>
          )}
        </div>
      </div>
    </article>
  );
});
