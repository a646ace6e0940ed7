import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, Order, Role } from '@qr-menu/contract';
import { renderWithProviders } from '../../../../test/render';
import { stubFetch } from '../live/fetch-router';
import { makeItem, makeOrder } from '../live/order-fixture';
import { restaurantKeys } from '../restaurants-api';
import '../test-utils';
import { FireCourseButton } from './FireCourseButton';

afterEach(() => vi.restoreAllMocks());

const EATERY = 3;
const COURSES = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
  { az: 'Desertlər', en: 'Desserts', ru: 'Десерты' },
];

function WithRestaurant({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const qc = useQueryClient();
  if (!qc.getQueryData(restaurantKeys.all)) {
    qc.setQueryData(restaurantKeys.all, [{ id: EATERY, roles, courses: COURSES } as unknown as Eatery]);
  }
  return <>{children}</>;
}

const order = (fields: Partial<Order> = {}) =>
  makeOrder(1, '2026-11-24T10:00:00.000Z', {
    items: [
      makeItem(11, 1, { course: 1 }),
      makeItem(12, 1, { course: 2, held: true }),
      makeItem(13, 1, { course: 3, held: true }),
    ],
    ...fields,
  });

const render = (o: Order, roles: Role[] = ['WAITER'], lang: 'en' | 'az' = 'en') =>
  renderWithProviders(
    <WithRestaurant roles={roles}>
      <FireCourseButton order={o} />
    </WithRestaurant>,
    { lang },
  );

describe('the fire button', () => {
  it('fires the first held course by its name', async () => {
    const api = stubFetch({ [`POST /api/eatery/${EATERY}/orders/1/fire`]: order({ version: 2 }) });
    await render(order());
    fireEvent.click(screen.getByRole('button', { name: 'Fire Mains of order #101' }));
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0].body).toEqual({ course: 2 });
    // Fired: gone until the order shown catches up with the answer.
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });

  it('is named in the staff language', async () => {
    stubFetch({});
    await render(order(), ['CASHIER'], 'az');
    expect(screen.getByText('Göndər: Əsas yeməklər')).toBeTruthy();
  });

  it('is not there without held lines, for the kitchen, or on a cancelled order', async () => {
    stubFetch({});
    const { unmount } = await render(order({ items: [makeItem(11, 1, { course: 1 })] }));
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const kitchen = await render(order(), ['KITCHEN_ADMIN']);
    expect(screen.queryByRole('button')).toBeNull();
    kitchen.unmount();
    await render(order({ status: 'CANCELLED' }));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why the server refused', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ messageKey: 'nothingHeld', message: 'x' }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await render(order());
    fireEvent.click(screen.getByRole('button', { name: 'Fire Mains of order #101' }));
    expect(
      await screen.findByText('Nothing of this course is waiting: it was already sent to the kitchen.'),
    ).toBeTruthy();
  });
});
