import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { session } from '../../../api/session';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../shared/live/fetch-router';
import '../shared/test-utils';
import './index';
import { KitchenPage } from './KitchenPage';

vi.mock('../shared/live/use-orders-socket', () => ({
  useOrdersSocket: () => ({ live: false, state: 'connecting' }),
}));

beforeEach(() => vi.spyOn(session, 'getRestaurantId').mockReturnValue(3));
afterEach(() => vi.restoreAllMocks());

async function show(roles: Role[], path = '/admin/kitchen') {
  const api = stubFetch({
    'GET /api/eatery': [{ id: 3, name: 'Dolma', roles }],
    'GET /api/eatery/3/kitchen': { amberMinutes: 10, redMinutes: 20, orders: [] },
    'GET /api/eatery/3/kitchen-department': [{ id: 5, name: 'Grill', eateryId: 3 }],
  });
  await renderWithProviders(
    <Routes>
      <Route path="/admin/kitchen" element={<KitchenPage />} />
      <Route path="/admin/kitchen/:departmentId" element={<KitchenPage />} />
    </Routes>,
    { path },
  );
  return api;
}

describe('kitchen page', () => {
  it('is for the kitchen and the admin only', async () => {
    await show(['WAITER']);
    expect(await screen.findByText('The kitchen display is for the kitchen and the restaurant admin.')).toBeTruthy();
  });

  it("asks the station's board and marks the station in the picker", async () => {
    const api = await show(['KITCHEN_ADMIN'], '/admin/kitchen/5');
    expect(await screen.findByText('No tickets — all caught up')).toBeTruthy();
    expect(api.calls.some((c) => c.url === '/api/eatery/3/kitchen?departmentId=5')).toBe(true);
    expect((await screen.findByRole('link', { name: 'Grill' })).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('href')).toBe('/admin/kitchen');
  });

  it('says so for a station that does not exist', async () => {
    await show(['EATERY_ADMIN'], '/admin/kitchen/9');
    expect(await screen.findByText(/This station does not exist/)).toBeTruthy();
  });
});
