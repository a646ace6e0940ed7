import type { PlaceMenu } from '../api';
import { ApiError } from '../../../api/api-error';
import { OPTION_V } from '@qr-menu/contract/constants';
import { itemKey, type Cart, type CartDish } from '../cart/cart';

/** What to do with the cart after a failed "place order" / "add dishes", and what to tell the guest. */
export interface SubmitOutcome {
  /** i18n key of the message (interpolated with `id` = the order and `names` = the dropped dishes). */
  messageKey: string;
  /** More values of the message: `closedNow`'s `opensAt` (ISO or null), worded on the restaurant's clock. */
  values?: Record<string, unknown>;
  /** Dishes to take out of the cart (the server says they can no longer be ordered). */
  drop: number[];
  /** Cart lines to take out (their options are no longer valid: the guest chooses again). */
  dropLines: string[];
  droppedNames: CartDish[];
  /** Empty the cart, keeping the table and the restaurant (the server rejects its contents for good). */
  reset: boolean;
  /** Leave the "add dishes to order #N" mode (the order is closed or gone); the dishes stay for a new order. */
  leaveAddMode: boolean;
}

const UNAVAILABLE_FIELD = /^items\.(\d+)\.dishId$/;
const OPTIONS_FIELD = /^items\.(\d+)\.optionIds/;

/**
 * A failed order does not simply clear the cart: a guest's choice is kept whenever a retry
 * can succeed (network, 5xx, 429, inactive table). Only what the server rejects for good goes: unavailable or
 * deleted dishes are taken out one by one; any other permanent rejection (400, unknown table) resets the cart
 * keeping the table and the restaurant.
 *
 * `sent` is the cart as it was submitted (its items in the order they were sent).
 */
export async function submitErrorOutcome(
  err: unknown,
  sent: Cart,
  addToOrderId: number | null,
  refetchMenu: () => Promise<PlaceMenu | undefined>,
): Promise<SubmitOutcome> {
  const fallback = addToOrderId ? 'client.addError' : 'client.orderError';
  const outcome: SubmitOutcome = {
    messageKey: fallback,
    drop: [],
    dropLines: [],
    droppedNames: [],
    reset: false,
    leaveAddMode: false,
  };
  if (!(err instanceof ApiError)) return outcome; // network failure: keep everything, retry reuses the key

  const dropItems = (ids: number[]) => {
    const set = new Set(ids);
    const dishes = sent.items.filter((i) => set.has(i.dish.id)).map((i) => i.dish);
    return { ...outcome, messageKey: 'client.cart.removedUnavailable', drop: [...set], droppedNames: dishes };
  };

  if (err.status === 400) {
    const sentItem = (field: string, re: RegExp) => {
      const i = re.exec(field)?.[1];
      return i === undefined ? undefined : sent.items[Number(i)];
    };
    // Outside its hours: kept, the guest decides (it may be ordered later).
    const notNow = err.details
      .filter((d) => d.messageKey === OPTION_V.dishNotNow)
      .map((d) => sentItem(d.field, UNAVAILABLE_FIELD))
      .filter((i) => i !== undefined);
    if (notNow.length) {
      return { ...outcome, messageKey: 'client.availability.notNow', droppedNames: notNow.map((i) => i.dish) };
    }
    // Options changed on the menu since they were chosen: those lines go, to be chosen again.
    const badOptions = err.details.map((d) => sentItem(d.field, OPTIONS_FIELD)).filter((i) => i !== undefined);
    if (badOptions.length) {
      return {
        ...outcome,
        messageKey: 'client.cart.optionsChanged',
        dropLines: [...new Set(badOptions.map(itemKey))],
        droppedNames: [...new Set(badOptions.map((i) => i.dish))],
      };
    }
    const ids = err.details
      .map((d) => UNAVAILABLE_FIELD.exec(d.field)?.[1])
      .filter((i): i is string => i !== undefined)
      .map((i) => sent.items[Number(i)]?.dish.id)
      .filter((id): id is number => id !== undefined);
    if (ids.length) return dropItems(ids);
    return { ...outcome, reset: true };
  }
  if (err.status === 404) {
    // A dish was deleted, the order is not this phone's (or gone), or the table was removed.
    const menu = await refetchMenu().catch(() => undefined);
    if (menu) {
      const onMenu = new Set(menu.categories.flatMap((c) => c.dishes.map((d) => d.id)));
      const missing = sent.items.filter((i) => !onMenu.has(i.dish.id)).map((i) => i.dish.id);
      if (missing.length) return dropItems(missing);
      if (addToOrderId) return { ...outcome, leaveAddMode: true };
    }
    return { ...outcome, messageKey: 'client.tableNotFound', reset: true };
  }
  if (err.status === 409 && err.messageKey === 'orderClosed' && addToOrderId)
    return { ...outcome, messageKey: 'client.addMode.closed', leaveAddMode: true };
  if (err.messageKey === 'tableInactive') return { ...outcome, messageKey: 'errors.tableInactive' };
  // Counted portions ran short: a sold-out dish leaves the cart; with some left the guest orders fewer (kept).
  if (err.status === 409 && err.messageKey === 'notEnoughStock') {
    const dishId = err.params.dishId;
    const dish = sent.items.find((i) => i.dish.id === dishId)?.dish;
    if (dish && err.params.left === 0) return { ...dropItems([dish.id]), messageKey: 'client.cart.soldOutNow' };
    return {
      ...outcome,
      messageKey: 'client.cart.notEnoughStock',
      values: { left: err.params.left },
      droppedNames: dish ? [dish] : [],
    };
  }
  // Closed now (the phone's clock still said open): the cart stays for when the restaurant opens.
  if (err.status === 409 && err.messageKey === 'closedNow')
    return { ...outcome, messageKey: 'errors.closedNow', values: { opensAt: err.params.opensAt ?? null } };
  // The QR link's key is wrong or was rotated: the message asks to scan the table's code again.
  if (err.status === 403 && err.messageKey === 'tableKeyInvalid')
    return { ...outcome, messageKey: 'errors.tableKeyInvalid' };
  if (err.status === 429) return { ...outcome, messageKey: 'errors.tooManyRequests' };
  return outcome;
}
