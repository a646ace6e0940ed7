import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { GuestMenu, GuestOrder } from '@qr-menu/contract';
import { localName } from '@qr-menu/contract/constants';
import { useTranslation } from './i18n';
import type { CartDish } from '../cart/cart';
import { cartActions, getCart } from '../cart/cart-store';
import { addItems, placeOrder, useMenu } from '../api';
import { isOnline } from '../offline/online-status';
import * as outbox from '../offline/order-outbox';
import { forgetPendingOrder, pendingOrderKey, rememberPendingOrder } from '../offline/pending-order';
import { isNetworkError } from '../offline/send-when-online';
import { submitErrorOutcome } from './submit-errors';
import { rememberTableKey, tableKeyOf } from './table-key';

/** A positive integer from a route parameter, else null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * Keeps the cart on the given table: a different table or restaurant starts a new cart (SPEC.md §4 "set table and
 * eatery"). Once the menu is loaded, the restaurant name, the table number and the cart's dish prices are refreshed.
 */
export function usePlaceSync(eateryId: number | null, tableId: number | null) {
  useEffect(() => {
    if (!eateryId || !tableId) return;
    cartActions.setTableAndEatery({ eateryId, tableId });
    // The QR link's `?k=` (issue 17), kept for this table while the tab lives.
    rememberTableKey(eateryId, tableId, window.location.search);
  }, [eateryId, tableId]);
  const menu = useMenu(eateryId, tableId);
  const data = menu.data;
  useEffect(() => {
    if (!data || !eateryId || !tableId) return;
    cartActions.setTableAndEatery({ eateryId, tableId, tableNumber: data.tableName, eateryName: data.eateryName });
    rememberTimeZone(eateryId, data.timeZone);
    const dishes = new Map<number, CartDish>();
    for (const c of data.categories) for (const d of c.dishes) dishes.set(d.id, d);
    cartActions.refreshDishes(dishes);
  }, [data, eateryId, tableId]);
  return menu;
}

const TIME_ZONES_KEY = 'timeZones';

function readTimeZones(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(TIME_ZONES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Keeps each restaurant's time zone from its menu, for pages that show times without loading the menu. */
export function rememberTimeZone(eateryId: number, timeZone: string | undefined) {
  if (!timeZone) return;
  const zones = readTimeZones();
  if (zones[eateryId] === timeZone) return;
  try {
    localStorage.setItem(TIME_ZONES_KEY, JSON.stringify({ ...zones, [eateryId]: timeZone }));
  } catch {
    // Private mode or a full storage: times then show on the phone's clock, unnamed.
  }
}

/**
 * The restaurant's IANA time zone as its menu last gave it (the confirmation and "My orders" pages pass it to
 * formatOrderDate), or undefined before its menu was ever loaded on this phone.
 */
export function restaurantTimeZone(eateryId: number | null): string | undefined {
  if (!eateryId || typeof localStorage === 'undefined') return undefined;
  const zone = readTimeZones()[eateryId];
  return typeof zone === 'string' ? zone : undefined;
}

const noSubscription = () => () => {};

/** restaurantTimeZone as a hook: undefined while hydrating server HTML (the server has no local storage). */
export function useRestaurantTimeZone(eateryId: number | null): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => restaurantTimeZone(eateryId),
    () => undefined,
  );
}

export interface PlaceOrderOptions {
  /** The table's menu again (to tell which dishes are gone after a 404). */
  refetchMenu: () => Promise<GuestMenu | undefined>;
  /** The server took the order (the cart is already emptied): update caches, go to the confirmation. */
  onPlaced: (order: GuestOrder) => void;
}

export interface PlaceOrder {
  /** Sends the cart: a new order (with the cart's Idempotency-Key) or, in add mode, dishes for that order. */
  submit: () => void;
  /** On its way or waiting for the connection: the button shows it is busy. */
  sending: boolean;
  /** No connection: show t('client.offline.willSend'); it goes by itself when the connection is back. */
  waitingForNetwork: boolean;
  /** Why it failed, translated (null: nothing to say). */
  error: string | null;
  dismissError: () => void;
  /** Stops waiting for the connection (the cart keeps its key: placing it later cannot make a second order). */
  cancel: () => void;
}

/**
 * Placing the cart, with or without a connection (issue 14). A new order carries the cart's Idempotency-Key, kept
 * until the contents change, so it is sent again with the same key after any network failure (when the browser is
 * online again, or after a growing delay) and the server makes one order however many tries reach it. Dishes added
 * to an open order carry no key: they are sent again only when the failure came with the browser offline (the
 * request could not leave the phone); otherwise the guest sees an error and decides.
 */
export function usePlaceOrder(eateryId: number, tableId: number, opts: PlaceOrderOptions): PlaceOrder {
  const { t, i18n } = useTranslation();
  const { phase, message } = outbox.useOutbox();
  // The latest callbacks, for answers that arrive after a re-render (or after the guest left the page).
  const optsRef = useRef(opts);
  useEffect(() => {
    optsRef.current = opts;
  });

  const submit = useCallback(() => {
    const sent = getCart();
    if (sent.items.length === 0) return;
    const items = sent.items.map((i) => ({
      dishId: i.dish.id,
      quantity: i.quantity,
      note: i.note.trim() || null,
      ...(i.optionIds.length ? { optionIds: i.optionIds } : {}),
    }));
    const orderId = sent.addToOrderId;
    const onSent = (order: GuestOrder) => {
      forgetPendingOrder();
      cartActions.reset();
      optsRef.current.onPlaced(order);
    };
    const onFailed = async (err: unknown): Promise<outbox.OutboxMessage> => {
      forgetPendingOrder();
      const outcome = await submitErrorOutcome(err, sent, orderId, () => optsRef.current.refetchMenu());
      if (outcome.drop.length) cartActions.dropDishes(outcome.drop);
      if (outcome.dropLines.length) cartActions.dropLines(outcome.dropLines);
      if (outcome.leaveAddMode) cartActions.setAddToOrder(null);
      if (outcome.reset) cartActions.reset();
      return { key: outcome.messageKey, values: { id: orderId, dishes: outcome.droppedNames } };
    };
    if (orderId) {
      void outbox.submit({
        id: `add:${orderId}:${JSON.stringify(items)}`,
        send: () => addItems(eateryId, orderId, items),
        retryable: (err) => isNetworkError(err) && !isOnline(),
        onSent,
        onFailed,
      });
      return;
    }
    const idempotencyKey = cartActions.submissionKey();
    rememberPendingOrder(idempotencyKey);
    void outbox.submit({
      id: idempotencyKey,
      send: () =>
        placeOrder({
          eateryId,
          tableId,
          items,
          note: sent.note.trim() || null,
          idempotencyKey,
          tableKey: tableKeyOf(eateryId, tableId),
        }),
      retryable: isNetworkError,
      onSent,
      onFailed,
    });
  }, [eateryId, tableId]);

  // An order that was waiting for the connection when the page went away: send it again, same key.
  useEffect(() => {
    const cart = getCart();
    const pending = pendingOrderKey();
    if (!pending || outbox.getOutbox().phase !== 'idle') return;
    if (cart.submissionKey === pending && !cart.addToOrderId && cart.eateryId === eateryId) submit();
    else forgetPendingOrder();
  }, [eateryId, submit]);

  let error: string | null = null;
  if (message) {
    const dishes = (message.values?.dishes as CartDish[] | undefined) ?? [];
    const names = dishes.map((d) => localName(d, i18n.language)).join(', ');
    error = t(message.key, { ...message.values, names });
  }
  return {
    submit,
    sending: phase !== 'idle',
    waitingForNetwork: phase === 'waiting',
    error,
    dismissError: outbox.dismissMessage,
    cancel: outbox.cancel,
  };
}
