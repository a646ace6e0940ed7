import type { Ref } from 'react';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { MAX_QUANTITY } from '../cart/cart';
import { IconButton } from '../ui/Button';
import classes from '../guest.module.css';

/**
 * − quantity + with 44 px targets. `minusDisabledAtOne`: the cart page keeps the last portion (use remove).
 * A button at its limit is aria-disabled rather than disabled: a disabled button drops the keyboard focus to
 * `<body>`, an aria-disabled one keeps it (and still reads as unavailable).
 */
export function QuantityControl({
  name,
  quantity,
  onDecrease,
  onIncrease,
  minusDisabledAtOne = false,
  increaseRef,
}: {
  name: string;
  quantity: number;
  onDecrease: () => void;
  onIncrease: () => void;
  minusDisabledAtOne?: boolean;
  /** The "+" button, for callers that move the focus onto the stepper. */
  increaseRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const minusOff = minusDisabledAtOne && quantity <= 1;
  const plusOff = quantity >= MAX_QUANTITY;
  return (
    <div className={classes.stepper} role="group" aria-label={t('client.quantity', { name })}>
      <IconButton
        variant="subtle"
        onClick={() => !minusOff && onDecrease()}
        aria-disabled={minusOff || undefined}
        label={t('client.decrease', { name })}
      >
        <IconMinus size={22} stroke={2.5} />
      </IconButton>
      <span className={classes.qty} aria-live="polite">
        {quantity}
      </span>
      <IconButton
        ref={increaseRef}
        variant="filled"
        onClick={() => !plusOff && onIncrease()}
        aria-disabled={plusOff || undefined}
        label={t('client.increase', { name })}
      >
        <IconPlus size={22} stroke={2.5} />
      </IconButton>
    </div>
  );
}
