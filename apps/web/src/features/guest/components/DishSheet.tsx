import { useState } from 'react';
import type { GuestMenuDish } from '@qr-menu/contract';
import { localDescription, localName, toCents } from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { MAX_QUANTITY } from '../cart/cart';
import { cartActions, getCart } from '../cart/cart-store';
import { useMoney } from '../lib/use-money';
import { Button } from '../ui/Button';
import { Sheet } from '../ui/Sheet';
import { TextField } from '../ui/parts';
import { DishPhoto } from './DishPhoto';
import { QuantityControl } from './QuantityControl';
import classes from '../guest.module.css';

/**
 * A dish opened from its row (a sheet): large photo, full description, quantity, a note for the kitchen and "Add".
 * A dish already in the cart opens with its quantity and note.
 */
export function DishSheet({ dish, onClose }: { dish: GuestMenuDish; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const inCart = getCart().items.find((i) => i.dish.id === dish.id);
  const [quantity, setQuantity] = useState(inCart?.quantity ?? 1);
  const [note, setNote] = useState(inCart?.note ?? '');
  const name = localName(dish, i18n.language);
  const description = localDescription(dish, i18n.language);

  const save = () => {
    if (!inCart) cartActions.add(dish);
    cartActions.setQuantity(dish.id, quantity);
    cartActions.setItemNote(dish.id, note.trim());
    onClose();
  };

  const total = money(toCents(dish.price) * quantity);
  return (
    <Sheet labelledBy="dish-sheet-title" onClose={onClose}>
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
    </Sheet>
  );
}
