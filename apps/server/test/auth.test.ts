import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { memberships, refreshTokens } from '../src/db/schema.js';
import { signJwt } from '../src/plugins/jwt.js';
import {
  bearer,
  errorBodyOf,
  loginAs,
  PASSWORD,
  randomIp,
  refreshCookie,
  registerOwner,
  setupApp,
  testConfig,
  uniqueEmail,
} from './helper.js';

const ctx = setupApp();
const SECRET = testConfig().jwtSecret;

const login = (payload: object, ip = randomIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload });

const refresh = (cookie?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: cookie ? { cookie } : {} });

const status = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(token) });

const recreate = (token: string, eateryId: unknown, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/recreate-token-on-eatery-change',
    headers: { ...bearer(token), ...(cookie ? { cookie } : {}) },
    payload: { eateryId },
  });

const cookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'refresh_token');

/** Claims of a token, read without checking the signature. */
const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey, message: expect.any(String) });
};

describe('POST /api/auth/login', () => {
  it('returns the token under every name and sets an httpOnly refresh cookie', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await login({ email: owner.email, password: PASSWORD, eateryId: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      jwt: expect.any(String),
      accessToken: body.jwt,
      token: body.jwt,
      userId: owner.userId,
      eateryId: owner.eateryId,
    });
    const claims = claimsOf(body.jwt);
    expect(claims).toMatchObject({ sub: owner.userId, eid: owner.eateryId });
    expect(claims.exp - claims.iat).toBe(testConfig().accessTokenTtlSeconds);

    const cookie = cookieOf(res)!;
    expect(cookie).toBeDefined();
    expect(cookie.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('strict');
    expect(cookie.path).toBe('/api/auth');
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    // Plain http in tests: not Secure. Over https behind a trusted proxy it is (security-proxy.test.ts).
    expect(cookie.secure).toBeFalsy();
    // The refresh token never appears in the JSON.
    expect(res.body).not.toContain(cookie.value);
  });

  it('works without eateryId and picks the requested restaurant when the user is a member', async () => {
    const owner = await registerOwner(ctx.app);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/eatery',
      headers: bearer(owner.token),
      payload: { name: 'Second', address: 'Baku', phones: ['+994 50 000 00 00'] },
    });
    const secondId = second.json().id;
    expect((await login({ email: owner.email, password: PASSWORD })).json().eateryId).toBe(owner.eateryId);
    expect((await login({ email: owner.email, password: PASSWORD, eateryId: secondId })).json().eateryId).toBe(
      secondId,
    );
    // Someone else's restaurant is ignored.
    const other = await registerOwner(ctx.app);
    expect((await login({ email: owner.email, password: PASSWORD, eateryId: other.eateryId })).json().eateryId).toBe(
      owner.eateryId,
    );
  });

  it('compares the e-mail case-insensitively and ignores surrounding spaces', async () => {
    const owner = await registerOwner(ctx.app);
    for (const email of [owner.email.toUpperCase(), ` ${owner.email} `]) {
      const res = await login({ email, password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().userId).toBe(owner.userId);
    }
  });

  it('wrong password and unknown e-mail both answer 401 invalidPass with identical bodies', async () => {
    const owner = await registerOwner(ctx.app);
    const wrong = await login({ email: owner.email, password: 'wrong1234' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: PASSWORD });
    expectError(wrong, 401, 'invalidPass');
    expectError(unknown, 401, 'invalidPass');
    expect(errorBodyOf(wrong)).toEqual(errorBodyOf(unknown));
    expect(cookieOf(wrong)).toBeUndefined();
    expect(cookieOf(unknown)).toBeUndefined();
    // The password is case-sensitive.
    expectError(await login({ email: owner.email, password: PASSWORD.toUpperCase() }), 401, 'invalidPass');
  });

  it('missing or empty fields -> 400 with details', async () => {
    const cases: [object, string][] = [
      [{ password: PASSWORD }, 'email'],
      [{ email: 'a@example.com' }, 'password'],
      [{ email: '', password: PASSWORD }, 'email'],
      [{ email: 'a@example.com', password: '' }, 'password'],
    ];
    for (const [payload, field] of cases) {
      const res = await login(payload);
      expectError(res, 400, 'validation');
      expect(res.json().details).toContainEqual({ field, messageKey: 'validation.required' });
    }
    expectError(await login({ email: 'a@example.com', password: PASSWORD, eateryId: 'x' }), 400, 'validation');
  });

  it('rate limit: the 11th attempt within a minute for the same IP and e-mail -> 429 with Retry-After', async () => {
    const owner = await registerOwner(ctx.app);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: owner.email, password: 'wrong1234' }, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // Even the right password is refused now, also with another letter case of the same e-mail.
    for (const email of [owner.email, owner.email.toUpperCase()]) {
      const blocked = await login({ email, password: PASSWORD }, ip);
      expectError(blocked, 429, 'tooManyRequests');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another e-mail from the same IP is not blocked, nor the same e-mail from another IP.
    const other = await registerOwner(ctx.app);
    expect((await login({ email: other.email, password: PASSWORD }, ip)).statusCode).toBe(200);
    expect((await login({ email: owner.email, password: PASSWORD })).statusCode).toBe(200);
  });
  it('a client cannot dodge the login limit by sending its own X-Forwarded-For', async () => {
    const owner = await registerOwner(ctx.app);
    const publicIp = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const attempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: publicIp,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: owner.email, password: 'wrong1234' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    expectError(await attempt(10), 429, 'tooManyRequests');
  });

  it('nor can a client on the private network: without TRUST_PROXY no address there is a proxy', async () => {
    const owner = await registerOwner(ctx.app);
    const lanClient = randomIp();
    const attempt = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: lanClient,
        headers: { 'x-forwarded-for': `192.168.50.${i}` },
        payload: { email: owner.email, password: 'wrong1234' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).statusCode).toBe(401);
    expectError(await attempt(10), 429, 'tooManyRequests');
    // Behind a proxy named by TRUST_PROXY the forwarded address counts: security-proxy.test.ts.
  });
});

describe('POST /api/auth/refresh-token', () => {
  it('rotates: new access token and cookie; the old cookie no longer works', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await refresh(owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      jwt: expect.any(String),
      accessToken: body.jwt,
      token: body.jwt,
      userId: owner.userId,
      eateryId: owner.eateryId,
    });
    expect((await status(body.jwt)).statusCode).toBe(200);
    const next = refreshCookie(res);
    expect(next).not.toBe(owner.cookie);
    expect(cookieOf(res)!.httpOnly).toBe(true);

    // The rotated token works once more, the old one does not.
    const again = await refresh(next);
    expect(again.statusCode).toBe(200);
    expectError(await refresh(owner.cookie), 401, 'jwtInvalid');
  });

  it('reusing an old token revokes the whole family: the newest token stops working too', async () => {
    const owner = await registerOwner(ctx.app);
    const first = await refresh(owner.cookie);
    const second = await refresh(refreshCookie(first));
    const newest = refreshCookie(second);

    const replay = await refresh(owner.cookie);
    expectError(replay, 401, 'jwtInvalid');
    // The failed refresh clears the cookie in the browser.
    expect(cookieOf(replay)?.value ?? '').toBe('');

    expectError(await refresh(newest), 401, 'jwtInvalid');
    // Other sessions of the same user (another login = another family) are not affected.
    const otherSession = await loginAs(ctx.app, owner.email);
    expect((await refresh(refreshCookie(otherSession))).statusCode).toBe(200);
  });

  it('missing, unknown and expired cookies -> 401 jwtInvalid', async () => {
    expectError(await refresh(), 401, 'jwtInvalid');
    expectError(await refresh('refresh_token='), 401, 'jwtInvalid');
    expectError(await refresh('refresh_token=not-a-real-token'), 401, 'jwtInvalid');

    const owner = await registerOwner(ctx.app);
    await ctx.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, owner.userId));
    expectError(await refresh(owner.cookie), 401, 'jwtInvalid');
  });

  it('a user removed from the active restaurant gets another one of theirs after refresh', async () => {
    const owner = await registerOwner(ctx.app);
    const staff = await registerOwner(ctx.app);
    await ctx.app.db.insert(memberships).values({ userId: staff.userId, eateryId: owner.eateryId, roles: ['WAITER'] });
    const switched = await recreate(staff.token, owner.eateryId, staff.cookie);
    expect(switched.json().eateryId).toBe(owner.eateryId);
    await ctx.app.db.delete(memberships).where(eq(memberships.userId, staff.userId));
    await ctx.app.db
      .insert(memberships)
      .values({ userId: staff.userId, eateryId: staff.eateryId, roles: ['EATERY_ADMIN'] });
    const res = await refresh(staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().eateryId).toBe(staff.eateryId);
  });
});

describe('access tokens', () => {
  it('an expired token -> 401 jwtInvalid', async () => {
    const owner = await registerOwner(ctx.app);
    const expired = signJwt({ sub: owner.userId, eid: owner.eateryId }, SECRET, -1);
    expectError(await status(expired), 401, 'jwtInvalid');
    const valid = signJwt({ sub: owner.userId, eid: owner.eateryId }, SECRET, 60);
    expect((await status(valid)).statusCode).toBe(200);
  });

  it('tampered, foreign-signed and malformed tokens -> 401 jwtInvalid', async () => {
    const owner = await registerOwner(ctx.app);
    const [h, p, s] = owner.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(owner.token), sub: owner.userId + 1 })).toString(
      'base64url',
    );
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    const bad = [
      `${h}.${forged}.${s}`,
      `${h}.${p}.${flipped}`,
      `${h}.${p}.`,
      `${h}.${p}`,
      signJwt({ sub: owner.userId, eid: owner.eateryId }, 'another-secret-another-secret-another', 60),
      // alg "none"
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`,
      'garbage',
    ];
    for (const token of bad) expectError(await status(token), 401, 'jwtInvalid');
    // Without the Bearer scheme, or no header at all.
    const raw = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/status',
      headers: { authorization: owner.token },
    });
    expectError(raw, 401, 'jwtInvalid');
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/auth/status' }), 401, 'jwtInvalid');
  });
});

describe('POST /api/auth/recreate-token-on-eatery-change', () => {
  it('switches to another own restaurant; status and the refresh session follow', async () => {
    const owner = await registerOwner(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/eatery',
      headers: bearer(owner.token),
      payload: { name: 'Branch', address: 'Ganja', phones: ['123'] },
    });
    const newId = created.json().id;
    const res = await recreate(owner.token, newId, owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      jwt: expect.any(String),
      accessToken: body.jwt,
      token: body.jwt,
      userId: owner.userId,
      eateryId: newId,
    });
    expect(claimsOf(body.jwt).eid).toBe(newId);
    expect((await status(body.jwt)).json()).toMatchObject({ eateryId: newId, roles: ['EATERY_ADMIN'] });

    const refreshed = await refresh(owner.cookie);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().eateryId).toBe(newId);
    expect(claimsOf(refreshed.json().jwt).eid).toBe(newId);
  });

  it("403 notYourEatery for another owner's restaurant and for an id that does not exist; session unchanged", async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    for (const id of [other.eateryId, 999_999]) {
      expectError(await recreate(owner.token, id, owner.cookie), 403, 'notYourEatery');
    }
    const refreshed = await refresh(owner.cookie);
    expect(refreshed.json().eateryId).toBe(owner.eateryId);
  });

  it('400 for a string, negative, zero or missing eateryId', async () => {
    const owner = await registerOwner(ctx.app);
    for (const id of [String(owner.eateryId), -1, 0, 1.5, null, undefined]) {
      const res = await recreate(owner.token, id);
      expectError(res, 400, 'validation');
      expect(res.json().details[0].field).toBe('eateryId');
    }
  });

  it('401 without a token', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/recreate-token-on-eatery-change',
      payload: { eateryId: owner.eateryId },
    });
    expectError(res, 401, 'jwtInvalid');
  });

  it("cannot move another user's refresh session", async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    // The owner sends the other user's cookie along: that session must not change.
    expect((await recreate(owner.token, owner.eateryId, other.cookie)).statusCode).toBe(200);
    expect((await refresh(other.cookie)).json()).toMatchObject({ userId: other.userId, eateryId: other.eateryId });
  });
});

describe('GET /api/auth/status and /api/auth/logout', () => {
  it('status returns the user, 401 without token', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await status(owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: owner.userId,
      name: 'Test Owner',
      username: owner.email,
      eateryId: owner.eateryId,
      roles: ['EATERY_ADMIN'],
    });
    expectError(await ctx.app.inject({ method: 'GET', url: '/api/auth/status' }), 401, 'jwtInvalid');
  });

  it('status of a token for a restaurant the user left shows no restaurant', async () => {
    const owner = await registerOwner(ctx.app);
    const token = signJwt({ sub: owner.userId, eid: 999_999 }, SECRET, 60);
    expect((await status(token)).json()).toMatchObject({ eateryId: null, roles: [] });
  });

  it('logout revokes the refresh token and clears the cookie', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const cleared = cookieOf(res)!;
    expect(cleared).toBeDefined();
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth');
    expect((cleared.expires as Date).getTime()).toBeLessThan(Date.now());
    expectError(await refresh(owner.cookie), 401, 'jwtInvalid');
  });

  it('logout without a cookie still succeeds', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
  });
});
