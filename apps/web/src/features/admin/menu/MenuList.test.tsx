import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickTexts, type Category, type Dish } from '@qr-menu/contract';
import type { Language } from '@qr-menu/contract';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';
import { MenuList } from './MenuList';
import { MANY_DISHES, MENU_VIEW_KEY, savedMenuView, useMenuView } from './menu-view';
import { renderHook, act } from '@testing-library/react';

const category = (id: number, nameEn: string, dishCount: number): Category => ({
  id,
  categoryId: id,
  eateryId: 7,
  nameAz: '',
  nameEn,
  nameRu: '',
  image: null,
  imageId: null,
  position: id,
  dishes: dishCount,
  dishCount,
  availableHours: null,
});

const dish = (id: number, categoryId: number, nameEn: string, price: number, over: Partial<Dish> = {}): Dish => ({
  id,
  dishId: id,
  categoryId,
  eateryId: 7,
  nameAz: `${nameEn} (az)`,
  nameEn,
  nameRu: `${nameEn} (ru)`,
  descriptionAz: '',
  descriptionEn: 'Slow cooked',
  descriptionRu: '',
  price,
  available: true,
  kitchenDepartmentId: null,
  image: null,
  imageId: null,
  position: 0,
  dietaryTags: [],
  optionGroups: [],
  availableHours: null,
  availableAgainAt: null,
  ...over,
});

const mains = category(3, 'Mains', 2);
const drinks = category(4, 'Drinks', 1);
const plov = dish(11, 3, 'Plov', 12.5);
const dolma = dish(12, 3, 'Dolma', 9, { available: false });
const tea = dish(21, 4, 'Tea', 2);

type Put = { url: string; data: Record<string, unknown> };

/** The API: each category's dishes; a PUT answers `answer(put)` (the saved dish by default). */
function stubApi(answer?: (put: Put) => Response) {
  const puts: Put[] = [];
  const lists: Record<string, Dish[]> = { '3': [plov, dolma], '4': [tea] };
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PUT') {
      const data = JSON.parse(String((init.body as FormData).get('data'))) as Record<string, unknown>;
      const put = { url, data };
      puts.push(put);
      if (answer) return answer(put);
      const before = Object.values(lists)
        .flat()
        .find((d) => url.endsWith(`/dish/${d.id}`))!;
      return jsonResponse({
        ...before,
        price: Number(data.price),
        available: (data.available as boolean | undefined) ?? before.available,
      });
    }
    const m = /\/category\/(\d+)\/dish$/.exec(url);
    return jsonResponse(m ? lists[m[1]] : []);
  });
  return { spy, puts };
}

const renderList = (lang: Language = 'en', categories = [mains, drinks]) =>
  renderAdmin(
    <>
      <Notifications />
      <MenuList
        eateryId={7}
        categories={categories}
        search=""
        currency="AZN"
        highlightId={null}
        onEdit={() => {}}
        onAdd={() => {}}
      />
    </>,
    lang,
  );

const row = async (name: string) => (await screen.findByText(name)).closest('[data-testid="dish-row"]') as HTMLElement;

afterEach(() => vi.restoreAllMocks());

describe('the whole-menu list', () => {
  it('shows every category as a section with a dense row per dish, in the admin’s language', async () => {
    stubApi();
    await renderList('az');
    const sections = await screen.findAllByTestId('menu-list-section');
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual(['Mains (2)', 'Drinks (1)']);
    const plovRow = await row('Plov (az)');
    expect(within(plovRow).getByLabelText('Qiymət: Plov (az)')).toHaveProperty('value', '12,50');
    expect(within(plovRow).getByRole('switch', { name: 'Sifariş üçün mövcuddur: Plov (az)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(await row('Dolma (az)')).getByRole('switch')).toHaveProperty('checked', false);
  });

  it('saves a new price with the dish update: texts as they are, the price to the cent, nothing else', async () => {
    const { puts } = stubApi();
    await renderList('en');
    const price = within(await row('Plov')).getByLabelText('Price of Plov');
    expect(price).toHaveProperty('value', '12.50');
    await userEvent.clear(price);
    await userEvent.type(price, '13,9{Enter}');
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].url).toBe('/api/eatery/7/category/3/dish/11');
    expect(puts[0].data).toEqual({ ...pickTexts(plov), price: '13.90', eateryId: 7, dishId: 11 });
    await waitFor(() => expect(price).toHaveProperty('value', '13.90'));
    // Leaving the field with the saved price sends nothing more.
    fireEvent.blur(price);
    expect(puts).toHaveLength(1);
  });

  it.each([
    ['en', 'Price of Plov', 'Please enter a valid price'],
    ['ru', 'Цена: Plov (ru)', 'Введите корректную цену'],
    ['az', 'Qiymət: Plov (az)', 'Düzgün qiymət daxil edin'],
  ] as const)('refuses a price that is no price, in %s, and sends nothing', async (lang, label, message) => {
    const { puts } = stubApi();
    await renderList(lang);
    const price = await screen.findByLabelText(label);
    for (const bad of ['0', 'abc', '4.555']) {
      await userEvent.clear(price);
      await userEvent.type(price, bad);
      fireEvent.blur(price);
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(puts).toEqual([]);
    // Escape puts the saved price back.
    fireEvent.keyDown(price, { key: 'Escape' });
    expect(screen.queryByText(message)).toBeNull();
    expect((price as HTMLInputElement).value).toMatch(/^12[.,]50$/);
  });

  it('switches a dish off and on, one update each, with the price it has', async () => {
    const { puts } = stubApi();
    await renderList('en');
    const available = within(await row('Plov')).getByRole('switch', { name: 'Available to order: Plov' });
    fireEvent.click(available);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].data).toEqual({ ...pickTexts(plov), price: '12.50', available: false, eateryId: 7, dishId: 11 });
    await waitFor(() => expect(available).toHaveProperty('checked', false));
    fireEvent.click(available);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1].data).toMatchObject({ available: true });
  });

  it('takes a refused change back and says why, translated', async () => {
    stubApi(() => jsonResponse({ messageKey: 'accessDenied', message: 'x' }, 403));
    await renderList('ru');
    const available = within(await row('Plov (ru)')).getByRole('switch');
    fireEvent.click(available);
    expect(await screen.findByText('«Plov (ru)» не сохранено')).toBeTruthy();
    await waitFor(() => expect(available).toHaveProperty('checked', true));
    expect(screen.getByText('У вас нет прав на выполнение этого действия.')).toBeTruthy();
    const price = within(await row('Plov (ru)')).getByLabelText('Цена: Plov (ru)');
    await userEvent.clear(price);
    await userEvent.type(price, '20{Enter}');
    await waitFor(() => expect(screen.getAllByText('«Plov (ru)» не сохранено')).toHaveLength(2));
    await waitFor(() => expect(price).toHaveProperty('value', '12,50'));
  });
});

describe('the menu view', () => {
  beforeEach(() => localStorage.removeItem(MENU_VIEW_KEY));

  it('opens a big menu in the list and a small one in cards until the device chooses, then remembers', () => {
    expect(renderHook(() => useMenuView(MANY_DISHES + 1)).result.current[0]).toBe('list');
    expect(renderHook(() => useMenuView(MANY_DISHES)).result.current[0]).toBe('cards');
    expect(renderHook(() => useMenuView(null)).result.current[0]).toBe('cards');
    const { result } = renderHook(() => useMenuView(3));
    act(() => result.current[1]('list'));
    expect(result.current[0]).toBe('list');
    expect(savedMenuView()).toBe('list');
    expect(renderHook(() => useMenuView(500)).result.current[0]).toBe('list');
    act(() => result.current[1]('cards'));
    expect(renderHook(() => useMenuView(500)).result.current[0]).toBe('cards');
  });
});
