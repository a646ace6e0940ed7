import { useState } from 'react';
import type { GuestMenuDish } from '@qr-menu/contract';
import {
  checkOptionChoice,
  chosenOptions,
  localDescription,
  localName,
  OPTION_V,
  unitPriceCents,
} from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { itemKey, MAX_QUANTITY } from '../cart/cart';
import { cartActions, getCart } from '../cart/cart-store';
import { useMoney } from '../lib/use-money';
import { Button } from '../ui/Button';
import { Sheet } from '../ui/Sheet';
import { TextField } from '../ui/parts';
import { DishPhoto } from './DishPhoto';
import { DishTags } from './DishTags';
import { groupName, OptionGroups } from './OptionGroups';
import { QuantityControl } from './QuantityControl';
import classes from '../guest.module.css';
import sheet from './sheet.module.css';
import { StockLeft } from './StockLeft';

/**
 * A dish opened from its row (a sheet, loaded on demand): large photo, full description, its options,
 * quantity, a note for the kitchen and "Add". A dish without options already in the cart opens with its quantity and
 * note; a dish with options starts a new choice each time (another choice is another cart line).
 * `notNow`: why it cannot be ordered at the moment ("from 08:00"), or null.
 */
export default function DishSheet({
  dish,
  notNow,
  onClose,
}: {
  dish: GuestMenuDish;
  notNow: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = useMoney();
  const groups = dish.optionGroups ?? [];
  const hasOptions = groups.length > 0;
  const inCart = hasOptions ? undefined : getCart().items.find((i) => itemKey(i) === String(dish.id));
  const [quantity, setQuantity] = useState(inCart?.quantity ?? 1);
  const [note, setNote] = useState(inCart?.note ?? '');
  const [chosen, setChosen] = useState<number[]>([]);
  const name = localName(dish, lang);
  const description = localDescription(dish, lang);

  const problems = checkOptionChoice(groups, chosen);
  const missing = groups.filter((g) =>
    problems.some((p) => p.groupId === g.id && p.messageKey === OPTION_V.optionRequired),
  );
  const reason = notNow
    ? notNow
    : missing.length > 0
      ? t('client.options.missing', { groups: missing.map((g) => groupName(g, lang)).join(', ') })
      : null;
  const unit = unitPriceCents(dish.price, chosenOptions(groups, chosen));
  const total = money(unit * quantity);

  const save = () => {
    if (reason || problems.length > 0) return;
    if (hasOptions) {
      cartActions.add(dish, chosen, quantity, note.trim() || undefined);
    } else {
      if (!inCart) cartActions.add(dish);
      cartActions.setQuantity(dish.id, quantity);
      cartActions.setItemNote(dish.id, note.trim());
    }
    onClose();
  };

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
        <DishTags tags={dish.dietaryTags} t={t} lang={lang} />
        {description && <p className={classes.sheetDescription}>{description}</p>}
        <span className={classes.price}>{money(unitPriceCents(dish.price, []))}</span>
        <StockLeft dish={dish} t={t} />
        {hasOptions && (
          <OptionGroups groups={groups} chosen={chosen} onChange={setChosen} t={t} lang={lang} money={money} />
        )}
        <TextField
          label={t('client.cart.itemNote', { name })}
          placeholder={t('client.cart.itemNotePlaceholder')}
          value={note}
          onChange={setNote}
          maxLength={500}
        />
        <div className={sheet.footer}>
          {reason && (
            <p id="dish-sheet-reason" className={sheet.reason}>
              {reason}
            </p>
          )}
          {/* The stepper and the unit price on one line, "Add · total" on its own: long words and prices fit. */}
          <div className={sheet.footerActions}>
            <QuantityControl
              name={name}
              quantity={quantity}
              minusDisabledAtOne
              onDecrease={() => setQuantity((q) => Math.max(1, q - 1))}
              onIncrease={() => setQuantity((q) => Math.min(MAX_QUANTITY, q + 1))}
            />
            {hasOptions && (
              <span className={sheet.unit} data-testid="sheet-unit-price">
                {t('client.options.unit', { price: money(unit) })}
              </span>
            )}
          </div>
          <Button
            size="lg"
            fullWidth
            className={classes.sheetAdd}
            onClick={save}
            disabled={!!reason}
            aria-describedby={reason ? 'dish-sheet-reason' : undefined}
            data-testid="sheet-add"
          >
            {inCart ? t('client.sheet.update', { price: total }) : t('client.sheet.add', { price: total })}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
