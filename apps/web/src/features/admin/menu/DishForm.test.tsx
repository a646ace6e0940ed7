import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickTexts, type Category, type Department, type Dish } from '@qr-menu/contract';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';
import { dishFormErrors, DishForm, type DishValues } from './DishForm';

afterEach(() => vi.restoreAllMocks());

const category: Category = {
  id: 3,
  categoryId: 3,
  eateryId: 7,
  nameAz: 'Desertlər',
  nameEn: 'Desserts',
  nameRu: 'Десерты',
  image: null,
  imageId: null,
  position: 0,
  dishes: 0,
  dishCount: 0,
  availableHours: null,
};
const departments: Department[] = [{ id: 5, name: 'Pastry', eateryId: 7, restaurantId: 7 }];

const dish: Dish = {
  id: 11,
  dishId: 11,
  categoryId: 3,
  eateryId: 7,
  nameAz: 'Paxlava',
  nameEn: 'Baklava',
  nameRu: '',
  descriptionAz: '',
  descriptionEn: 'With walnuts',
  descriptionRu: '',
  price: 4.5,
  available: true,
  kitchenDepartmentId: 5,
  image: null,
  imageId: null,
  position: 0,
  dietaryTags: ['containsNuts'],
  optionGroups: [],
  availableHours: null,
  availableAgainAt: null,
};

const form = (props: Partial<Parameters<typeof DishForm>[0]> = {}) => (
  <DishForm
    eateryId={7}
    category={category}
    dish={null}
    dishes={[]}
    categories={[category]}
    departments={departments}
    onClose={() => {}}
    {...props}
  />
);

const values = (over: Partial<DishValues> = {}): DishValues => ({
  nameAz: '',
  nameEn: 'Tea',
  nameRu: '',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 2,
  available: true,
  kitchenDepartmentId: null,
  categoryId: '3',
  image: { file: null, url: null },
  dietaryTags: [],
  optionGroups: [],
  availableHours: null,
  ...over,
});

describe('dish form validation', () => {
  it('checks names, price and the ids', () => {
    expect(dishFormErrors(values(), 7)).toEqual({});
    expect(dishFormErrors(values({ nameEn: '', price: '' }), 7)).toEqual({
      names: 'validation.dishNameRequired',
      price: 'validation.price',
    });
    expect(dishFormErrors(values({ price: 0 }), 7)).toEqual({ price: 'validation.price' });
    expect(dishFormErrors(values({ price: 1.234 }), 7)).toEqual({ price: 'validation.price' });
    expect(dishFormErrors(values({ categoryId: null }), 7)).toEqual({ ids: 'dishes.idsMissing' });
    expect(dishFormErrors(values(), null)).toEqual({ ids: 'dishes.idsMissing' });
    // A tag outside the fixed list (an old client, a hand-made request) is refused under the tags field.
    expect(dishFormErrors(values({ dietaryTags: ['keto' as 'vegan'] }), 7)).toEqual({
      dietaryTags: 'validation.dietaryTag',
    });
  });

  it('asks for a name and a valid price, in English, and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    await renderAdmin(form(), 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please fill at least one language name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid price')).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('refuses a zero price, in Russian', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    await renderAdmin(form(), 'ru');
    await userEvent.type(screen.getByLabelText(/Название на русском/), 'Чай');
    await userEvent.type(screen.getByLabelText(/Цена/), '0');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Введите корректную цену')).toBeTruthy();
    expect(screen.queryByText('Заполните название хотя бы на одном языке')).toBeNull();
  });

  it('asks for a name, in Azerbaijani', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    await renderAdmin(form(), 'az');
    fireEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Ən azı bir dildə ad daxil edin')).toBeTruthy();
    expect(screen.getByText('Düzgün qiymət daxil edin')).toBeTruthy();
  });

  it('edits a dish as multipart: 2-decimal price, department, availability, dietary tags', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(dish));
    const onClose = vi.fn();
    await renderAdmin(form({ dish, onClose }), 'en');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByLabelText(/Price/)).toHaveProperty('value', '4.50');
    fireEvent.click(screen.getByRole('switch', { name: /Available to order/ }));
    // The stored tag is on; a second one is added by its chip (names from the contract, in English here).
    expect(screen.getByRole('checkbox', { name: 'Tree nuts' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Vegan' })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Vegan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/eatery/7/category/3/dish/11');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String((init?.body as FormData).get('data')))).toEqual({
      ...pickTexts(dish),
      price: '4.50',
      available: false,
      categoryId: 3,
      kitchenDepartmentId: 5,
      dietaryTags: ['vegan', 'containsNuts'],
      optionGroups: [],
      availableHours: null,
      eateryId: 7,
      dishId: 11,
    });
  });

  it('shows the predefined empty message when the catalogue has nothing for the category', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    await renderAdmin(form({ initialTab: 'predefined' }), 'en');
    expect(await screen.findByText('No predefined dishes available for this category.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Selected Dishes (0)' })).toHaveProperty('disabled', true);
  });
});

describe('dietary tags on the dish form', () => {
  it('shows every tag of the list in Azerbaijani and Russian, and a new dish sends the chosen ones', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(dish));
    await renderAdmin(form(), 'ru');
    for (const name of ['Вегетарианское', 'Веганское', 'Острое', 'Без глютена', 'Орехи', 'Без лактозы', 'Халяль']) {
      expect(screen.getByRole('checkbox', { name })).toBeTruthy();
    }
    await userEvent.type(screen.getByLabelText(/Название на русском/), 'Аджика');
    await userEvent.type(screen.getByLabelText(/Цена/), '3');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Халяль' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Острое' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetchSpy.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String((init?.body as FormData).get('data'))).dietaryTags).toEqual(['spicy', 'halal']);
  });

  it('names the tags in Azerbaijani', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    await renderAdmin(form({ currency: 'EUR' }), 'az');
    expect(screen.getByRole('checkbox', { name: 'Qlütensiz' })).toBeTruthy();
    // The restaurant's currency beside the price.
    expect(screen.getByText('EUR')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Pəhriz və allergen nişanları' })).toBeTruthy();
  });
});

describe('dish form and unsaved changes', () => {
  it('closes at once when nothing changed; asks (in Russian) once a name changed, also from the Cancel button', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse([]));
    const onClose = vi.fn();
    await renderAdmin(<ModalsProvider>{form({ dish, onClose })}</ModalsProvider>, 'ru');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByLabelText(/Название на русском/), 'Пахлава');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(await screen.findByText('Отменить несохранённые изменения?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить редактирование' }));
    await waitFor(() => expect(screen.queryByText('Отменить несохранённые изменения?')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Не сохранять' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT')).toEqual([]);
  });
});
