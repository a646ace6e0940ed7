import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayReport, Language, Role, ZList } from '@qr-menu/contract';
import { session } from '../../../api/session';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../shared/test-utils';
import './index';
import { DayReportPage } from './DayReportPage';
import appRu from '../../../i18n/ru.json';
import az from './i18n/az.json';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/**
 * One business day of a VAT payer in Baku, its figures adding up as the server's would: items 160 − discounts 10 +
 * service charge 15 = gross 165 (cash 100 + card 65; guests 99 + staff 66), 18 % VAT included 25.17, net 139.83. Two
 * drawers: Aysel's 50 + 100 + 2.50 + 10 − 5 = 157.50 counted 158.50 (+1.00), Rauf's 30 counted 28 (−2.00).
 */
const dayReport = (over: Partial<DayReport> = {}): DayReport => ({
  eatery: {
    id: 7,
    name: 'Şirvan',
    address: 'Nizami 10, Bakı',
    phones: ['+994 12 555 00 00'],
    taxId: '1234567890',
    timeZone: 'Asia/Baku',
    language: 'ru',
    currency: 'AZN',
    vatPayer: true,
  },
  day: '2026-01-11',
  from: '2026-01-11T01:00:00.000Z',
  to: '2026-01-12T01:00:00.000Z',
  generatedAt: '2026-01-11T19:30:00.000Z',
  z: null,
  reopened: [],
  sales: {
    orders: 10,
    items: 160,
    discounts: 10,
    serviceCharge: 15,
    gross: 165,
    vatRatePercent: 18,
    vat: 25.17,
    net: 139.83,
  },
  byOrigin: { guest: { count: 6, amount: 99 }, staff: { count: 4, amount: 66 } },
  byMethod: [
    { method: 'CASH', count: 6, amount: 100, refunds: 5, tips: 2.5 },
    { method: 'CARD', count: 4, amount: 65, refunds: 0, tips: 10 },
  ],
  payments: 165,
  tips: 12.5,
  discounts: { count: 2, amount: 10 },
  voids: { count: 3, amount: 7.5 },
  refunds: { count: 1, amount: 5 },
  cancelledOrders: 2,
  openOrders: { count: 1, amount: 20 },
  drawers: [
    {
      id: 1,
      userName: 'Aysel',
      openedAt: '2026-01-11T05:00:00.000Z',
      closedAt: '2026-01-11T19:00:00.000Z',
      openingFloat: 50,
      cashSales: 100,
      cashTips: 2.5,
      payIns: 10,
      payOuts: 5,
      expected: 157.5,
      counted: 158.5,
      difference: 1,
    },
    {
      id: 2,
      userName: 'Rauf',
      openedAt: '2026-01-11T06:00:00.000Z',
      closedAt: '2026-01-11T19:10:00.000Z',
      openingFloat: 30,
      cashSales: 0,
      cashTips: 0,
      payIns: 0,
      payOuts: 0,
      expected: 30,
      counted: 28,
      difference: -2,
    },
  ],
  cash: { expected: 187.5, counted: 186.5, difference: -1 },
  ...over,
});

const closedZ = { number: 12, closedAt: '2026-01-11T19:40:00.000Z', closedBy: 'Aysel' };

const zList: ZList = [
  {
    number: 11,
    day: '2026-01-09',
    closedAt: '2026-01-09T20:00:00.000Z',
    closedBy: 'Rauf',
    reopenedAt: '2026-01-09T21:00:00.000Z',
    reopenReason: 'Wrong method',
    gross: 100,
  },
  {
    number: 12,
    day: '2026-01-10',
    closedAt: '2026-01-10T20:00:00.000Z',
    closedBy: 'Aysel',
    reopenedAt: null,
    reopenReason: null,
    gross: 320.5,
  },
];

let roles: Role[];
let dayStartHour: number;
let report: DayReport;
/** What the next POST answers instead of the fake server's. */
let refuse: { status: number; body: unknown } | null;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Sunday 11 January 2026, 23:30 in Baku.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-11T19:30:00Z'));
  session.setToken('test-token', 1, 7);
  roles = ['EATERY_ADMIN'];
  dayStartHour = 0;
  report = dayReport();
  refuse = null;
  fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/eatery') {
      return jsonResponse([{ id: 7, name: 'Şirvan', roles, timeZone: 'Asia/Baku', dayStartHour }]);
    }
    if (method === 'POST' && refuse) return jsonResponse(refuse.body, refuse.status);
    if (url.startsWith('/api/eatery/7/reports/day?')) return jsonResponse(report);
    if (url.startsWith('/api/eatery/7/reports/z/list?')) return jsonResponse(zList);
    if (method === 'POST' && url === '/api/eatery/7/reports/z') {
      report = { ...report, z: { ...closedZ, number: 13 } };
      return jsonResponse(report);
    }
    if (method === 'POST' && url === '/api/eatery/7/reports/z/reopen') {
      report = { ...report, z: null, reopened: [{ number: 12, at: closedZ.closedAt, by: 'Admin', reason: 'x' }] };
      return jsonResponse(report);
    }
    if (url.startsWith('/api/eatery/7/reports/day.csv?')) {
      return new Response('\uFEFFlabel;value\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="z-2026-01-11.csv"' },
      });
    }
    return jsonResponse({ messageKey: 'notFound', message: url }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  // Unmounted while the clock is still fake: a render after it would ask for the report of the real day.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
});

const requests = (prefix: string, method = 'GET') =>
  fetchSpy.mock.calls
    .filter(([url, init]) => String(url).startsWith(prefix) && ((init as RequestInit)?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(((init as RequestInit)?.body as string) ?? 'null') }));

const renderDay = (lang: Language, query = 'day=2026-01-11&restaurantId=7') =>
  renderWithProviders(<DayReportPage />, { lang, path: `/admin/reports/z?${query}` });

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('day report (X)', () => {
  it('prints every section in the restaurant’s language (ru) while the interface is English', async () => {
    await renderDay('en');
    const sheet = await screen.findByRole('article');
    expect(sheet.getAttribute('lang')).toBe('ru');
    expect(sheet.dataset.kind).toBe('X');
    // Header: who, which day, an X report that is not closed, printed at 23:30 Baku time, 24-hour, dd.mm.yyyy.
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('Şirvan');
    expect(within(sheet).getByText('Nizami 10, Bakı')).toBeTruthy();
    expect(text('day-tax-id')).toBe('VÖEN (ИНН): 1234567890');
    expect(text('day-kind')).toBe(ru.reports.sheet.xTitle);
    expect(within(sheet).getByText(ru.reports.sheet.xNote)).toBeTruthy();
    expect(text('day-day')).toBe('Рабочий день11.01.2026');
    expect(text('day-generated-at')).toBe('Напечатан11.01.2026 23:30');
    // Sales, with the service charge and the VAT included.
    expect(text('day-orders')).toBe('Оплаченные заказы10');
    expect(text('day-items')).toBe('Позиции160,00');
    expect(text('day-discounts')).toBe('Скидки−10,00');
    expect(text('day-service')).toBe('Обслуживание+15,00');
    expect(text('day-gross')).toBe('Продажи всего165,00 AZN');
    expect(text('day-vat')).toBe('В том числе НДС (18 %)25,17');
    expect(text('day-net')).toBe('Без НДС139,83');
    // Guests' orders and staff orders.
    expect(text('day-origin-guest')).toBe('Заказы гостей (QR) (6)99,00');
    expect(text('day-origin-staff')).toBe('Заказы персонала (4)66,00');
    // Payments by method: taken, − refunds, + tips on top, = held; then the totals, tips apart.
    expect(screen.getAllByTestId('day-method').map((m) => m.textContent)).toEqual([
      'Наличные (6)105,00' + 'Возвраты−5,00' + 'Чаевые (сверх счёта)+2,50' + 'Наличных в кассе102,50',
      'Карта (4)65,00' + 'Чаевые (сверх счёта)+10,00' + 'На терминале75,00',
    ]);
    expect(text('day-payments')).toBe('Итого оплат (без чаевых)165,00');
    expect(text('day-tips')).toBe('Итого чаевых (сверх счетов)12,50');
    // Discounts, voids and refunds, with their counts.
    expect(text('day-discounts-count')).toBe('Скидки (2)−10,00');
    expect(text('day-voids')).toBe('Аннулированные позиции (3)7,50');
    expect(text('day-refunds')).toBe('Возвраты (1)−5,00');
    expect(text('day-cancelled')).toBe('Отменённые заказы2');
    expect(text('day-open')).toBe('Открытые заказы (1)20,00');
    // Each drawer's over/short with its sign, and the day's cash.
    const drawers = screen.getAllByTestId('day-drawer');
    expect(drawers.map((d) => within(d).getByTestId('day-drawer-difference').textContent)).toEqual([
      'Излишек/Недостача+1,00',
      'Излишек/Недостача−2,00',
    ]);
    expect(drawers[0].textContent).toContain('Размен50,00');
    expect(drawers[0].textContent).toContain('Внесения+10,00');
    expect(drawers[0].textContent).toContain('Изъятия−5,00');
    expect(drawers[0].textContent).toContain('Ожидается157,50');
    expect(drawers[0].textContent).toContain('Пересчитано158,50');
    expect(text('day-cash-expected')).toBe('Наличных ожидается187,50');
    expect(text('day-cash-counted')).toBe('Наличных пересчитано186,50');
    expect(text('day-cash-difference')).toBe('Излишек/Недостача−1,00');
    // The controls stay in the interface language.
    expect(text('day-status')).toBe(en.reports.z.statusOpen);
    expect(screen.getByRole('button', { name: 'Close the day (Z)' })).toBeTruthy();
    expect(requests('/api/eatery/7/reports/day').map((r) => r.url)).toEqual([
      '/api/eatery/7/reports/day?day=2026-01-11',
    ]);
  });

  it('a restaurant that is not a VAT payer says so instead of VAT lines; no VÖEN line without one', async () => {
    report = dayReport({ eatery: { ...dayReport().eatery, vatPayer: false, taxId: '', language: 'az' } });
    await renderDay('en');
    const sheet = await screen.findByRole('article');
    expect(within(sheet).getByText(az.reports.sheet.notVatPayer)).toBeTruthy();
    expect(screen.queryByTestId('day-vat')).toBeNull();
    expect(screen.queryByTestId('day-tax-id')).toBeNull();
  });

  it('prints on A4 with the drawers as a table and their totals, and on the 80 mm roll', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    report = dayReport({ eatery: { ...dayReport().eatery, language: 'az' } });
    await renderDay('az');
    const sheet = await screen.findByRole('article');
    expect(sheet.dataset.paper).toBe('80mm');
    fireEvent.click(screen.getByRole('button', { name: az.reports.z.printA4 }));
    // Laid out for A4 before the print dialog opened.
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('article').dataset.paper).toBe('a4');
    const totals = [...screen.getByTestId('day-drawers-totals').querySelectorAll('td')].map((c) => c.textContent);
    expect(totals).toEqual(['Cəmi', '80,00', '100,00', '2,50', '10,00', '5,00', '187,50', '186,50', '−1,00']);
    fireEvent.click(screen.getByRole('button', { name: az.reports.z.print80 }));
    expect(print).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('article').dataset.paper).toBe('80mm');
    expect(screen.queryByTestId('day-drawers-table')).toBeNull();
  });

  it('opens on today’s business day: at 02:00 with a day starting at 05:00, yesterday', async () => {
    vi.setSystemTime(new Date('2026-01-11T22:00:00Z'));
    dayStartHour = 5;
    await renderDay('en', 'restaurantId=7');
    await screen.findByRole('article');
    expect(requests('/api/eatery/7/reports/day').map((r) => r.url)).toEqual([
      '/api/eatery/7/reports/day?day=2026-01-11',
    ]);
  });

  it('shows the day as dd.mm.yyyy (az), opens a typed day, and refuses a day after today with a message', async () => {
    await renderDay('az');
    await screen.findByRole('article');
    const field = screen.getByTestId('z-report-day') as HTMLInputElement;
    expect(field.value).toBe('11.01.2026');
    fireEvent.change(field, { target: { value: '10.01.2026' } });
    await waitFor(() =>
      expect(requests('/api/eatery/7/reports/day').map((r) => r.url)).toContain(
        '/api/eatery/7/reports/day?day=2026-01-10',
      ),
    );
    fireEvent.change(field, { target: { value: '12.01.2026' } });
    expect(screen.getByText('11.01.2026 və ya daha əvvəlki günü seçin')).toBeTruthy();
    expect(requests('/api/eatery/7/reports/day').map((r) => r.url)).not.toContain(
      '/api/eatery/7/reports/day?day=2026-01-12',
    );
  });

  it('downloads the CSV of the day in the interface language', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:day'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderDay('ru');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: ru.reports.z.csv }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(requests('/api/eatery/7/reports/day.csv').map((r) => r.url)).toEqual([
      '/api/eatery/7/reports/day.csv?day=2026-01-11&lang=ru',
    ]);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});

describe('closing the day (Z)', () => {
  it('asks first, naming the open orders; confirming closes the day and shows the Z number', async () => {
    await renderDay('en');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Close the day (Z)' }));
    const dialog = await screen.findByTestId('close-day-dialog');
    expect(dialog.textContent).toContain('Open orders: 1 (20.00 AZN)');
    // Nothing is closed before the confirmation.
    expect(requests('/api/eatery/7/reports/z', 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the day' }));
    await waitFor(() => expect(screen.getByRole('article').dataset.kind).toBe('Z'));
    expect(requests('/api/eatery/7/reports/z', 'POST')).toEqual([
      { url: '/api/eatery/7/reports/z', body: { day: '2026-01-11' } },
    ]);
    expect(text('day-kind')).toBe('Z-отчёт № 13');
    expect(text('day-status')).toBe('Z report No. 13: the day is closed');
    expect(screen.queryByTestId('close-day-dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close the day (Z)' })).toBeNull();
  });

  it('a drawer still open: the dialog names it, and the server’s refusal shows translated (ru)', async () => {
    report = dayReport({ drawers: [{ ...dayReport().drawers[1], closedAt: null, counted: null, difference: null }] });
    refuse = { status: 409, body: { messageKey: 'drawersStillOpen', message: 'x' } };
    await renderDay('ru');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: ru.reports.z.close }));
    const dialog = await screen.findByTestId('close-day-dialog');
    expect(within(dialog).getByTestId('close-day-open-drawers').textContent).toContain('Rauf');
    fireEvent.click(within(dialog).getByRole('button', { name: ru.reports.z.closeConfirm }));
    await waitFor(() => expect(dialog.textContent).toContain(appRu.errors.drawersStillOpen));
    expect(screen.getByRole('article').dataset.kind).toBe('X');
  });

  it('a day closed meanwhile: dayClosed shows translated', async () => {
    refuse = { status: 409, body: { messageKey: 'dayClosed', message: 'x' } };
    await renderDay('ru');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: ru.reports.z.close }));
    const dialog = await screen.findByTestId('close-day-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: ru.reports.z.closeConfirm }));
    await waitFor(() => expect(dialog.textContent).toContain(appRu.errors.dayClosed));
    expect(screen.getByRole('article').dataset.kind).toBe('X');
  });
});

describe('a closed day (Z)', () => {
  it('shows the Z number, when and by whom it was closed, and an earlier reopening (az)', async () => {
    report = dayReport({
      eatery: { ...dayReport().eatery, language: 'az' },
      z: closedZ,
      reopened: [{ number: 11, at: '2026-01-11T19:35:00.000Z', by: 'Leyla', reason: 'Səhv ödəniş' }],
    });
    await renderDay('az');
    const sheet = await screen.findByRole('article');
    expect(sheet.dataset.kind).toBe('Z');
    expect(text('day-kind')).toBe('Z-hesabat № 12');
    expect(text('day-closed-at')).toBe('Bağlanıb11.01.2026 23:40');
    expect(screen.getByTestId('day-reopened').textContent).toBe(
      'Z № 11 yenidən açılıb 11.01.2026 23:35, Leyla: Səhv ödəniş',
    );
    expect(screen.queryByTestId('day-generated-at')).toBeNull();
    expect(screen.queryByRole('button', { name: az.reports.z.close })).toBeNull();
  });

  it('the admin reopens it with a reason (required, translated)', async () => {
    report = dayReport({ z: closedZ });
    await renderDay('ru');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: ru.reports.z.reopen }));
    const form = await screen.findByTestId('reopen-day-form');
    fireEvent.click(within(form).getByRole('button', { name: ru.reports.z.reopenConfirm }));
    expect(await within(form).findByText(appRu.validation.reasonRequired)).toBeTruthy();
    expect(requests('/api/eatery/7/reports/z/reopen', 'POST')).toEqual([]);
    fireEvent.change(within(form).getByRole('textbox'), { target: { value: 'Ошибочная оплата' } });
    fireEvent.click(within(form).getByRole('button', { name: ru.reports.z.reopenConfirm }));
    await waitFor(() => expect(screen.getByRole('article').dataset.kind).toBe('X'));
    expect(requests('/api/eatery/7/reports/z/reopen', 'POST')).toEqual([
      { url: '/api/eatery/7/reports/z/reopen', body: { day: '2026-01-11', reason: 'Ошибочная оплата' } },
    ]);
  });

  it('a cashier may close the day but not reopen it, and has no way back to the admin’s reports', async () => {
    roles = ['CASHIER'];
    report = dayReport({ z: closedZ });
    await renderDay('en');
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Reopen the day' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to reports' })).toBeNull();
  });
});

describe('recent Z reports', () => {
  it('lists them, the latest first, with any reopening, and shows a listed day on a click', async () => {
    await renderDay('en');
    const [row, older] = await screen.findAllByTestId('z-list-row');
    expect(older.textContent).toContain('Reopened Jan 10, 2026, 01:00: Wrong method');
    expect(requests('/api/eatery/7/reports/z/list').map((r) => r.url)).toEqual([
      '/api/eatery/7/reports/z/list?from=2025-12-12&to=2026-01-11',
    ]);
    expect([...row.querySelectorAll('td')].slice(0, 5).map((c) => c.textContent)).toEqual([
      '12',
      'Jan 10, 2026',
      'Jan 11, 2026, 00:00',
      'Aysel',
      '320.50',
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(requests('/api/eatery/7/reports/day').map((r) => r.url)).toContain(
        '/api/eatery/7/reports/day?day=2026-01-10',
      ),
    );
  });
});

describe('who may see it', () => {
  it('a waiter is told who closes the day and nothing is asked', async () => {
    roles = ['WAITER'];
    await renderDay('ru');
    const notice = await screen.findByTestId('reports-admin-only');
    expect(notice.textContent).toContain(ru.reports.z.notAllowed);
    expect(screen.queryByRole('article')).toBeNull();
    expect(requests('/api/eatery/7/reports')).toEqual([]);
  });

  it('a failed load says so, translated, instead of an empty sheet', async () => {
    fetchSpy.mockImplementation(async (url: string) =>
      url === '/api/eatery'
        ? jsonResponse([{ id: 7, name: 'Şirvan', roles, timeZone: 'Asia/Baku' }])
        : jsonResponse({ messageKey: 'validation', message: 'x' }, 400),
    );
    await renderDay('ru');
    expect(await screen.findByText(ru.reports.loadFailed)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('the day report on the receipt printers', () => {
  it('sends the shown day to the printers; no printer for reports is said, translated', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    refuse = { status: 409, body: { messageKey: 'noPrinter', message: 'x' } };
    await renderDay('ru');
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Печать на принтере' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: appRu.errors.noPrinter })),
    );
    expect(requests('/api/eatery/7/print', 'POST')).toEqual([
      { url: '/api/eatery/7/print', body: { what: 'DAY_REPORT', day: '2026-01-11' } },
    ]);
    show.mockRestore();
  });
});
