// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: with the charts on the page happy-dom opens connections to its page address
// (localhost:3000) and logs ECONNREFUSED for each; jsdom loads nothing.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language, Report, ReportFigures, Role } from '@qr-menu/contract';
import { session } from '../../../api/session';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';
import { ReportsPage } from './ReportsPage';
import { dispositionFileName } from '../shared/download-file';
import { visibleNav } from '../shared/nav';
import az from './i18n/az.json';
import ru from './i18n/ru.json';
import adminAz from '../shared/i18n/az.json';
import adminEn from '../shared/i18n/en.json';
import adminRu from '../shared/i18n/ru.json';

const figures = (over: Partial<ReportFigures> = {}): ReportFigures => ({
  from: '2026-01-11',
  to: '2026-01-11',
  revenue: 150,
  orders: 10,
  averageCheck: 15,
  tips: 12.5,
  discounts: 3,
  cancelled: 2,
  cancelledShare: 0.1667,
  byMethod: [
    { method: 'CASH', amount: 100, tips: 2.5 },
    { method: 'CARD', amount: 50, tips: 10 },
  ],
  minutesToReady: 12.5,
  minutesToServed: 20,
  ...over,
});

const plov = { az: 'Plov', en: 'Pilaf', ru: 'Плов' };
const tea = { az: 'Çay', en: 'Tea', ru: 'Чай' };

const sampleReport = (over: Partial<Report> = {}): Report => ({
  timeZone: 'Asia/Baku',
  current: figures(),
  previous: figures({
    from: '2026-01-10',
    to: '2026-01-10',
    revenue: 100,
    orders: 12,
    averageCheck: 8.33,
    tips: 12.5,
    cancelled: 1,
    cancelledShare: 0.0769,
    minutesToReady: null,
  }),
  byDay: [{ day: '2026-01-11', revenue: 150, orders: 10 }],
  byHour: [
    { weekday: 7, hour: 13, orders: 4 },
    { weekday: 7, hour: 19, orders: 6 },
  ],
  topByQuantity: [
    { dishId: 1, names: plov, quantity: 8, revenue: 96 },
    { dishId: 2, names: tea, quantity: 27, revenue: 54 },
  ],
  bottomByQuantity: [{ dishId: 2, names: tea, quantity: 27, revenue: 54 }],
  topByRevenue: [{ dishId: 1, names: plov, quantity: 8, revenue: 96 }],
  bottomByRevenue: [{ dishId: 2, names: tea, quantity: 27, revenue: 54 }],
  byTable: [{ tableNumber: '7', revenue: 150, orders: 10 }],
  byWaiter: [{ waiterId: 3, name: 'Aysel', revenue: 150, orders: 10 }],
  ...over,
});

let roles: Role[];
let report: Report;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Sunday 11 January 2026, 23:30 in Baku: the last minutes of the restaurant's week.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-11T19:30:00Z'));
  session.setToken('test-token', 1, 7);
  roles = ['EATERY_ADMIN'];
  report = sampleReport();
  fetchSpy = vi.fn(async (url: string) => {
    if (url === '/api/eatery') return jsonResponse([{ id: 7, name: 'Şirvan', roles, timeZone: 'Asia/Baku' }]);
    if (url.startsWith('/api/eatery/7/reports/orders.csv?')) {
      return new Response('\uFEFFid;total\n1;12,50\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="orders.csv"; filename*=UTF-8''sifari%C5%9Fl%C9%99r-2026-01-11.csv`,
        },
      });
    }
    if (url.startsWith('/api/eatery/7/reports?')) return jsonResponse(report);
    return jsonResponse({ messageKey: 'notFound', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
});

const calls = (prefix: string) =>
  fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

const renderReports = (lang: Language = 'en') => renderAdmin(<ReportsPage />, lang).then(() => undefined);

describe('reports page', () => {
  it('shows the figures with their change against the previous period, the direction as sign and arrow', async () => {
    await renderReports('en');
    const cards = await screen.findAllByTestId('report-figure');
    const card = (label: string) => cards.find((c) => c.getAttribute('aria-label') === label)!;

    const revenue = card('Revenue');
    expect(within(revenue).getByTestId('figure-value').textContent).toBe('150.00 AZN');
    expect(within(revenue).getByTestId('figure-change').dataset.trend).toBe('up');
    expect(within(revenue).getByTestId('figure-change').textContent).toBe('+50 %');
    expect(within(revenue).getByText('previous period: 100.00 AZN')).toBeTruthy();

    const orders = card('Paid orders');
    expect(within(orders).getByTestId('figure-change').dataset.trend).toBe('down');
    expect(within(orders).getByTestId('figure-change').textContent).toBe('−16.7 %');
    expect(within(orders).getByTestId('figure-change').getAttribute('aria-label')).toBe(
      'down −16.7 % on the previous period',
    );

    expect(within(card('Tips')).getByTestId('figure-change').dataset.trend).toBe('same');
    expect(within(card('Cancelled orders')).getByTestId('figure-value').textContent).toBe('2 · 16.7%');
    // No time to ready in the previous period: nothing to compare with.
    expect(within(card('Average time to ready')).queryByTestId('figure-change')).toBeNull();
    expect(within(card('Average time to ready')).getByTestId('figure-value').textContent).toBe('12.5 min');

    const methods = screen.getByTestId('report-methods');
    expect(within(methods).getByText('Cash')).toBeTruthy();
    expect(within(methods).getByText('100.00 AZN')).toBeTruthy();
  });

  it('a rise in cancellations is bad news: red, while a rise in revenue is green', async () => {
    await renderReports('en');
    const cards = await screen.findAllByTestId('report-figure');
    const change = (label: string) =>
      within(cards.find((c) => c.getAttribute('aria-label') === label)!).getByTestId('figure-change');
    const color = (el: HTMLElement) => el.getAttribute('style') ?? '';
    expect(color(change('Revenue'))).toContain('teal');
    expect(color(change('Cancelled orders'))).toContain('red');
  });

  it('asks for today in the restaurant’s zone, and "this week" on a Sunday is Monday to Sunday', async () => {
    await renderReports('en');
    await screen.findAllByTestId('report-figure');
    expect(calls('/api/eatery/7/reports?')).toEqual(['/api/eatery/7/reports?from=2026-01-11&to=2026-01-11']);
    fireEvent.click(screen.getByRole('radio', { name: 'This week' }));
    await waitFor(() =>
      expect(calls('/api/eatery/7/reports?')).toContain('/api/eatery/7/reports?from=2026-01-05&to=2026-01-11'),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'This month' }));
    await waitFor(() =>
      expect(calls('/api/eatery/7/reports?')).toContain('/api/eatery/7/reports?from=2026-01-01&to=2026-01-31'),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Yesterday' }));
    await waitFor(() =>
      expect(calls('/api/eatery/7/reports?')).toContain('/api/eatery/7/reports?from=2026-01-10&to=2026-01-10'),
    );
  });

  it('a custom range with the end before the start is refused under the field and not asked for', async () => {
    await renderReports('en');
    await screen.findAllByTestId('report-figure');
    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-20' } });
    expect(await screen.findByText('The end date must not be before the start date')).toBeTruthy();
    expect(calls('/api/eatery/7/reports?').some((u) => u.includes('from=2026-01-20'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Download orders CSV' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-25' } });
    await waitFor(() =>
      expect(calls('/api/eatery/7/reports?')).toContain('/api/eatery/7/reports?from=2026-01-20&to=2026-01-25'),
    );
  });

  it('downloads the orders CSV with the token and the interface language, under the server’s file name', async () => {
    const saved: { name: string; href: string }[] = [];
    // jsdom has no object URLs: set for this test only.
    const createUrl = vi.fn((_blob: Blob) => 'blob:report');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    await renderReports('az');
    await screen.findAllByTestId('report-figure');
    fireEvent.click(screen.getByRole('button', { name: az.reports.csv.orders }));
    await waitFor(() => expect(saved).toEqual([{ name: 'sifarişlər-2026-01-11.csv', href: 'blob:report' }]));
    const call = fetchSpy.mock.calls.find(([url]) => String(url).includes('orders.csv'))!;
    expect(call[0]).toBe('/api/eatery/7/reports/orders.csv?from=2026-01-11&to=2026-01-11&lang=az');
    expect((call[1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer test-token' });
    expect(createUrl.mock.calls[0][0].size).toBeGreaterThan(0);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('dish names in the interface language; the heat map names the busiest hour', async () => {
    await renderReports('ru');
    const list = await screen.findByTestId('dish-list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Плов: 8', 'Чай: 27']);
    fireEvent.click(screen.getByRole('radio', { name: ru.reports.charts.byRevenue }));
    await waitFor(() =>
      expect([...screen.getByTestId('dish-list').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
        'Плов: 96,00 AZN',
      ]),
    );
    expect(screen.getByTestId('busiest-hour').textContent).toBe('Самый загруженный час: вс 19:00, заказов: 6');
    for (const id of ['chart-by-day', 'chart-by-hour', 'chart-by-table', 'chart-by-waiter']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
  });

  it('waiters are credited for the orders they served; orders nobody served from a screen stand apart', async () => {
    report = sampleReport({
      byWaiter: [
        { waiterId: 3, name: 'Aysel', revenue: 120, orders: 8 },
        { waiterId: null, name: null, revenue: 30, orders: 2 },
      ],
    });
    await renderReports('ru');
    const list = await screen.findByTestId('waiter-list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Aysel: 120,00 AZN',
      `${ru.reports.charts.notServed}: 30,00 AZN`,
    ]);
    expect(screen.getByTestId('waiter-hint').textContent).toBe(ru.reports.charts.waiterHint);
  });

  it('a period without sales says so instead of empty charts', async () => {
    report = sampleReport({
      current: figures({
        revenue: 0,
        orders: 0,
        averageCheck: 0,
        tips: 0,
        cancelled: 0,
        cancelledShare: 0,
        byMethod: [],
      }),
      byDay: [{ day: '2026-01-11', revenue: 0, orders: 0 }],
      byHour: [],
      topByQuantity: [],
      bottomByQuantity: [],
      topByRevenue: [],
      bottomByRevenue: [],
      byTable: [],
      byWaiter: [],
    });
    await renderReports('az');
    expect((await screen.findByTestId('reports-empty')).textContent).toContain(az.reports.empty);
    expect(screen.queryByTestId('chart-by-day')).toBeNull();
    expect(screen.getByText(az.reports.figures.noPayments)).toBeTruthy();
  });

  it('a waiter is told reports are for the admin, and nothing is asked of the reports API', async () => {
    roles = ['WAITER'];
    await renderReports('ru');
    expect((await screen.findByTestId('reports-admin-only')).textContent).toContain(ru.reports.adminOnly);
    expect(calls('/api/eatery/7/reports')).toEqual([]);
  });
});

describe('in three languages', () => {
  it.each([
    ['az', 'Hesabatlar', 'Bu həftə', 'Gəlir'],
    ['en', 'Reports', 'This week', 'Revenue'],
    ['ru', 'Отчёты', 'Эта неделя', 'Выручка'],
  ] as const)('%s: title, presets and figures translated, no raw key shows', async (lang, title, week, revenue) => {
    await renderReports(lang);
    await screen.findAllByTestId('report-figure');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(title);
    expect(screen.getByRole('radio', { name: week })).toBeTruthy();
    expect(screen.getAllByText(revenue).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/reports\.[a-zA-Z]/);
  });
});

describe('the way to close the day', () => {
  it('goes to today’s business day: at 02:00 a bar starting its day at 05:00 is still on yesterday', async () => {
    // 02:00 on 12 January in Baku.
    vi.setSystemTime(new Date('2026-01-11T22:00:00Z'));
    const answer = fetchSpy.getMockImplementation() as (url: string) => Promise<Response>;
    fetchSpy.mockImplementation(async (url: string) =>
      url === '/api/eatery'
        ? jsonResponse([{ id: 7, name: 'Şirvan', roles, timeZone: 'Asia/Baku', dayStartHour: 5 }])
        : answer(url),
    );
    await renderReports('en');
    await screen.findAllByTestId('report-figure');
    expect(screen.getByRole('link', { name: 'Close the day' }).getAttribute('href')).toBe(
      '/admin/reports/z?day=2026-01-11&restaurantId=7',
    );
    // A range of days closes today's business day too.
    fireEvent.click(screen.getByRole('radio', { name: 'This week' }));
    await waitFor(() => expect(calls('/api/eatery/7/reports?').length).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Close the day' }).getAttribute('href')).toBe(
        '/admin/reports/z?day=2026-01-11&restaurantId=7',
      ),
    );
  });
});

describe('cashiers', () => {
  it('a cashier still gets the admin-only notice on the main reports page, and nothing is asked', async () => {
    roles = ['CASHIER'];
    await renderReports('az');
    expect((await screen.findByTestId('reports-admin-only')).textContent).toContain(az.reports.adminOnly);
    expect(calls('/api/eatery/7/reports')).toEqual([]);
  });
});

describe('sidebar', () => {
  it('offers Reports to the restaurant admin only', () => {
    const hasReports = (r: Role[]) => visibleNav(r).some((e) => e.to === '/admin/reports');
    expect(hasReports(['EATERY_ADMIN'])).toBe(true);
    expect(hasReports(['WAITER', 'CASHIER', 'KITCHEN_ADMIN'])).toBe(false);
  });

  it('offers "Close the day" to a cashier; the admin reaches it from Reports, so it is not listed twice', () => {
    const closeDay = (r: Role[]) => visibleNav(r).filter((e) => e.to === '/admin/reports/z');
    expect(closeDay(['CASHIER']).map((e) => e.labelKey)).toEqual(['nav.closeDay']);
    expect(closeDay(['WAITER', 'CASHIER'])).toHaveLength(1);
    expect(closeDay(['EATERY_ADMIN'])).toEqual([]);
    expect(closeDay(['EATERY_ADMIN', 'CASHIER'])).toEqual([]);
    expect(closeDay(['WAITER', 'KITCHEN_ADMIN'])).toEqual([]);
    for (const texts of [adminAz, adminEn, adminRu]) expect(texts.nav.closeDay).toBeTruthy();
  });
});

describe('Content-Disposition file names', () => {
  it('prefers the UTF-8 name, else the plain one', () => {
    expect(
      dispositionFileName(`attachment; filename="a.csv"; filename*=UTF-8''%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B.csv`),
    ).toBe('заказы.csv');
    expect(dispositionFileName('attachment; filename="orders-2026-01-01.csv"')).toBe('orders-2026-01-01.csv');
    expect(dispositionFileName(null)).toBeNull();
  });
});
