import { ModalsProvider } from '@mantine/modals';
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
  guestLanguage: 'az',
  currency: 'AZN',
  openingHours: null,
  logo: null,
  ownerId: 1,
  roles: ['EATERY_ADMIN'],
} as Eatery;

/** The receipt language select's input (its listbox carries the same label). */
const languageInput = () =>
  screen.getAllByLabelText('Receipt language').find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;
const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('restaurant form: service settings', () => {
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

const week = (open: string, close: string) => Array.from({ length: 7 }, () => ({ closed: false, open, close }));

/** A select's input by its label (its listbox carries the same label). */
const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((e): e is HTMLInputElement => e instanceof HTMLInputElement)!;

describe('restaurant form: guests and opening hours', () => {
  it('shows the stored zone, currency, guest language and hours, and saves changed hours across midnight', async () => {
    const stored = {
      ...restaurant,
      timeZone: 'Europe/Istanbul',
      currency: 'TRY',
      guestLanguage: 'en',
      openingHours: week('09:00', '23:00'),
    } as Eatery;
    const api = stubFetch({ 'PUT /api/eatery/4': stored });
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />);
    expect(selectInput('Time zone').value).toMatch(/^Europe\/Istanbul/);
    expect(selectInput('Currency shown').value).toMatch(/^TRY/);
    expect(selectInput('Default guest language').value).toBe('English');
    fireEvent.change(screen.getByLabelText('Friday: opens'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('Friday: closes'), { target: { value: '02:00' } });
    expect(screen.getByText('until the next day')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Sunday: closed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    const body = api.requests('PUT')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ timeZone: 'Europe/Istanbul', currency: 'TRY', guestLanguage: 'en' });
    const hours = body.openingHours as { closed: boolean; open: string; close: string }[];
    expect(hours[4]).toEqual({ closed: false, open: '18:00', close: '02:00' });
    expect(hours[6].closed).toBe(true);
    // No new logo: no logo request.
    expect(api.calls.filter((c) => c.url.includes('/logo'))).toEqual([]);
  });

  it('sends null hours while they are off, and a new restaurant starts with Asia/Baku, AZN and Azerbaijani', async () => {
    const api = stubFetch({ 'POST /api/eatery': { ...restaurant, id: 9 } });
    await renderAdmin(<RestaurantForm onClose={() => {}} />);
    expect(selectInput('Time zone').value).toMatch(/^Asia\/Baku/);
    expect(selectInput('Currency shown').value).toMatch(/^AZN/);
    expect(selectInput('Default guest language').value).toBe('Azərbaycanca');
    expect(screen.queryByLabelText('Monday: opens')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Nar' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Address/ }), { target: { value: 'Nizami 10' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), { target: { value: '+994 50 000 00 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0].body).toMatchObject({ timeZone: 'Asia/Baku', currency: 'AZN', openingHours: null });
  });

  it.each([
    ['en', 'Wednesday: opens', 'Enter the time as HH:MM (00:00–23:59)', 'Save'],
    ['ru', 'Среда: открытие', 'Введите время как ЧЧ:ММ (00:00–23:59)', 'Сохранить'],
    ['az', 'Çərşənbə: açılır', 'Vaxtı SS:DD kimi daxil edin (00:00–23:59)', 'Yadda saxla'],
  ] as const)('refuses a time that is not HH:MM with a translated message (%s)', async (lang, label, message, save) => {
    const api = stubFetch({});
    const stored = { ...restaurant, openingHours: week('09:00', '23:00') } as Eatery;
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />, lang);
    fireEvent.change(screen.getByLabelText(label), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('"guests order only within opening hours" sits with the hours, is on for a new restaurant, and is saved', async () => {
    const label = /^Guests order only within opening hours/;
    const api = stubFetch({ 'POST /api/eatery': { ...restaurant, id: 9 } });
    await renderAdmin(<RestaurantForm onClose={() => {}} />);
    // No hours: the switch would change nothing, so it is not shown (its value is still sent).
    expect(screen.queryByRole('switch', { name: label })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show opening hours' }));
    const within = screen.getByRole('switch', { name: label }) as HTMLInputElement;
    expect(within.checked).toBe(true);
    expect(screen.getByText(/Staff can always take orders/)).toBeTruthy();
    fireEvent.click(within);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Nar' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Address/ }), { target: { value: 'Nizami 10' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Phone/ }), { target: { value: '+994 50 000 00 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0].body).toMatchObject({ ordersWithinHours: false });
  });

  it('shows a stored "off" in Azerbaijani', async () => {
    const stored = { ...restaurant, openingHours: week('09:00', '23:00'), ordersWithinHours: false } as Eatery;
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />, 'az');
    const within = screen.getByRole('switch', { name: /^Qonaqlar yalnız iş saatlarında sifariş verir/ });
    expect((within as HTMLInputElement).checked).toBe(false);
  });

  it('removing the stored logo deletes it after the restaurant is saved', async () => {
    const stored = { ...restaurant, logo: '/api/image/3/0123456789abcdef.webp' } as Eatery;
    const onClose = vi.fn();
    const api = stubFetch({ 'PUT /api/eatery/4': stored, 'DELETE /api/eatery/4/logo': { ...stored, logo: null } });
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/eatery/4', 'DELETE /api/eatery/4/logo']);
  });
});

describe('restaurant form: safe ordering from the table', () => {
  it('turns on table keys (with the note that tables get new codes) and staff confirmation, and saves both', async () => {
    const api = stubFetch({
      'PUT /api/eatery/4': { ...restaurant, tableKeysRequired: true, confirmGuestOrders: true },
    });
    await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />);
    const keys = screen.getByRole('switch', {
      name: /^Guests must scan the table's current QR code/,
    }) as HTMLInputElement;
    const confirm = screen.getByRole('switch', { name: /^Staff confirm guest orders/ }) as HTMLInputElement;
    expect(keys.checked).toBe(false);
    expect(screen.queryByTestId('table-keys-note')).toBeNull();
    fireEvent.click(keys);
    expect(screen.getByTestId('table-keys-note').textContent).toMatch(/print them again on the Tables screen/);
    fireEvent.click(confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: true });
  });

  it('shows the stored switches in Russian, without the note when keys were already on', async () => {
    const stored = { ...restaurant, tableKeysRequired: true, confirmGuestOrders: true } as Eatery;
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />, 'ru');
    const keys = screen.getByRole('switch', { name: /^Гости должны сканировать текущий QR-код стола/ });
    expect((keys as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('switch', { name: /^Персонал подтверждает заказы гостей/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByTestId('table-keys-note')).toBeNull();
  });
});

describe('restaurant form: the tip limit', () => {
  const tipField = () => field('Largest tip, % of the bill');

  it('shows the stored limit and sends a changed one as tipMaxPercent; 0 takes no tips', async () => {
    const stored = { ...restaurant, tipMaxPercent: 15 } as Eatery;
    const api = stubFetch({ 'PUT /api/eatery/4': { ...stored, tipMaxPercent: 0 } });
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />);
    expect(tipField().value).toBe('15%');
    expect(screen.getByText(/0 means no tips/)).toBeTruthy();
    fireEvent.change(tipField(), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toMatchObject({ tipMaxPercent: 0 });
  });

  it('a new restaurant allows tips up to the whole bill (100%)', async () => {
    stubFetch({});
    await renderAdmin(<RestaurantForm onClose={() => {}} />);
    expect(tipField().value).toBe('100%');
  });

  it.each([
    ['en', 'Largest tip, % of the bill', '', 'Enter a whole percent from 0 to 100', 'Save'],
    ['ru', 'Максимальные чаевые, % от счёта', '150', 'Введите целое число процентов от 0 до 100', 'Сохранить'],
    ['az', 'Maksimal çay pulu, hesabın faizi ilə', '101', '0-dan 100-ə qədər tam faiz daxil edin', 'Yadda saxla'],
  ] as const)(
    'refuses a limit outside 0..100 with a translated message (%s: %j)',
    async (lang, label, value, message, save) => {
      const api = stubFetch({});
      await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />, lang);
      fireEvent.change(field(label), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(api.calls).toHaveLength(0);
    },
  );
});

describe('restaurant form: service charge, VAT, receipts and the business day', () => {
  const input = (label: string | RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

  it('shows the stored settings and sends percent, VAT, VÖEN, footer and day start as typed', async () => {
    const stored = {
      ...restaurant,
      serviceChargePercent: 10,
      serviceChargeNames: { az: 'Xidmət', en: 'Service', ru: 'Сервис' },
      serviceChargeTakeaway: false,
      vatPayer: false,
      vatRatePercent: 18,
      taxId: '',
      receiptFooter: '',
      dayStartHour: 0,
    } as Eatery;
    const api = stubFetch({ 'PUT /api/eatery/4': stored });
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />);
    expect(input(/^Service charge, %/).value).toBe('10%');
    expect(input('In Russian').value).toBe('Сервис');
    expect(screen.getByText(/Guests are shown it before they order/)).toBeTruthy();
    expect(screen.getByText(/Menu prices include VAT/)).toBeTruthy();
    // VAT off: its rate is kept but greyed out.
    expect(input('VAT rate, %').disabled).toBe(true);

    fireEvent.change(input(/^Service charge, %/), { target: { value: '12.5' } });
    fireEvent.change(input('In English'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Applies to takeaway orders too' }));
    fireEvent.click(screen.getByRole('switch', { name: /^VAT payer/ }));
    expect(input('VAT rate, %').disabled).toBe(false);
    fireEvent.change(input(/^VÖEN/), { target: { value: '1234567890' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Receipt footer/ }), {
      target: { value: 'Wi-Fi: plov2026' },
    });
    fireEvent.click(selectInput('The business day starts at'));
    fireEvent.click(await screen.findByRole('option', { name: '05:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toMatchObject({
      // Percent, as the API takes it (not the hundredths the contract turns it into for the server).
      serviceChargePercent: 12.5,
      // A blank name takes the language's default.
      serviceChargeNames: { az: 'Xidmət', en: 'Service charge', ru: 'Сервис' },
      serviceChargeTakeaway: true,
      vatPayer: true,
      vatRatePercent: 18,
      taxId: '1234567890',
      receiptFooter: 'Wi-Fi: plov2026',
      dayStartHour: 5,
    });
  });

  it('a new restaurant starts without a service charge, not a VAT payer (18 % ready), its day at 00:00', async () => {
    stubFetch({});
    await renderAdmin(<RestaurantForm onClose={() => {}} />);
    expect(input(/^Service charge, %/).value).toBe('0%');
    expect((screen.getByRole('switch', { name: /^VAT payer/ }) as HTMLInputElement).checked).toBe(false);
    expect(input('VAT rate, %').value).toBe('18%');
    expect(selectInput('The business day starts at').value).toBe('00:00');
    expect(input('In Azerbaijani').placeholder).toBe('Xidmət haqqı');
  });

  it.each([
    ['en', /^VÖEN/, 'A VÖEN (taxpayer number) is 10 digits', 'Save'],
    ['ru', /^VÖEN \(ИНН\)/, 'VÖEN (ИНН) состоит из 10 цифр', 'Сохранить'],
    ['az', /^VÖEN/, 'VÖEN 10 rəqəmdən ibarətdir', 'Yadda saxla'],
  ] as const)(
    'refuses a VÖEN that is not 10 digits with a translated message (%s)',
    async (lang, label, message, save) => {
      const api = stubFetch({});
      await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />, lang);
      fireEvent.change(input(label), { target: { value: '12345' } });
      fireEvent.click(screen.getByRole('button', { name: save }));
      expect(await screen.findByText(message)).toBeTruthy();
      expect(api.calls).toHaveLength(0);
    },
  );

  it.each([
    ['en', 'Service charge, %', '30', 'Enter a service charge from 0 to 25 % (at most 2 decimals)', 'Save'],
    [
      'ru',
      'Плата за обслуживание, %',
      '26',
      'Введите плату за обслуживание от 0 до 25 % (не больше 2 знаков после запятой)',
      'Сохранить',
    ],
  ] as const)('refuses a service charge above 25 % (%s)', async (lang, label, value, message, save) => {
    const api = stubFetch({});
    await renderAdmin(<RestaurantForm restaurant={restaurant} onClose={() => {}} />, lang);
    fireEvent.change(input(new RegExp(`^${label}`)), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('restaurant form: 24-hour opening hours', () => {
  const stored = { ...restaurant, openingHours: week('09:00', '23:00') } as Eatery;

  it('shows the hours on the 24-hour clock in every language and saves typed digits as HH:MM', async () => {
    for (const [lang, label] of [
      ['az', 'Bazar ertəsi: açılır'],
      ['ru', 'Понедельник: открытие'],
    ] as const) {
      const view = await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />, lang);
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('09:00');
      view.unmount();
    }
    const api = stubFetch({ 'PUT /api/eatery/4': stored });
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />);
    const closes = screen.getByLabelText('Saturday: closes') as HTMLInputElement;
    expect(closes.value).toBe('23:00');
    fireEvent.change(closes, { target: { value: '1830' } });
    fireEvent.blur(closes);
    expect(closes.value).toBe('18:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    const hours = (api.requests('PUT')[0].body as { openingHours: { open: string; close: string }[] }).openingHours;
    expect(hours[5]).toEqual({ closed: false, open: '09:00', close: '18:30' });
  });

  it('refuses a time that is none (25:00) and saves nothing', async () => {
    const api = stubFetch({});
    await renderAdmin(<RestaurantForm restaurant={stored} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Monday: opens'), { target: { value: '25:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the time as HH:MM (00:00–23:59)')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});

describe('restaurant form: unsaved changes', () => {
  it('closes at once when nothing changed, and asks once the name changed', async () => {
    stubFetch({});
    const onClose = vi.fn();
    await renderAdmin(
      <ModalsProvider>
        <RestaurantForm
          restaurant={{ ...restaurant, openingHours: week('09:00', '23:00') } as Eatery}
          onClose={onClose}
        />
      </ModalsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Sultan & Grill' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard unsaved changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText('Discard unsaved changes?')).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
