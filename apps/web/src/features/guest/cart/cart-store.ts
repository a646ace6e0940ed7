import { useSyncExternalStore } from 'react';
import * as ops from './cart';
import type { Cart, CartDish, LineKey, TablePlace } from './cart';

/** Local storage key of the guest cart. */
export const CART_STORAGE_KEY = 'cart';

const VIBRATION_MS = 50;

function read(): Cart {
  try {
    return ops.parseCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return ops.emptyCart();
  }
}

let state: Cart | null = null;
const listeners = new Set<() => void>();

const current = (): Cart => (state ??= read());

function commit(next: Cart) {
  if (next === current()) return;
  state = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the cart still works for this page's life.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same guest changed the cart.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== CART_STORAGE_KEY && e.key !== null) return;
    state = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const getCart = current;

/**
 * What the server renders and the client hydrates: an empty cart on the page's table (the server has no local
 * storage), so the header names the restaurant. The client then re-renders with the stored cart, so hydrating
 * server HTML never mismatches.
 */
let serverCartValue: Cart = ops.emptyCart();
const serverCart = () => serverCartValue;

/** The table of a server-rendered page (null: none), for the cart the server renders and the client hydrates. */
export function setServerPlace(place: TablePlace | null) {
  serverCartValue = place ? ops.setTableAndEatery(ops.emptyCart(), place) : ops.emptyCart();
}

const noSubscribe = () => () => {};

/**
 * Whether the page shows the stored cart: false on the server and while hydrating its page (the server has no
 * local storage, so its cart is empty), true from the next render on. A page says "the cart is empty" only when true.
 */
export function useCartStored(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** The cart, re-rendering on every change. */
export function useCart(): Cart {
  return useSyncExternalStore(subscribe, current, serverCart);
}

/** A short buzz on phones that support it (50 ms on adding a dish). */
function vibrate() {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION_MS);
  } catch {
    // Some browsers throw when vibration is blocked; adding still works.
  }
}

/** Every cart action, applied to the stored cart. */
export const cartActions = {
  /** One portion (or `quantity`) of a dish with these options: a line of its own per choice of options. */
  add(dish: CartDish, optionIds: readonly number[] = [], quantity = 1, note?: string) {
    commit(ops.addDish(current(), dish, optionIds, quantity, note));
    vibrate();
  },
  remove: (key: LineKey) => commit(ops.removeDish(current(), key)),
  delete: (key: LineKey) => commit(ops.deleteDish(current(), key)),
  setQuantity: (key: LineKey, quantity: number) => commit(ops.setQuantity(current(), key, quantity)),
  setItemNote: (key: LineKey, note: string) => commit(ops.setItemNote(current(), key, note)),
  setNote: (note: string) => commit(ops.setNote(current(), note)),
  clear: () => commit(ops.clearCart()),
  reset: () => commit(ops.resetCart(current())),
  setTableAndEatery: (place: TablePlace) => commit(ops.setTableAndEatery(current(), place)),
  setAddToOrder: (order: ops.AddToOrder | null) => commit(ops.setAddToOrder(current(), order)),
  refreshDishes: (dishes: ReadonlyMap<number, CartDish>) => commit(ops.refreshDishes(current(), dishes)),
  dropDishes: (dishIds: readonly number[]) => commit(ops.dropDishes(current(), dishIds)),
  dropLines: (keys: readonly LineKey[]) => commit(ops.dropLines(current(), keys)),
  /** The submission key of the current contents, created on first use and reused on every retry. */
  submissionKey(): string {
    const next = ops.withSubmissionKey(current(), newKey());
    commit(next);
    return next.submissionKey!;
  },
};

/** A random UUID v4; `crypto.randomUUID` exists only on secure origins, so build one from random bytes. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Tests start from a clean store. */
export function resetCartStoreForTests() {
  state = null;
}
