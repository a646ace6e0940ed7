import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestCall, Language } from '@qr-menu/contract';
import { CALL_EVENT, CALL_ON_THE_WAY_MS, SOCKET_SUBSCRIBE, callTopic } from '@qr-menu/contract/constants';
import { jsonResponse, renderGuest } from '../test-render';
import { cartActions, resetCartStoreForTests } from '../cart/cart-store';
import { clearGuestQueriesForTests } from '../lib/query';
import az from '../i18n/az.json';
import en from '../i18n/en.json';
import ru from '../i18n/ru.json';
import { CallButton, CallNotice, callStatusKey } from './TableCalls';
import { currentCalls, noticesEndAt } from './calls-api';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));
const fakeSocket = { on: vi.fn(), emit: vi.fn(), disconnect: vi.fn() };

const CALLS = '/api/client/eatery/1/table/2/calls';

const call = (over: Partial<GuestCall> = {}): GuestCall => ({
  id: 40,
  kind: 'WAITER',
  paymentMethod: null,
  status: 'OPEN',
  createdAt: new Date().toISOString(),
  acknowledgedAt: null,
  billPaidAt: null,
  ...over,
});

/** The server: the device's calls, and what a POST answers (a call, or an error body with its status). */
let serverCalls: GuestCall[] = [];
let postAnswer: () => Response;
let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  clearGuestQueriesForTests();
  localStorage.clear();
  resetCartStoreForTests();
  cartActions.setTableAndEatery({ eateryId: 1, tableId: 2 });
  serverCalls = [];
  postAnswer = () => jsonResponse(call(), 201);
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(fakeSocket as never);
  fakeSocket.on.mockReset();
  fakeSocket.emit.mockReset();
  fetchSpy = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === CALLS && init?.method === 'POST') return postAnswer();
    if (url === CALLS) return jsonResponse(serverCalls);
    return jsonResponse({ messageKey: 'notFound', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const renderCalls = (lang: Language = 'en') =>
  renderGuest(
    <>
      <CallButton eateryId={1} tableId={2} />
      <CallNotice eateryId={1} tableId={2} />
    </>,
    { lang },
  );

const posts = () =>
  fetchSpy.mock.calls
    .filter(([url, init]) => url === CALLS && (init as RequestInit | undefined)?.method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);

const notice = () => screen.getByTestId('call-notice');

describe('calls from the table', () => {
  it('calls the waiter: "called" at once, then "on the way" when the socket says the waiter acknowledged it', async () => {
    await renderCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    await waitFor(() => expect(notice().textContent).toBe('The waiter has been called'));
    expect(posts()).toEqual([{ kind: 'WAITER' }]);
    // The sheet closes after the call (its own update, after the notice's).
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The open call's topic is subscribed on the guest socket (opened a second after render).
    await waitFor(() => expect(fakeSocket.on).toHaveBeenCalledWith(CALL_EVENT, expect.any(Function)), {
      timeout: 3000,
    });
    const connect = fakeSocket.on.mock.calls.find(([name]) => name === 'connect')![1] as () => void;
    connect();
    expect(fakeSocket.emit).toHaveBeenCalledWith(SOCKET_SUBSCRIBE, callTopic(40), expect.any(Function));

    const handler = fakeSocket.on.mock.calls.find(([name]) => name === CALL_EVENT)![1] as (...e: unknown[]) => void;
    const acknowledged = call({ status: 'ACKNOWLEDGED', acknowledgedAt: new Date().toISOString() });
    // An event of another call changes nothing; this call's acknowledgement does, with no request.
    const requests = fetchSpy.mock.calls.length;
    act(() => handler({ type: 'CALL_UPDATED', call: { ...acknowledged, id: 99 } }));
    expect(notice().textContent).toBe('The waiter has been called');
    act(() => handler({ type: 'CALL_UPDATED', call: acknowledged }));
    expect(notice().textContent).toBe('The waiter is on the way');
    expect(fetchSpy.mock.calls.length).toBe(requests);
  });

  it('polls the calls every 10 s while a notice shows, and stops once "on the way" has run out', async () => {
    serverCalls = [call()];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderCalls();
    await waitFor(() => expect(notice().textContent).toBe('The waiter has been called'));
    const gets = () => fetchSpy.mock.calls.filter(([url, init]) => url === CALLS && init?.method === 'GET').length;
    // The open sheet reads the same list: still one poll, not one per view.
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    const before = gets();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(gets()).toBe(before + 1);
    serverCalls = [call({ status: 'ACKNOWLEDGED', acknowledgedAt: new Date().toISOString() })];
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(notice().textContent).toBe('The waiter is on the way'));
    expect(gets()).toBe(before + 2);
    // "On the way" is still news the poll must follow (the socket may be gone); once it has run out, no more polls.
    await act(() => vi.advanceTimersByTimeAsync(CALL_ON_THE_WAY_MS));
    expect(notice().textContent).toBe('');
    const after = gets();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(gets()).toBe(after);
  });

  it('"the waiter is on the way" ends CALL_ON_THE_WAY_MS after the acknowledgement, with nothing else happening', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const acknowledgedAt = new Date(Date.now() - 60_000).toISOString();
    serverCalls = [call({ status: 'ACKNOWLEDGED', acknowledgedAt })];
    // No socket, no answer to the polls: only the clock ends the notice.
    vi.mocked(io).mockImplementation(() => {
      throw new Error('no socket');
    });
    await renderCalls();
    await waitFor(() => expect(notice().textContent).toBe('The waiter is on the way'));
    fetchSpy.mockImplementation(() => new Promise(() => {}));
    await act(() => vi.advanceTimersByTimeAsync(CALL_ON_THE_WAY_MS - 60_000 - 1000));
    expect(notice().textContent).toBe('The waiter is on the way');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(notice().textContent).toBe('');
  });

  it('a bill notice ends as soon as the socket says the bill is paid', async () => {
    // The waiter acknowledged the bill call: "on the way with the bill"; then the cashier takes the payment.
    const acknowledged = call({
      id: 41,
      kind: 'BILL',
      paymentMethod: 'CARD',
      status: 'ACKNOWLEDGED',
      acknowledgedAt: new Date().toISOString(),
    });
    serverCalls = [acknowledged];
    await renderCalls();
    await waitFor(() => expect(notice().textContent).toBe('The waiter is on the way with the bill'));
    // The acknowledged call's topic is followed too: the payment is news for it.
    await waitFor(() => expect(fakeSocket.on).toHaveBeenCalledWith(CALL_EVENT, expect.any(Function)), {
      timeout: 3000,
    });
    const connect = fakeSocket.on.mock.calls.find(([name]) => name === 'connect')![1] as () => void;
    connect();
    expect(fakeSocket.emit).toHaveBeenCalledWith(SOCKET_SUBSCRIBE, callTopic(41), expect.any(Function));
    const handler = fakeSocket.on.mock.calls.find(([name]) => name === CALL_EVENT)![1] as (...e: unknown[]) => void;
    act(() => handler({ type: 'CALL_UPDATED', call: { ...acknowledged, billPaidAt: new Date().toISOString() } }));
    expect(notice().textContent).toBe('');
  });

  it('an open bill call answered by the payment never reads "on the way"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = call({ id: 42, kind: 'BILL', paymentMethod: 'CASH' });
    serverCalls = [open];
    await renderCalls();
    await waitFor(() => expect(notice().textContent).toBe('The bill has been requested · paying in cash'));
    const now = new Date().toISOString();
    serverCalls = [{ ...open, status: 'ACKNOWLEDGED', acknowledgedAt: now, billPaidAt: now }];
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(notice().textContent).toBe(''));
    // The sheet says nothing about it either.
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    expect(screen.getByRole('dialog').textContent).not.toMatch(/bill has been|with the bill/);
  });

  it('calling again replaces "on the way" with "called"', async () => {
    serverCalls = [call({ id: 1, status: 'ACKNOWLEDGED', acknowledgedAt: new Date().toISOString() })];
    postAnswer = () => jsonResponse(call({ id: 2 }), 201);
    await renderCalls();
    await waitFor(() => expect(notice().textContent).toBe('The waiter is on the way'));
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    await waitFor(() => expect(notice().textContent).toBe('The waiter has been called'));
  });

  it('requests the bill with the way to pay, and a second tap gets the open call back, not a second one', async () => {
    postAnswer = () => jsonResponse(call({ id: 41, kind: 'BILL', paymentMethod: 'CARD' }), 201);
    await renderCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request the bill' }));
    expect(screen.getByRole('heading', { name: 'How would you like to pay?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Card' }));
    await waitFor(() => expect(notice().textContent).toBe('The bill has been requested · paying by card'));
    expect(posts()).toEqual([{ kind: 'BILL', paymentMethod: 'CARD' }]);

    // The server answers 200 with the same open call: still one notice.
    postAnswer = () => jsonResponse(call({ id: 41, kind: 'BILL', paymentMethod: 'CARD' }), 200);
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Request the bill' }));
    fireEvent.click(screen.getByRole('button', { name: 'Card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(notice()).getAllByText(/bill/)).toHaveLength(1);
  });

  it.each([
    ['en', { messageKey: 'tableInactive', message: 'x' }, 409, 'This table is not taking orders right now.'],
    [
      'en',
      { messageKey: 'tooManyRequests', message: 'x' },
      429,
      'Too many attempts. Please wait a minute and try again.',
    ],
    [
      'ru',
      { messageKey: 'tooManyRequests', message: 'x' },
      429,
      'Слишком много попыток. Подождите минуту и попробуйте снова.',
    ],
  ] as const)('says why a call failed (%s, %s)', async (lang, body, status, text) => {
    postAnswer = () => jsonResponse(body, status);
    await renderCalls(lang);
    fireEvent.click(
      screen.getByRole('button', {
        name: lang === 'en' ? 'Call the waiter or request the bill' : 'Позвать официанта или попросить счёт',
      }),
    );
    fireEvent.click(
      await screen.findByRole('button', { name: lang === 'en' ? 'Call the waiter' : 'Позвать официанта' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    // The sheet stays open for another try; nothing is shown as called.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(notice().textContent).toBe('');
  });

  it('offline: says the call was not sent, without trying', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderCalls('az');
    fireEvent.click(screen.getByRole('button', { name: 'Ofisiantı çağırın və ya hesabı istəyin' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ofisiantı çağır' }));
    expect((await screen.findByRole('alert')).textContent).toContain(az.client.calls.offline);
    expect(posts()).toEqual([]);
    vi.restoreAllMocks();
  });

  it('a network failure reads as offline too', async () => {
    postAnswer = () => {
      throw new TypeError('Failed to fetch');
    };
    await renderCalls();
    fireEvent.click(screen.getByRole('button', { name: 'Call the waiter or request the bill' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(en.client.calls.offline);
  });

  it('shows the newest call of each kind while it is true: open, or acknowledged less than 5 minutes ago, unpaid', () => {
    expect(CALL_ON_THE_WAY_MS).toBe(5 * 60_000);
    const now = Date.parse('2026-01-05T12:30:00.000Z');
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const oldWaiter = call({ id: 1, createdAt: at(40), status: 'ACKNOWLEDGED', acknowledgedAt: at(30) });
    const newWaiter = call({ id: 2, createdAt: at(5), status: 'ACKNOWLEDGED', acknowledgedAt: at(4) });
    const bill = call({ id: 3, kind: 'BILL', paymentMethod: 'CASH', createdAt: at(50) });
    expect(currentCalls([newWaiter, oldWaiter, bill], now)).toEqual({ WAITER: newWaiter, BILL: bill });
    expect(noticesEndAt([newWaiter, oldWaiter, bill], now)).toBe(now + 60_000);
    // "On the way" half an hour later would mislead; a call still open stays, however old.
    expect(currentCalls([oldWaiter, bill], now)).toEqual({ BILL: bill });
    expect(noticesEndAt([oldWaiter, bill], now)).toBeNull();
    // Five minutes after the acknowledgement it is over.
    const fiveAgo = call({ id: 4, createdAt: at(6), status: 'ACKNOWLEDGED', acknowledgedAt: at(5) });
    expect(currentCalls([fiveAgo], now)).toEqual({});
    // A paid bill ends its call, whether the waiter acknowledged it or the payment answered it.
    const paid = call({ ...bill, status: 'ACKNOWLEDGED', acknowledgedAt: at(1), billPaidAt: at(1) });
    expect(currentCalls([newWaiter, paid], now)).toEqual({ WAITER: newWaiter });
  });

  it('has every call text in az, en and ru', () => {
    const kinds = [
      call(),
      call({ status: 'ACKNOWLEDGED' }),
      call({ kind: 'BILL' }),
      call({ kind: 'BILL', paymentMethod: 'CASH' }),
      call({ kind: 'BILL', paymentMethod: 'CARD' }),
      call({ kind: 'BILL', status: 'ACKNOWLEDGED' }),
    ];
    const keys = kinds.map(callStatusKey);
    expect(new Set(keys).size).toBe(kinds.length);
    for (const lang of [az, en, ru]) {
      const texts = lang.client.calls as Record<string, string>;
      for (const key of keys) expect(texts[key.replace('client.calls.', '')]).toBeTruthy();
    }
    expect(ru.client.calls.waiterOnTheWay).toBe('Официант уже идёт');
  });
});
