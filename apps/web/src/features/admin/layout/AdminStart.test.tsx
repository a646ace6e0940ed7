import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, Role } from '@qr-menu/contract';
import { Route, Routes, useLocation } from 'react-router';
import { session } from '../../../api/session';
import { jsonResponse as json, renderWithProviders } from '../../../test/render';
import { AdminStart } from './AdminStart';
import { startPath, startRestaurant } from './start-path';

const eatery = (id: number, roles: Role[]) => ({ id, name: `R${id}`, roles }) as unknown as Eatery;

describe('start page by role', () => {
  it.each([
    [['KITCHEN_ADMIN'], '/admin/kitchen'],
    [['WAITER'], '/admin/floor'],
    [['CASHIER'], '/admin/orders'],
    [['EATERY_ADMIN'], '/admin/restaurants'],
    [['EATERY_ADMIN', 'KITCHEN_ADMIN'], '/admin/restaurants'],
    [['KITCHEN_ADMIN', 'WAITER'], '/admin/kitchen'],
    [['WAITER', 'CASHIER'], '/admin/floor'],
    [[], '/admin/restaurants'],
  ] as [Role[], string][])('%j starts on %s', (roles, path) => {
    expect(startPath(roles)).toBe(path);
  });

  it('takes the roles of the selected restaurant, else of the only one', () => {
    const list = [eatery(1, ['WAITER']), eatery(2, ['CASHIER'])];
    expect(startRestaurant(list, 2)?.id).toBe(2);
    expect(startRestaurant(list, null)).toBeUndefined();
    expect(startRestaurant([eatery(3, ['KITCHEN_ADMIN'])], null)?.id).toBe(3);
    expect(startRestaurant(list, 9)).toBeUndefined();
  });
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

async function land(restaurants: Eatery[], selected: number | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(restaurants)),
  );
  vi.spyOn(session, 'getRestaurantId').mockReturnValue(selected);
  await renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminStart />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/admin' },
  );
  return (await screen.findByTestId('where')).textContent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin', () => {
  it('sends a cook of the selected restaurant to the kitchen display', async () => {
    expect(await land([eatery(1, ['EATERY_ADMIN']), eatery(2, ['KITCHEN_ADMIN'])], 2)).toBe('/admin/kitchen');
  });

  it('sends the waiter of their only restaurant to the floor', async () => {
    expect(await land([eatery(4, ['WAITER'])], null)).toBe('/admin/floor');
  });

  it('keeps owners on the restaurant list', async () => {
    expect(await land([eatery(1, ['EATERY_ADMIN'])], 1)).toBe('/admin/restaurants');
  });
});
