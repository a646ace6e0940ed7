import { useEffect, useMemo, useRef, useState } from 'react';
import { IconShoppingCart, IconTrash } from '@tabler/icons-react';
import type { GuestOrder } from '@qr-menu/contract';
import { localName, safeTimeZone } from '@qr-menu/contract/constants';
import { useTranslation } from '../lib/i18n';
import { useNavigate } from '../lib/router';
import { guestKeys, useMenu, type PlaceMenu } from '../api';
import {
  cartTotalCents,
  isPickup,
  itemKey,
  itemOptions,
  itemUnitCents,
  tableOf,
  type Cart,
  type CartItem,
  type GuestPlace,
} from '../cart/cart';
import { PickupDetails } from '../pickup/PickupDetails';
import { customerErrors, savedCustomer } from '../pickup/pickup-customer';
import { menuHasHours, notNow, notNowLabel, useNow } from '../lib/availability';
import { closedReason, ordersClosedUntil } from '../lib/orders-closed';
import { optionsText } from '../lib/option-text';
import { cartActions, useCart, useCartStored } from '../cart/cart-store';
import { AddModeBanner } from '../components/AddModeBanner';
import { CardsSkeleton } from '../components/CardsSkeleton';
import { DishPhoto } from '../components/DishPhoto';
import { QuantityControl } from '../components/QuantityControl';
import { ServiceChargeNotice } from '../components/ServiceChargeNotice';
import { GuestMessage } from '../GuestLayout';
import { useMoney } from '../lib/use-money';
import { formatRateBp } from '../lib/money';
import { cartTotals, guestServiceCharge } from '../lib/service-charge';
import { invalidateQuery, setQueryData } from '../lib/query';
import { usePlaceOrder } from '../lib/place-order';
import { Button, ButtonLink, IconButton } from '../ui/Button';
import { Alert, Badge, TextField, ui } from '../ui/parts';
import { NoRestaurant } from './ScanPrompt';
import classes from '../guest.module.css';

/**
 * The cart: quantities, a note per dish, the order note, the total and "Place order" (or "Add to order #N"). With a
 * service charge, the total is the dishes, the charge on them and the two together, and the cart says so in words.
 * For pickup it also asks whom to call (a name, an optional phone) and places a pickup order.
 */
export function CartPage() {
  const cart = useCart();
  const stored = useCartStored();
  const { t } = useTranslation();
  if (!cart.eateryId || !cart.tableId) return <NoRestaurant />;
  // The server's page (and its hydration) has no local storage: the page's title over placeholders, not "empty".
  if (!stored) {
    return (
      <div className={classes.narrow}>
        <h1 className={classes.pageTitle}>{t('client.cart.title')}</h1>
        <CardsSkeleton cards={[150, 150]} />
      </div>
    );
  }
  if (cart.items.length === 0) {
    return (
      <>
        <AddModeBanner />
        <GuestMessage icon={IconShoppingCart} title={t('client.emptyCart')} text={t('client.cart.emptyHint')}>
          <ButtonLink to="/client/menu" size="lg">
            {t('client.cart.toMenu')}
          </ButtonLink>
        </GuestMessage>
      </>
    );
  }
  return <CartContents cart={cart} eateryId={cart.eateryId} tableId={cart.tableId} />;
}

function CartContents({ cart, eateryId, tableId }: { cart: Cart; eateryId: number; tableId: GuestPlace }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const menu = useMenu(eateryId, tableId);
  // The page starts at its heading for keyboard and screen-reader users (it has just replaced the menu).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const placeRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // A new pickup order needs whom to call; dishes added to an order already placed do not.
  const pickup = isPickup(tableId) && !cart.addToOrderId;
  const [customerChecked, setCustomerChecked] = useState(false);

  /** Dishes no longer on the menu (sold out or removed since they were added). */
  const unavailable = useMemo(() => {
    if (!menu.data) return new Set<number>();
    const onMenu = new Set(menu.data.categories.flatMap((c) => c.dishes.map((d) => d.id)));
    return new Set(cart.items.filter((i) => !onMenu.has(i.dish.id)).map((i) => i.dish.id));
  }, [menu.data, cart.items]);

  /** Dishes outside their hours right now, with when they can be ordered: checked again every minute. */
  const hoursBound = !!menu.data?.ordersWithinHours && menu.data.openingHours?.length === 7;
  const now = useNow(menuHasHours(menu.data) || hoursBound);
  // The restaurant takes guest orders only within its opening hours and is closed now: why "Place order" is off.
  const closedUntil = ordersClosedUntil(menu.data, now);
  const closedHint = closedUntil === undefined ? null : closedReason(closedUntil, t);
  const notNowById = useMemo(() => {
    const map = new Map<number, string>();
    if (!menu.data || !now) return map;
    const zone = safeTimeZone(menu.data.timeZone);
    if (!zone) return map;
    for (const c of menu.data.categories)
      for (const d of c.dishes) {
        const closed = cart.items.some((i) => i.dish.id === d.id) ? notNow(d, c, zone, now) : null;
        if (closed) map.set(d.id, notNowLabel(closed.start, t));
      }
    return map;
  }, [menu.data, now, cart.items, t]);

  // Sends the cart; without a connection it waits and sends it (same Idempotency-Key) when the phone is back online.
  const place = usePlaceOrder(eateryId, tableId, {
    refetchMenu: async () => (await menu.refetch()).data as PlaceMenu | undefined,
    timeZone: menu.data?.timeZone,
    onPlaced: (order: GuestOrder) => {
      setQueryData(guestKeys.order(eateryId, order.id), order);
      invalidateQuery(guestKeys.orders(eateryId));
      const table = tableOf(tableId);
      if (table) invalidateQuery(guestKeys.deviceOrders(eateryId, table));
      void navigate(`/client/order-confirmation/${order.id}`);
    },
  });
  const error = place.error;
  /** Sends the cart; for pickup only once the name (and a phone, when given) can be sent, else says what is wrong. */
  const submit = () => {
    if (pickup) {
      setCustomerChecked(true);
      const wrong = customerErrors(savedCustomer());
      if (wrong.name || wrong.phone) {
        if (wrong.name) nameRef.current?.focus();
        return;
      }
    }
    place.submit();
  };

  const charge = guestServiceCharge(menu.data, i18n.language, t);
  const totals = cartTotals(cartTotalCents(cart), charge.rateBp);
  const charged = totals.serviceCharge > 0;
  return (
    <div className={classes.narrow}>
      <AddModeBanner />
      <h1 className={classes.pageTitle} tabIndex={-1} ref={headingRef}>
        {t('client.cart.title')}
      </h1>
      <div className={classes.cartList}>
        {cart.items.map((item) => (
          <CartRow
            key={itemKey(item)}
            item={item}
            unavailable={unavailable.has(item.dish.id)}
            notNow={notNowById.get(item.dish.id) ?? null}
            // The removed row took the focus with it: back to the top of the cart (the last row's removal shows
            // the empty cart, whose heading takes the focus itself).
            onRemoved={() => headingRef.current?.focus()}
          />
        ))}
      </div>
      <ServiceChargeNotice rateBp={charge.rateBp} />
      {pickup && <PickupDetails showErrors={customerChecked} nameRef={nameRef} />}
      {!cart.addToOrderId && (
        <div className={classes.orderNote}>
          <TextField
            multiline
            visibleLabel
            label={t('client.cart.orderNote')}
            placeholder={t('client.cart.orderNotePlaceholder')}
            value={cart.note}
            onChange={(note) => cartActions.setNote(note)}
            maxLength={1000}
          />
        </div>
      )}
      <div style={{ height: (error ? 220 : 150) + (charged ? 50 : 0) }} />
      <div className={classes.bottomBar}>
        <div className={`${classes.bottomBarInner} ${classes.checkout}`}>
          {error && (
            <Alert
              title={t('client.errorTitle')}
              closeLabel={t('common.dismiss')}
              onClose={() => {
                // The alert and its close button vanish: the focus goes to the button that retries.
                placeRef.current?.focus();
                place.dismissError();
              }}
              className={classes.checkoutAlert}
            >
              {error}
            </Alert>
          )}
          {place.waitingForNetwork && (
            <div className={classes.unavailableHint} role="status">
              <p>{t('client.offline.willSend')}</p>
              <Button variant="subtle" onClick={place.cancel}>
                {t('client.offline.cancel')}
              </Button>
            </div>
          )}
          {unavailable.size > 0 && (
            <p className={classes.unavailableHint} role="status">
              {t('client.cart.unavailableHint')}
            </p>
          )}
          {closedHint && (
            <p className={classes.unavailableHint} role="status" id="closed-hint" data-testid="closed-hint">
              {closedHint}
            </p>
          )}
          {notNowById.size > 0 && (
            <p className={classes.unavailableHint} role="status">
              {t('client.availability.notNow', {
                names: cart.items
                  .filter((i) => notNowById.has(i.dish.id))
                  .map((i) => localName(i.dish, i18n.language))
                  .join(', '),
              })}
            </p>
          )}
          {charged && (
            <>
              <div className={`${classes.checkoutLine} ${ui.dimmed}`} data-testid="cart-dishes">
                <span>{t('client.cart.dishes')}</span>
                <span>{money(totals.items)}</span>
              </div>
              <div className={`${classes.checkoutLine} ${ui.dimmed}`} data-testid="cart-service-charge">
                <span>
                  {t('client.serviceCharge.line', {
                    name: charge.name,
                    rate: formatRateBp(charge.rateBp, i18n.language),
                  })}
                </span>
                <span>{money(totals.serviceCharge)}</span>
              </div>
            </>
          )}
          <div className={classes.checkoutTotal}>
            <span>{t('client.cart.total')}</span>
            <strong data-testid="cart-total">{money(totals.total)}</strong>
          </div>
          <Button
            ref={placeRef}
            fullWidth
            size="xl"
            loading={place.sending}
            disabled={unavailable.size > 0 || notNowById.size > 0 || closedHint !== null}
            aria-describedby={closedHint ? 'closed-hint' : undefined}
            onClick={submit}
          >
            {cart.addToOrderId
              ? t('client.cart.addToOrder', { number: cart.addToOrderNumber })
              : pickup
                ? t('client.pickup.placeOrder')
                : t('client.cart.placeOrder')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function CartRow({
  item,
  unavailable,
  notNow,
  onRemoved,
}: {
  item: CartItem;
  unavailable: boolean;
  /** "from 08:00" when the dish is outside its hours now, else null. */
  notNow: string | null;
  onRemoved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const name = localName(item.dish, i18n.language);
  const options = optionsText(itemOptions(item), i18n.language);
  // With options, the line is named with them ("Lemonade (0.5 L, Mint)"), so that two lines of a dish differ.
  const lineName = options ? `${name} (${options})` : name;
  const key = itemKey(item);
  const unit = itemUnitCents(item);
  return (
    <div className={classes.cartRow} data-unavailable={unavailable || notNow ? true : undefined} data-line={key}>
      <div className={classes.cartRowHead}>
        <DishPhoto src={item.dish.image} photo={item.dish.photo} alt="" variant="thumb" />
        <div className={classes.cartRowText}>
          <div className={classes.cartRowName}>{name}</div>
          {options && <div className={classes.cartRowOptions}>{options}</div>}
          <div className={`${classes.cartRowUnit} ${ui.dimmed}`} data-testid="cart-unit-price">
            {t('client.cart.unitPrice', { price: money(unit) })}
          </div>
          {unavailable && (
            <div className={classes.cartRowBadge}>
              <Badge color="red">{t('client.cart.unavailable')}</Badge>
            </div>
          )}
          {notNow && !unavailable && (
            <div className={classes.cartRowBadge}>
              <Badge color="gray">{notNow}</Badge>
            </div>
          )}
        </div>
        <IconButton
          variant="gray"
          onClick={() => {
            cartActions.delete(key);
            onRemoved();
          }}
          label={t('client.cart.remove', { name: lineName })}
        >
          <IconTrash size={22} />
        </IconButton>
      </div>
      <div className={classes.cartRowQty}>
        <QuantityControl
          name={lineName}
          quantity={item.quantity}
          minusDisabledAtOne
          onDecrease={() => cartActions.remove(key)}
          onIncrease={() => cartActions.add(item.dish, item.optionIds)}
        />
        <strong className={classes.cartRowSum} data-testid="cart-line-total">
          {money(unit * item.quantity)}
        </strong>
      </div>
      <TextField
        label={t('client.cart.itemNote', { name: lineName })}
        placeholder={t('client.cart.itemNotePlaceholder')}
        value={item.note}
        onChange={(note) => cartActions.setItemNote(key, note)}
        maxLength={500}
      />
    </div>
  );
}
