import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, Role } from '@qr-menu/contract';
import { stubFetch } from '../shared/live/fetch-router';
import { renderAdmin } from '../shared/test-utils';
import { RestaurantsPage } from './RestaurantsPage';

afterEach(() => vi.restoreAllMocks());

const restaurant = (id: number, roles: Role[]) =>
  ({
    id,
    name: `Dolma ${id}`,
    address: 'Nizami 1',
    phones: ['+994 12 000 00 00'],
    phone: '+994 12 000 00 00',
    geoLat: null,
    geoLng: null,
    timeZone: 'Asia/Baku',
    language: 'az',
    kitchenAmberMinutes: 10,
    kitchenRedMinutes: 20,
    ownerId: 99,
    roles,
  }) as Eatery;

describe('restaurant list: who is offered "Add restaurant"', () => {
  it('an admin of a restaurant gets the button', async () => {
    stubFetch({ 'GET /api/eatery': [restaurant(1, ['WAITER']), restaurant(2, ['EATERY_ADMIN'])] });
    await renderAdmin(<RestaurantsPage />);
    expect(await screen.findByText('Dolma 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add restaurant' })).toBeTruthy();
  });

  it('staff without an admin role anywhere do not', async () => {
    stubFetch({ 'GET /api/eatery': [restaurant(1, ['WAITER']), restaurant(2, ['KITCHEN_ADMIN'])] });
    await renderAdmin(<RestaurantsPage />);
    expect(await screen.findByText('Dolma 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add restaurant' })).toBeNull();
  });
});
