import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, Role, SetupProgress } from '@qr-menu/contract';
import { Route, Routes, useLocation } from 'react-router';
import { session } from '../../../api/session';
import { SETUP_HIDDEN_KEY, setDeviceRemembers, WORKS_ALONE_KEY } from '../shared/setup-progress';
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

const SET_UP: SetupProgress = { address: true, phone: true, dishes: 9, tables: 5, staff: 3, hasOrders: true };
const NEW: SetupProgress = { address: false, phone: false, dishes: 0, tables: 0, staff: 0, hasOrders: false };

async function land(restaurants: Eatery[], selected: number | null, progress: SetupProgress | null = SET_UP) {
  cleanup();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url.endsWith('/setup-progress')
        ? progress
          ? json(progress)
          : json({ messageKey: 'internal', message: 'x' }, 500)
        : json(restaurants),
    ),
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
  localStorage.removeItem(SETUP_HIDDEN_KEY);
  localStorage.removeItem(WORKS_ALONE_KEY);
});

describe('/admin', () => {
  it('sends a cook of the selected restaurant to the kitchen display', async () => {
    expect(await land([eatery(1, ['EATERY_ADMIN']), eatery(2, ['KITCHEN_ADMIN'])], 2)).toBe('/admin/kitchen');
  });

  it('sends the waiter of their only restaurant to the floor', async () => {
    expect(await land([eatery(4, ['WAITER'])], null)).toBe('/admin/floor');
  });

  it('keeps owners of a set-up restaurant on the restaurant list', async () => {
    expect(await land([eatery(1, ['EATERY_ADMIN'])], 1)).toBe('/admin/restaurants');
  });

  it('sends the owner of a new restaurant to its start checklist', async () => {
    expect(await land([eatery(6, ['EATERY_ADMIN'])], null, NEW)).toBe('/admin/restaurant/6/setup');
    expect(await land([eatery(6, ['EATERY_ADMIN'])], 6, { ...SET_UP, hasOrders: false })).toBe(
      '/admin/restaurant/6/setup',
    );
  });

  it('"I work alone" on this device counts for the staff step', async () => {
    setDeviceRemembers(WORKS_ALONE_KEY, 6, true);
    expect(await land([eatery(6, ['EATERY_ADMIN'])], 6, { ...SET_UP, staff: 0 })).toBe('/admin/restaurants');
  });

  it('not when this device hid the checklist, nor when the progress cannot be read', async () => {
    setDeviceRemembers(SETUP_HIDDEN_KEY, 6, true);
    expect(await land([eatery(6, ['EATERY_ADMIN'])], 6, NEW)).toBe('/admin/restaurants');
    expect(await land([eatery(7, ['EATERY_ADMIN'])], 7, null)).toBe('/admin/restaurants');
  });

  it('never sends staff to the checklist', async () => {
    expect(await land([eatery(8, ['WAITER'])], 8, NEW)).toBe('/admin/floor');
  });
});
