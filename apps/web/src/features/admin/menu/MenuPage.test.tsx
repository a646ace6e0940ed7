import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category, Dish } from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../shared/test-utils';
import './index';
import { MenuPage } from './MenuPage';
import { MENU_VIEW_KEY } from './menu-view';

const category = (id: number, nameEn: string, dishCount: number): Category => ({
  id,
  categoryId: id,
  eateryId: 7,
  nameAz: nameEn,
  nameEn,
  nameRu: nameEn,
  image: null,
  imageId: null,
  position: id,
  dishes: dishCount,
  dishCount,
  availableHours: null,
});

const dish = (id: number, categoryId: number, nameEn: string): Dish => ({
  id,
  dishId: id,
  categoryId,
  eateryId: 7,
  nameAz: nameEn,
  nameEn,
  nameRu: nameEn,
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 5,
  available: true,
  kitchenDepartmentId: null,
  image: null,
  imageId: null,
  position: 0,
  dietaryTags: [],
  optionGroups: [],
  availableHours: null,
  availableAgainAt: null,
});

function stubMenu(categories: Category[], dishes: Dish[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const list = /\/category\/(\d+)\/dish$/.exec(url);
    if (list) return jsonResponse(dishes.filter((d) => d.categoryId === Number(list[1])));
    if (url.endsWith('/api/eatery/7/category')) return jsonResponse(categories);
    if (url.endsWith('/api/eatery')) {
      return jsonResponse([{ id: 7, name: 'Nar', currency: 'AZN', timeZone: 'Asia/Baku', roles: ['EATERY_ADMIN'] }]);
    }
    return jsonResponse([]);
  });
}

const renderMenu = () => renderWithProviders(<MenuPage />, { lang: 'en', path: '/admin/menu?restaurantId=7' });

beforeEach(() => localStorage.removeItem(MENU_VIEW_KEY));
afterEach(() => vi.restoreAllMocks());

describe('menu screen views', () => {
  it('a small menu opens in cards; "List" shows the whole menu and is remembered', async () => {
    stubMenu([category(3, 'Mains', 1), category(4, 'Drinks', 1)], [dish(11, 3, 'Plov'), dish(21, 4, 'Tea')]);
    await renderMenu();
    const cards = await screen.findByRole('radio', { name: 'Cards' });
    expect(cards).toHaveProperty('checked', true);
    expect(screen.queryByTestId('menu-list')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'List' }));
    const list = await screen.findByTestId('menu-list');
    expect(await within(list).findByText('Plov')).toBeTruthy();
    expect(await within(list).findByText('Tea')).toBeTruthy();
    expect(localStorage.getItem(MENU_VIEW_KEY)).toBe('list');
  });

  it('a menu of many dishes opens in the list; a row’s edit opens the dish form of its category', async () => {
    const many = Array.from({ length: 30 }, (_, i) => dish(100 + i, i < 20 ? 3 : 4, `Dish ${i + 1}`));
    stubMenu([category(3, 'Mains', 20), category(4, 'Drinks', 10)], many);
    await renderMenu();
    const list = await screen.findByTestId('menu-list');
    expect(screen.getByRole('radio', { name: 'List' })).toHaveProperty('checked', true);
    await waitFor(() => expect(within(list).getAllByTestId('dish-row')).toHaveLength(30));
    fireEvent.click(within(list).getByRole('button', { name: 'Edit Dish 25' }));
    const form = await screen.findByRole('dialog', { name: 'Edit dish' });
    expect(within(form).getByLabelText(/Name in English/)).toHaveProperty('value', 'Dish 25');
    expect(within(form).getByDisplayValue('Drinks')).toBeTruthy();
  });
});
