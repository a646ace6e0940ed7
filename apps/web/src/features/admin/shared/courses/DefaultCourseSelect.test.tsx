import type { ReactNode } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CourseNames, Eatery } from '@qr-menu/contract';
import { renderWithProviders } from '../../../../test/render';
import { restaurantKeys } from '../restaurants-api';
import '../test-utils';
import { DefaultCourseSelect } from './DefaultCourseSelect';

const EATERY = 3;
const COURSES = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
];

function WithRestaurant({ courses, children }: { courses: CourseNames[]; children: ReactNode }) {
  const qc = useQueryClient();
  if (!qc.getQueryData(restaurantKeys.all)) {
    qc.setQueryData(restaurantKeys.all, [{ id: EATERY, roles: ['EATERY_ADMIN'], courses } as unknown as Eatery]);
  }
  return <>{children}</>;
}

const render = (courses: CourseNames[], value: number | null, onChange = vi.fn()) =>
  renderWithProviders(
    <WithRestaurant courses={courses}>
      <DefaultCourseSelect eateryId={EATERY} value={value} onChange={onChange} />
    </WithRestaurant>,
  );
const input = () =>
  screen.getAllByLabelText(/^Default course/).find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;

describe("a category's default course", () => {
  it('offers the restaurant’s courses by name and hands back the course number', async () => {
    const onChange = vi.fn();
    await render(COURSES, 1, onChange);
    expect(input().value).toBe('Starters');
    fireEvent.click(input());
    fireEvent.click(await screen.findByRole('option', { name: 'Mains' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('is not there while the restaurant has no courses', async () => {
    await render([], null);
    expect(screen.queryByLabelText(/^Default course/)).toBeNull();
  });
});
