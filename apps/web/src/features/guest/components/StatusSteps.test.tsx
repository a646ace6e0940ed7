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
