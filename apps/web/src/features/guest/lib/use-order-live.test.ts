import { renderHook } from '@testing-library/react';
import { io } from 'socket.io-client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useOrderLive } from './use-order-live';

vi.mock('socket.io-client', () => ({ io: vi.fn() }));

const fakeSocket = { on: vi.fn(), emit: vi.fn(), disconnect: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
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
