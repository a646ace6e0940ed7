// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: under happy-dom the side panel (Mantine's visibleFrom="lg" box) has no "All day"
// heading to find by role, while in a browser and in jsdom it has.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECALL_MINUTES, type KitchenBoard, type Order, type OrderEvent } from '@qr-menu/contract';
import { stubFetch } from '../shared/live/fetch-router';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import type { OrdersSocketOptions } from '../shared/live/use-orders-socket';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { KitchenBoardScreen } from './KitchenBoardScreen';
import { DISMISSED_VOIDS_KEY } from './use-dismissed-voids';

// The socket is replaced: the test plays the server's events through the options the screen gave it.
let socket: OrdersSocketOptions;
vi.mock('../shared/live/use-orders-socket', () => ({
  useOrdersSocket: (_id: number, options: OrdersSocketOptions) => {
    socket = options;
    return { live: true, state: 'live' };
  },
}));

const NOW = Date.parse('2026-11-24T10:30:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const EATERY = 3;

/** Three orders: table 7 placed 25 min ago (red) then added a dish 12 min ago (amber ADD-ON); table 2 2 min ago. */
function fixture(): Order[] {
  return [
    makeOrder(11, minutesAgo(25), {
      tableNumber: '7',
      note: 'Birthday — bring together',
      items: [
        makeItem(1, 11, { createdAt: minutesAgo(25), quantity: 2, note: 'no onions' }),
        makeItem(2, 11, { createdAt: minutesAgo(25), status: 'PREPARING' }),
        makeItem(3, 11, {
          createdAt: minutesAgo(12),
          batch: 2,
          dishId: 1,
          names: { az: 'Yemək 1', en: 'Dish 1', ru: 'Блюдо 1' },
        }),
      ],
    }),
    makeOrder(12, minutesAgo(2), { tableNumber: '2', items: [makeItem(4, 12, { createdAt: minutesAgo(2) })] }),
  ];
}

const board = (orders: Order[]): KitchenBoard => ({ amberMinutes: 10, redMinutes: 20, orders });

/** The ticket cards in the order shown. */
const tickets = () => screen.queryAllByLabelText(/^Ticket:/);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function show(orders: Order[], routes: Record<string, unknown> = {}, lang: 'en' | 'az' | 'ru' = 'en') {
  const api = stubFetch({
    [`GET /api/eatery/${EATERY}/kitchen`]: board(orders),
    [`GET /api/eatery/${EATERY}/kitchen-department`]: [{ id: 5, name: 'Grill', eateryId: EATERY }],
    ...routes,
  });
  await renderAdmin(<KitchenBoardScreen eateryId={EATERY} station={null} timeZone="Asia/Baku" />, lang);
  await waitFor(() => expect(api.requests('GET').length).toBeGreaterThanOrEqual(2));
  return api;
}

describe('kitchen display', () => {
  it('shows tickets oldest first, the add-on as its own ticket, amber and red by age, the notes', async () => {
    await show(fixture());
    await waitFor(() => expect(tickets()).toHaveLength(3));
    const [first, second, third] = tickets();
    // The order's number of the day (the fixture's 111 for id 11), never its id.
    expect(first.getAttribute('aria-label')).toBe('Ticket: table 7, order #111');
    expect(within(first).getByText('#111')).toBeTruthy();
    expect(within(first).queryByText('#11')).toBeNull();
    expect(first.dataset.level).toBe('red');
    expect(within(first).getByText('Overdue')).toBeTruthy();
    expect(within(first).queryByText('ADD-ON')).toBeNull();
    expect(within(first).getByText('Birthday — bring together')).toBeTruthy();
    expect(within(first).getByText('no onions')).toBeTruthy();
    expect(within(first).getByText('25:00')).toBeTruthy();

    expect(second.getAttribute('aria-label')).toBe('Ticket: table 7, order #111');
    expect(second.dataset.level).toBe('amber');
    expect(within(second).getByText('ADD-ON')).toBeTruthy();
    expect(within(second).getByText('Waiting long')).toBeTruthy();

    expect(third.getAttribute('aria-label')).toBe('Ticket: table 2, order #112');
    expect(third.dataset.level).toBe('fresh');
  });

  it('counts each dish not yet READY in "All day"', async () => {
    await show(fixture());
    const panel = (await screen.findAllByRole('heading', { name: 'All day' }))[0].parentElement!;
    // Dish 1: 2 portions in the first ticket + 1 in the add-on.
    const rows = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['3Dish 1', '1Dish 2', '1Dish 4']);
  });

  it('one tap moves an item to its next status (PUT) and the answer updates the ticket', async () => {
    const orders = fixture();
    const answer = { ...orders[1], version: 2, items: [{ ...orders[1].items[0], status: 'PREPARING' as const }] };
    const api = await show(orders, { [`PUT /api/eatery/${EATERY}/orders/12/items/4`]: answer });
    await waitFor(() => expect(tickets()).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: '1× Dish 4: mark Cooking' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toEqual({ status: 'PREPARING' });
    expect(await screen.findByRole('button', { name: '1× Dish 4: mark Ready' })).toBeTruthy();
  });

  it('bumps a ticket (POST bump READY) and can bring it back from the recall drawer', async () => {
    const orders = fixture();
    const bumped: Order = {
      ...orders[1],
      version: 2,
      items: [{ ...orders[1].items[0], status: 'READY', readyAt: minutesAgo(0) }],
    };
    const api = await show(orders, {
      [`POST /api/eatery/${EATERY}/kitchen/tickets/12/1/bump`]: bumped,
      [`POST /api/eatery/${EATERY}/kitchen/tickets/12/1/recall`]: { ...orders[1], version: 3 },
    });
    await waitFor(() => expect(tickets()).toHaveLength(3));
    fireEvent.click(within(tickets()[2]).getByRole('button', { name: 'Bump' }));
    await waitFor(() => expect(tickets()).toHaveLength(2));
    expect(api.requests('POST')[0].body).toEqual({ departmentId: null, status: 'READY' });

    fireEvent.click(screen.getByRole('button', { name: /Recall/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Bumped tickets' });
    expect(within(drawer).getByText('Table 2 · #112')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Bring back' }));
    await waitFor(() => expect(tickets()).toHaveLength(3));
    expect(api.requests('POST')[1].url).toBe(`/api/eatery/${EATERY}/kitchen/tickets/12/1/recall`);
  });

  it('patches the board from order events by version, without asking the server', async () => {
    const api = await show([]);
    expect(await screen.findByText('No tickets — all caught up')).toBeTruthy();
    const requestsBefore = api.calls.length;
    const order = makeOrder(20, minutesAgo(1), { tableNumber: '9', items: [makeItem(30, 20)] });
    const event = (o: Order, type: 'NEW_ORDER' | 'ORDER_UPDATED' = 'ORDER_UPDATED'): OrderEvent => ({
      type,
      orderId: o.id,
      status: o.status,
      version: o.version,
      order: o,
    });

    act(() => socket.onEvent(event(order, 'NEW_ORDER')));
    expect(await screen.findByLabelText('Ticket: table 9, order #120')).toBeTruthy();

    // An older copy arriving late changes nothing; a newer one replaces it.
    act(() => socket.onEvent(event({ ...order, version: 3, items: [makeItem(30, 20, { status: 'PREPARING' })] })));
    act(() => socket.onEvent(event({ ...order, version: 2, items: [makeItem(30, 20, { status: 'READY' })] })));
    expect(await screen.findByRole('button', { name: '1× Dish 30: mark Ready' })).toBeTruthy();
    // Events are applied in order: once a later event's ticket shows, the older copy has had its turn.
    act(() => socket.onEvent(event({ ...order, id: 21, number: 121, items: [makeItem(31, 21)] }, 'NEW_ORDER')));
    expect(await screen.findByLabelText('Ticket: table 9, order #121')).toBeTruthy();
    expect(screen.getByRole('button', { name: '1× Dish 30: mark Ready' })).toBeTruthy();

    act(() => socket.onEvent({ type: 'ORDER_DELETED', orderId: 20, status: 'CREATED' }));
    act(() => socket.onEvent({ type: 'ORDER_DELETED', orderId: 21, status: 'CREATED' }));
    expect(await screen.findByText('No tickets — all caught up')).toBeTruthy();
    expect(api.calls.length).toBe(requestsBefore);
  });

  it('"Sold out" finds a dish in any language and switches it off the menu (PUT availability)', async () => {
    const dish = (id: number, nameEn: string, nameAz: string) => ({
      id,
      dishId: id,
      nameEn,
      nameAz,
      nameRu: '',
      available: true,
    });
    const api = await show([], {
      [`GET /api/eatery/${EATERY}/category`]: [{ id: 8, categoryId: 8 }],
      [`GET /api/eatery/${EATERY}/category/8`]: { id: 8, dishes: [dish(1, 'Plov', 'Plov'), dish(2, 'Soup', 'Şorba')] },
      [`PUT /api/eatery/${EATERY}/dish/2/availability`]: { id: 2, available: false },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sold out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sold out dishes' });
    fireEvent.change(within(dialog).getByLabelText('Find a dish'), { target: { value: 'şor' } });
    await waitFor(() => expect(within(dialog).queryByText('Plov')).toBeNull());
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Soup is on the menu' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    // The default: back by itself at the next opening.
    expect(api.requests('PUT')[0].body).toEqual({ available: false, untilNextBusinessDay: true });
    expect(await within(dialog).findByText('Sold out')).toBeTruthy();
  });

  it('"Sold out" until switched back on, or until the next opening with the time it comes back', async () => {
    const soup = { id: 2, dishId: 2, nameEn: 'Soup', nameAz: 'Şorba', nameRu: 'Суп', available: true };
    const api = await show(
      [],
      {
        [`GET /api/eatery/${EATERY}/category`]: [{ id: 8, categoryId: 8 }],
        [`GET /api/eatery/${EATERY}/category/8`]: {
          id: 8,
          dishes: [
            soup,
            {
              ...soup,
              id: 3,
              dishId: 3,
              nameRu: 'Плов',
              available: false,
              availableAgainAt: '2026-11-25T04:00:00.000Z',
            },
          ],
        },
        [`PUT /api/eatery/${EATERY}/dish/2/availability`]: { id: 2, available: false, availableAgainAt: null },
      },
      'ru',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Стоп-лист' }));
    const dialog = await screen.findByRole('dialog');
    // 04:00 UTC is 08:00 in Baku (the restaurant's clock), a Wednesday.
    expect((await within(dialog).findByTestId('back-at')).textContent).toBe('Вернётся завтра в 08:00');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Пока я не включу его снова' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: /Суп/ }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toEqual({ available: false, untilNextBusinessDay: false });
  });

  it('leaves out guest orders waiting for confirmation, and takes them once accepted', async () => {
    const waiting = makeOrder(30, minutesAgo(1), {
      status: 'NEEDS_CONFIRMATION',
      tableNumber: '9',
      items: [makeItem(31, 30, { createdAt: minutesAgo(1) })],
    });
    await show([waiting]);
    expect(await screen.findByText('No tickets — all caught up')).toBeTruthy();
    act(() =>
      socket.onEvent({
        type: 'ORDER_UPDATED',
        orderId: 30,
        status: 'CREATED',
        version: 2,
        order: { ...waiting, status: 'CREATED', version: 2 },
      }),
    );
    await waitFor(() => expect(tickets()).toHaveLength(1));
  });

  it('shows the chosen options on the ticket and splits "All day" by them', async () => {
    const option = (optionId: number, en: string, ru: string) => ({
      groupId: 1,
      optionId,
      groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
      names: { az: en, en, ru },
      priceDelta: 1.5,
    });
    const big = [option(11, '0.5 L', '0,5 л')];
    const small = [option(10, '0.3 L', '0,3 л')];
    await show(
      [
        makeOrder(40, minutesAgo(3), {
          items: [
            makeItem(41, 40, { dishId: 5, quantity: 2, options: big, createdAt: minutesAgo(3) }),
            makeItem(42, 40, { dishId: 5, quantity: 1, options: small, createdAt: minutesAgo(3) }),
            makeItem(43, 40, { dishId: 5, quantity: 1, createdAt: minutesAgo(3) }),
          ],
        }),
      ],
      {},
      'ru',
    );
    const ticket = (await screen.findAllByLabelText(/^Тикет|^Ticket|стол/i))[0];
    expect(
      within(ticket)
        .getAllByTestId('item-options')
        .map((e) => e.textContent),
    ).toEqual(['Размер: 0,5 л', 'Размер: 0,3 л']);
    const split = screen.getAllByTestId('all-day-options')[0];
    expect([...split.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2 × Размер: 0,5 л',
      '1 × Размер: 0,3 л',
      '1 × без опций',
    ]);
  });

  describe('VOID notices', () => {
    /** Table 4: Plov × 2 voided while cooking 2 min ago, a tea voided before the kitchen started, a dolma cooking. */
    const voidFixture = (): Order[] => [
      makeOrder(50, minutesAgo(6), {
        tableNumber: '4',
        status: 'PREPARING',
        items: [
          makeItem(51, 50, {
            createdAt: minutesAgo(6),
            quantity: 2,
            names: { az: 'Plov', en: 'Plov', ru: 'Плов' },
            status: 'DELETED',
            voidedFrom: 'PREPARING',
            voidedAt: minutesAgo(2),
            voidReason: 'Guest changed their mind',
          }),
          makeItem(52, 50, {
            createdAt: minutesAgo(6),
            names: { az: 'Çay', en: 'Tea', ru: 'Чай' },
            status: 'DELETED',
            voidedFrom: 'CREATED',
            voidedAt: minutesAgo(1),
            voidReason: 'Wrong item entered',
          }),
          makeItem(53, 50, { createdAt: minutesAgo(6), status: 'PREPARING' }),
        ],
      }),
    ];
    const notices = () => screen.queryAllByRole('alert').filter((a) => a.dataset.itemId);

    beforeEach(() => localStorage.removeItem(DISMISSED_VOIDS_KEY));

    it('shows a dish voided while cooking above the tickets, not one voided before the kitchen started', async () => {
      await show(voidFixture());
      await waitFor(() => expect(notices()).toHaveLength(1));
      const [notice] = notices();
      expect(within(notice).getByTestId('void-line').textContent).toBe(
        'VOID · Table 4 · #150 · Plov × 2 · Guest changed their mind',
      );
      expect(within(notice).getByText('Was cooking: stop · voided 2:00 ago')).toBeTruthy();
      expect(screen.queryByText(/Tea/)).toBeNull();
      // The voided dish left its ticket; the dolma still cooks.
      expect(tickets()).toHaveLength(1);
      expect(within(tickets()[0]).queryByText('Plov')).toBeNull();
    });

    it('is dismissed on this device, also after a reload; it leaves by itself after the recall minutes', async () => {
      await show(voidFixture());
      await waitFor(() => expect(notices()).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss the void of 2× Plov, table 4' }));
      expect(notices()).toHaveLength(0);
      expect(JSON.parse(localStorage.getItem(DISMISSED_VOIDS_KEY)!)).toEqual([51]);
      document.body.innerHTML = '';
      await show(voidFixture());
      await waitFor(() => expect(tickets()).toHaveLength(1));
      expect(notices()).toHaveLength(0);

      localStorage.removeItem(DISMISSED_VOIDS_KEY);
      document.body.innerHTML = '';
      vi.setSystemTime(NOW + (RECALL_MINUTES - 1) * 60_000);
      await show(voidFixture());
      await waitFor(() => expect(tickets()).toHaveLength(1));
      expect(notices()).toHaveLength(0);
    });

    it('appears live when a waiter voids a dish the kitchen is cooking', async () => {
      const cooking = makeOrder(60, minutesAgo(3), {
        tableNumber: '8',
        items: [makeItem(61, 60, { createdAt: minutesAgo(3), status: 'PREPARING' })],
      });
      await show([cooking], {}, 'ru');
      const ruTickets = () => screen.queryAllByLabelText(/^Тикет:/);
      await waitFor(() => expect(ruTickets()).toHaveLength(1));
      const voided: Order = {
        ...cooking,
        version: 2,
        items: [
          {
            ...cooking.items[0],
            status: 'DELETED',
            voidedFrom: 'PREPARING',
            voidedAt: minutesAgo(0),
            voidReason: 'Гость передумал',
          },
        ],
      };
      act(() => socket.onEvent({ type: 'ORDER_UPDATED', orderId: 60, status: 'CREATED', version: 2, order: voided }));
      await waitFor(() => expect(notices()).toHaveLength(1));
      expect(within(notices()[0]).getByTestId('void-line').textContent).toBe(
        'ОТМЕНА · Стол 8 · #160 · Блюдо 61 × 1 · Гость передумал',
      );
      expect(ruTickets()).toHaveLength(0);
    });
  });

  it.each([
    ['az', 'Bilet yoxdur — hər şey hazırdır', 'Mətbəx ekranı'],
    ['ru', 'Тикетов нет — всё готово', 'Экран кухни'],
  ] as const)('speaks %s', async (lang, empty, title) => {
    await show([], {}, lang);
    expect(await screen.findByText(empty)).toBeTruthy();
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
  });

  it('shows dish names in the interface language', async () => {
    await show(fixture(), {}, 'ru');
    expect((await screen.findAllByText('Блюдо 4')).length).toBeGreaterThan(0);
  });
});
