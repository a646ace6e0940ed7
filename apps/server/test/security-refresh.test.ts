/**
 * Two refreshes with one cookie at once (two tabs, a retried request) must not revoke the session.
 * Within REFRESH_GRACE_MS of its rotation, while its successor is unused, the old token gets a new token of the
 * same family; after the window, or once the successor was used, a reuse still revokes the whole family.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema.js';
import { REFRESH_GRACE_MS } from '../src/modules/auth/auth.service.js';
import { refreshCookie, registerOwner, setupApp } from './helper.js';

const ctx = setupApp();

const refresh = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });
const hashOf = (cookie: string) =>
  createHash('sha256')
    .update(cookie.replace(/^refresh_token=/, ''))
    .digest('hex');
/** Moves the rotation of `cookie`'s token into the past, as if `ms` had gone by. */
async function age(cookie: string, ms: number) {
  await ctx.app.db
    .update(refreshTokens)
    .set({ revokedAt: new Date(Date.now() - ms) })
    .where(eq(refreshTokens.tokenHash, hashOf(cookie)));
}
const ok = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(200);
  return refreshCookie(res);
};

describe('refresh grace window', () => {
  it('two concurrent refreshes with one cookie both get a working session of the same family', async () => {
    const owner = await registerOwner(ctx.app);
    const [a, b] = await Promise.all([refresh(owner.cookie), refresh(owner.cookie)]);
    const [ca, cb] = [ok(a), ok(b)];
    expect(ca).not.toBe(cb);
    // Neither tab was logged out: each new cookie refreshes again.
    ok(await refresh(ca));
    ok(await refresh(cb));
    const families = await ctx.app.db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, owner.userId));
    expect(families).toHaveLength(1); // one login, one family
  });

  it('a retry with the just-rotated cookie (its answer lost) gets a new session', async () => {
    const owner = await registerOwner(ctx.app);
    const first = ok(await refresh(owner.cookie));
    const retry = ok(await refresh(owner.cookie));
    ok(await refresh(retry));
    ok(await refresh(first));
  });

  it('after the window the reuse revokes the family', async () => {
    const owner = await registerOwner(ctx.app);
    const next = ok(await refresh(owner.cookie));
    await age(owner.cookie, REFRESH_GRACE_MS + 1000);
    const replay = await refresh(owner.cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().messageKey).toBe('jwtInvalid');
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('within the window, but once the successor was used, the reuse revokes the family', async () => {
    const owner = await registerOwner(ctx.app);
    const first = ok(await refresh(owner.cookie));
    const second = ok(await refresh(first));
    expect((await refresh(owner.cookie)).statusCode).toBe(401);
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('after logout the just-rotated cookie gets nothing', async () => {
    const owner = await registerOwner(ctx.app);
    const next = ok(await refresh(owner.cookie));
    const out = await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: { cookie: next } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(owner.cookie)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
  });
});
