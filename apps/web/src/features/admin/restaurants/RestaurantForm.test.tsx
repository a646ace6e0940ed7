import { fireEvent, screen, waitFor } from '@testing-library/react';
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
  geoLat: null,
  geoLng: null,
  timeZone: 'Asia/Baku',
  language: 'ru',
  kitchenAmberMinutes: 8,
  kitchenRedMinutes: 15,
  ownerId: 1,
  roles: ['EATERY_ADMIN'],
} as Eatery;

/** The receipt language select's input (its listbox carries the same label). */
const languageInput = () =>
  screen.getAllByLabelText('Receipt language').find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('restaurant form: service settings (issue #15)', () => {
  it('shows the receipt language and kitchen thresholds, and saves them', async () => {
    const api = stubFetch({ 'PUT /api/eatery/4': restaurant });
    await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />);
    expect(languageInput().value).toBe('Русский');
    expect(field('Ticket turns amber after').value).toBe('8 min');
    fireEvent.change(field('Ticket turns red after'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toMatchObject({
      language: 'ru',
      kitchenAmberMinutes: 8,
      kitchenRedMinutes: 25,
    });
  });

  it.each([
    ['en', ['Ticket turns amber after', ''], 'Enter whole minutes from 1 to 240', 'Save'],
    ['en', ['Ticket turns red after', '300'], 'Enter whole minutes from 1 to 240', 'Save'],
    ['en', ['Ticket turns red after', '5'], 'The red threshold must be later than the amber one', 'Save'],
    ['ru', ['Тикет красный через', '8'], 'Красный порог должен быть позже жёлтого', 'Сохранить'],
  ] as const)('refuses bad minutes with a translated message (%s: %j)', async (lang, [label, value], message, save) => {
    const api = stubFetch({});
    await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />, lang);
    fireEvent.change(field(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('a new restaurant starts with Azerbaijani receipts and 10 / 20 minutes', async () => {
    stubFetch({});
    await renderAdmin(<RestaurantForm onClose={() => {}} />);
    expect(languageInput().value).toBe('Azərbaycanca');
    expect(field('Ticket turns amber after').value).toBe('10 min');
    expect(field('Ticket turns red after').value).toBe('20 min');
  });
});
