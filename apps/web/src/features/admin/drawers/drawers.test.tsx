import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawerExpectedCents, toCents, type DrawerSession, type Language, type Role } from '@qr-menu/contract';
import { session as authSession } from '../../../api/session';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse } from '../shared/test-utils';
import { visibleNav } from '../shared/nav';
import './index';
import { DrawerPage } from './DrawerPage';
import appRu from '../../../i18n/ru.json';
import az from './i18n/az.json';
import ru from './i18n/ru.json';

/** A drawer as the server answers it, its expected cash counted by the contract's rule. */
function drawer(over: Partial<DrawerSession> = {}): DrawerSession {
  const d: DrawerSession = {
    id: 5,
    userId: 1,
    userName: 'Aysel',
    businessDay: '2026-01-11',
    openedAt: '2026-01-11T05:00:00.000Z',
    openingFloat: 50,
    cashSales: 0,
    cashRefunds: 0,
    cashTips: 0,
    cashPayments: 0,
    payIns: 0,
    payOuts: 0,
    expected: 0,
    counted: null,
    difference: null,
    closedAt: null,
    closedBy: null,
    movements: [],
    ...over,
  };
  return { ...d, expected: drawerExpectedCents(mapCents(d)) / 100 };
}

const mapCents = (d: DrawerSession) => ({
  openingFloat: toCents(d.openingFloat),
  cashSales: toCents(d.cashSales),
  cashTips: toCents(d.cashTips),
  payIns: toCents(d.payIns),
  payOuts: toCents(d.payOuts),
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let roles: Role[];
/** The caller's open drawer on the fake server. */
let mine: DrawerSession | null;
/** Other drawers of the day on the fake server. */
let others: DrawerSession[];
let calls: Call[];
/** An answer the next POST gets instead of the fake server's. */
let refuse: { status: number; body: unknown } | null;

/**
 * A small fake of the drawers API: opening sets the caller's drawer, a movement changes it, closing counts it with
 * counted − expected; the day's list is the caller's drawer and the others.
 */
function fakeServer(url: string, method: string, body: Record<string, string> | undefined): Response {
  if (url === '/api/eatery') {
    return jsonResponse([{ id: 7, name: 'Şirvan', roles, timeZone: 'Asia/Baku', dayStartHour: 0, language: 'az' }]);
  }
  if (method === 'POST' && refuse) return jsonResponse(refuse.body, refuse.status);
  if (url === '/api/eatery/7/drawers/mine') return jsonResponse({ session: mine });
  if (url.startsWith('/api/eatery/7/drawers?')) return jsonResponse([...(mine ? [mine] : []), ...others]);
  if (method === 'POST' && url === '/api/eatery/7/drawers') {
    mine = drawer({ openingFloat: toCents(body!.openingFloat) / 100, cashSales: 30, cashPayments: 2, cashTips: 2 });
    return jsonResponse(mine);
  }
  if (method === 'POST' && url === '/api/eatery/7/drawers/5/movements') {
    const cents = toCents(body!.amount);
    const field = body!.kind === 'PAY_IN' ? 'payIns' : 'payOuts';
    mine = drawer({
      ...mine!,
      [field]: (toCents(mine![field]) + cents) / 100,
      movements: [
        ...mine!.movements,
        {
          id: 1,
          kind: body!.kind as 'PAY_IN' | 'PAY_OUT',
          amount: cents / 100,
          reason: body!.reason,
          createdAt: '2026-01-11T18:00:00.000Z',
          createdBy: 'Aysel',
        },
      ],
    });
    return jsonResponse(mine);
  }
  const close = /^\/api\/eatery\/7\/drawers\/(\d+)\/close$/.exec(url);
  if (method === 'POST' && close) {
    const open = [mine, ...others].find((d) => d?.id === Number(close[1]))!;
    const counted = toCents(body!.counted);
    const closed = {
      ...open,
      counted: counted / 100,
      difference: (counted - toCents(open.expected)) / 100,
      closedAt: '2026-01-11T19:30:00.000Z',
      closedBy: 'Aysel',
    };
    others = open === mine ? [...others, closed] : others.map((d) => (d.id === closed.id ? closed : d));
    if (open === mine) mine = null;
    return jsonResponse(closed);
  }
  return jsonResponse({ messageKey: 'notFound', message: url }, 404);
}

beforeEach(() => {
  // Sunday 11 January 2026, 23:30 in Baku.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-11T19:30:00Z'));
  authSession.setToken('test-token', 1, 7);
  roles = ['CASHIER'];
  mine = null;
  others = [];
  calls = [];
  refuse = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: input, body });
      return fakeServer(input, method, body);
    }),
  );
});
afterEach(() => {
  // Unmounted while the clock is still fake: a render after it would ask for the drawers of the real day.
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  authSession.clear();
});

const renderDrawer = (lang: Language = 'en') =>
  renderWithProviders(<DrawerPage />, { lang, path: '/admin/drawer?restaurantId=7' });
const posts = () => calls.filter((c) => c.method === 'POST');
const input = (name: RegExp) => screen.getByRole('textbox', { name });

describe('cash drawer page', () => {
  it('opens a drawer with a float typed with a comma, pays out, counts 1.00 over and closes it', async () => {
    await renderDrawer('en');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Opening float/ }), { target: { value: '50,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open drawer' }));

    // Float 50 + cash sales 30 + tips 2 = 82.
    const card = await screen.findByTestId('my-drawer');
    expect(posts()[0]).toMatchObject({ url: '/api/eatery/7/drawers', body: { openingFloat: '50.00' } });
    expect(within(card).getByTestId('drawer-float').textContent).toBe('Opening float50.00');
    expect(within(card).getByTestId('drawer-cash-sales').textContent).toBe('Cash sales (2)+30.00');
    expect(within(card).getByTestId('drawer-expected').textContent).toBe('Expected in the drawer82.00');

    fireEvent.click(within(card).getByRole('button', { name: 'Pay out' }));
    fireEvent.change(input(/^Amount/), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Bread supplier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('my-drawer')).getByTestId('drawer-expected').textContent).toBe(
        'Expected in the drawer77.00',
      ),
    );
    expect(posts()[1]).toMatchObject({
      url: '/api/eatery/7/drawers/5/movements',
      body: { kind: 'PAY_OUT', amount: '5.00', reason: 'Bread supplier' },
    });
    expect(within(screen.getByTestId('drawer-movements')).getByText('Bread supplier')).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('my-drawer')).getByRole('button', { name: 'Count and close' }));
    fireEvent.change(input(/^Counted cash/), { target: { value: '78' } });
    // Before closing: what the count makes, counted − expected.
    const preview = screen.getByTestId('close-preview');
    expect(within(preview).getByTestId('drawer-difference').textContent).toBe('+1.00 (Over)');
    fireEvent.click(screen.getByRole('button', { name: 'Close the drawer' }));

    const result = await screen.findByTestId('drawer-closed-result');
    expect(posts()[2]).toMatchObject({ url: '/api/eatery/7/drawers/5/close', body: { counted: '78.00' } });
    expect(within(result).getByTestId('drawer-expected').textContent).toBe('Expected in the drawer77.00');
    expect(within(result).getByTestId('drawer-counted').textContent).toBe('Counted cash78.00');
    const difference = within(result).getByTestId('drawer-difference');
    expect(difference.textContent).toBe('+1.00 (Over)');
    expect(difference.dataset.sign).toBe('over');
    expect(difference.getAttribute('style')).toContain('teal');
    // The drawer is closed: the form to open the next one is back, and the day's list shows the closed one.
    expect(await screen.findByTestId('open-drawer-form')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('day-drawer')).toHaveLength(1));
  });

  it('a short count reads −2.00 in red, in Azerbaijani', async () => {
    mine = drawer({ cashSales: 10 });
    await renderDrawer('az');
    fireEvent.click(await screen.findByRole('button', { name: az.drawers.close.button }));
    fireEvent.change(input(new RegExp(`^${az.drawers.close.counted}`)), { target: { value: '58' } });
    const difference = within(screen.getByTestId('close-preview')).getByTestId('drawer-difference');
    expect(difference.textContent).toBe(`−2,00 (${az.drawers.close.short})`);
    expect(difference.getAttribute('style')).toContain('red');
  });

  it.each([
    ['', 'Please enter a valid amount'],
    ['-5', 'Please enter a valid amount'],
    ['12.345', 'Please enter a valid amount'],
  ])('refuses the float %j under the field, and asks nothing', async (value, message) => {
    await renderDrawer('en');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Opening float/ }), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('a pay-out above what the drawer should hold, or without a reason, is refused before it is sent', async () => {
    mine = drawer();
    await renderDrawer('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Pay out' }));
    fireEvent.change(input(/^Amount/), { target: { value: '50.01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('A pay-out cannot take more than the drawer should hold (50.00 AZN)')).toBeTruthy();
    expect(screen.getByText('Give a reason')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('shows the server’s refusal translated (ru): a drawer already open', async () => {
    refuse = { status: 409, body: { messageKey: 'drawerAlreadyOpen', message: 'x' } };
    await renderDrawer('ru');
    fireEvent.change(await screen.findByRole('textbox', { name: new RegExp(`^${ru.drawers.open.float}`) }), {
      target: { value: '50' },
    });
    fireEvent.click(screen.getByRole('button', { name: ru.drawers.open.submit }));
    expect((await screen.findByRole('alert')).textContent).toContain(appRu.errors.drawerAlreadyOpen);
  });

  it('the admin sees every drawer of the day and may count one left open', async () => {
    roles = ['EATERY_ADMIN'];
    others = [
      drawer({
        id: 8,
        userId: 2,
        userName: 'Rauf',
        cashSales: 20,
        counted: 69,
        difference: -1,
        closedAt: '2026-01-11T17:00:00.000Z',
      }),
      drawer({ id: 9, userId: 3, userName: 'Leyla', openingFloat: 30 }),
    ];
    await renderDrawer('en');
    const rows = await screen.findAllByTestId('day-drawer');
    expect(calls.some((c) => c.url === '/api/eatery/7/drawers?day=2026-01-11')).toBe(true);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Rauf', 'Leyla']);
    expect(within(rows[0]).getByTestId('drawer-difference').textContent).toBe('−1.00');
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Count and close' }));
    expect(screen.getByRole('dialog', { name: 'Count and close the drawer of Leyla' })).toBeTruthy();
    fireEvent.change(input(/^Counted cash/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close the drawer' }));
    await screen.findByTestId('drawer-closed-result');
    expect(posts()[0]).toMatchObject({ url: '/api/eatery/7/drawers/9/close', body: { counted: '30.00' } });
  });

  it('a waiter is told who keeps a drawer, and nothing is asked of the drawers API', async () => {
    roles = ['WAITER'];
    await renderDrawer('ru');
    expect((await screen.findByTestId('drawer-not-allowed')).textContent).toContain(ru.drawers.notAllowed);
    expect(calls.filter((c) => c.url.includes('/drawers'))).toEqual([]);
  });
});

describe('sidebar', () => {
  it('offers the cash drawer to cashiers and the admin only', () => {
    const has = (r: Role[]) => visibleNav(r).some((e) => e.to === '/admin/drawer');
    expect(has(['CASHIER'])).toBe(true);
    expect(has(['EATERY_ADMIN'])).toBe(true);
    expect(has(['WAITER', 'KITCHEN_ADMIN'])).toBe(false);
  });
});
