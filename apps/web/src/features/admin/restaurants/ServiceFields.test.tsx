import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery } from '@qr-menu/contract';
import { stubFetch } from '../shared/live/fetch-router';
import { renderAdmin } from '../shared/test-utils';
import { RestaurantForm } from './RestaurantForm';

afterEach(() => vi.restoreAllMocks());

const restaurant = {
  id: 4,
  name: 'Dolma',
  address: 'Nizami 1',
  phones: ['+994 12 000 00 00'],
  phone: '+994 12 000 00 00',
  timeZone: 'Asia/Baku',
  language: 'az',
  guestLanguage: 'az',
  currency: 'AZN',
  openingHours: null,
  logo: null,
  ownerId: 1,
  roles: ['EATERY_ADMIN'],
} as unknown as Eatery;

const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;
const rows = () => screen.queryAllByTestId('course-row');
const nameField = (n: number, language: string) =>
  screen.getByRole('textbox', { name: `Course ${n}: ${language}` }) as HTMLInputElement;

describe('restaurant form: devices, courses and pickup', () => {
  it('a new restaurant: 2-minute lock, no courses (so no fire mode), pickup and "left" off', async () => {
    stubFetch({});
    await renderAdmin(<RestaurantForm onClose={() => {}} />);
    expect(selectInput('Lock a shared device after').value).toBe('2 min');
    expect(rows()).toHaveLength(0);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect((screen.getByRole('switch', { name: /^Guests can order for pickup/ }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('fills in starters, mains and desserts in three languages, reorders, removes and saves them', async () => {
    const api = stubFetch({ 'PUT /api/eatery/4': restaurant });
    await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill in: starters, mains, desserts' }));
    expect(rows()).toHaveLength(3);
    expect(nameField(1, 'In Azerbaijani').value).toBe('Qəlyanaltılar');
    expect(nameField(2, 'In Russian').value).toBe('Основные блюда');
    // Quick fill only while there are none.
    expect(screen.queryByRole('button', { name: 'Fill in: starters, mains, desserts' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Move course 3 up' }));
    expect(nameField(2, 'In English').value).toBe('Desserts');
    expect(nameField(3, 'In English').value).toBe('Mains');
    expect((screen.getByRole('button', { name: 'Move course 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove course 2' }));
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Add a course' }));
    fireEvent.change(nameField(3, 'In English'), { target: { value: '  Coffee ' } });
    fireEvent.click(screen.getByRole('radio', { name: /^Next course starts when the previous is ready/ }));
    fireEvent.click(selectInput('Lock a shared device after'));
    fireEvent.click(await screen.findByRole('option', { name: '5 min' }));
    fireEvent.click(screen.getByRole('switch', { name: /^Guests can order for pickup/ }));
    fireEvent.click(screen.getByRole('switch', { name: /^Show guests how many portions are left/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toMatchObject({
      deviceLockSeconds: 300,
      courses: [
        { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
        { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
        { az: '', en: 'Coffee', ru: '' },
      ],
      courseFireMode: 'AFTER_PREVIOUS',
      pickupEnabled: true,
      showStockLeft: true,
    });
  });

  it('at most six courses', async () => {
    stubFetch({});
    const six = Array.from({ length: 6 }, (_, i) => ({ az: `N${i}`, en: '', ru: '' }));
    await renderAdmin(<RestaurantForm restaurant={{ ...restaurant, courses: six }} onClose={() => {}} />);
    expect(rows()).toHaveLength(6);
    expect((screen.getByRole('button', { name: 'Add a course' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['en', 'Add a course', 'Save', 'Name the course in at least one language'],
    ['ru', 'Добавить подачу', 'Сохранить', 'Назовите подачу хотя бы на одном языке'],
    ['az', 'Növbə əlavə et', 'Yadda saxla', 'Növbənin adını ən azı bir dildə yazın'],
  ] as const)('refuses a course without a name, with a translated message (%s)', async (lang, add, save, message) => {
    const api = stubFetch({});
    await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />, lang);
    fireEvent.click(screen.getByRole('button', { name: add }));
    fireEvent.click(screen.getByRole('button', { name: save }));
    const row = rows()[0];
    expect(await within(row).findByText(message)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps a stored lock time that is not among the choices', async () => {
    stubFetch({});
    await renderAdmin(<RestaurantForm restaurant={{ ...restaurant, deviceLockSeconds: 90 }} onClose={() => {}} />);
    expect(selectInput('Lock a shared device after').value).toBe('90 s');
  });
});
