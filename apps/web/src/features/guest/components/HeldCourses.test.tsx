import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GuestOrder, Language, OrderItem } from '@qr-menu/contract';
import { renderGuest } from '../test-render';
import { HeldCourses, heldNotes } from './HeldCourses';

const COURSES = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
  { az: 'Desertlər', en: 'Desserts', ru: 'Десерты' },
];

/** A line of course `course` (the fields the note reads; the rest do not matter here). */
const makeItem = (id: number, _orderId: number, fields: Partial<OrderItem>) =>
  ({ id, status: 'CREATED', held: false, course: null, ...fields }) as OrderItem;
const makeOrder = (id: number, _createdAt: string, fields: Partial<GuestOrder>) => ({ id, ...fields }) as GuestOrder;

const order = (items = [makeItem(1, 1, { course: 1 }), makeItem(2, 1, { course: 2, held: true })]) =>
  makeOrder(1, '2026-11-24T10:00:00.000Z', { items });

describe('held courses on the guest pages', () => {
  it.each([
    ['en', 'Mains will follow after Starters'],
    ['az', 'Əsas yeməklər: “Qəlyanaltılar” növbəsindən sonra gətiriləcək'],
    ['ru', 'Основные блюда: подадим после подачи «Закуски»'],
  ] as const)('says which course follows which, in the guest’s language (%s)', async (lang, text) => {
    await renderGuest(<HeldCourses order={order()} courses={COURSES} />, { lang: lang as Language });
    expect(screen.getByTestId('held-courses').textContent).toBe(text);
  });

  it('says nothing once every course is fired; numbers a course the restaurant no longer names', async () => {
    const { unmount } = await renderGuest(
      <HeldCourses order={order([makeItem(1, 1, { course: 1 }), makeItem(2, 1, { course: 2 })])} courses={COURSES} />,
    );
    expect(screen.queryByTestId('held-courses')).toBeNull();
    unmount();
    await renderGuest(<HeldCourses order={order()} courses={[]} />);
    expect(screen.getByTestId('held-courses').textContent).toBe('Course 2 will follow after Course 1');
  });

  it('each held course follows the order’s course before it; voided lines do not count', () => {
    const items = [
      makeItem(1, 1, { course: 1 }),
      makeItem(2, 1, { course: 3, held: true }),
      makeItem(3, 1, { course: 4, held: true }),
      makeItem(4, 1, { course: 2, held: true, status: 'DELETED' }),
    ];
    expect(heldNotes(items)).toEqual([
      { later: 3, earlier: 1 },
      { later: 4, earlier: 3 },
    ]);
  });
});
