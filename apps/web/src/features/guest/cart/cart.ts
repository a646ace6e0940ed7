import type { GuestMenuDish } from '@qr-menu/contract';
import { chosenOptions, fromCents, unitPriceCents, type DishOptionGroup } from '@qr-menu/contract/constants';

/**
 * The guest cart (kept in local storage) and its actions, as pure functions.
 * Totals are integer cents under the hood; `totalAmount` is the AZN number of the stored shape.
 *
 * A cart line is a dish with its chosen options: the same dish with other options is another line. Lines
 * are named by `lineKey` ("5" for a dish without options, as carts stored before options had it; "5:3.8" with
 * options 3 and 8); the actions below take that key (a dish id works for a dish without options).
 */
export type CartDish = GuestMenuDish;

/** The cart's place when the guest orders for pickup from the restaurant-wide link (no table). */
export const PICKUP_PLACE = 'pickup';
/** Where the cart's order goes: a table (its id) or PICKUP_PLACE. */
export type GuestPlace = number | typeof PICKUP_PLACE;
export const isPickup = (place: GuestPlace | null | undefined): place is typeof PICKUP_PLACE => place === PICKUP_PLACE;
/** The table of a place, or null for pickup and no place. */
export const tableOf = (place: GuestPlace | null | undefined): number | null =>
  typeof place === 'number' ? place : null;

export interface CartItem {
  dish: CartDish;
  quantity: number;
  note: string;
  /** The chosen options' ids, ascending ([] for none). */
  optionIds: number[];
}

export type LineKey = string | number;

/** The key of a dish with these options (order does not matter). */
export function lineKey(dishId: number, optionIds: readonly number[] = []): string {
  return optionIds.length ? `${dishId}:${[...optionIds].sort((a, b) => a - b).join('.')}` : String(dishId);
}

export const itemKey = (item: CartItem): string => lineKey(item.dish.id, item.optionIds);

const sameLine = (key: LineKey) => {
  const k = String(key);
  return (i: CartItem) => itemKey(i) === k;
};

/** The chosen options of a line as they are on the menu now (names and price deltas), in the dish's order. */
export const itemOptions = (item: CartItem) => chosenOptions(item.dish.optionGroups ?? [], item.optionIds);

/** Unit price of a line in cents: the dish's price plus its options' deltas. */
export const itemUnitCents = (item: CartItem): number => unitPriceCents(item.dish.price, itemOptions(item));

/** Portions of a dish in the cart over all its lines. */
export const dishQuantity = (cart: Cart, dishId: number): number =>
  cart.items.reduce((n, i) => (i.dish.id === dishId ? n + i.quantity : n), 0);

export interface Cart {
  items: CartItem[];
  totalQuantity: number;
  totalAmount: number;
  note: string;
  eateryId: number | null;
  /** The table the order goes to, or PICKUP_PLACE (ordering for pickup); null: none yet. */
  tableId: GuestPlace | null;
  tableNumber: string;
  eateryName: string;
  /** Set while the guest is choosing dishes to add to this existing order instead of placing a new one. */
  addToOrderId: number | null;
  /** That order's number of the day (what the guest sees: "add dishes to order #3"); set with `addToOrderId`. */
  addToOrderNumber: number | null;
  /** `Idempotency-Key` of the submission of these contents: reused on a retry, dropped when the contents change. */
  submissionKey: string | null;
}

export const MAX_QUANTITY = 99;

export const emptyCart = (): Cart => ({
  items: [],
  totalQuantity: 0,
  totalAmount: 0,
  note: '',
  eateryId: null,
  tableId: null,
  tableNumber: '',
  eateryName: '',
  addToOrderId: null,
  addToOrderNumber: null,
  submissionKey: null,
});

/** Sum of unit price (with options) × quantity in cents. */
export const itemsTotalCents = (items: readonly CartItem[]): number =>
  items.reduce((sum, i) => sum + itemUnitCents(i) * i.quantity, 0);

export const cartTotalCents = (cart: Cart): number => itemsTotalCents(cart.items);

/** Recomputes the totals; any change of the contents invalidates the pending submission key. */
function withItems(cart: Cart, items: CartItem[], contentsChanged = true): Cart {
  return {
    ...cart,
    items,
    totalQuantity: items.reduce((n, i) => n + i.quantity, 0),
    totalAmount: fromCents(itemsTotalCents(items)),
    submissionKey: contentsChanged ? null : cart.submissionKey,
  };
}

/**
 * Adds `quantity` portions (default one) of a dish with these options; the same line already in the cart gets its
 * quantity increased (up to 99). A note, when given, becomes the line's note.
 */
export function addDish(
  cart: Cart,
  dish: CartDish,
  optionIds: readonly number[] = [],
  quantity = 1,
  note?: string,
): Cart {
  const ids = [...new Set(optionIds)].sort((a, b) => a - b);
  const key = lineKey(dish.id, ids);
  const found = cart.items.find(sameLine(key));
  if (found && found.quantity >= MAX_QUANTITY) return cart;
  const add = Math.max(1, Math.trunc(quantity));
  const items = found
    ? cart.items.map((i) =>
        i === found ? { ...i, dish, quantity: Math.min(MAX_QUANTITY, i.quantity + add), note: note ?? i.note } : i,
      )
    : [...cart.items, { dish, quantity: Math.min(MAX_QUANTITY, add), note: note ?? '', optionIds: ids }];
  return withItems(cart, items);
}

/** Takes one portion of a line away; the last one removes the line. */
export function removeDish(cart: Cart, key: LineKey): Cart {
  const found = cart.items.find(sameLine(key));
  if (!found) return cart;
  const items =
    found.quantity <= 1
      ? cart.items.filter((i) => i !== found)
      : cart.items.map((i) => (i === found ? { ...i, quantity: i.quantity - 1 } : i));
  return withItems(cart, items);
}

/** Removes a line whatever its quantity. */
export function deleteDish(cart: Cart, key: LineKey): Cart {
  const found = cart.items.find(sameLine(key));
  if (!found) return cart;
  return withItems(
    cart,
    cart.items.filter((i) => i !== found),
  );
}

/** Sets a line's quantity; zero or less removes it; non-integers are truncated, more than 99 becomes 99. */
export function setQuantity(cart: Cart, key: LineKey, quantity: number): Cart {
  const q = Number.isFinite(quantity) ? Math.min(MAX_QUANTITY, Math.trunc(quantity)) : 0;
  if (q <= 0) return deleteDish(cart, key);
  const found = cart.items.find(sameLine(key));
  if (!found) return cart;
  return withItems(
    cart,
    cart.items.map((i) => (i === found ? { ...i, quantity: q } : i)),
  );
}

/** Note of one line. */
export function setItemNote(cart: Cart, key: LineKey, note: string): Cart {
  const found = cart.items.find(sameLine(key));
  if (!found) return cart;
  return withItems(
    cart,
    cart.items.map((i) => (i === found ? { ...i, note } : i)),
  );
}

/** Note of the whole order. */
export function setNote(cart: Cart, note: string): Cart {
  return { ...cart, note, submissionKey: null };
}

/** Empties everything, table and restaurant included. */
export const clearCart = (): Cart => emptyCart();

/** Empties dishes, notes and the add-to-order mode, keeping the table and the restaurant. */
export function resetCart(cart: Cart): Cart {
  return {
    ...emptyCart(),
    eateryId: cart.eateryId,
    tableId: cart.tableId,
    tableNumber: cart.tableNumber,
    eateryName: cart.eateryName,
  };
}

export interface TablePlace {
  eateryId: number;
  tableId: GuestPlace;
  tableNumber?: string;
  eateryName?: string;
}

/**
 * Sets the table and the restaurant. Another table or restaurant (a new QR code was scanned) starts a new cart:
 * dishes of one restaurant cannot be ordered at another, nor should a cart follow the guest to another table.
 */
export function setTableAndEatery(cart: Cart, place: TablePlace): Cart {
  const same = cart.eateryId === place.eateryId && cart.tableId === place.tableId;
  const base = same ? cart : { ...emptyCart(), eateryId: place.eateryId, tableId: place.tableId };
  const next = {
    ...base,
    tableNumber: place.tableNumber ?? base.tableNumber,
    eateryName: place.eateryName ?? base.eateryName,
  };
  return same && next.tableNumber === cart.tableNumber && next.eateryName === cart.eateryName ? cart : next;
}

/** The order dishes are added to: its id (for the API) and its number of the day (for the guest). */
export interface AddToOrder {
  id: number;
  number: number;
}

/** Enters ("add dishes to order #N") or leaves (null) the add-to-order mode; the chosen dishes stay. */
export function setAddToOrder(cart: Cart, order: AddToOrder | null): Cart {
  const id = order?.id ?? null;
  const number = order?.number ?? null;
  if (cart.addToOrderId === id && cart.addToOrderNumber === number) return cart;
  return { ...cart, addToOrderId: id, addToOrderNumber: number, submissionKey: null };
}

/** Remembers the key of the submission about to be sent (kept until the contents change). */
export function withSubmissionKey(cart: Cart, key: string): Cart {
  return cart.submissionKey ? cart : { ...cart, submissionKey: key };
}

/**
 * Refreshes the stored dish data (names, price, photo) from a freshly loaded menu, so the cart shows the prices
 * the server will charge. Dishes no longer on the menu are kept (the cart page flags them).
 */
export function refreshDishes(cart: Cart, dishes: ReadonlyMap<number, CartDish>): Cart {
  let changed = false;
  const items = cart.items.map((i) => {
    const fresh = dishes.get(i.dish.id);
    if (!fresh || JSON.stringify(fresh) === JSON.stringify(i.dish)) return i;
    changed = true;
    return { ...i, dish: fresh };
  });
  return changed ? withItems(cart, items, false) : cart;
}

/** Drops the given lines (e.g. options the server said are no longer valid). */
export function dropLines(cart: Cart, keys: readonly LineKey[]): Cart {
  const drop = new Set(keys.map(String));
  return withItems(
    cart,
    cart.items.filter((i) => !drop.has(itemKey(i))),
  );
}

/** Drops the given dishes, every line of them (e.g. those the server said are no longer available). */
export function dropDishes(cart: Cart, dishIds: readonly number[]): Cart {
  const drop = new Set(dishIds);
  return withItems(
    cart,
    cart.items.filter((i) => !drop.has(i.dish.id)),
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const isNum = (v: unknown) => typeof v === 'number' && v >= 0;

/**
 * A stored dish's option groups, kept when each group and option has the numbers prices are made of; otherwise none
 * (the menu's fresh copy replaces them as soon as it loads).
 */
function parseGroups(v: unknown[]): DishOptionGroup[] {
  const ok = v.every(
    (g) =>
      isObject(g) &&
      isNum(g.id) &&
      isNum(g.minChoices) &&
      isNum(g.maxChoices) &&
      Array.isArray(g.options) &&
      g.options.every((o) => isObject(o) && isNum(o.id) && isNum(o.priceDelta)),
  );
  return ok ? (v as DishOptionGroup[]) : [];
}

function parseDish(v: unknown): CartDish | null {
  if (!isObject(v) || num(v.id) === null || typeof v.price !== 'number' || !(v.price >= 0)) return null;
  return {
    id: v.id as number,
    nameAz: str(v.nameAz),
    nameEn: str(v.nameEn),
    nameRu: str(v.nameRu),
    descriptionAz: str(v.descriptionAz),
    descriptionEn: str(v.descriptionEn),
    descriptionRu: str(v.descriptionRu),
    price: v.price,
    image: typeof v.image === 'string' ? v.image : null,
    ...(Array.isArray(v.optionGroups) ? { optionGroups: parseGroups(v.optionGroups) } : {}),
  };
}

/** Stored option ids: positive integers, unique, ascending; anything else: none (a cart from before options). */
function parseOptionIds(v: unknown): number[] {
  if (!Array.isArray(v)) return [];
  const ids = v.map(num).filter((id): id is number => id !== null);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Reads a stored cart defensively: anything malformed is dropped, totals are recomputed. */
export function parseCart(raw: string | null): Cart {
  if (!raw) return emptyCart();
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return emptyCart();
  }
  if (!isObject(data)) return emptyCart();
  const items: CartItem[] = [];
  for (const it of Array.isArray(data.items) ? data.items : []) {
    if (!isObject(it)) continue;
    const dish = parseDish(it.dish);
    const quantity = num(it.quantity);
    if (!dish || quantity === null) continue;
    const optionIds = parseOptionIds(it.optionIds);
    if (items.some(sameLine(lineKey(dish.id, optionIds)))) continue;
    items.push({ dish, quantity: Math.min(MAX_QUANTITY, quantity), note: str(it.note), optionIds });
  }
  // The order's id and number, or neither: a cart saved before order numbers leaves the add-to-order mode.
  const addToId = num(data.addToOrderId);
  const addToNumber = num(data.addToOrderNumber);
  const base = setAddToOrder(
    {
      ...emptyCart(),
      note: str(data.note),
      eateryId: num(data.eateryId),
      tableId: data.tableId === PICKUP_PLACE ? PICKUP_PLACE : num(data.tableId),
      tableNumber: str(data.tableNumber),
      eateryName: str(data.eateryName),
    },
    addToId && addToNumber ? { id: addToId, number: addToNumber } : null,
  );
  return {
    ...withItems(base, items),
    submissionKey: typeof data.submissionKey === 'string' ? data.submissionKey : null,
  };
}
