import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, type PosDevice, type StaffUser } from '@qr-menu/contract';
import { memberships, posDevices } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { putPin, registerDevice, setPin } from './device-fixtures.js';
import { makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';

/**
 * Registered devices and staff PINs: only a restaurant's admins register, list and revoke its devices (others' ids
 * answer 404); a device learns who it is from its token; PINs are 4–6 digits, unique in a restaurant, set by an admin
 * or by the member themself, and the staff list says who has one.
 */

const ctx = setupApp({ rateLimits: false });
let A: TestEatery;
let B: TestEatery;

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Nargiz' });
  B = await makeEatery(ctx.app, { name: 'Other' });
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${A.id}${url}`, headers: bearer(token), payload });
const me = (token?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/devices/me', headers: token ? { [DEVICE_TOKEN_HEADER]: token } : {} });
const staff = async (token = A.owner.token, e = A) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/eatery/${e.id}/user`, headers: bearer(token) })
  ).json() as StaffUser[];

describe('devices', () => {
  it('an admin registers a device: the token is shown once, the list never shows it', async () => {
    const res = await call('POST', '/devices', A.owner.token, { name: '  Bar tablet ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Bar tablet', lastSeenAt: null, revokedAt: null });
    expect(created.token).toMatch(/^[\w-]{40,}$/);
    const [row] = await ctx.app.db.select().from(posDevices).where(eq(posDevices.id, created.id));
    expect(row.tokenHash).not.toContain(created.token);

    const list = (await call('GET', '/devices', A.owner.token)).json() as PosDevice[];
    expect(list.find((d) => d.id === created.id)).toEqual({
      id: created.id,
      name: 'Bar tablet',
      createdAt: created.createdAt,
      lastSeenAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses a blank or long name, other roles (403) and other restaurants (404)', async () => {
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const res = await call('POST', '/devices', A.owner.token, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().details[0].field).toBe('name');
    }
    for (const token of [A.waiter.token, A.cashier.token, A.kitchen.token]) {
      expect((await call('POST', '/devices', token, { name: 'x' })).statusCode).toBe(403);
      expect((await call('GET', '/devices', token)).statusCode).toBe(403);
    }
    const device = await registerDevice(ctx.app, A.id, A.owner.token);
    for (const res of [
      await call('GET', '/devices', B.owner.token),
      await call('POST', '/devices', B.owner.token, { name: 'x' }),
      await call('DELETE', `/devices/${device.id}`, B.owner.token),
      // B's admin, on B's path, with A's device id.
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/eatery/${B.id}/devices/${device.id}`,
        headers: bearer(B.owner.token),
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await me(device.token)).statusCode).toBe(200);
  });

  it('a device learns who it is from its token (its visit noted); unknown, missing or revoked: 401 deviceInvalid', async () => {
    const device = await registerDevice(ctx.app, A.id, A.owner.token, 'Pass');
    const res = await me(device.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: device.id, name: 'Pass', eateryId: A.id, eateryName: 'Nargiz', lockSeconds: 120 });
    const list = (await call('GET', '/devices', A.owner.token)).json() as PosDevice[];
    expect(list.find((d) => d.id === device.id)!.lastSeenAt).not.toBeNull();

    for (const r of [await me(), await me('not-a-device-token')]) {
      expect(r.statusCode).toBe(401);
      expect(r.json().messageKey).toBe('deviceInvalid');
    }
    expect((await call('DELETE', `/devices/${device.id}`, A.owner.token)).statusCode).toBe(204);
    expect((await me(device.token)).json().messageKey).toBe('deviceInvalid');
    // Revoking again changes nothing; the list keeps it, revoked.
    expect((await call('DELETE', `/devices/${device.id}`, A.owner.token)).statusCode).toBe(204);
    const after = (await call('GET', '/devices', A.owner.token)).json() as PosDevice[];
    expect(after.find((d) => d.id === device.id)!.revokedAt).not.toBeNull();
    expect((await call('DELETE', '/devices/999999', A.owner.token)).statusCode).toBe(404);
  });
});

describe('staff PINs', () => {
  it('are 4 to 6 digits: anything else is 400 validation.pin and nothing is stored', async () => {
    const waiter = await makeStaff(ctx.app, A.id, ['WAITER']);
    for (const pin of ['123', '1234567', 'abcd', ' 1234', '12 34', '١٢٣٤', 1234, null]) {
      const res = await putPin(ctx.app, A.id, A.owner.token, waiter.userId, pin);
      expect(res.statusCode, String(pin)).toBe(400);
      expect(res.json().details).toContainEqual({ field: 'pin', messageKey: 'validation.pin' });
    }
    const [m] = await ctx.app.db.select().from(memberships).where(eq(memberships.userId, waiter.userId));
    expect(m.pinHash).toBeNull();
  });

  it('are unique in a restaurant (409 pinTaken), not across restaurants; kept as a hash', async () => {
    const [one, two] = [await makeStaff(ctx.app, A.id, ['WAITER']), await makeStaff(ctx.app, A.id, ['CASHIER'])];
    await setPin(ctx.app, A.id, A.owner.token, one.userId, '4821');
    const taken = await putPin(ctx.app, A.id, A.owner.token, two.userId, '4821');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messageKey).toBe('pinTaken');
    // The same PIN again for its holder is no conflict; another restaurant may hand it out too.
    await setPin(ctx.app, A.id, A.owner.token, one.userId, '4821');
    const other = await makeStaff(ctx.app, B.id, ['WAITER']);
    await setPin(ctx.app, B.id, B.owner.token, other.userId, '4821');
    const [m] = await ctx.app.db.select().from(memberships).where(eq(memberships.userId, one.userId));
    expect(m.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(m.pinHash).not.toContain('4821');
  });

  it('an admin sets anyone’s, a member their own only; other restaurants’ members 404; the staff list shows hasPin', async () => {
    const waiter = await makeStaff(ctx.app, A.id, ['WAITER']);
    const cashier = await makeStaff(ctx.app, A.id, ['CASHIER']);
    expect((await putPin(ctx.app, A.id, waiter.token, waiter.userId, '7305')).statusCode).toBe(204);
    const other = await putPin(ctx.app, A.id, waiter.token, cashier.userId, '7306');
    expect(other.statusCode).toBe(403);
    expect(other.json().messageKey).toBe('accessDenied');
    expect((await putPin(ctx.app, A.id, A.owner.token, B.waiter.userId, '7307')).statusCode).toBe(404);
    expect((await putPin(ctx.app, A.id, B.owner.token, waiter.userId, '7308')).statusCode).toBe(404);

    const list = await staff(A.waiter.token);
    expect(list.find((u) => u.id === waiter.userId)!.hasPin).toBe(true);
    expect(list.find((u) => u.id === cashier.userId)!.hasPin).toBe(false);

    const clear = (token: string, userId: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/eatery/${A.id}/user/${userId}/pin`, headers: bearer(token) });
    expect((await clear(cashier.token, waiter.userId)).statusCode).toBe(403);
    expect((await clear(waiter.token, waiter.userId)).statusCode).toBe(204);
    expect((await staff()).find((u) => u.id === waiter.userId)!.hasPin).toBe(false);
    // Cleared, the PIN is free for someone else.
    await setPin(ctx.app, A.id, A.owner.token, cashier.userId, '7305');
  });
});
