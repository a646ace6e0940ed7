import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { isNetworkError, retryDelayMs, sendWhenOnline, type NetworkWatch } from './send-when-online';

/** A network the test switches on and off; `wait` returns at once (it records how long it was asked to wait). */
function fakeNetwork(online: boolean) {
  const waits: number[] = [];
  const net: NetworkWatch & { online: boolean; waits: number[] } = {
    online,
    waits,
    isOnline: () => net.online,
    wait: (ms, signal) => {
      waits.push(ms);
      signal?.throwIfAborted();
      return Promise.resolve();
    },
  };
  return net;
}

/**
 * The server's side of POST .../orders with an Idempotency-Key: the first request with a key makes the order, a
 * repeat returns that order. `lose` answers are lost on the way back (the order is made, the phone sees a failure).
 */
function fakeServer(lose: number) {
  const orders = new Map<string, { id: number }>();
  const keys: string[] = [];
  let lost = 0;
  const place = (key: string) => {
    keys.push(key);
    let order = orders.get(key);
    if (!order) {
      order = { id: orders.size + 1 };
      orders.set(key, order);
    }
    if (lost < lose) {
      lost++;
      throw new TypeError('Failed to fetch');
    }
    return Promise.resolve(order);
  };
  return { orders, keys, place };
}

describe('sending an order when the connection is back', () => {
  it('sends nothing while offline, then sends once the browser is online', async () => {
    const net = fakeNetwork(false);
    const send = vi.fn(() => Promise.resolve('ok'));
    let waited = 0;
    net.wait = () => {
      if (++waited === 3) net.online = true; // the `online` event
      return Promise.resolve();
    };
    const onWaiting = vi.fn();
    expect(await sendWhenOnline(send, { retryable: isNetworkError, network: net, onWaiting })).toBe('ok');
    expect(waited).toBe(3);
    expect(onWaiting).toHaveBeenCalled();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('retries with the same Idempotency-Key and the server makes one order, however many tries reach it', async () => {
    const net = fakeNetwork(true);
    const server = fakeServer(3);
    const key = 'b5c1f7c4-0d7e-4a52-9f8e-1e2d3c4b5a69';
    const order = await sendWhenOnline(() => server.place(key), { retryable: isNetworkError, network: net });
    expect(order).toEqual({ id: 1 });
    expect(server.keys).toEqual([key, key, key, key]);
    expect(server.orders.size).toBe(1);
    // Failures while "online" back off: 1 s, 2 s, 4 s.
    expect(net.waits).toEqual([1000, 2000, 4000]);
  });

  it('does not repeat what the server refused', async () => {
    const net = fakeNetwork(true);
    const send = vi.fn(() => Promise.reject(new ApiError(400, 'validation', 'bad')));
    await expect(sendWhenOnline(send, { retryable: isNetworkError, network: net })).rejects.toBeInstanceOf(ApiError);
    expect(send).toHaveBeenCalledTimes(1);
    expect(isNetworkError(new ApiError(503, undefined, 'down'))).toBe(false);
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new DOMException('stop', 'AbortError'))).toBe(false);
  });

  it('stops when cancelled', async () => {
    const net = fakeNetwork(false);
    const controller = new AbortController();
    net.wait = () => {
      controller.abort(new DOMException('cancelled', 'AbortError'));
      return Promise.resolve();
    };
    const send = vi.fn(() => Promise.resolve('ok'));
    await expect(
      sendWhenOnline(send, { retryable: isNetworkError, network: net, signal: controller.signal }),
    ).rejects.toThrow('cancelled');
    expect(send).not.toHaveBeenCalled();
  });

  it('caps the wait between tries at 30 s', () => {
    expect([0, 1, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 16_000, 30_000, 30_000]);
  });
});
