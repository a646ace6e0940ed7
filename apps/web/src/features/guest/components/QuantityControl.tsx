import { ActionIcon } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_QUANTITY } from '../cart/cart';
import classes from '../guest.module.css';

/** − quantity + with 44 px targets. `minusDisabledAtOne`: the cart page keeps the last portion (use remove). */
export function QuantityControl({
  name,
  quantity,
  onDecrease,
  onIncrease,
  minusDisabledAtOne = false,
}: {
  name: string;
  quantity: number;
  onDecrease: () => void;
  onIncrease: () => void;
  minusDisabledAtOne?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.stepper} role="group" aria-label={t('client.quantity', { name })}>
      <ActionIcon
        size={44}
        radius="xl"
        variant="subtle"
        onClick={onDecrease}
        disabled={minusDisabledAtOne && quantity <= 1}
        aria-label={t('client.decrease', { name })}
      >
        <IconMinus size={22} stroke={2.5} />
      </ActionIcon>
      <span className={classes.qty} aria-live="polite">
        {quantity}
      </span>
      <ActionIcon
        size={44}
        radius="xl"
        variant="filled"
        onClick={onIncrease}
        disabled={quantity >= MAX_QUANTITY}
        aria-label={t('client.increase', { name })}
      >
        <IconPlus size={22} stroke={2.5} />
      </ActionIcon>
    </div>
  );
}
