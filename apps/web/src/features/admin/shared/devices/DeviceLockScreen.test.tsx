import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { device } from '../../../../api/device';
import { session } from '../../../../api/session';
import { jsonResponse as json, renderWithProviders } from '../../../../test/render';
import { deviceLock } from './device-lock';
import { DeviceLockScreen } from './DeviceLockScreen';
import './translations';

const ME = { id: 3, name: 'Bar tablet', eateryId: 1, eateryName: 'Nargiz', lockSeconds: 120 };
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;

/** /api/devices/me answers ME; /api/auth/pin answers `pin(pin)`; every call is recorded. */
function stubApi(pin: (pin: string) => Response) {
  const calls: { url: string; headers: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string>, body });
      return url === '/api/auth/pin' ? pin((body as { pin: string }).pin) : json(ME);
    }),
  );
  return calls;
}

const typePin = (digits: string) => {
  for (const d of digits) fireEvent.click(screen.getByRole('button', { name: d }));
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

describe('the lock screen of a registered device', () => {
  beforeEach(() => {
    localStorage.clear();
    device.set('device-token-1', ME);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows nothing while unlocked, covers the screen once locked, and nothing on a browser that is no device', async () => {
    stubApi(() => json({}));
    await renderWithProviders(<DeviceLockScreen />);
    expect(screen.queryByTestId('lock-screen')).toBeNull();
    act(() => deviceLock.lock());
    expect(screen.getByTestId('lock-screen')).toBeTruthy();
    act(() => device.forget());
    expect(screen.queryByTestId('lock-screen')).toBeNull();
  });

  it('names the restaurant and the device; a PIN signs that person in and opens the lock', async () => {
    const token = jwt({ sub: 9, eid: 1, dev: 3, iat: 1, exp: 4_000_000_000 });
    const calls = stubApi(() => json({ jwt: token, accessToken: token, token, userId: 9, eateryId: 1 }));
    deviceLock.lock();
    await renderWithProviders(<DeviceLockScreen />);
    expect(screen.getByTestId('lock-screen').textContent).toContain('Nargiz');
    expect(screen.getByTestId('lock-screen').textContent).toContain('Bar tablet');
    typePin('2468');
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
    const sent = calls.find((c) => c.url === '/api/auth/pin')!;
    expect(sent.body).toEqual({ pin: '2468' });
    expect(sent.headers['x-device-token']).toBe('device-token-1');
    expect(session.getUserId()).toBe(9);
    expect(deviceLock.isLocked()).toBe(false);
  });

  it('says how many tries are left after a wrong PIN, and for how long a locked device waits', async () => {
    let answer = json({ messageKey: 'pinInvalid', message: 'x', params: { attemptsLeft: 3 } }, 401);
    stubApi(() => answer);
    deviceLock.lock();
    await renderWithProviders(<DeviceLockScreen />, { lang: 'ru' });
    for (const d of '1111') fireEvent.click(screen.getByRole('button', { name: d }));
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Неверный PIN-код. Попыток до блокировки устройства: 3.'),
    );
    answer = json({ messageKey: 'pinLocked', message: 'x', params: { minutes: 5 } }, 429);
    for (const d of '2222') fireEvent.click(screen.getByRole('button', { name: d }));
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('через 5 мин.'));
    expect(deviceLock.isLocked()).toBe(true);
  });
});
