import { describe, expect, it } from 'vitest';
import type { GuestMenu } from '@qr-menu/contract';
import { localDescription, localName } from '@qr-menu/contract/constants';
import { ApiError } from '../../../api/api-error';
import { addDish, emptyCart } from '../cart/cart';
import { testDish } from '../cart/test-dish';
import { submitErrorOutcome } from './submit-errors';
import {
  IconBowl,
  IconCup,
  IconGlassFull,
  IconIceCream,
  IconCake,
  IconPizza,
  IconSalad,
  IconSoup,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import { categoryIcon } from './category-icon';
import { formatCents } from './money';

const dish = (id: number) => testDish(id);
const cart = addDish(addDish(addDish(emptyCart(), dish(1)), dish(2)), dish(3));
const menuWith = (ids: number[]): GuestMenu => ({
  eateryId: 1,
  tableId: 1,
  eateryName: 'E',
  tableName: '1',
  timeZone: 'Asia/Baku',
  categories: [{ id: 1, nameAz: 'C', nameEn: 'C', nameRu: 'C', image: null, dishes: ids.map(dish) }],
});
const noMenu = () => Promise.resolve(undefined);

describe('failed place order / add dishes (kept cart on retryable failures)', () => {
  it('keeps the cart on network errors, 5xx and 429', async () => {
    expect(await submitErrorOutcome(new TypeError('Failed to fetch'), cart, null, noMenu)).toEqual({
      messageKey: 'client.orderError',
      drop: [],
      dropLines: [],
      droppedNames: [],
      reset: false,
      leaveAddMode: false,
    });
    const e500 = await submitErrorOutcome(new ApiError(500, 'internal', 'x'), cart, null, noMenu);
    expect(e500).toMatchObject({ messageKey: 'client.orderError', reset: false });
    const e429 = await submitErrorOutcome(new ApiError(429, 'tooManyRequests', 'x'), cart, null, noMenu);
    expect(e429).toMatchObject({ messageKey: 'errors.tooManyRequests', reset: false });
    const inactive = await submitErrorOutcome(new ApiError(409, 'tableInactive', 'x'), cart, null, noMenu);
    expect(inactive).toMatchObject({ messageKey: 'errors.tableInactive', reset: false });
    // Closed now: kept for when the restaurant opens, with the next opening for the message.
    const opensAt = '2026-01-13T05:00:00.000Z';
    const closed = await submitErrorOutcome(new ApiError(409, 'closedNow', 'x', [], { opensAt }), cart, 5, noMenu);
    expect(closed).toMatchObject({ messageKey: 'errors.closedNow', values: { opensAt }, reset: false, drop: [] });
    expect(closed.leaveAddMode).toBe(false);
    const add = await submitErrorOutcome(new ApiError(503, undefined, 'x'), cart, 5, noMenu);
    expect(add).toMatchObject({ messageKey: 'client.addError', reset: false, leaveAddMode: false });
  });

  it('takes out exactly the dishes the server calls unavailable', async () => {
    const err = new ApiError(400, 'validation', 'x', [
      { field: 'items.1.dishId', messageKey: 'validation.dishUnavailable' },
    ]);
    const out = await submitErrorOutcome(err, cart, null, noMenu);
    expect(out).toMatchObject({ messageKey: 'client.cart.removedUnavailable', drop: [2], reset: false });
    expect(out.droppedNames.map((d) => d.id)).toEqual([2]);
  });

  it('resets the cart (keeping the table) on any other 400', async () => {
    const out = await submitErrorOutcome(new ApiError(400, 'validation', 'x', []), cart, null, noMenu);
    expect(out).toMatchObject({ messageKey: 'client.orderError', reset: true });
  });

  it('on 404 drops deleted dishes, or resets when the table is gone', async () => {
    const gone = await submitErrorOutcome(new ApiError(404, 'notYourResource', 'x'), cart, null, () =>
      Promise.resolve(menuWith([1, 3])),
    );
    expect(gone).toMatchObject({ drop: [2], reset: false });
    const table = await submitErrorOutcome(new ApiError(404, 'notYourResource', 'x'), cart, null, () =>
      Promise.reject(new ApiError(404, 'notYourResource', 'x')),
    );
    expect(table).toMatchObject({ messageKey: 'client.tableNotFound', reset: true });
    const order = await submitErrorOutcome(new ApiError(404, 'notYourResource', 'x'), cart, 9, () =>
      Promise.resolve(menuWith([1, 2, 3])),
    );
    expect(order).toMatchObject({ messageKey: 'client.addError', leaveAddMode: true, reset: false });
  });

  it('leaves add mode (keeping the dishes) when the order is closed', async () => {
    const out = await submitErrorOutcome(new ApiError(409, 'orderClosed', 'x'), cart, 9, noMenu);
    expect(out).toMatchObject({ messageKey: 'client.addMode.closed', leaveAddMode: true, reset: false, drop: [] });
  });
});

describe('names, category icons and money', () => {
  it('falls back to another language when the chosen one is empty', () => {
    const d = { ...dish(1), nameAz: 'Plov', descriptionRu: 'Рис' };
    expect(localName(d, 'en')).toBe('Dish 1');
    expect(localName(d, 'ru')).toBe('Plov');
    expect(localName({ ...d, nameAz: ' ' }, 'az')).toBe('Dish 1');
    expect(localDescription(d, 'az')).toBe('Рис');
  });

  it('maps categories to icons, the more specific names first', () => {
    const c = (nameEn: string, nameAz = '', nameRu = '') => categoryIcon({ nameEn, nameAz, nameRu });
    expect(c('Pizza')).toBe(IconPizza);
    expect(c('Salads')).toBe(IconSalad);
    expect(c('Drinks')).toBe(IconCup);
    expect(c('', 'İçkilər')).toBe(IconCup);
    expect(c('Alcoholic Drinks', 'Alkoqollu içkilər')).toBe(IconGlassFull);
    expect(c('Desserts')).toBe(IconCake);
    expect(c('Ice cream desserts')).toBe(IconIceCream);
    expect(c('', '', 'Супы')).toBe(IconSoup);
    expect(c('', 'Qarnir')).toBe(IconBowl);
    expect(c('Chef specials')).toBe(IconToolsKitchen2);
  });

  it('always shows two decimals', () => {
    expect(formatCents(1250, 'en')).toBe('12.50');
    expect(formatCents(345, 'ru')).toBe('3,45');
    expect(formatCents(700, 'az')).toBe('7,00');
  });
});
