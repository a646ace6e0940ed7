import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Dish } from '@qr-menu/contract';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { DishCard } from './DishCard';

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

describe('dish card (issue 17)', () => {
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
