import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dish } from '@qr-menu/contract';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { backWhen } from './back-at';
import { DishCard } from './DishCard';

afterEach(() => vi.useRealTimers());

const dish: Dish = {
  id: 11,
  dishId: 11,
  categoryId: 3,
  eateryId: 7,
  nameAz: 'Adjika',
  nameEn: 'Adjika',
  nameRu: 'Аджика',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 3.5,
  available: true,
  kitchenDepartmentId: null,
  image: null,
  imageId: null,
  position: 0,
  dietaryTags: ['vegan', 'spicy'],
  optionGroups: [],
  availableHours: null,
  availableAgainAt: null,
};

const card = (over: Partial<Parameters<typeof DishCard>[0]> = {}) => (
  <DishCard dish={dish} departmentName={null} deleting={false} onEdit={() => {}} onDelete={() => {}} {...over} />
);

describe('dish card', () => {
  it('lists the dish’s dietary tags in the admin’s language, and the restaurant’s currency', async () => {
    await renderAdmin(card({ currency: 'USD' }), 'ru');
    const tags = screen.getByRole('list', { name: 'Диета и аллергены' });
    expect([...tags.querySelectorAll('[role="listitem"]')].map((e) => e.textContent)).toEqual(['Веганское', 'Острое']);
    expect(screen.getByText(/3,50 USD|3\.50 USD/)).toBeTruthy();
  });

  it('shows no tag list for a dish without tags, and AZN until the restaurant is known', async () => {
    await renderAdmin(card({ dish: { ...dish, dietaryTags: [] } }), 'en');
    expect(screen.queryByRole('list', { name: 'Dietary and allergen tags' })).toBeNull();
    expect(screen.getByText(/3\.50 AZN/)).toBeTruthy();
  });
});

const size: Dish['optionGroups'][number] = {
  id: 1,
  nameAz: 'Ölçü',
  nameEn: 'Size',
  nameRu: 'Размер',
  minChoices: 1,
  maxChoices: 1,
  options: [{ id: 2, nameAz: 'Böyük', nameEn: 'Large', nameRu: 'Большой', priceDelta: 1, available: true }],
};
const extras = {
  ...size,
  id: 3,
  nameAz: 'Əlavələr',
  nameEn: 'Extras',
  nameRu: 'Добавки',
  minChoices: 0,
  maxChoices: 3,
};

describe('dish card: options, hours and the stop-list', () => {
  it('names the option groups and the hours in the admin’s language', async () => {
    await renderAdmin(
      card({
        dish: {
          ...dish,
          optionGroups: [size, extras],
          availableHours: { days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' },
        },
      }),
      'ru',
    );
    expect(screen.getByTestId('dish-options').textContent).toBe('Опции: Размер, Добавки');
    expect(screen.getByTestId('dish-hours').textContent).toBe('Часы: Пн–Пт, 08:00–11:30');
    expect(screen.queryByTestId('dish-back-at')).toBeNull();
  });

  it('shows neither for a dish without options and hours', async () => {
    await renderAdmin(card(), 'en');
    expect(screen.queryByTestId('dish-options')).toBeNull();
    expect(screen.queryByTestId('dish-hours')).toBeNull();
  });

  it('tells when a sold-out dish is back, in the restaurant’s time zone', async () => {
    // Tuesday 20:00 UTC is already Wednesday 00:00 in Baku (UTC+4).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T20:00:00Z'));
    const soldOut = { ...dish, available: false, availableAgainAt: '2026-11-25T04:00:00Z' };
    await renderAdmin(card({ dish: soldOut, timeZone: 'Asia/Baku' }), 'en');
    expect(screen.getByTestId('dish-back-at').textContent).toBe('Back today at 08:00');
  });

  it('says tomorrow or the weekday, in Azerbaijani and Russian', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T20:00:00Z'));
    const soldOut = { ...dish, available: false, availableAgainAt: '2026-11-25T04:00:00Z' };
    await renderAdmin(card({ dish: soldOut, timeZone: 'UTC' }), 'az');
    expect(screen.getByTestId('dish-back-at').textContent).toBe('Qayıdır: sabah 04:00');
    const { i18n } = await import('../../../i18n');
    await i18n.changeLanguage('ru');
    const t = i18n.t.bind(i18n);
    const now = new Date('2026-11-24T20:00:00Z');
    expect(backWhen('2026-11-27T05:00:00Z', 'Asia/Baku', t, now)).toBe('Пятница в 09:00');
  });

  it('the dish form says it too, while the dish stays switched off', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T20:00:00Z'));
    const soldOut = { ...dish, available: false, availableAgainAt: '2026-11-25T04:00:00Z' };
    const { DishForm } = await import('./DishForm');
    const category = {
      id: 3,
      categoryId: 3,
      eateryId: 7,
      nameAz: 'Souslar',
      nameEn: 'Sauces',
      nameRu: 'Соусы',
      image: null,
      imageId: null,
      position: 0,
      dishes: 1,
      dishCount: 1,
      availableHours: null,
    };
    await renderAdmin(
      <DishForm
        eateryId={7}
        category={category}
        dish={soldOut}
        dishes={[]}
        categories={[category]}
        departments={[]}
        timeZone="Asia/Baku"
        onClose={() => {}}
      />,
      'ru',
    );
    expect(screen.getByTestId('dish-form-back-at').textContent).toBe('Вернётся сегодня в 08:00');
  });

  it('an available dish shows no "back" line', async () => {
    await renderAdmin(card({ dish: { ...dish, availableAgainAt: '2026-11-25T04:00:00Z' } }), 'en');
    expect(screen.queryByTestId('dish-back-at')).toBeNull();
  });
});
