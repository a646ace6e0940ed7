import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  dayIn,
  type CallEvent,
  type Language,
  type Order,
  type OrderEvent,
  type Role,
  type StaffCall,
} from '@qr-menu/contract';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../shared/live/fetch-router';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { SOUND_KEY } from '../shared/live/sound-setting';
import type { OrdersSocketOptions } from '../shared/live/use-orders-socket';
import '../shared/test-utils';
import './index';
import { OrdersPage } from './OrdersPage';

// The socket is replaced: the test plays the server's events through the options the board gave it.
let socket: OrdersSocketOptions;
vi.mock('../shared/live/use-orders-socket', () => ({
  useOrdersSocket: (_id: number, options: OrdersSocketOptions) => {
    socket = options;
    return { live: true, state: 'live' };
  },
}));

const EATERY = 3;
// Just now: the board fetches and patches today's list (in the restaurant's time zone).
const created = new Date(Date.now() - 1000).toISOString();
const pilaf = makeItem(21, 11, { names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' } });
const open = makeOrder(11, created, { tableNumber: '5', items: [pilaf], eateryId: EATERY });
const paid = makeOrder(12, created, { tableNumber: '8', status: 'PAID', eateryId: EATERY, version: 4 });

const call: StaffCall = {
  id: 70,
  eateryId: EATERY,
  tableId: 1,
  tableNumber: '5',
  kind: 'WAITER',
  paymentMethod: null,
  status: 'OPEN',
  createdAt: new Date().toISOString(),
  acknowledgedAt: null,
} as unknown as StaffCall;

async function showBoard(roles: Role[], routes: Record<string, unknown> = {}) {
  const api = stubFetch({
    'GET /api/eatery': [{ id: EATERY, name: 'Dolma', roles, timeZone: 'Asia/Baku' }],
    [`GET /api/eatery/${EATERY}/orders`]: [open, paid],
    [`GET /api/eatery/${EATERY}/calls`]: [],
    ...routes,
  });
  await renderWithProviders(<OrdersPage />, { path: `/admin/orders?restaurantId=${EATERY}` });
  await screen.findByLabelText('Order #111, table 5');
  return api;
}

const cards = () => screen.queryAllByRole('article').map((a) => a.getAttribute('data-order-id'));

afterEach(() => vi.restoreAllMocks());

describe('orders board', () => {
  it('shows open orders first; closed ones behind the Closed filter, patched live', async () => {
    await showBoard(['CASHIER']);
    expect(cards()).toEqual(['11']);
    fireEvent.click(screen.getByRole('button', { name: /^Closed/ }));
    expect(cards()).toEqual(['12']);
    fireEvent.click(screen.getByRole('button', { name: /^Open/ }));

    // Paid on another screen: the event moves it out of the open view, no list request.
    const nowPaid: OrderEvent = {
      type: 'ORDER_UPDATED',
      orderId: 11,
      status: 'PAID',
      version: 2,
      order: { ...open, status: 'PAID', version: 2 },
    };
    act(() => socket.onEvent(nowPaid));
    await waitFor(() => expect(cards()).toEqual([]));
    expect(screen.getByText(/No open orders/)).toBeTruthy();
  });

  it('"Open" also shows orders still open from earlier days, apart, until they are paid', async () => {
    // Placed two days ago and still not paid (a table served across midnight, a bill forgotten).
    const lastNight = makeOrder(9, new Date(Date.now() - 2 * 86_400_000).toISOString(), {
      tableNumber: '2',
      status: 'ISSUED',
      eateryId: EATERY,
      version: 3,
    });
    const api = await showBoard(['CASHIER'], {
      // The day list has today's orders; the status queries (no dates) find the old one too.
      [`GET /api/eatery/${EATERY}/orders`]: (_body: unknown, url: string) =>
        url.includes('status=') ? (url.includes('status=ISSUED') ? [lastNight] : []) : [open, paid],
    });
    const section = await screen.findByTestId('earlier-open');
    expect(within(section).getByRole('heading', { name: 'Still open from earlier days: 1' })).toBeTruthy();
    expect(within(section).getByLabelText('Order #109, table 2')).toBeTruthy();
    expect(cards()).toEqual(['9', '11']);
    const listRequests = api.requests('GET').filter((c) => c.url.includes('/orders')).length;

    // Paid at last: it leaves the board live, with no list request.
    act(() =>
      socket.onEvent({
        type: 'ORDER_UPDATED',
        orderId: 9,
        status: 'PAID',
        version: 4,
        order: { ...lastNight, status: 'PAID', version: 4 },
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('earlier-open')).toBeNull());
    expect(cards()).toEqual(['11']);
    expect(api.requests('GET').filter((c) => c.url.includes('/orders')).length).toBe(listRequests);

    // The closed view is of the chosen days only.
    fireEvent.click(screen.getByRole('button', { name: /^Closed/ }));
    expect(cards()).toEqual(['12']);
  });

  it('one tap on a dish moves it on and the answer updates the card', async () => {
    const api = await showBoard(['KITCHEN_ADMIN'], {
      [`PUT /api/eatery/${EATERY}/orders/11/items/21`]: (body: unknown) => ({
        ...open,
        status: 'PREPARING',
        version: 2,
        items: [{ ...pilaf, ...(body as Partial<Order['items'][number]>) }],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Pilaf: mark as Preparing' }));
    await screen.findByRole('button', { name: 'Pilaf: mark as Ready' });
    expect(api.requests('PUT')).toEqual([
      { method: 'PUT', url: `/api/eatery/${EATERY}/orders/11/items/21`, body: { status: 'PREPARING' } },
    ]);
    // The kitchen has no order status dialog and no calls from the tables.
    expect(screen.queryByRole('button', { name: 'Status' })).toBeNull();
    expect(api.calls.some((c) => c.url.includes('/calls'))).toBe(false);
  });

  it('voids a dish through the void dialog; the card keeps it struck out with its reason', async () => {
    const api = await showBoard(['WAITER'], {
      [`DELETE /api/eatery/${EATERY}/orders/11/items/21`]: (body: unknown) => ({
        ...open,
        version: 2,
        orderPrice: 0,
        items: [
          {
            ...pilaf,
            status: 'DELETED',
            voidedFrom: 'CREATED',
            voidedAt: new Date().toISOString(),
            voidReason: (body as { reason: string }).reason,
          },
        ],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Void Pilaf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void 1 × Pilaf' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Dish unavailable' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void dish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Void 1 × Pilaf' })).toBeNull());
    expect(api.requests('DELETE')).toEqual([
      {
        method: 'DELETE',
        url: `/api/eatery/${EATERY}/orders/11/items/21`,
        body: { reason: 'Dish unavailable' },
      },
    ]);
    const row = document.querySelector<HTMLElement>('[data-item-id="21"]')!;
    expect(within(row).getByText('Voided')).toBeTruthy();
    expect(within(row).getByText('Reason: Dish unavailable')).toBeTruthy();
  });

  it('shows a call from a table live to the waiter', async () => {
    await showBoard(['WAITER']);
    await waitFor(() => expect(socket.onCallEvent).toBeDefined());
    const event = { type: 'CALL_CREATED', call } as unknown as CallEvent;
    act(() => socket.onCallEvent!(event));
    const alert = await screen.findByText('Table 5');
    expect(within(alert.closest('div')!.parentElement!).getByText(/calls the waiter/)).toBeTruthy();
  });
});

describe('orders board dates', () => {
  const today = dayIn(new Date(), 'Asia/Baku');
  const [year, month, day] = today.split('-');
  const todayShown = `${day}.${month}.${year}`;

  async function showBoardIn(lang: Language) {
    const api = stubFetch({
      'GET /api/eatery': [{ id: EATERY, name: 'Dolma', roles: ['CASHIER'], timeZone: 'Asia/Baku' }],
      [`GET /api/eatery/${EATERY}/orders`]: [open, paid],
    });
    await renderWithProviders(<OrdersPage />, { lang, path: `/admin/orders?restaurantId=${EATERY}` });
    await waitFor(() => expect(cards()).toEqual(['11']));
    return api;
  }
  /** The days the board asked for, in order ('from..to'); the status-only queries of earlier days are left out. */
  const dayLists = (api: ReturnType<typeof stubFetch>) =>
    api
      .requests('GET')
      .filter((c) => c.url.includes('/orders?') && c.url.includes('from='))
      .map((c) => {
        const q = new URL(c.url, 'http://x').searchParams;
        return `${q.get('from')}..${q.get('to')}`;
      });
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

  it.each([
    ['az', 'Başlanğıc', 'Son', 'gg.aa.iiii'],
    ['ru', 'С', 'По', 'дд.мм.гггг'],
  ] as const)('shows the days as dd.mm.yyyy in %s', async (lang, from, to, placeholder) => {
    const api = await showBoardIn(lang);
    expect(field(from).value).toBe(todayShown);
    expect(field(to).value).toBe(todayShown);
    expect(field(from).type).toBe('text');
    expect(field(from).placeholder).toBe(placeholder);
    expect(dayLists(api)).toEqual([`${today}..${today}`]);
  });

  it('does not filter on a half-typed day, and says what a date looks like', async () => {
    const api = await showBoardIn('en');
    fireEvent.change(field('From'), { target: { value: '05.03.202' } });
    fireEvent.blur(field('From'));
    expect(await screen.findByText('Enter a date as dd.mm.yyyy, e.g. 28.11.2026')).toBeTruthy();
    // Finishing the year asks at once: had the half-typed text been asked, it would be among the lists before it.
    fireEvent.change(field('From'), { target: { value: '05.03.2025' } });
    await waitFor(() => expect(dayLists(api)).toEqual([`${today}..${today}`, `2025-03-05..${today}`]));
  });

  it('filters a typed range with yyyy-mm-dd days, and refuses a start after the end', async () => {
    const api = await showBoardIn('en');
    fireEvent.change(field('From'), { target: { value: '01032025' } });
    fireEvent.change(field('To'), { target: { value: '5.3.2025' } });
    await waitFor(() => expect(dayLists(api).at(-1)).toBe('2025-03-01..2025-03-05'));
    fireEvent.blur(field('To'));
    expect(field('To').value).toBe('05.03.2025');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');

    const asked = dayLists(api).length;
    fireEvent.change(field('From'), { target: { value: '06.03.2025' } });
    expect(await screen.findByText('The start date must not be after the end date')).toBeTruthy();
    fireEvent.change(field('From'), { target: { value: '' } });
    expect(await screen.findByText('Please choose both dates')).toBeTruthy();
    expect(dayLists(api).length).toBe(asked);

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(field('From').value).toBe(todayShown));
  });
});

describe('orders board sound', () => {
  // jsdom has no audio: a context that starts suspended (the autoplay rule) and runs once resumed in a tap.
  class FakeAudioContext {
    state: AudioContextState = 'suspended';
    onstatechange: (() => void) | null = null;
    resume() {
      this.state = 'running';
      this.onstatechange?.();
      return Promise.resolve();
    }
  }
  const w = window as unknown as { AudioContext?: unknown };
  beforeAll(() => {
    w.AudioContext = FakeAudioContext;
    localStorage.removeItem(SOUND_KEY);
  });
  afterAll(() => {
    delete w.AudioContext;
  });

  it('says sound is off until a tap turns it on', async () => {
    await showBoard(['WAITER']);
    const banner = 'Sound is off — tap to turn it on';
    expect(screen.getByText(banner)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Turn sound on' }));
    });
    expect(screen.queryByText(banner)).toBeNull();
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
  });
});
