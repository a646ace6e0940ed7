import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Category } from '@qr-menu/contract';
import { renderAdmin } from '../shared/test-utils';
import { CategoryCard } from './CategoryCard';

const category: Category = {
  id: 9,
  categoryId: 9,
  eateryId: 7,
  nameAz: 'Səhər yeməyi',
  nameEn: 'Breakfast',
  nameRu: 'Завтрак',
  image: null,
  imageId: null,
  position: 0,
  dishes: 2,
  dishCount: 2,
  availableHours: { days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' },
};

const card = (c: Category) => (
  <CategoryCard category={c} eateryId={7} deleting={false} onEdit={() => {}} onDelete={() => {}} />
);

describe('category card', () => {
  it('shows the category’s hours in the admin’s language', async () => {
    await renderAdmin(card(category), 'az');
    expect(screen.getByTestId('category-hours').textContent).toBe('Saatlar: B.e.–C., 08:00–11:30');
  });

  it('shows no hours for a category that is always available', async () => {
    await renderAdmin(card({ ...category, availableHours: null }), 'en');
    expect(screen.queryByTestId('category-hours')).toBeNull();
  });
});
