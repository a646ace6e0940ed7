import type { ReactNode } from 'react';
import { fireEvent, screen, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { orderTickets, type Eatery, type OrderItem } from '@qr-menu/contract';
import { restaurantKeys } from '../shared/restaurants-api';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { renderWithProviders } from '../../../test/render';
import '../shared/test-utils';
import './index';
import { TicketCard } from './TicketCard';
import { courseGroups, hasFiredWork } from './ticket-format';

const EATERY = 3;
const COURSES = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
];

/** The restaurants the kitchen page loaded (TicketCard reads its courses from them). */
function WithRestaurant({ courses, children }: { courses: typeof COURSES; children: ReactNode }) {
  const qc = useQueryClient();
  if (!qc.getQueryData(restaurantKeys.all)) {
    qc.setQueryData(restaurantKeys.all, [{ id: EATERY, roles: ['KITCHEN_ADMIN'], courses } as unknown as Eatery]);
  }
  return <>{children}</>;
}

async function renderTicket(items: OrderItem[], courses = COURSES, lang: 'en' | 'ru' = 'en') {
  const order = makeOrder(1, '2026-11-24T10:00:00.000Z', { items });
  const [ticket] = orderTickets(order, null);
  const onAdvance = vi.fn();
  const onBump = vi.fn();
  await renderWithProviders(
    <WithRestaurant courses={courses}>
      <TicketCard
        ticket={{ ...ticket, orderNumber: 101 }}
        now={Date.parse('2026-11-24T10:01:00.000Z')}
        amberMinutes={10}
        redMinutes={20}
        busyItemId={null}
        bumping={false}
        onAdvance={onAdvance}
        onBump={onBump}
      />
    </WithRestaurant>,
    { lang, path: `/admin/kitchen?restaurantId=${EATERY}` },
  );
  return { onAdvance, onBump };
}

const starter = makeItem(11, 1, { course: 1, names: { az: 'Dolma', en: 'Dolma', ru: 'Долма' } });
const main = makeItem(12, 1, { course: 2, held: true, names: { az: 'Plov', en: 'Plov', ru: 'Плов' } });

describe('a kitchen ticket with courses', () => {
  it('stands the items under their course; a held one is greyed, labelled with its course and cannot start', async () => {
    const { onAdvance } = await renderTicket([starter, main]);
    expect(screen.getAllByTestId('course-header').map((h) => h.textContent)).toEqual(['Starters', 'Mains']);
    const held = document.querySelector('[data-held]') as HTMLButtonElement;
    expect(held.textContent).toContain('Plov');
    expect(within(held).getByText('Held · Mains')).toBeTruthy();
    expect(held.disabled).toBe(true);
    fireEvent.click(held);
    expect(onAdvance).not.toHaveBeenCalled();
    // The starter moves on as usual.
    fireEvent.click(screen.getByRole('button', { name: '1× Dolma: mark Cooking' }));
    expect(onAdvance).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    expect((screen.getByRole('button', { name: 'Bump' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says it in the kitchen’s language', async () => {
    await renderTicket([starter, main], COURSES, 'ru');
    expect(screen.getAllByTestId('course-header').map((h) => h.textContent)).toEqual(['Закуски', 'Основные блюда']);
    expect(screen.getByText('Ждёт · Основные блюда')).toBeTruthy();
  });

  it('a ticket with only held items left to cook cannot be bumped', async () => {
    const { onBump } = await renderTicket([{ ...starter, status: 'READY' }, main]);
    const bump = screen.getByRole('button', { name: 'Bump' }) as HTMLButtonElement;
    expect(bump.disabled).toBe(true);
    fireEvent.click(bump);
    expect(onBump).not.toHaveBeenCalled();
  });

  it('without courses: no headers, items as before', async () => {
    await renderTicket([makeItem(21, 1), makeItem(22, 1)], []);
    expect(screen.queryAllByTestId('course-header')).toHaveLength(0);
    expect(screen.getByRole('button', { name: '1× Dish 21: mark Cooking' })).toBeTruthy();
  });
});

describe('ticket courses', () => {
  it('groups lines by course in serving order, lines without a course first', () => {
    const lines = [
      { id: 1, course: 2 },
      { id: 2, course: null },
      { id: 3, course: 1 },
      { id: 4, course: 2 },
    ];
    expect(courseGroups(lines).map((g) => [g.course, g.items.map((i) => i.id)])).toEqual([
      [null, [2]],
      [1, [3]],
      [2, [1, 4]],
    ]);
  });

  it('a bump moves something only while a line that is not held is still to cook', () => {
    expect(hasFiredWork([{ status: 'PREPARING', held: false }])).toBe(true);
    expect(hasFiredWork([{ status: 'CREATED', held: true }, { status: 'READY' }])).toBe(false);
  });
});
