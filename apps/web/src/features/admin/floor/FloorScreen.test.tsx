import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Eatery, Order, Role, Table } from '@qr-menu/contract';
import { session } from '../../../api/session';
import { makeCall } from '../shared/live/call-fixture';
import { stubFetch } from '../shared/live/fetch-router';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import type { OrdersSocketOptions } from '../shared/live/use-orders-socket';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { FloorScreen } from './FloorScreen';

let socket: OrdersSocketOptions;
vi.mock('../shared/live/use-orders-socket', () => ({
  useOrdersSocket: (_id: number, options: OrdersSocketOptions) => {
    socket = options;
    return { live: true, state: 'live' };
  },
}));

afterEach(() => vi.restoreAllMocks());

const E = 3;
const at = new Date().toISOString();
const table = (id: number, number: string): Table => ({ id, number, status: 'ACTIVE' }) as Table;
const restaurant = (roles: Role[]) => ({ id: E, name: 'Dolma', roles }) as unknown as Eatery;

const orders: Order[] = [
  makeOrder(21, at, { tableId: 1, tableNumber: '1', status: 'CREATED', items: [makeItem(1, 21)] }),
  makeOrder(22, at, {
    tableId: 2,
    tableNumber: '2',
    status: 'PREPARING',
    items: [makeItem(2, 22, { status: 'READY' }), makeItem(3, 22, { status: 'PREPARING' })],
  }),
  makeOrder(23, at, {
    tableId: 4,
    tableNumber: '4',
    status: 'PREPARING',
    items: [makeItem(4, 23, { status: 'PREPARING' })],
  }),
];

async function show(roles: Role[], routes: Record<string, unknown> = {}) {
  vi.spyOn(session, 'getUserId').mockReturnValue(42);
  const api = stubFetch({
    [`GET /api/eatery/${E}/table`]: [table(1, '1'), table(2, '2'), table(3, '3'), table(4, '4'), table(5, '5')],
    [`GET /api/eatery/${E}/table-assignment`]: [
      { id: 1, tableId: 2, waiterId: 42, waiterName: 'Aysel' },
      { id: 2, tableId: 5, waiterId: 42, waiterName: 'Aysel' },
    ],
    [`GET /api/eatery/${E}/orders`]: (_b: unknown, url: string) =>
      orders.filter((o) => url.includes(`status=${o.status}`)),
    [`GET /api/eatery/${E}/calls`]: [
      makeCall(7, { tableId: 3, tableNumber: '3', kind: 'BILL', paymentMethod: 'CASH' }),
    ],
    ...routes,
  });
  await renderAdmin(<FloorScreen restaurant={restaurant(roles)} />);
  await screen.findAllByRole('button', { name: /^Table \d+:/ });
  return api;
}

const tile = (n: string) => screen.getByRole('button', { name: new RegExp(`^Table ${n}:`) });

describe('floor view', () => {
  it('shows each table state in words (free, ordering, food ready, waiting, bill requested)', async () => {
    await show(['EATERY_ADMIN']);
    await waitFor(() => expect(tile('3').getAttribute('aria-label')).toBe('Table 3: Bill requested'));
    expect(tile('1').getAttribute('aria-label')).toBe('Table 1: Ordering');
    expect(tile('2').getAttribute('aria-label')).toBe('Table 2: Food ready');
    expect(tile('4').getAttribute('aria-label')).toBe('Table 4: Waiting for food');
    expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Free');
    // The summary counts the states present.
    const summary = screen.getByRole('list', { name: 'Table states' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bill requested: 1', 'Food ready: 1', 'Ordering: 1', 'Waiting for food: 1', 'Free: 1']);
    // The open call is on top too, with its way to pay.
    expect(screen.getByText(/asks for the bill — cash/)).toBeTruthy();
  });

  it('a waiter sees only their tables by default, and all of them with the filter off', async () => {
    await show(['WAITER']);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Table \d+:/ })).toHaveLength(2));
    expect(tile('2')).toBeTruthy();
    expect(tile('5')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'My tables (2)' }));
    expect(screen.getAllByRole('button', { name: /^Table \d+:/ })).toHaveLength(5);
  });

  it('marks a READY item served with one tap; the cashier gets the link to close the bill', async () => {
    const served = {
      ...orders[1],
      version: 2,
      items: [{ ...orders[1].items[0], status: 'SERVED' as const }, orders[1].items[1]],
    };
    const api = await show(['CASHIER'], { [`PUT /api/eatery/${E}/orders/22/items/2`]: served });
    await waitFor(() => expect(tile('2')).toBeTruthy());
    fireEvent.click(tile('2'));
    const panel = await screen.findByRole('dialog', { name: 'Table 2' });
    // The order by its number of the day (122 for id 22 in the fixture); the id stays in the bill's address.
    expect(within(panel).getByText('Order #122')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Close the bill' }).getAttribute('href')).toBe(
      '/admin/bill?orderIds=22',
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark Dish 2 served' }));
    await waitFor(() => expect(api.requests('PUT')).toHaveLength(1));
    expect(api.requests('PUT')[0].body).toEqual({ status: 'SERVED' });
    await waitFor(() => expect(tile('2').getAttribute('aria-label')).toBe('Table 2: Waiting for food'));
  });

  it('shows a table whose guest order waits for confirmation, with the options of its items', async () => {
    const size = {
      groupId: 1,
      optionId: 10,
      groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
      names: { az: 'Böyük', en: 'Large', ru: 'Большой' },
      priceDelta: 1.5,
    };
    orders.push(
      makeOrder(24, at, {
        tableId: 5,
        tableNumber: '5',
        status: 'NEEDS_CONFIRMATION',
        items: [makeItem(5, 24, { options: [size] })],
      }),
    );
    try {
      await show(['WAITER']);
      await waitFor(() => expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Waiting for confirmation'));
      fireEvent.click(tile('5'));
      const panel = await screen.findByRole('dialog', { name: 'Table 5' });
      expect(within(panel).getByTestId('confirm-hint').textContent).toBe('Accept or reject it on the Orders screen.');
      expect(within(panel).getByTestId('item-options').textContent).toBe('Size: Large');
    } finally {
      orders.pop();
    }
  });

  it('lists a voided dish struck out, with a "Voided" badge and its reason, apart from what to serve', async () => {
    const withVoid = makeOrder(25, at, {
      tableId: 4,
      tableNumber: '4',
      status: 'PREPARING',
      items: [
        makeItem(6, 25, { status: 'PREPARING' }),
        makeItem(7, 25, {
          status: 'DELETED',
          voidReason: 'Guest changed their mind',
          voidedFrom: 'READY',
          voidedAt: at,
        }),
      ],
    });
    await show(['WAITER'], {
      [`GET /api/eatery/${E}/orders`]: (_b: unknown, url: string) =>
        url.includes('status=PREPARING') ? [withVoid] : [],
    });
    fireEvent.click(screen.getByRole('switch', { name: /My tables/ }));
    fireEvent.click(tile('4'));
    const panel = await screen.findByRole('dialog', { name: 'Table 4' });
    const voided = panel.querySelector<HTMLElement>('[data-item-id="7"]')!;
    expect(within(voided).getByText('Voided')).toBeTruthy();
    expect(within(voided).getByTestId('void-reason').textContent).toBe('Reason: Guest changed their mind');
    expect(within(voided).getByText('1× Dish 7').style.textDecoration).toBe('line-through');
    // Not something to serve: no "Served" button for it, and the table still waits for its food.
    expect(within(panel).queryByRole('button', { name: 'Mark Dish 7 served' })).toBeNull();
    expect(tile('4').getAttribute('aria-label')).toBe('Table 4: Waiting for food');
  });

  it('a waiter has no bill link', async () => {
    await show(['WAITER']);
    await waitFor(() => expect(tile('2')).toBeTruthy());
    fireEvent.click(tile('2'));
    const panel = await screen.findByRole('dialog', { name: 'Table 2' });
    expect(within(panel).queryByRole('link', { name: 'Close the bill' })).toBeNull();
  });

  it('a waiter without assigned tables starts on all tables', async () => {
    await show(['WAITER'], { [`GET /api/eatery/${E}/table-assignment`]: [] });
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Table \d+:/ })).toHaveLength(5));
    expect((screen.getByRole('switch', { name: 'My tables (0)' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows the minutes since the order and since the food is ready, counting on every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const now = Date.now();
      const ago = (min: number) => new Date(now - min * 60_000 - 5_000).toISOString();
      const waiting = makeOrder(26, ago(12), {
        tableId: 2,
        tableNumber: '2',
        status: 'PREPARING',
        items: [makeItem(8, 26, { status: 'READY', quantity: 2, readyAt: ago(3) })],
      });
      await show(['WAITER'], {
        [`GET /api/eatery/${E}/orders`]: (_b: unknown, url: string) =>
          url.includes('status=PREPARING') ? [waiting] : [],
      });
      await waitFor(() => expect(within(tile('2')).getByTestId('ordered-for').textContent).toBe('Ordered 12 min ago'));
      expect(within(tile('2')).getByTestId('ready-badge').textContent).toBe('To serve: 2 · 3 min');
      act(() => vi.advanceTimersByTime(60_000));
      await waitFor(() => expect(within(tile('2')).getByTestId('ordered-for').textContent).toBe('Ordered 13 min ago'));
      expect(within(tile('2')).getByTestId('ready-badge').textContent).toBe('To serve: 2 · 4 min');
      expect(within(tile('5')).queryByTestId('ordered-for')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('serves every ready dish of a table with one tap', async () => {
    const served = {
      ...orders[1],
      status: 'PREPARING' as const,
      version: 2,
      items: [{ ...orders[1].items[0], status: 'SERVED' as const }, orders[1].items[1]],
    };
    const api = await show(['WAITER'], {
      [`POST /api/eatery/${E}/tables/2/serve-ready`]: { served: 1, orders: [served] },
    });
    fireEvent.click(tile('2'));
    const panel = await screen.findByRole('dialog', { name: 'Table 2' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Serve all ready (1)' }));
    await waitFor(() => expect(tile('2').getAttribute('aria-label')).toBe('Table 2: Waiting for food'));
    expect(api.requests('POST').map((c) => c.url)).toEqual([`/api/eatery/${E}/tables/2/serve-ready`]);
    expect(within(panel).queryByRole('button', { name: /Serve all ready/ })).toBeNull();
  });

  it('opens the order grid from the table: "Add dishes" at a table with an order, "New order" at a free one', async () => {
    await show(['WAITER'], { [`GET /api/eatery/${E}/category`]: [] });
    fireEvent.click(tile('2'));
    const panel = await screen.findByRole('dialog', { name: 'Table 2' });
    expect(within(panel).getByRole('button', { name: 'Add dishes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: /My tables/ }));
    fireEvent.click(tile('3'));
    const free = await screen.findByRole('dialog', { name: 'Table 3' });
    fireEvent.click(within(free).getByRole('button', { name: 'New order' }));
    // The grid over the floor, full screen, for that table.
    expect(await screen.findByText('The menu has no dishes yet.')).toBeTruthy();
    // The grid's title names the table too (beside the table panel's own title).
    expect(screen.getAllByRole('heading', { name: 'Table 3' })).toHaveLength(2);
    expect(screen.getByText('Starts a new order at this table')).toBeTruthy();
  });

  it('follows order and call events live', async () => {
    const api = await show(['EATERY_ADMIN']);
    await waitFor(() => expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Free'));
    const before = api.calls.length;
    const order = makeOrder(30, at, { tableId: 5, tableNumber: '5', items: [makeItem(9, 30)] });
    act(() => socket.onEvent({ type: 'NEW_ORDER', orderId: 30, status: 'CREATED', version: 1, order }));
    await waitFor(() => expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Ordering'));
    act(() => socket.onCallEvent?.({ type: 'CALL_CREATED', call: makeCall(8, { tableId: 5, tableNumber: '5' }) }));
    await waitFor(() => expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Calls the waiter'));
    act(() =>
      socket.onEvent({
        type: 'ORDER_UPDATED',
        orderId: 30,
        status: 'PAID',
        version: 2,
        order: { ...order, status: 'PAID', version: 2 },
      }),
    );
    act(() =>
      socket.onCallEvent?.({
        type: 'CALL_UPDATED',
        call: makeCall(8, { tableId: 5, tableNumber: '5', status: 'ACKNOWLEDGED' }),
      }),
    );
    // Paid before the kitchen started: the table waits for its food.
    await waitFor(() => expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Paid, food coming'));
    const served = { ...order, status: 'PAID' as const, version: 3, items: [makeItem(9, 30, { status: 'SERVED' })] };
    act(() => socket.onEvent({ type: 'ORDER_UPDATED', orderId: 30, status: 'PAID', version: 3, order: served }));
    await waitFor(() => expect(tile('5').getAttribute('aria-label')).toBe('Table 5: Free'));
    expect(api.calls.length).toBe(before);
  });
});
