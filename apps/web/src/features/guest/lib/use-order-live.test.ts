import { renderHook } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { GuestOrder, OrderEvent } from '@qr-menu/contract';
import { ORDER_EVENT } from '@qr-menu/contract/constants';
import { useOrderLive } from './use-order-live';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

const fakeSocket = { on: vi.fn(), emit: vi.fn(), disconnect: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  fakeSocket.on.mockReset();
  vi.mocked(io)
    .mockReset()
    .mockReturnValue(fakeSocket as never);
});
afterEach(() => vi.useRealTimers());

it('the guest socket connects over WebSocket first and falls back to long-polling (round-robin load balancers)', async () => {
  const { unmount } = renderHook(() => useOrderLive([7], () => {}));
  await vi.advanceTimersByTimeAsync(1000);
  await vi.waitFor(() => expect(io).toHaveBeenCalledTimes(1));
  const options = vi.mocked(io).mock.calls[0][0] as { transports?: string[]; tryAllTransports?: boolean };
  expect(options.transports).toEqual(['websocket', 'polling']);
  expect(options.tryAllTransports).toBe(true);
  unmount();
  expect(fakeSocket.disconnect).toHaveBeenCalled();
});

const guestOrder = (id: number, version: number, status: GuestOrder['status'] = 'CREATED') =>
  ({ id, version, status, items: [] }) as unknown as GuestOrder;
const updated = (order: GuestOrder): OrderEvent => ({
  type: 'ORDER_UPDATED',
  orderId: order.id,
  status: order.status,
  version: order.version,
  order,
});

it('hands over the order each event of a message carries; an event without one (a delete) asks for a re-fetch', async () => {
  const onChange = vi.fn();
  renderHook(() => useOrderLive([7, 8], onChange));
  await vi.advanceTimersByTimeAsync(1000);
  await vi.waitFor(() => expect(fakeSocket.on).toHaveBeenCalledWith(ORDER_EVENT, expect.any(Function)));
  const handler = fakeSocket.on.mock.calls.find(([name]) => name === ORDER_EVENT)![1] as (...e: OrderEvent[]) => void;

  const seven = guestOrder(7, 2, 'READY');
  const eight = guestOrder(8, 5, 'PREPARING');
  // One message, three events: two of this guest's orders and one of another (not subscribed here, ignored).
  handler(updated(seven), updated(guestOrder(9, 1)), updated(eight));
  expect(onChange.mock.calls).toEqual([[seven], [eight]]);

  handler({ type: 'ORDER_DELETED', orderId: 8, status: 'PREPARING' });
  expect(onChange).toHaveBeenLastCalledWith(undefined);
});
