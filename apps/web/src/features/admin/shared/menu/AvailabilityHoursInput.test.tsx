import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '@qr-menu/contract';
import { i18n } from '../../../../i18n';
import { jsonResponse, renderAdmin } from '../test-utils';
import { CategoryForm } from './CategoryForm';
import { formatDays, formatHours, passesMidnight } from './hours-format';

afterEach(() => vi.restoreAllMocks());

const category = (over: Partial<Category> = {}): Category => ({
  id: 9,
  categoryId: 9,
  eateryId: 7,
  nameAz: '',
  nameEn: 'Breakfast',
  nameRu: '',
  image: null,
  imageId: null,
  position: 0,
  dishes: 0,
  dishCount: 0,
  availableHours: null,
  ...over,
});

const sentData = (fetchSpy: ReturnType<typeof vi.spyOn>) =>
  JSON.parse(String(((fetchSpy.mock.calls[0][1] as RequestInit).body as FormData).get('data')));

const time = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });

describe('availability hours: texts', () => {
  it('summarises days and hours, and knows a range that passes midnight', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(formatDays([0, 1, 2, 3, 4], t)).toBe('Mon–Fri');
    expect(formatDays([0, 2, 5, 6], t)).toBe('Mon, Wed, Sat, Sun');
    expect(formatHours({ days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' }, t)).toBe('Mon–Fri, 08:00–11:30');
    expect(formatHours({ days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '02:00' }, t)).toBe('Every day, 22:00–02:00');
    expect(formatHours({ days: [5, 6], from: '00:00', to: '00:00' }, t)).toBe('Sat, Sun, all day');
    await i18n.changeLanguage('ru');
    expect(formatHours({ days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' }, i18n.t.bind(i18n))).toBe(
      'Пн–Пт, 08:00–11:30',
    );
    expect(passesMidnight({ from: '22:00', to: '02:00' })).toBe(true);
    expect(passesMidnight({ from: '08:00', to: '11:30' })).toBe(false);
    expect(passesMidnight({ from: '08:00', to: '08:00' })).toBe(false);
  });
});

describe('availability hours on the category form', () => {
  it('is "Always" by default and sends null', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(category(), 201));
    await renderAdmin(<CategoryForm eateryId={7} category={null} existing={[]} onClose={() => {}} />, 'en');
    expect(screen.getByRole('radio', { name: 'Always' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('group', { name: 'Days' })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Name in English/), { target: { value: 'Soups' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(sentData(fetchSpy).availableHours).toBeNull();
  });

  it('sets weekday breakfast hours, in the restaurant’s time zone', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(category()));
    const onClose = vi.fn();
    await renderAdmin(
      <CategoryForm eateryId={7} category={category()} existing={[]} timeZone="Europe/Moscow" onClose={onClose} />,
      'en',
    );
    expect(screen.getByText(/Europe\/Moscow/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Certain days and hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mon–Fri' }));
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toHaveProperty('checked', true);
    time('From', '08:00');
    time('Until', '11:30');
    expect(screen.queryByTestId('hours-midnight')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentData(fetchSpy).availableHours).toEqual({ days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' });
  });

  it('says when the range passes midnight, in Russian and Azerbaijani', async () => {
    await renderAdmin(
      <CategoryForm
        eateryId={7}
        category={category({ availableHours: { days: [4, 5], from: '22:00', to: '02:00' } })}
        existing={[]}
        onClose={() => {}}
      />,
      'ru',
    );
    expect(screen.getByRole('radio', { name: 'В определённые дни и часы' })).toHaveProperty('checked', true);
    expect(screen.getByText('Переходит через полночь: заканчивается в 02:00 следующего дня.')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Пятница' })).toHaveProperty('checked', true);
    time('До', '23:30');
    expect(screen.queryByTestId('hours-midnight')).toBeNull();
    await i18n.changeLanguage('az');
    time('Bitir', '03:00');
    expect(await screen.findByText('Gecə yarısını keçir: növbəti gün bitir (03:00).')).toBeTruthy();
  });

  it('needs at least one weekday, in English, and sends nothing; "Always" brings null back', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(category()));
    await renderAdmin(
      <CategoryForm
        eateryId={7}
        category={category({ availableHours: { days: [0], from: '08:00', to: '11:00' } })}
        existing={[]}
        onClose={() => {}}
      />,
      'en',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Monday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one weekday')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Always' }));
    await waitFor(() => expect(screen.queryByText('Choose at least one weekday')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(sentData(fetchSpy).availableHours).toBeNull();
  });
});
