import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '@qr-menu/contract';
import { posDevices } from '../src/db/schema.js';
import { verifyJwt } from '../src/plugins/jwt.js';
import { bearer, randomIp, refreshCookie, setupApp } from './helper.js';
import { pinLogin, pinSession, registerDevice, setPin } from './device-fixtures.js';
import { makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';
import { makeAccount, signIn } from './session-fixtures.js';

/**
 * Signing in with a PIN: only on a live registered device, as the member whose PIN it is, in the device's restaurant,
 * in a session bound to the device. Wrong PINs count per device and lock it; revoking the device or changing the PIN
 * ends the sessions opened with it from the next request.
 */

const ctx = setupApp();
let A: TestEatery;
let device: { id: number; token: string };

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  device = await registerDevice(ctx.app, A.id, A.owner.token);
});

const status = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(token) });
const tables = (token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/eatery/${A.id}/table`, headers: bearer(token) });
const refresh = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });

function refused(res: { statusCode: number; json: () => { messageKey: string } }, status: number, key: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json().messageKey).toBe(key);
}

describe('a PIN sign-in', () => {
  it('opens a session of the PIN’s member in the device’s restaurant, bound to the device, refreshed as such', async () => {
    const waiter = await makeStaff(ctx.app, A.id, ['WAITER']);
    await setPin(ctx.app, A.id, A.owner.token, waiter.userId, '2468');
    const res = await pinLogin(ctx.app, device.token, '2468');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: waiter.userId, eateryId: A.id });
    const claims = verifyJwt(res.json().jwt, ctx.app.config.jwtSecret)!;
    expect(claims).toMatchObject({ sub: waiter.userId, eid: A.id, dev: device.id });
    expect((await status(res.json().jwt)).json()).toMatchObject({ userId: waiter.userId, roles: ['WAITER'] });

    const again = await refresh(refreshCookie(res));
    expect(again.statusCode, again.body).toBe(200);
    expect(verifyJwt(again.json().jwt, ctx.app.config.jwtSecret)).toMatchObject({ dev: device.id, eid: A.id });
  });

  it('never works without a live registered device', async () => {
    const waiter = await makeStaff(ctx.app, A.id, ['WAITER']);
    await setPin(ctx.app, A.id, A.owner.token, waiter.userId, '1357');
    refused(await pinLogin(ctx.app, undefined, '1357'), 401, 'deviceInvalid');
    refused(await pinLogin(ctx.app, 'forged-token', '1357'), 401, 'deviceInvalid');
    const gone = await registerDevice(ctx.app, A.id, A.owner.token, 'Old tablet');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/devices/${gone.id}`,
      headers: bearer(A.owner.token),
    });
    refused(await pinLogin(ctx.app, gone.token, '1357'), 401, 'deviceInvalid');
  });

  it('counts wrong PINs per device: the last allowed one locks it (429, Retry-After), even for the right PIN', async () => {
    const tablet = await registerDevice(ctx.app, A.id, A.owner.token, 'Counter');
    const cashier = await makeStaff(ctx.app, A.id, ['CASHIER']);
    await setPin(ctx.app, A.id, A.owner.token, cashier.userId, '9753');
    const wrong = await pinLogin(ctx.app, tablet.token, '0000');
    refused(wrong, 401, 'pinInvalid');
    expect(wrong.json().params).toEqual({ attemptsLeft: PIN_MAX_FAILURES - 1 });
    // A right PIN sets the count back to zero.
    expect((await pinLogin(ctx.app, tablet.token, '9753')).statusCode).toBe(200);
    for (let i = 1; i < PIN_MAX_FAILURES; i++) {
      const res = await pinLogin(ctx.app, tablet.token, '0000');
      refused(res, 401, 'pinInvalid');
      expect(res.json().params.attemptsLeft).toBe(PIN_MAX_FAILURES - i);
    }
    const locking = await pinLogin(ctx.app, tablet.token, '0000');
    refused(locking, 429, 'pinLocked');
    expect(locking.json().params).toEqual({ minutes: PIN_LOCK_MINUTES });
    expect(Number(locking.headers['retry-after'])).toBeGreaterThan((PIN_LOCK_MINUTES - 1) * 60);
    refused(await pinLogin(ctx.app, tablet.token, '9753'), 429, 'pinLocked');
    // Another device of the restaurant is not locked.
    expect((await pinLogin(ctx.app, device.token, '9753')).statusCode).toBe(200);

    // Once the lock ran out, PINs work again and the count starts over.
    await ctx.app.db
      .update(posDevices)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(posDevices.id, tablet.id));
    const after = await pinLogin(ctx.app, tablet.token, '1111');
    expect(after.json().params).toEqual({ attemptsLeft: PIN_MAX_FAILURES - 1 });
    expect((await pinLogin(ctx.app, tablet.token, '9753')).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(posDevices).where(eq(posDevices.id, tablet.id));
    expect(row).toMatchObject({ failedPins: 0, lockedUntil: null });
  });

  it('PINs typed at once on one device are counted one by one', async () => {
    const tablet = await registerDevice(ctx.app, A.id, A.owner.token, 'Patio');
    const results = await Promise.all(
      Array.from({ length: PIN_MAX_FAILURES + 3 }, (_, i) => pinLogin(ctx.app, tablet.token, `00${10 + i}`)),
    );
    expect(results.filter((r) => r.statusCode === 401)).toHaveLength(PIN_MAX_FAILURES - 1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
  });

  it('is limited per client network, like the login', async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await pinLogin(ctx.app, undefined, '1234', { ip })).statusCode;
    expect(last).toBe(429);
  });
});

describe('a PIN session ends', () => {
  it('when the device is revoked: the access token from the next request, the refresh cookie too', async () => {
    const tablet = await registerDevice(ctx.app, A.id, A.owner.token, 'Terrace');
    const waiter = await makeStaff(ctx.app, A.id, ['WAITER']);
    await setPin(ctx.app, A.id, A.owner.token, waiter.userId, '8642');
    const s = await pinSession(ctx.app, tablet.token, '8642');
    const other = await pinSession(ctx.app, device.token, '8642');
    expect((await tables(s.token)).statusCode).toBe(200);
    const revoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/devices/${tablet.id}`,
      headers: bearer(A.owner.token),
    });
    expect(revoke.statusCode).toBe(204);
    refused(await tables(s.token), 401, 'jwtInvalid');
    refused(await status(s.token), 401, 'jwtInvalid');
    refused(await refresh(s.cookie), 401, 'jwtInvalid');
    // The same member's session on another device goes on.
    expect((await tables(other.token)).statusCode).toBe(200);
  });

  it('when the member’s PIN is changed or cleared; their password sessions go on', async () => {
    const account = await makeAccount(ctx.app, A.id, ['WAITER']);
    const withPassword = await signIn(ctx.app, account);
    await setPin(ctx.app, A.id, A.owner.token, account.userId, '5555');
    const first = await pinSession(ctx.app, device.token, '5555');
    await setPin(ctx.app, A.id, A.owner.token, account.userId, '5556');
    refused(await tables(first.token), 401, 'jwtInvalid');
    refused(await refresh(first.cookie), 401, 'jwtInvalid');
    refused(await pinLogin(ctx.app, device.token, '5555'), 401, 'pinInvalid');

    const second = await pinSession(ctx.app, device.token, '5556');
    const clear = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/user/${account.userId}/pin`,
      headers: bearer(A.owner.token),
    });
    expect(clear.statusCode).toBe(204);
    refused(await tables(second.token), 401, 'jwtInvalid');
    expect((await tables(withPassword.token)).statusCode).toBe(200);
  });

  it('when the next person signs in with their PIN on the device (the cookie sent along)', async () => {
    const [one, two] = [await makeStaff(ctx.app, A.id, ['WAITER']), await makeStaff(ctx.app, A.id, ['WAITER'])];
    await setPin(ctx.app, A.id, A.owner.token, one.userId, '3141');
    await setPin(ctx.app, A.id, A.owner.token, two.userId, '2718');
    const first = await pinSession(ctx.app, device.token, '3141');
    const next = await pinLogin(ctx.app, device.token, '2718', { cookie: first.cookie });
    expect(next.json().userId).toBe(two.userId);
    refused(await tables(first.token), 401, 'jwtInvalid');
    expect((await tables(next.json().jwt)).statusCode).toBe(200);
  });
});
