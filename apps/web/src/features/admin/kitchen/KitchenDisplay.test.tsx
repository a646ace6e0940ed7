import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KitchenBoard, Order, PrinterStatus } from '@qr-menu/contract';
import { useAdminChromeHidden } from '../shared/admin-chrome';
import { stubFetch } from '../shared/live/fetch-router';
import { makeItem, makeOrder } from '../shared/live/order-fixture';
import { SOUND_KEY } from '../shared/live/sound-setting';
import type { SocketState } from '../shared/live/use-orders-socket';
import type { StaffSocketOptions } from '../shared/printing/staff-signals';
import { renderAdmin } from '../shared/test-utils';
import { ACTION_QUEUE_KEY } from './action-queue';
import { KITCHEN_PREFS_KEY } from './kitchen-prefs';
import './index';
import { KitchenBoardScreen } from './KitchenBoardScreen';

// The socket is replaced: the test plays the server's messages through the options the screen gave it, and says
// whether it is connected.
const live = vi.hoisted(() => ({
  options: null as unknown as StaffSocketOptions,
  state: 'live' as SocketState,
  listeners: new Set<() => void>(),
}));
vi.mock('../shared/live/use-orders-socket', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (l: () => void) => {
    live.listeners.add(l);
    return () => live.listeners.delete(l);
  };
  return {
    useOrdersSocket: (_id: number, options: StaffSocketOptions) => {
      live.options = options;
      const state = useSyncExternalStore(subscribe, () => live.state);
      return { live: state === 'live', state };
    },
  };
});
const setSocketState = (state: SocketState) =>
  act(() => {
    live.state = state;
    live.listeners.forEach((l) => l());
  });

const NOW = Date.parse('2026-11-24T10:30:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();
const EATERY = 3;

/** Table 7 placed 25 min ago with an add-on 12 min ago; table 2 placed 2 min ago: three tickets. */
function fixture(): Order[] {
  return [
    makeOrder(11, minutesAgo(25), {
      tableNumber: '7',
      items: [makeItem(1, 11, { createdAt: minutesAgo(25) }), makeItem(3, 11, { createdAt: minutesAgo(12), batch: 2 })],
    }),
    makeOrder(12, minutesAgo(2), { tableNumber: '2', items: [makeItem(4, 12, { createdAt: minutesAgo(2) })] }),
  ];
}

const board = (orders: Order[], amberMinutes = 10, redMinutes = 20): KitchenBoard => ({
  amberMinutes,
  redMinutes,
  orders,
});

/** Order 12 with its dish READY: what the server answers a bump of table 2's ticket. */
const bumped = (): Order => ({
  ...fixture()[1],
  version: 2,
  items: [{ ...fixture()[1].items[0], status: 'READY', readyAt: minutesAgo(0) }],
});

const tickets = () => screen.queryAllByLabelText(/^Ticket:/);
const display = () => screen.getByTestId('kitchen-display');
const setBrowserOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
};

/** Whether the admin layout would hide its sidebar and header (what full-screen mode asks). */
function ChromeProbe() {
  return <span data-testid="chrome-hidden">{String(useAdminChromeHidden())}</span>;
}

async function show(routes: Record<string, unknown> = {}, orders = fixture()) {
  const api = stubFetch({
    [`GET /api/eatery/${EATERY}/kitchen`]: board(orders),
    [`GET /api/eatery/${EATERY}/kitchen-department`]: [{ id: 5, name: 'Grill', eateryId: EATERY }],
    [`GET /api/eatery/${EATERY}/printers/status`]: [],
    ...routes,
  });
  await renderAdmin(
    <>
      <ChromeProbe />
      <KitchenBoardScreen eateryId={EATERY} station={null} timeZone="Asia/Baku" />
    </>,
  );
  await waitFor(() => expect(tickets().length + screen.queryAllByText(/all caught up/).length).toBeGreaterThan(0));
  return api;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  for (const key of [KITCHEN_PREFS_KEY, SOUND_KEY, ACTION_QUEUE_KEY]) localStorage.removeItem(key);
  live.state = 'live';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('kitchen display: this device remembers', () => {
  it('the theme and the sound across a remount', async () => {
    await show();
    expect(display().dataset.theme).toBe('light');
    // Sound is wanted but the browser plays nothing before a tap: one big button says so.
    expect(screen.getByRole('button', { name: 'Tap to enable sound' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dark theme' }));
    expect(display().dataset.theme).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound off' }));
    expect(screen.getByRole('button', { name: 'Turn sound on' }).getAttribute('aria-pressed')).toBe('false');

    cleanup();
    await show();
    expect(display().dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Turn sound on' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Turn sound off' })).toBeNull();
    // Turned off on purpose: no prompt.
    expect(screen.queryByRole('button', { name: 'Tap to enable sound' })).toBeNull();
  });

  it('full-screen mode: no admin chrome, the browser asked to fill the screen, remembered; Esc leaves it', async () => {
    const requestFullscreen = vi.fn(() => Promise.resolve());
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      value: requestFullscreen,
      configurable: true,
    });
    await show();
    expect(screen.getByTestId('chrome-hidden').textContent).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    expect(display().dataset.full).toBeDefined();
    expect(screen.getByTestId('chrome-hidden').textContent).toBe('true');
    // Its own slim bar: the page's title, the station, the clock (the restaurant's: 10:30 UTC is 14:30 in Baku).
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen display' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Station: All' })).toBeTruthy();
    expect(screen.getByLabelText('Time now').textContent).toBe('14:30');
    // Dark unless a theme was chosen.
    expect(display().dataset.theme).toBe('dark');

    cleanup();
    await show();
    expect(display().dataset.full).toBeDefined();
    expect(screen.getByTestId('chrome-hidden').textContent).toBe('true');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(display().dataset.full).toBeUndefined();
    expect(screen.getByTestId('chrome-hidden').textContent).toBe('false');
    expect(JSON.parse(localStorage.getItem(KITCHEN_PREFS_KEY)!)).toMatchObject({ fullScreen: false });
    delete (document.documentElement as { requestFullscreen?: unknown }).requestFullscreen;
  });
});

describe('kitchen display offline', () => {
  it('says so loudly with the actions waiting, and sends a bump made offline once back online', async () => {
    // The server's board once the bump reached it (the screen reads it again when the browser is back online).
    let bumpedOnServer = false;
    const api = await show({
      [`GET /api/eatery/${EATERY}/kitchen`]: () => board(bumpedOnServer ? [fixture()[0], bumped()] : fixture()),
      [`POST /api/eatery/${EATERY}/kitchen/tickets/12/1/bump`]: () => {
        bumpedOnServer = true;
        return bumped();
      },
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    setBrowserOnline(false);
    const banner = screen.getByTestId('offline-banner');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('OFFLINE');

    fireEvent.click(within(tickets()[2]).getByRole('button', { name: 'Bump' }));
    // The ticket leaves at once; nothing is sent yet.
    expect(tickets()).toHaveLength(2);
    expect(api.requests('POST')).toHaveLength(0);
    expect(screen.getByTestId('offline-banner').textContent).toContain('1 action waiting');
    expect(JSON.parse(localStorage.getItem(ACTION_QUEUE_KEY)!)).toHaveLength(1);

    setBrowserOnline(true);
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0]).toMatchObject({
      url: `/api/eatery/${EATERY}/kitchen/tickets/12/1/bump`,
      body: { departmentId: null, status: 'READY' },
    });
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(localStorage.getItem(ACTION_QUEUE_KEY)).toBeNull();
    expect(tickets()).toHaveLength(2);
  });

  it('keeps what was queued while the socket was down across a reload, and sends it in order when it is back', async () => {
    const api = await show({
      [`POST /api/eatery/${EATERY}/kitchen/tickets/12/1/bump`]: bumped(),
      [`POST /api/eatery/${EATERY}/kitchen/tickets/11/1/bump`]: { ...fixture()[0], version: 2 },
    });
    setSocketState('offline');
    fireEvent.click(within(tickets()[2]).getByRole('button', { name: 'Bump' }));
    fireEvent.click(within(tickets()[0]).getByRole('button', { name: 'Bump' }));
    expect(screen.getByTestId('offline-banner').textContent).toContain('2 actions waiting');

    cleanup();
    await show({
      [`POST /api/eatery/${EATERY}/kitchen/tickets/12/1/bump`]: bumped(),
      [`POST /api/eatery/${EATERY}/kitchen/tickets/11/1/bump`]: { ...fixture()[0], version: 2 },
    });
    expect(screen.getByTestId('offline-banner').textContent).toContain('2 actions waiting');
    expect(api.requests('POST')).toHaveLength(0);
    setSocketState('live');
    await waitFor(() => expect(localStorage.getItem(ACTION_QUEUE_KEY)).toBeNull());
    const sent = vi
      .mocked(fetch)
      .mock.calls.filter(([, init]) => init?.method === 'POST')
      .map(([url]) => url);
    expect(sent).toEqual([
      `/api/eatery/${EATERY}/kitchen/tickets/12/1/bump`,
      `/api/eatery/${EATERY}/kitchen/tickets/11/1/bump`,
    ]);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
  });
});

describe('kitchen display bump bar', () => {
  it('2 then Enter bumps the second ticket; R brings it back', async () => {
    const api = await show({
      [`POST /api/eatery/${EATERY}/kitchen/tickets/11/2/bump`]: { ...fixture()[0], version: 2 },
      [`POST /api/eatery/${EATERY}/kitchen/tickets/11/2/recall`]: { ...fixture()[0], version: 3 },
    });
    fireEvent.keyDown(document.body, { key: '2' });
    const second = tickets()[1];
    expect(second.dataset.selected).toBeDefined();
    expect(tickets()[0].dataset.selected).toBeUndefined();
    expect(document.activeElement).toBe(second);

    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0]).toMatchObject({
      url: `/api/eatery/${EATERY}/kitchen/tickets/11/2/bump`,
      body: { departmentId: null, status: 'READY' },
    });

    fireEvent.keyDown(document.body, { key: 'r' });
    await waitFor(() => expect(api.requests('POST')).toHaveLength(2));
    expect(api.requests('POST')[1].url).toBe(`/api/eatery/${EATERY}/kitchen/tickets/11/2/recall`);
  });

  it('moves the choice with the arrows, and leaves the keys alone while a dialog is open', async () => {
    await show();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(tickets()[0].dataset.selected).toBeDefined();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(tickets()[1].dataset.selected).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: /Recall/ }));
    await screen.findByRole('dialog', { name: 'Bumped tickets' });
    fireEvent.keyDown(document.body, { key: '3' });
    expect(tickets()[2].dataset.selected).toBeUndefined();
    expect(tickets()[1].dataset.selected).toBeDefined();
  });
});

describe('kitchen display live settings and printers', () => {
  it("takes the restaurant's new amber and red minutes when the settings change, without a reload", async () => {
    let thresholds = [10, 20];
    const api = await show({ [`GET /api/eatery/${EATERY}/kitchen`]: () => board(fixture(), ...thresholds) });
    // Table 2's ticket is 2 minutes old: fresh at 10/20 minutes.
    expect(tickets()[2].dataset.level).toBe('fresh');
    const boardReads = () => api.calls.filter((c) => c.url === `/api/eatery/${EATERY}/kitchen`).length;
    const before = boardReads();

    // Another restaurant's settings: nothing to read.
    act(() => live.options.onEaterySettingsEvent?.(99));
    thresholds = [1, 2];
    act(() => live.options.onEaterySettingsEvent?.(EATERY));
    await waitFor(() => expect(tickets()[2].dataset.level).toBe('red'));
    expect(boardReads()).toBe(before + 1);
  });

  it('shows the tickets stuck on a printer when the server says the printers changed', async () => {
    let printers: PrinterStatus[] = [];
    await show({ [`GET /api/eatery/${EATERY}/printers/status`]: () => printers });
    expect(screen.queryByTestId('print-queue')).toBeNull();
    printers = [{ id: 1, name: 'Grill', state: 'OFFLINE', waiting: 3, kitchen: true, departmentIds: [] }];
    act(() => live.options.onPrintersEvent?.(EATERY));
    expect((await screen.findByTestId('print-queue')).textContent).toBe(
      '3 tickets waiting for Grill — printer offline',
    );
  });
});
