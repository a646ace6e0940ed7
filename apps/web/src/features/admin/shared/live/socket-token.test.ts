import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SOCKET_REAUTH, SOCKET_REAUTH_BEFORE_EXPIRY_MS } from '@qr-menu/contract';
import { refreshToken } from '../../../../api/client';
import { session } from '../../../../api/session';
import { keepSocketTokenFresh } from './socket-token';

vi.mock('../../../../api/client', () => ({ refreshToken: vi.fn(async () => true) }));

/** An unsigned token whose claims say it expires `inSeconds` from now (the browser never checks signatures). */
const tokenExpiringIn = (inSeconds: number, n = 0) => {
  const claims = { sub: 7, eid: 1, iat: 0, exp: Math.floor(Date.now() / 1000) + inSeconds, n };
  return `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
};

let socket: { connected: boolean; emit: ReturnType<typeof vi.fn> };

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(refreshToken).mockClear();
  socket = { connected: true, emit: vi.fn() };
});
afterEach(() => {
  vi.useRealTimers();
  session.clear(false);
});

describe('keepSocketTokenFresh', () => {
  it('refreshes the token shortly before it expires, and sends every new token over the socket', () => {
    session.setToken(tokenExpiringIn(900), 7, 1);
    const stop = keepSocketTokenFresh(socket as unknown as Socket);

    vi.advanceTimersByTime(900_000 - SOCKET_REAUTH_BEFORE_EXPIRY_MS - 1000);
    expect(refreshToken).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);

    const fresh = tokenExpiringIn(900, 1);
    session.setToken(fresh, 7, 1);
    expect(socket.emit).toHaveBeenCalledWith(SOCKET_REAUTH, fresh);
    // The next refresh follows the new token's expiry.
    vi.advanceTimersByTime(900_000 - SOCKET_REAUTH_BEFORE_EXPIRY_MS - 1000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('a token shorter-lived than the margin is refreshed at half its life, not in a loop', () => {
    session.setToken(tokenExpiringIn(20), 7, 1);
    keepSocketTokenFresh(socket as unknown as Socket);
    vi.advanceTimersByTime(9_000);
    expect(refreshToken).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while the socket is not connected, nor the same token twice', () => {
    const token = tokenExpiringIn(900);
    session.setToken(token, 7, 1);
    keepSocketTokenFresh(socket as unknown as Socket);
    session.setRestaurantId(2); // the session changed, the token did not
    expect(socket.emit).not.toHaveBeenCalled();
    socket.connected = false;
    session.setToken(tokenExpiringIn(900, 2), 7, 1);
    expect(socket.emit).not.toHaveBeenCalled();
  });
});
