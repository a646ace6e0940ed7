import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DishOptionGroup, Order } from '@qr-menu/contract';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { orderPermissions } from './order-format';
import { OrderItemModal } from './OrderItemModal';
import { chooseHint, toggleOption, unitPrice } from '../shared/order-entry/option-choice';
import './index';

const option = (id: number, en: string, priceDelta: number, available = true) => ({
  id,
  nameAz: `${en} az`,
  nameEn: en,
  nameRu: `${en} ru`,
  priceDelta,
  available,
});
const sizeGroup: DishOptionGroup = {
  id: 1,
  nameAz: 'Ölçü',
  nameEn: 'Size',
  nameRu: 'Размер',
  minChoices: 1,
  maxChoices: 1,
  options: [option(10, '0.3 L', 0), option(11, '0.5 L', 1.5)],
};
const extras: DishOptionGroup = {
  id: 2,
  nameAz: 'Əlavələr',
  nameEn: 'Extras',
  nameRu: 'Добавки',
  minChoices: 0,
  maxChoices: 2,
  options: [option(20, 'Mint', 0.3), option(21, 'Honey', 0.5), option(22, 'Ice', 0), option(23, 'Lime', 1, false)],
};
const groups = [sizeGroup, extras];

describe('option choice rules', () => {
  it('a single-choice group replaces its choice; a multiple one stops at its maximum', () => {
    expect(toggleOption([10, 20], sizeGroup, 11, true)).toEqual([20, 11]);
    expect(toggleOption([20, 21], extras, 22, true)).toEqual([20, 21]);
    expect(toggleOption([20, 21], extras, 20, false)).toEqual([21]);
  });

  it('prices the dish with the deltas, exactly', () => {
    expect(unitPrice(2.2, groups, [11, 20])).toBe(4);
    expect(unitPrice('0.1', groups, [20])).toBe(0.4);
  });

  it('says how many to choose', () => {
    expect(chooseHint(sizeGroup)).toEqual({ key: 'orderEntry.choose.one' });
    expect(chooseHint(extras)).toEqual({ key: 'orderEntry.choose.upTo', values: { max: 2 } });
    expect(chooseHint({ ...extras, minChoices: 1 })).toEqual({
      key: 'orderEntry.choose.range',
      values: { min: 1, max: 2 },
    });
  });
});

const names = { nameAz: 'Limonad', nameEn: 'Lemonade', nameRu: 'Лимонад' };
const category = { id: 3, categoryId: 3, eateryId: 1, ...names, image: null, imageId: null, position: 0 };
const dish = {
  id: 11,
  dishId: 11,
  categoryId: 3,
  eateryId: 1,
  ...names,
  price: 4,
  available: true,
  optionGroups: groups,
};
const order = { id: 77, tableNumber: '4', status: 'CREATED', items: [] } as unknown as Order;

function stubApi(answer?: () => Response) {
  const writes: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') !== 'GET') {
        writes.push({ url, body: JSON.parse(String(init?.body)) });
        return answer ? answer() : json(order);
      }
      if (url.endsWith('/category')) return json([{ ...category, dishes: 1, dishCount: 1 }]);
      if (url.endsWith('/category/3')) return json({ ...category, dishes: [dish] });
      return json({ messageKey: 'notFound', message: 'Not found' }, 404);
    }),
  );
  return writes;
}

async function openForm(lang: 'en' | 'ru' = 'en') {
  const onClose = vi.fn();
  await renderWithProviders(
    <OrderItemModal eateryId={1} order={order} perms={orderPermissions(['WAITER'])} onClose={onClose} />,
    { lang },
  );
  const select = await screen.findByRole('combobox', { name: lang === 'en' ? /Dish/ : /Блюдо/ });
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: lang === 'en' ? /Lemonade/ : /Лимонад/ }));
  await screen.findByTestId('option-picker');
  return onClose;
}

const price = () => screen.getByTestId('unit-price').textContent;

afterEach(() => vi.unstubAllGlobals());

describe('staff add a dish with options', () => {
  it('a required group must be chosen before anything is sent', async () => {
    const writes = stubApi();
    await openForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add to order' }));
    expect(await screen.findByText('Please make a choice')).toBeTruthy();
    expect(writes).toHaveLength(0);
  });

  it('the unit price follows the choice; the extras stop at their maximum; the choice is sent', async () => {
    const writes = stubApi();
    const onClose = await openForm();
    expect(price()).toContain('4.00 AZN');
    fireEvent.click(screen.getByRole('radio', { name: /0.5 L/ }));
    expect(price()).toContain('5.50 AZN');
    fireEvent.click(screen.getByRole('checkbox', { name: /Mint/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Honey/ }));
    expect(price()).toContain('6.30 AZN');
    expect((screen.getByRole('checkbox', { name: /Ice/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Lime/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add to order' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes).toEqual([
      { url: '/api/eatery/1/orders/77/items', body: { dishId: 11, quantity: 1, note: null, optionIds: [11, 20, 21] } },
    ]);
  });

  it('shows the server refusal of a choice translated', async () => {
    stubApi(() =>
      json(
        {
          messageKey: 'validation',
          message: 'Invalid',
          details: [{ field: 'optionIds', messageKey: 'validation.optionUnavailable' }],
        },
        400,
      ),
    );
    await openForm('ru');
    fireEvent.click(screen.getByRole('radio', { name: /0.3 L/ }));
    fireEvent.click(screen.getByRole('button', { name: /Добавить/ }));
    expect((await screen.findAllByText(/недоступ/i)).length).toBeGreaterThan(0);
  });
});

describe('staff change the options of an item', () => {
  it('starts from the item’s options and sends only the new choice', async () => {
    const writes = stubApi();
    const onClose = vi.fn();
    const item = {
      id: 501,
      dishId: 11,
      dishName: 'Limonad',
      name: 'Limonad',
      orderId: 77,
      quantity: 1,
      note: null,
      status: 'CREATED',
      price: 4.3,
      category: null,
      kitchenDepartmentId: null,
      names: { az: 'Limonad', en: 'Lemonade', ru: 'Лимонад' },
      batch: 1,
      createdAt: '2026-01-05T12:00:00.000Z',
      readyAt: null,
      voidReason: null,
      voidedFrom: null,
      voidedAt: null,
      options: [
        {
          groupId: 1,
          optionId: 10,
          groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
          names: { az: '0.3 L az', en: '0.3 L', ru: '0.3 L ru' },
          priceDelta: 0,
        },
        {
          groupId: 2,
          optionId: 20,
          groupNames: { az: 'Əlavələr', en: 'Extras', ru: 'Добавки' },
          names: { az: 'Mint az', en: 'Mint', ru: 'Mint ru' },
          priceDelta: 0.3,
        },
      ],
    } as Order['items'][number];
    await renderWithProviders(
      <OrderItemModal eateryId={1} order={order} item={item} perms={orderPermissions(['WAITER'])} onClose={onClose} />,
    );
    await screen.findByTestId('option-picker');
    expect((screen.getByRole('radio', { name: /0.3 L/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Mint/ }) as HTMLInputElement).checked).toBe(true);
    expect(price()).toContain('4.30 AZN');
    fireEvent.click(screen.getByRole('radio', { name: /0.5 L/ }));
    expect(price()).toContain('5.80 AZN');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes).toEqual([{ url: '/api/eatery/1/orders/77/items/501', body: { optionIds: [20, 11] } }]);
  });
});
