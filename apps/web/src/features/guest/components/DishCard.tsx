import { memo } from 'react';
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

/** A dish on the menu: large 4:3 photo, name, two lines of description, price and a big "+". */
export const DishCard = memo(function DishCard({
  dish,
  quantity,
  emoji,
}: {
  dish: GuestMenuDish;
  quantity: number;
  emoji: string;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const name = localName(dish, i18n.language);
  const description = localDescription(dish, i18n.language);
  return (
    <article className={classes.dishCard} aria-label={name}>
      <DishPhoto src={dish.image} alt={name} emoji={emoji} />
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
              onDecrease={() => cartActions.remove(dish.id)}
              onIncrease={() => cartActions.add(dish)}
            />
          ) : (
            <ActionIcon
              size={48}
              radius="xl"
              variant="filled"
              onClick={() => cartActions.add(dish)}
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
