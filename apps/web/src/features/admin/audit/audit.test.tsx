import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage, Language, Role } from '@qr-menu/contract';
import { session } from '../../../api/session';
import { visibleNav } from '../shared/nav';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';
import { AuditPage as AuditScreenPage } from './AuditPage';
import az from './i18n/az.json';
import ru from './i18n/ru.json';

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 30,
  // 23:30 in Baku (UTC+4).
  at: '2026-01-11T19:30:00.000Z',
  kind: 'VOID',
  userId: 5,
  userName: 'Aysel',
  approvedBy: 'Kamran',
  orderId: 12,
  subject: '#12 · 4 · Plov × 2',
  before: { status: 'PREPARING', amount: '12.00' },
  after: { status: 'DELETED' },
  reason: 'Guest changed their mind',
  ...over,
});

const refund = entry({
  id: 29,
  kind: 'REFUND',
  approvedBy: null,
  subject: '#11 · 2',
  before: { paid: '40.00' },
  after: { paid: '35.00', refund: '5.00', method: 'CASH' },
  reason: 'Cold soup',
});

const roleChange = entry({
  id: 28,
  kind: 'ROLE',
  userName: 'Owner',
  approvedBy: null,
  orderId: null,
  subject: 'aysel@example.com',
  before: { roles: 'WAITER' },
  after: { roles: 'WAITER,CASHIER' },
  reason: null,
});

const availability = entry({
  id: 27,
  kind: 'AVAILABILITY',
  approvedBy: null,
  orderId: null,
  subject: 'Plov',
  before: { available: true },
  after: { available: false },
  reason: null,
});

let roles: Role[];
/** The pages the log answers, by cursor ('first' for the first page). */
let pages: Record<string, AuditPage>;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  // Sunday 11 January 2026, 23:30 in Baku.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-11T19:30:00Z'));
  session.setToken('test-token', 1, 7);
  roles = ['EATERY_ADMIN'];
  pages = { first: { entries: [entry(), refund, roleChange, availability], nextCursor: null } };
  fetchSpy = vi.fn(async (url: string) => {
    if (url === '/api/eatery') return jsonResponse([{ id: 7, name: 'Şirvan', roles, timeZone: 'Asia/Baku' }]);
    if (url === '/api/eatery/7/user') {
      return jsonResponse([
        { id: 5, name: 'Aysel', username: 'aysel@example.com', roles: ['WAITER'] },
        { id: 6, name: '', username: 'kamran@example.com', roles: ['EATERY_ADMIN'] },
      ]);
    }
    if (url.startsWith('/api/eatery/7/audit.csv')) {
      return new Response('\uFEFFDate;Time\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="audit.csv"',
        },
      });
    }
    if (url.startsWith('/api/eatery/7/audit')) {
      const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? 'first';
      return jsonResponse(pages[cursor] ?? { entries: [], nextCursor: null });
    }
    return jsonResponse({ messageKey: 'notFound', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  // Unmounted first: with the session cleared a mounted screen would ask for the restaurants again, past the stub.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
});

const calls = (prefix: string) =>
  fetchSpy.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));
const logCalls = () => calls('/api/eatery/7/audit?');

const renderAudit = (lang: Language = 'en') => renderAdmin(<AuditScreenPage />, lang).then(() => undefined);
const rows = () => screen.findAllByTestId('audit-entry');
const rowText = (row: HTMLElement) => row.textContent ?? '';

describe('audit log page', () => {
  it('shows the entries in Azerbaijani: kind, time on the restaurant clock, approver, values in words', async () => {
    await renderAudit('az');
    const [voided, refunded, role, dish] = await rows();
    expect(within(voided).getByTestId('audit-kind').textContent).toBe('Ləğv');
    expect(within(voided).getByTestId('audit-time').textContent).toBe('11.01.2026 23:30');
    expect(rowText(voided)).toContain('Aysel');
    expect(rowText(voided)).toContain('təsdiqləyən: Kamran');
    expect(rowText(voided)).toContain('#12 · 4 · Plov × 2');
    expect(within(voided).getByTestId('audit-change').textContent).toBe(
      'Status: Hazırlanır → SilinibMəbləğ: 12,00 AZN',
    );
    expect(rowText(voided)).toContain('Guest changed their mind');

    expect(within(refunded).getByTestId('audit-kind').textContent).toBe('Geri qaytarma');
    expect(within(refunded).getByTestId('audit-change').textContent).toBe(
      'Ödənilib: 40,00 AZN → 35,00 AZNGeri qaytarma: 5,00 AZNÜsul: Nağd',
    );
    expect(within(role).getByTestId('audit-change').textContent).toBe('Rollar: Ofisiant → Ofisiant, Kassir');
    expect(within(dish).getByTestId('audit-change').textContent).toBe('Mövcudluq: Mövcuddur → Mövcud deyil');
    expect(document.body.textContent).not.toMatch(/audit\.[a-zA-Z]/);
  });

  it('shows the entries in Russian, with the order’s and item’s own status names', async () => {
    pages.first = {
      entries: [
        entry(),
        entry({ id: 20, kind: 'STATUS', approvedBy: null, before: { status: 'PAID' }, after: { status: 'CANCELLED' } }),
      ],
      nextCursor: null,
    };
    await renderAudit('ru');
    const [voided, status] = await rows();
    expect(within(voided).getByTestId('audit-kind').textContent).toBe('Аннулирование');
    expect(within(voided).getByTestId('audit-time').textContent).toBe('11.01.2026 23:30');
    expect(within(voided).getByTestId('audit-change').textContent).toBe('Статус: Готовится → УдаленоСумма: 12,00 AZN');
    expect(rowText(voided)).toContain('подтвердил(а): Kamran');
    expect(within(status).getByTestId('audit-kind').textContent).toBe('Статус');
    expect(within(status).getByTestId('audit-change').textContent).toBe('Статус: Оплачен → Отменён');
  });

  it('asks for today in the restaurant’s zone, and each filter changes the query', async () => {
    // 22:30 UTC on the 10th is already the 11th in Baku.
    vi.setSystemTime(new Date('2026-01-10T22:30:00Z'));
    await renderAudit('en');
    await rows();
    expect(logCalls()).toEqual(['/api/eatery/7/audit?day=2026-01-11']);

    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'REFUND' } });
    await waitFor(() => expect(logCalls()).toContain('/api/eatery/7/audit?day=2026-01-11&kind=REFUND'));

    const staff = screen.getByLabelText('Staff') as HTMLSelectElement;
    await waitFor(() => expect(staff.options.length).toBe(3));
    // Without a name, the login e-mail.
    expect([...staff.options].map((o) => o.textContent)).toEqual(['All staff', 'Aysel', 'kamran@example.com']);
    fireEvent.change(staff, { target: { value: '5' } });
    await waitFor(() => expect(logCalls()).toContain('/api/eatery/7/audit?day=2026-01-11&userId=5&kind=REFUND'));

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-01-09' } });
    await waitFor(() => expect(logCalls()).toContain('/api/eatery/7/audit?day=2026-01-09&userId=5&kind=REFUND'));

    fireEvent.click(screen.getByLabelText('All days'));
    await waitFor(() => expect(logCalls()).toContain('/api/eatery/7/audit?userId=5&kind=REFUND'));
    expect(screen.getByLabelText('Day')).toHaveProperty('disabled', true);
  });

  it('a cleared day is not asked for, and says why', async () => {
    await renderAudit('en');
    await rows();
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '' } });
    expect(await screen.findByText('Please enter a date')).toBeTruthy();
    expect(logCalls()).toEqual(['/api/eatery/7/audit?day=2026-01-11']);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
  });

  it('"Load more" asks for the next page by its cursor and adds it under the first', async () => {
    pages = {
      first: { entries: [entry(), refund], nextCursor: 29 },
      29: { entries: [roleChange], nextCursor: null },
    };
    await renderAudit('en');
    expect(await rows()).toHaveLength(2);
    expect(screen.getByText('Entries shown: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(3));
    expect(logCalls()).toEqual(['/api/eatery/7/audit?day=2026-01-11', '/api/eatery/7/audit?day=2026-01-11&cursor=29']);
    expect(screen.getAllByTestId('audit-kind').map((k) => k.textContent)).toEqual(['Void', 'Refund', 'Role']);
    // The last page: no more button.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('exports the CSV of the filters on screen, in the interface language, with the token', async () => {
    const saved: string[] = [];
    const createUrl = vi.fn((_blob: Blob) => 'blob:audit');
    Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderAudit('ru');
    await rows();
    fireEvent.change(screen.getByLabelText(ru.audit.filters.kind), { target: { value: 'VOID' } });
    await waitFor(() => expect(logCalls()).toContain('/api/eatery/7/audit?day=2026-01-11&kind=VOID'));
    fireEvent.click(screen.getByRole('button', { name: ru.audit.csv.export }));
    await waitFor(() => expect(saved).toEqual(['audit.csv']));
    const call = fetchSpy.mock.calls.find(([url]) => String(url).includes('audit.csv'))!;
    expect(call[0]).toBe('/api/eatery/7/audit.csv?day=2026-01-11&kind=VOID&lang=ru');
    expect((call[1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer test-token' });
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('a day without entries says so', async () => {
    pages.first = { entries: [], nextCursor: null };
    await renderAudit('az');
    expect((await screen.findByTestId('audit-empty')).textContent).toContain(az.audit.empty);
    expect(screen.queryByTestId('audit-entry')).toBeNull();
  });

  it('a waiter opening the URL is told the log is the admin’s, and nothing is asked of it', async () => {
    roles = ['WAITER'];
    await renderAudit('ru');
    expect((await screen.findByTestId('audit-admin-only')).textContent).toContain(ru.audit.adminOnly);
    expect(calls('/api/eatery/7/audit')).toEqual([]);
  });
});

describe('sidebar', () => {
  it('offers the audit log to the restaurant admin only', () => {
    const hasAudit = (r: Role[]) => visibleNav(r).some((e) => e.to === '/admin/audit');
    expect(hasAudit(['EATERY_ADMIN'])).toBe(true);
    expect(hasAudit(['WAITER', 'CASHIER', 'KITCHEN_ADMIN'])).toBe(false);
  });
});
