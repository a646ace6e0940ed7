// Placing the cart (the cart page only): kept apart from use-place.ts so that the menu page's first load does not
// carry the outbox and the error handling of sending an order (the guest page's first-load budget).
import { useCallback, useEffect, useRef } from 'react';
import type { GuestOrder } from '@qr-menu/contract';
import { localName } from '@qr-menu/contract/constants';
import { useTranslation } from './i18n';
import { isPickup, type CartDish, type GuestPlace } from '../cart/cart';
import { cartActions, getCart } from '../cart/cart-store';
import { addItems, placeOrder, placePickupOrder, type PlaceMenu } from '../api';
import { isOnline } from '../offline/online-status';
import * as outbox from '../offline/order-outbox';
import { forgetPendingOrder, pendingOrderKey, rememberPendingOrder } from '../offline/pending-order';
import { isNetworkError } from '../offline/send-when-online';
import { faultRequestId, requestIdNote } from '../../../api/error-text';
import { closedNowError } from './orders-closed';
import { submitErrorOutcome } from './submit-errors';
import { tableKeyOf } from './table-key';
import { savedCustomer } from '../pickup/pickup-customer';

export interface PlaceOrderOptions {
  /** The table's menu again (to tell which dishes are gone after a 404). */
  refetchMenu: () => Promise<PlaceMenu | undefined>;
  /** The server took the order (the cart is already emptied): update caches, go to the confirmation. */
  onPlaced: (order: GuestOrder) => void;
  /** The restaurant's time zone: a "closed now" refusal says when it opens on that clock. */
  timeZone?: string;
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
 * Placing the cart, with or without a connection. A new order carries the cart's Idempotency-Key, kept
 * until the contents change, so it is sent again with the same key after any network failure (when the browser is
 * online again, or after a growing delay) and the server makes one order however many tries reach it. Dishes added
 * to an open order carry no key: they are sent again only when the failure came with the browser offline (the
 * request could not leave the phone); otherwise the guest sees an error and decides.
 */
export function usePlaceOrder(eateryId: number, place: GuestPlace, opts: PlaceOrderOptions): PlaceOrder {
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
      return {
        key: outcome.messageKey,
        values: {
          ...outcome.values,
          number: sent.addToOrderNumber,
          dishes: outcome.droppedNames,
          requestId: faultRequestId(err),
        },
      };
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
    const note = sent.note.trim() || null;
    // Whom to call: as the guest last typed it (kept on the phone, so an order sent again after a reload has it).
    const customer = savedCustomer();
    void outbox.submit({
      id: idempotencyKey,
      send: () =>
        isPickup(place)
          ? placePickupOrder({
              eateryId,
              items,
              note,
              idempotencyKey,
              customerName: customer.name.trim(),
              customerPhone: customer.phone.trim() || null,
            })
          : placeOrder({
              eateryId,
              tableId: place,
              items,
              note,
              idempotencyKey,
              tableKey: tableKeyOf(eateryId, place),
            }),
      retryable: isNetworkError,
      onSent,
      onFailed,
    });
  }, [eateryId, place]);

  // An order that was waiting for the connection when the page went away: send it again, same key.
  useEffect(() => {
    const cart = getCart();
    const pending = pendingOrderKey();
    if (!pending || outbox.getOutbox().phase !== 'idle') return;
    if (cart.submissionKey === pending && !cart.addToOrderId && cart.eateryId === eateryId) submit();
    else forgetPendingOrder();
  }, [eateryId, submit]);

  let error: string | null = null;
  if (message?.key === 'errors.closedNow') error = closedNowError(message.values?.opensAt, opts.timeZone, t);
  else if (message) {
    const dishes = (message.values?.dishes as CartDish[] | undefined) ?? [];
    const names = dishes.map((d) => localName(d, i18n.language)).join(', ');
    error =
      t(message.key, { ...message.values, names }) + requestIdNote(message.values?.requestId as string | undefined, t);
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
