import type { TokenResponse } from '@qr-menu/contract';
import { ApiError, toApiError } from './api-error';
import { session } from './session';

export { ApiError } from './api-error';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Guest calls send no token. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

let refreshing: Promise<boolean> | null = null;

/** Runs `fn` while holding a lock shared by every tab of this site (Web Locks), where the browser has it. */
function acrossTabs<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('qr-menu-token-refresh', fn) as Promise<T>) : fn();
}

async function doRefresh(tokenBefore: string | null): Promise<boolean> {
  // Another tab may have refreshed while this one waited for the lock: the refresh token it used is
  // now spent, and using it again would revoke the whole session (reuse detection).
  const current = session.getToken();
  if (current && current !== tokenBefore && session.isLoggedIn()) return true;
  const res = await fetch('/api/auth/refresh-token', { method: 'POST', credentials: 'include' });
  if (!res.ok) return false;
  const data = (await res.json()) as TokenResponse;
  session.setToken(data.jwt ?? data.accessToken ?? data.token, data.userId, data.eateryId);
  return true;
}

/**
 * Refreshes the access token with the httpOnly refresh cookie: one call at a time in this tab, and one
 * at a time across tabs, since a refresh token may be used only once.
 */
export function refreshToken(): Promise<boolean> {
  const tokenBefore = session.getToken();
  refreshing ??= acrossTabs(() => doRefresh(tokenBefore))
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const token = opts.auth === false ? null : session.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, { method: opts.method ?? 'GET', headers, body, credentials: 'include', signal: opts.signal });
}

/**
 * Calls the API and returns the successful response itself (for calls that read headers too).
 * A 401 on a staff call triggers one token refresh and a retry; failures throw ApiError.
 */
export async function apiResponse(path: string, opts: RequestOptions = {}): Promise<Response> {
  let res = await send(path, opts);
  if (res.status === 401 && opts.auth !== false && session.getToken() && !path.startsWith('/api/auth/')) {
    if (await refreshToken()) res = await send(path, opts);
    else session.clear();
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

/** Calls the API (as `apiResponse`) and returns the parsed JSON (undefined for 204 or an empty body). */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await apiResponse(path, opts);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
