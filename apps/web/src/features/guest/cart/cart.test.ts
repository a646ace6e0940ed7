import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDish,
  cartTotalCents,
  clearCart,
  deleteDish,
  dropDishes,
  emptyCart,
  parseCart,
  refreshDishes,
  removeDish,
  resetCart,
  setAddToOrder,
  setItemNote,
  setNote,
  setQuantity,
  setTableAndEatery,
  withSubmissionKey,
  type Cart,
} from './cart';
import { testDish } from './test-dish';
import { CART_STORAGE_KEY, cartActions, getCart, newKey, resetCartStoreForTests } from './cart-store';

const dish = (id: number, price: number) => testDish(id, { nameAz: `Yemək ${id}`, price });

const atTable = (): Cart =>
  setTableAndEatery(emptyCart(), { eateryId: 2, tableId: 7, tableNumber: '7', eateryName: 'Dadlı Ev' });

describe('cart actions', () => {
  it('adding a dish twice increments its quantity', () => {
    let cart = addDish(atTable(), dish(1, 4.5));
    cart = addDish(cart, dish(1, 4.5));
    cart = addDish(cart, dish(2, 3));
    expect(cart.items.map((i) => [i.dish.id, i.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(cart.totalQuantity).toBe(3);
    expect(cart.totalAmount).toBe(12);
  });

  it('stops at 99 portions', () => {
    let cart = setQuantity(addDish(atTable(), dish(1, 1)), 1, 99);
    cart = addDish(cart, dish(1, 1));
    expect(cart.items[0].quantity).toBe(99);
    expect(setQuantity(cart, 1, 500).items[0].quantity).toBe(99);
  });

  it('remove decrements and removes the dish at 1', () => {
    let cart = addDish(addDish(atTable(), dish(1, 2)), dish(1, 2));
    cart = removeDish(cart, 1);
    expect(cart.items[0].quantity).toBe(1);
    cart = removeDish(cart, 1);
    expect(cart.items).toEqual([]);
    expect(cart.totalQuantity).toBe(0);
    expect(cart.totalAmount).toBe(0);
    expect(removeDish(cart, 42)).toBe(cart);
  });

  it('set quantity: zero or less removes, fractions are truncated', () => {
    const cart = addDish(addDish(atTable(), dish(1, 2)), dish(2, 3));
    expect(setQuantity(cart, 1, 0).items.map((i) => i.dish.id)).toEqual([2]);
    expect(setQuantity(cart, 1, -3).items.map((i) => i.dish.id)).toEqual([2]);
    expect(setQuantity(cart, 1, Number.NaN).items.map((i) => i.dish.id)).toEqual([2]);
    expect(setQuantity(cart, 2, 4.7).items[1].quantity).toBe(4);
    expect(setQuantity(cart, 99, 3)).toBe(cart);
  });

  it('delete removes a dish whatever its quantity', () => {
    const cart = setQuantity(addDish(atTable(), dish(1, 2)), 1, 5);
    expect(deleteDish(cart, 1).items).toEqual([]);
  });

  it('notes per dish and for the order', () => {
    let cart = addDish(atTable(), dish(1, 2));
    cart = setItemNote(cart, 1, 'no onions');
    cart = setNote(cart, 'window seat');
    expect(cart.items[0].note).toBe('no onions');
    expect(cart.note).toBe('window seat');
    // Adding again keeps the note.
    expect(addDish(cart, dish(1, 2)).items[0].note).toBe('no onions');
  });

  it('clear empties everything; reset keeps only the table and the restaurant', () => {
    let cart = setNote(addDish(atTable(), dish(1, 2)), 'x');
    cart = setAddToOrder(cart, { id: 12, number: 2 });
    expect(clearCart()).toEqual(emptyCart());
    const reset = resetCart(cart);
    expect(reset).toEqual({
      ...emptyCart(),
      eateryId: 2,
      tableId: 7,
      tableNumber: '7',
      eateryName: 'Dadlı Ev',
    });
  });

  it('set table and eatery: same table keeps the cart, another table or restaurant starts a new one', () => {
    const cart = addDish(atTable(), dish(1, 2));
    expect(setTableAndEatery(cart, { eateryId: 2, tableId: 7 })).toBe(cart);
    const renamed = setTableAndEatery(cart, { eateryId: 2, tableId: 7, tableNumber: '7A', eateryName: 'New' });
    expect(renamed.items).toHaveLength(1);
    expect(renamed.tableNumber).toBe('7A');
    const otherTable = setTableAndEatery(cart, { eateryId: 2, tableId: 8 });
    expect(otherTable.items).toEqual([]);
    expect(otherTable.tableId).toBe(8);
    expect(otherTable.tableNumber).toBe('');
    const otherEatery = setTableAndEatery(cart, { eateryId: 3, tableId: 7 });
    expect(otherEatery.items).toEqual([]);
    expect(otherEatery.eateryId).toBe(3);
  });

  it('the submission key survives a retry and is dropped when the contents change', () => {
    let cart = withSubmissionKey(addDish(atTable(), dish(1, 2)), 'k1');
    expect(withSubmissionKey(cart, 'k2').submissionKey).toBe('k1');
    expect(addDish(cart, dish(1, 2)).submissionKey).toBeNull();
    expect(setItemNote(cart, 1, 'x').submissionKey).toBeNull();
    expect(setNote(cart, 'x').submissionKey).toBeNull();
    cart = refreshDishes(cart, new Map([[1, dish(1, 2.5)]]));
    expect(cart.submissionKey).toBe('k1');
  });

  it('refreshDishes takes the current prices; dropDishes removes dishes', () => {
    let cart = addDish(addDish(atTable(), dish(1, 2)), dish(2, 3));
    cart = refreshDishes(cart, new Map([[1, dish(1, 2.25)]]));
    expect(cart.items[0].dish.price).toBe(2.25);
    expect(cart.totalAmount).toBe(5.25);
    expect(refreshDishes(cart, new Map([[1, dish(1, 2.25)]]))).toBe(cart);
    expect(dropDishes(cart, [2]).items.map((i) => i.dish.id)).toEqual([1]);
  });
});

describe('totals in exact cents', () => {
  it('sums prices that floats get wrong', () => {
    // 0.1 + 0.2 !== 0.3 and 3 × 1.15 = 3.4499999999999997 in floating point.
    let cart = addDish(addDish(atTable(), dish(1, 0.1)), dish(2, 0.2));
    expect(cartTotalCents(cart)).toBe(30);
    expect(cart.totalAmount).toBe(0.3);
    cart = setQuantity(addDish(atTable(), dish(3, 1.15)), 3, 3);
    expect(cartTotalCents(cart)).toBe(345);
    expect(cart.totalAmount).toBe(3.45);
  });

  it('adds many small prices without drift', () => {
    let cart = atTable();
    for (let i = 1; i <= 50; i++) cart = setQuantity(addDish(cart, dish(i, 4.35)), i, 99);
    expect(cartTotalCents(cart)).toBe(435 * 99 * 50);
    expect(cart.totalAmount).toBe(21532.5);
    expect(cart.totalQuantity).toBe(99 * 50);
  });
});

describe('stored cart', () => {
  it('round-trips through JSON and recomputes totals', () => {
    const cart = setNote(setItemNote(addDish(addDish(atTable(), dish(1, 1.1)), dish(1, 1.1)), 1, 'n'), 'o');
    const parsed = parseCart(JSON.stringify({ ...cart, totalAmount: 999, totalQuantity: 999 }));
    expect(parsed).toEqual(cart);
    expect(parsed.totalAmount).toBe(2.2);
  });

  it('keeps the order dishes are added to with its number; a cart stored without the number leaves that mode', () => {
    const cart = setAddToOrder(addDish(atTable(), dish(1, 2)), { id: 12, number: 2 });
    expect(cart).toMatchObject({ addToOrderId: 12, addToOrderNumber: 2 });
    expect(parseCart(JSON.stringify(cart))).toEqual(cart);
    const stored = parseCart(JSON.stringify({ ...cart, addToOrderNumber: undefined }));
    expect(stored).toMatchObject({ addToOrderId: null, addToOrderNumber: null, items: cart.items });
    expect(setAddToOrder(cart, null)).toMatchObject({ addToOrderId: null, addToOrderNumber: null });
  });

  it('drops malformed data', () => {
    expect(parseCart(null)).toEqual(emptyCart());
    expect(parseCart('{not json')).toEqual(emptyCart());
    expect(parseCart('[1,2]').items).toEqual([]);
    const parsed = parseCart(
      JSON.stringify({
        eateryId: 'x',
        tableId: -1,
        items: [{ dish: { id: 1, price: 'free' }, quantity: 1 }, { dish: dish(2, 1), quantity: 0 }, null],
      }),
    );
    expect(parsed).toEqual(emptyCart());
  });
});

describe('cart store', () => {
  beforeEach(() => {
    localStorage.clear();
    resetCartStoreForTests();
  });

  it('persists every change in local storage with the stored cart shape', () => {
    cartActions.setTableAndEatery({ eateryId: 2, tableId: 7, tableNumber: '7', eateryName: 'Dadlı Ev' });
    cartActions.add(dish(1, 2.5));
    cartActions.setItemNote(1, 'spicy');
    cartActions.setNote('hi');
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!);
    expect(stored).toMatchObject({
      items: [{ dish: { id: 1, price: 2.5 }, quantity: 1, note: 'spicy' }],
      totalQuantity: 1,
      totalAmount: 2.5,
      note: 'hi',
      eateryId: 2,
      tableId: 7,
      tableNumber: '7',
      eateryName: 'Dadlı Ev',
    });
    resetCartStoreForTests();
    expect(getCart().items[0].note).toBe('spicy');
  });

  it('vibrates 50 ms on add where supported, and works without it', () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    cartActions.add(dish(1, 1));
    expect(vibrate).toHaveBeenCalledWith(50);
    Object.defineProperty(navigator, 'vibrate', { value: undefined, configurable: true });
    cartActions.add(dish(1, 1));
    expect(getCart().items[0].quantity).toBe(2);
  });

  it('reuses the submission key until the cart changes', () => {
    cartActions.add(dish(1, 1));
    const k = cartActions.submissionKey();
    expect(k).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(cartActions.submissionKey()).toBe(k);
    cartActions.add(dish(1, 1));
    expect(cartActions.submissionKey()).not.toBe(k);
    expect(newKey()).not.toBe(newKey());
  });
});
