import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, refreshToken } from './client';
import { session } from './session';

/** A token the client can decode (the signature is not checked in the browser). */
const token = (sub: number, expInSeconds: number) => {
  const now = Math.floor(Date.now() / 1000);
  const payload = btoa(JSON.stringify({ sub, eid: 1, iat: now, exp: now + expInSeconds }));
  return `x.${payload}.sig`;
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('sends the bearer token and turns an error body into ApiError with its messageKey', async () => {
    session.setToken(token(7, 600), 7, 1);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(404, { messageKey: 'notYourResource', message: 'x' }));
    const err = await api('/api/eatery/9').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).messageKey).toBe('notYourResource');
    expect((err as ApiError).status).toBe(404);
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer x\./);
  });

  it('falls back to the text of a non-JSON error body', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const err = (await api('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('Bad gateway');
    expect(err.messageKey).toBeUndefined();
  });

  it('refreshes once on 401 and retries the call with the new token', async () => {
    session.setToken(token(7, 600), 7, 1);
    const fresh = token(7, 900);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(401, { messageKey: 'jwtInvalid', message: 'x' }))
      .mockResolvedValueOnce(json(200, { jwt: fresh, accessToken: fresh, token: fresh, userId: 7, eateryId: 1 }))
      .mockResolvedValueOnce(json(200, [{ id: 1 }]));
    await expect(api('/api/eatery')).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/eatery', '/api/auth/refresh-token', '/api/eatery']);
    expect(session.getToken()).toBe(fresh);
  });

  it('ends the session when the refresh fails', async () => {
    session.setToken(token(7, 600), 7, 1);
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json(401, { messageKey: 'jwtInvalid', message: 'x' }))
      .mockResolvedValueOnce(json(401, { messageKey: 'jwtInvalid', message: 'x' }));
    await expect(api('/api/eatery')).rejects.toBeInstanceOf(ApiError);
    expect(session.getToken()).toBeNull();
  });

  it('does not spend the refresh token again when another tab already refreshed', async () => {
    const old = token(7, 10);
    session.setToken(old, 7, 1);
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(401, {}));
    // A lock held by another tab: granted a moment later, after that tab stored its new token.
    const locks = {
      request: (_name: string, fn: () => Promise<unknown>) => new Promise((r) => setTimeout(() => r(fn()), 5)),
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      const pending = refreshToken();
      session.setToken(token(7, 900), 7, 1);
      await expect(pending).resolves.toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(navigator, 'locks', { value: undefined, configurable: true });
    }
  });

  it('shares one refresh between concurrent callers in a tab', async () => {
    session.setToken(token(7, 10), 7, 1);
    const fresh = token(7, 900);
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(200, { jwt: fresh, accessToken: fresh, token: fresh, userId: 7, eateryId: 1 }));
    await Promise.all([refreshToken(), refreshToken(), refreshToken()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
