import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { Language } from '@qr-menu/contract';
import { renderGuest } from '../test-render';
import { StatusSteps } from './StatusSteps';

const steps = () =>
  screen.getAllByRole('listitem').map((li) => ({
    text: li.textContent,
    current: li.getAttribute('aria-current') === 'step',
    done: li.dataset.done === 'true',
  }));

it.each([
  ['en', 'Served'],
  ['az', 'Təqdim olundu'],
  ['ru', 'Подан'],
] as const)('an ISSUED order (every item served) is at the "served" step, before paid (%s)', async (lang, served) => {
  await renderGuest(<StatusSteps status="ISSUED" />, { lang: lang as Language });
  const list = steps();
  expect(list).toHaveLength(5);
  expect(list[3]).toEqual({ text: `4${served}`, current: true, done: false });
  expect(list.slice(0, 3).every((s) => s.done)).toBe(true);
  expect(list[4].done || list[4].current).toBe(false);
});

it('a READY order has not reached "served" yet; a PAID one has every step done', async () => {
  const { unmount } = await renderGuest(<StatusSteps status="READY" />);
  expect(steps()[2].current).toBe(true);
  expect(steps()[3]).toMatchObject({ current: false, done: false });
  unmount();
  await renderGuest(<StatusSteps status="PAID" />);
  expect(steps().every((s) => s.done)).toBe(true);
});

it('a bill paid before the kitchen finished: "paid" is done and the dishes show where they really are', async () => {
  const { unmount } = await renderGuest(
    <StatusSteps status="PAID" items={[{ status: 'PREPARING' }, { status: 'CREATED' }]} />,
  );
  expect(steps().map((s) => [s.done, s.current])).toEqual([
    [true, false],
    [false, true],
    [false, false],
    [false, false],
    [true, false],
  ]);
  unmount();
  await renderGuest(<StatusSteps status="PAID" items={[{ status: 'READY' }, { status: 'SERVED' }]} />);
  expect(steps()[2].current).toBe(true);
  expect(steps()[3].done).toBe(false);
});

it('a paid order with every dish served (a deleted one aside) has every step done', async () => {
  await renderGuest(<StatusSteps status="PAID" items={[{ status: 'SERVED' }, { status: 'DELETED' }]} />);
  expect(steps().every((s) => s.done && !s.current)).toBe(true);
});

it('lays the usual steps out in one row of columns; the waiting step is marked to take a row of its own', async () => {
  await renderGuest(<StatusSteps status="NEEDS_CONFIRMATION" />, { lang: 'ru' });
  const list = screen.getByRole('list');
  expect(list.style.getPropertyValue('--steps')).toBe('5');
  const items = screen.getAllByRole('listitem');
  expect(items.map((li) => li.dataset.step)).toEqual([
    'confirming',
    'accepted',
    'preparing',
    'ready',
    'served',
    'paid',
  ]);
  expect(items[2].textContent).toBe('3Готовится');
});
