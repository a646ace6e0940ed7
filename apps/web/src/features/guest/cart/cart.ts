import type { GuestMenuDish } from '@qr-menu/contract';
import { fromCents, toCents } from '@qr-menu/contract/constants';

/**
 * The guest cart of SPEC.md §3 (kept in local storage) and its actions of SPEC.md §4, as pure functions.
 * Totals are integer cents under the hood; `totalAmount` is the AZN number of the stored shape.
 */
export type CartDish = GuestMenuDish;

export interface CartItem {
  dish: CartDish;
  quantity: number;
  note: string;
}

export interface Cart {
  items: CartItem[];
  totalQuantity: number;
  totalAmount: number;
  note: string;
  eateryId: number | null;
  tableId: number | null;
  tableNumber: string;
  eateryName: string;
  /** Set while the guest is choosing dishes to add to this existing order instead of placing a new one. */
  addToOrderId: number | null;
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
  submissionKey: null,
});

/** Sum of price × quantity in cents. */
export const itemsTotalCents = (items: readonly CartItem[]): number =>
  items.reduce((sum, i) => sum + toCents(i.dish.price) * i.quantity, 0);

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

/** Adds one portion; a dish already in the cart gets its quantity increased (up to 99). */
export function addDish(cart: Cart, dish: CartDish): Cart {
  const found = cart.items.find((i) => i.dish.id === dish.id);
  if (found && found.quantity >= MAX_QUANTITY) return cart;
  const items = found
    ? cart.items.map((i) => (i.dish.id === dish.id ? { ...i, dish, quantity: i.quantity + 1 } : i))
    : [...cart.items, { dish, quantity: 1, note: '' }];
  return withItems(cart, items);
}

/** Takes one portion away; the last one removes the dish. */
export function removeDish(cart: Cart, dishId: number): Cart {
  const found = cart.items.find((i) => i.dish.id === dishId);
  if (!found) return cart;
  const items =
    found.quantity <= 1
      ? cart.items.filter((i) => i.dish.id !== dishId)
      : cart.items.map((i) => (i.dish.id === dishId ? { ...i, quantity: i.quantity - 1 } : i));
  return withItems(cart, items);
}

/** Removes a dish whatever its quantity. */
export function deleteDish(cart: Cart, dishId: number): Cart {
  if (!cart.items.some((i) => i.dish.id === dishId)) return cart;
  return withItems(
    cart,
    cart.items.filter((i) => i.dish.id !== dishId),
  );
}

/** Sets the quantity; zero or less removes the dish; non-integers are truncated, more than 99 becomes 99. */
export function setQuantity(cart: Cart, dishId: number, quantity: number): Cart {
  const q = Number.isFinite(quantity) ? Math.min(MAX_QUANTITY, Math.trunc(quantity)) : 0;
  if (q <= 0) return deleteDish(cart, dishId);
  if (!cart.items.some((i) => i.dish.id === dishId)) return cart;
  return withItems(
    cart,
    cart.items.map((i) => (i.dish.id === dishId ? { ...i, quantity: q } : i)),
  );
}

/** Note of one dish. */
export function setItemNote(cart: Cart, dishId: number, note: string): Cart {
  if (!cart.items.some((i) => i.dish.id === dishId)) return cart;
  return withItems(
    cart,
    cart.items.map((i) => (i.dish.id === dishId ? { ...i, note } : i)),
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
  tableId: number;
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

/** Enters ("add dishes to order #N") or leaves (null) the add-to-order mode; the chosen dishes stay. */
export function setAddToOrder(cart: Cart, orderId: number | null): Cart {
  return cart.addToOrderId === orderId ? cart : { ...cart, addToOrderId: orderId, submissionKey: null };
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

/** Drops the given dishes (e.g. those the server said are no longer available). */
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
  };
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
    if (!dish || quantity === null || items.some((i) => i.dish.id === dish.id)) continue;
    items.push({ dish, quantity: Math.min(MAX_QUANTITY, quantity), note: str(it.note) });
  }
  const base: Cart = {
    ...emptyCart(),
    note: str(data.note),
    eateryId: num(data.eateryId),
    tableId: num(data.tableId),
    tableNumber: str(data.tableNumber),
    eateryName: str(data.eateryName),
    addToOrderId: num(data.addToOrderId),
  };
  return {
    ...withItems(base, items),
    submissionKey: typeof data.submissionKey === 'string' ? data.submissionKey : null,
  };
}
