import { useEffect, useRef, useState } from 'react';
import { IconX } from '@tabler/icons-react';
import type { GuestMenuDish } from '@qr-menu/contract';
import { localDescription, localName, toCents } from '@qr-menu/contract/constants';
import { useTranslation } from 'react-i18next';
import { MAX_QUANTITY } from '../cart/cart';
import { cartActions, getCart } from '../cart/cart-store';
import { useMoney } from '../lib/use-money';
import { Button, IconButton } from '../ui/Button';
import { TextField } from '../ui/parts';
import { DishPhoto } from './DishPhoto';
import { QuantityControl } from './QuantityControl';
import classes from '../guest.module.css';

/**
 * A dish opened from its row: large photo, full description, quantity, a note for the kitchen and "Add". A native
 * modal <dialog>: the browser traps the focus inside and makes the page behind inert; Escape closes it, and the
 * focus goes back to the row that opened it. A dish already in the cart opens with its quantity and note.
 */
export function DishSheet({ dish, onClose }: { dish: GuestMenuDish; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const ref = useRef<HTMLDialogElement>(null);
  const inCart = getCart().items.find((i) => i.dish.id === dish.id);
  const [quantity, setQuantity] = useState(inCart?.quantity ?? 1);
  const [note, setNote] = useState(inCart?.note ?? '');
  const name = localName(dish, i18n.language);
  const description = localDescription(dish, i18n.language);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    // jsdom has no showModal; an open attribute is enough there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    document.documentElement.dataset.sheetOpen = 'true';
    return () => {
      delete document.documentElement.dataset.sheetOpen;
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus({ preventScroll: true });
    };
  }, []);

  const save = () => {
    if (!inCart) cartActions.add(dish);
    cartActions.setQuantity(dish.id, quantity);
    cartActions.setItemNote(dish.id, note.trim());
    onClose();
  };

  const total = money(toCents(dish.price) * quantity);
  return (
    <dialog
      ref={ref}
      className={classes.sheet}
      aria-labelledby="dish-sheet-title"
      onCancel={(e) => {
        // Escape: React decides when the dialog goes, so that the state and the page agree.
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => {
        // The browser keeps the page behind inert, but Tab after the last control would leave for its address bar:
        // wrap around inside the sheet instead.
        if (e.key !== 'Tab') return;
        const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button, input, [tabindex="0"]')].filter(
          (el) => !el.hasAttribute('disabled'),
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last?.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first?.focus();
        }
      }}
      onClick={(e) => {
        // A tap on the backdrop (outside the sheet's box) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={classes.sheetBody}>
        <IconButton className={classes.sheetClose} variant="plain" label={t('common.close')} onClick={onClose}>
          <IconX size={24} />
        </IconButton>
        {dish.image && (
          <div className={classes.sheetPhoto}>
            <DishPhoto src={dish.image} photo={dish.photo} eager alt={name} />
          </div>
        )}
        <div className={classes.sheetText}>
          <h2 id="dish-sheet-title" className={classes.sheetTitle}>
            {name}
          </h2>
          {description && <p className={classes.sheetDescription}>{description}</p>}
          <span className={classes.price}>{money(toCents(dish.price))}</span>
          <TextField
            label={t('client.cart.itemNote', { name })}
            placeholder={t('client.cart.itemNotePlaceholder')}
            value={note}
            onChange={setNote}
            maxLength={500}
          />
          <div className={classes.sheetActions}>
            <QuantityControl
              name={name}
              quantity={quantity}
              minusDisabledAtOne
              onDecrease={() => setQuantity((q) => Math.max(1, q - 1))}
              onIncrease={() => setQuantity((q) => Math.min(MAX_QUANTITY, q + 1))}
            />
            <Button size="lg" className={classes.sheetAdd} onClick={save}>
              {inCart ? t('client.sheet.update', { price: total }) : t('client.sheet.add', { price: total })}
            </Button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
