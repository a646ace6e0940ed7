/**
 * Forwarded headers are believed only from a proxy TRUST_PROXY names, and the CSP asks the
 * browser to upgrade requests to https only where the site is reached over https.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registerOwner, setupApp } from './helper.js';

const LAN_CLIENT = '192.168.1.30';

const cspOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);

const page = (app: FastifyInstance, headers: Record<string, string>, remoteAddress = LAN_CLIENT) =>
  app.inject({ method: 'GET', url: '/api/config/image-paths', remoteAddress, headers });

const login = (app: FastifyInstance, email: string, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email, password: 'wrong1234' },
  });

describe('by default (TRUST_PROXY unset)', () => {
  const ctx = setupApp();

  it('a page served over plain http on a LAN address does not ask the browser to upgrade to https', async () => {
    const res = await page(ctx.app, { host: '192.168.1.20:3000' });
    expect(res.statusCode).toBe(200);
    expect(cspOf(res)).toContain("default-src 'self'");
    expect(cspOf(res)).not.toContain('upgrade-insecure-requests');
    // A client's own X-Forwarded-Proto proves nothing.
    const claimed = await page(ctx.app, { host: 'qrmenu.lan:3000', 'x-forwarded-proto': 'https' });
    expect(cspOf(claimed)).not.toContain('upgrade-insecure-requests');
  });

  it('rotating X-Forwarded-For from a private address does not bypass the login limit', async () => {
    const owner = await registerOwner(ctx.app);
    for (let i = 0; i < 10; i++) {
      expect((await login(ctx.app, owner.email, LAN_CLIENT, `192.168.50.${i}`)).statusCode, `attempt ${i}`).toBe(401);
    }
    for (let i = 10; i < 29; i++) {
      expect((await login(ctx.app, owner.email, LAN_CLIENT, `192.168.50.${i}`)).statusCode, `attempt ${i}`).toBe(429);
    }
  });

  it('a forwarded https does not make the refresh cookie Secure', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: LAN_CLIENT,
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'refresh_token')!.secure).toBeFalsy();
  });
});

describe('behind a proxy named by TRUST_PROXY', () => {
  const PROXY = '10.0.0.5';
  const ctx = setupApp({ trustProxy: [PROXY] });

  it('counts the forwarded client address for the login limit', async () => {
    const owner = await registerOwner(ctx.app);
    for (let i = 0; i < 10; i++)
      expect((await login(ctx.app, owner.email, PROXY, '198.51.100.7')).statusCode).toBe(401);
    expect((await login(ctx.app, owner.email, PROXY, '198.51.100.7')).statusCode).toBe(429);
    // Another client behind the same proxy is not blocked.
    expect((await login(ctx.app, owner.email, PROXY, '198.51.100.8')).statusCode).toBe(401);
    // A client that is not the proxy still cannot pick its address.
    for (let i = 0; i < 10; i++)
      expect((await login(ctx.app, owner.email, LAN_CLIENT, `192.0.2.${i}`)).statusCode).toBe(401);
    expect((await login(ctx.app, owner.email, LAN_CLIENT, '192.0.2.99')).statusCode).toBe(429);
  });

  it('upgrades insecure requests and sets Secure cookies when the proxy says https', async () => {
    const viaProxy = await page(ctx.app, { 'x-forwarded-proto': 'https' }, PROXY);
    expect(cspOf(viaProxy)).toContain('upgrade-insecure-requests');
    const plain = await page(ctx.app, {}, PROXY);
    expect(cspOf(plain)).not.toContain('upgrade-insecure-requests');
    const spoofed = await page(ctx.app, { 'x-forwarded-proto': 'https' }, LAN_CLIENT);
    expect(cspOf(spoofed)).not.toContain('upgrade-insecure-requests');

    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.20' },
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(res.cookies.find((c) => c.name === 'refresh_token')!.secure).toBe(true);
  });
});

describe('with a hop count', () => {
  const ctx = setupApp({ trustProxy: 1 });

  it('takes the address the nearest proxy saw, not one the client wrote', async () => {
    const owner = await registerOwner(ctx.app);
    // The client wrote a new first entry each time; the proxy appended the real address.
    for (let i = 0; i < 10; i++) {
      expect((await login(ctx.app, owner.email, '10.0.0.5', `192.168.50.${i}, 198.51.100.9`)).statusCode).toBe(401);
    }
    expect((await login(ctx.app, owner.email, '10.0.0.5', '192.168.50.77, 198.51.100.9')).statusCode).toBe(429);
  });
});

describe('with an https PUBLIC_URL', () => {
  const ctx = setupApp({ publicUrl: 'https://menu.example' });

  it('always asks the browser to upgrade insecure requests', async () => {
    const res = await page(ctx.app, { host: '192.168.1.20:3000' });
    expect(cspOf(res)).toContain('upgrade-insecure-requests');
  });
});
