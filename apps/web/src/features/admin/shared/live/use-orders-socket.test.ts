import { act, renderHook } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALL_EVENT,
  ORDER_EVENT,
  SOCKET_SUBSCRIBE,
  ordersTopic,
  type CallEvent,
  type OrderEvent,
  type SubscribeAck,
} from '@qr-menu/contract';
import { refreshToken } from '../../../../api/client';
import { makeOrder } from './order-fixture';
import { useOrdersSocket } from './use-orders-socket';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));
vi.mock('../../../../api/client', () => ({ refreshToken: vi.fn(async () => {}) }));

/** Just enough of a socket.io client socket: the test fires its events and answers its acks. */
class FakeSocket {
  connected = false;
  readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly acks: ((ack: SubscribeAck) => void)[] = [];
  readonly connect = vi.fn(() => this);
  readonly disconnect = vi.fn(() => {
    this.connected = false;
    return this;
  });
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  emit(event: string, _topic: string, ack: (a: SubscribeAck) => void) {
    if (event === SOCKET_SUBSCRIBE) this.acks.push(ack);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}

const EATERY = 5;
const TIMES = { connectDelayMs: 1000, reconnectMs: 5000, fallbackRefreshMs: 60_000 };
let socket: FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(socket as never);
  vi.mocked(refreshToken).mockClear();
});
afterEach(() => vi.useRealTimers());

function setup() {
  const onEvent = vi.fn();
  const onResync = vi.fn();
  const hook = renderHook(() => useOrdersSocket(EATERY, { onEvent, onResync, ...TIMES }));
  act(() => vi.advanceTimersByTime(TIMES.connectDelayMs));
  return { ...hook, onEvent, onResync };
}

/** Connects the fake socket and answers the subscription. */
function goLive(ok = true) {
  act(() => socket.fire('connect'));
  act(() => socket.acks.shift()!({ ok, topic: ordersTopic(EATERY) } as SubscribeAck));
}

describe('useOrdersSocket', () => {
  it('connects over WebSocket first, with long-polling only as the fallback (round-robin load balancers)', () => {
    setup();
    expect(io).toHaveBeenCalledTimes(1);
    const options = vi.mocked(io).mock.calls[0][0] as { transports?: string[]; tryAllTransports?: boolean };
    expect(options.transports).toEqual(['websocket', 'polling']);
    expect(options.tryAllTransports).toBe(true);
  });

  it('is live once subscribed and passes on order events', () => {
    const { result, onEvent } = setup();
    expect(result.current.state).toBe('connecting');
    goLive();
    expect(result.current).toEqual({ live: true, state: 'live' });
    const order = makeOrder(3, '2026-03-10T08:00:00.000Z');
    const event: OrderEvent = { type: 'NEW_ORDER', orderId: 3, status: 'CREATED', version: 1, order };
    act(() => socket.fire(ORDER_EVENT, event));
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith(event);
  });

  it('one message with several events (the server batches a few milliseconds) reports each, in order', () => {
    const { onEvent, onResync } = setup();
    goLive();
    const order = makeOrder(4, '2026-03-10T08:00:00.000Z');
    const events: OrderEvent[] = [
      { type: 'NEW_ORDER', orderId: 4, status: 'CREATED', version: 1, order },
      { type: 'ORDER_UPDATED', orderId: 4, status: 'PREPARING', version: 2, order: { ...order, version: 2 } },
      { type: 'ORDER_DELETED', orderId: 4, status: 'PREPARING' },
    ];
    act(() => socket.fire(ORDER_EVENT, ...events));
    expect(onEvent.mock.calls.map(([e]) => e)).toEqual(events);
    // Events are patches: they never ask for a re-fetch.
    expect(onResync).not.toHaveBeenCalled();
  });

  it('passes on call events to onCallEvent, each of a message in order, and never to onEvent', () => {
    const onEvent = vi.fn();
    const onCallEvent = vi.fn();
    renderHook(() => useOrdersSocket(EATERY, { onEvent, onCallEvent, onResync: vi.fn(), ...TIMES }));
    act(() => vi.advanceTimersByTime(TIMES.connectDelayMs));
    goLive();
    const call = {
      id: 1,
      kind: 'BILL',
      paymentMethod: 'CARD',
      status: 'OPEN',
      createdAt: '2026-03-10T08:00:00.000Z',
      acknowledgedAt: null,
      eateryId: EATERY,
      tableId: 2,
      tableNumber: '2',
      acknowledgedBy: null,
    } as const;
    const events: CallEvent[] = [
      { type: 'CALL_CREATED', call },
      { type: 'CALL_UPDATED', call: { ...call, status: 'ACKNOWLEDGED' } },
    ];
    act(() => socket.fire(CALL_EVENT, ...events));
    expect(onCallEvent.mock.calls.map(([e]) => e)).toEqual(events);
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('a screen without onCallEvent ignores call events', () => {
    const { onEvent } = setup();
    goLive();
    expect(() => act(() => socket.fire(CALL_EVENT, { type: 'CALL_CREATED', call: {} }))).not.toThrow();
    expect(onEvent).not.toHaveBeenCalled();
  });

  it('while the socket cannot connect, says offline and refreshes the board on its own every fallbackRefreshMs', () => {
    const { result, onResync } = setup();
    act(() => socket.fire('connect_error', new Error('xhr poll error')));
    expect(result.current.state).toBe('offline');
    act(() => vi.advanceTimersByTime(TIMES.fallbackRefreshMs * 3));
    expect(onResync).toHaveBeenCalledTimes(3);
    // And tried to connect again meanwhile.
    expect(socket.connect).toHaveBeenCalled();
  });

  it('after the server drops the socket (access changed), reconnects, resubscribes and resyncs once live again', () => {
    const { result, onResync } = setup();
    goLive();
    act(() => socket.fire('disconnect', 'io server disconnect'));
    expect(result.current.state).toBe('offline');
    act(() => vi.advanceTimersByTime(TIMES.reconnectMs));
    expect(socket.connect).toHaveBeenCalledTimes(1);
    goLive();
    expect(result.current.state).toBe('live');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('a refused subscription (membership gone) is offline, refreshes the token and tries again later', async () => {
    const { result } = setup();
    goLive(false);
    expect(result.current.state).toBe('offline');
    expect(socket.disconnect).toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMES.reconnectMs);
    });
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(socket.connect).toHaveBeenCalledTimes(1);
  });
});
