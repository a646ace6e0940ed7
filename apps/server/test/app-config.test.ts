import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { PASSWORD, randomIp, registerOwner, setupApp, uniqueEmail } from './helper.js';

const tmp = mkdtempSync(join(tmpdir(), 'qrmenu-app-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SECRET = 'a-long-enough-secret-for-production-use-0123';

describe('loadConfig', () => {
  const dataDir = (name: string) => join(tmp, name);

  it('defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir('defaults'), JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: dataDir('defaults'),
      jwtSecret: SECRET,
      rateLimits: true,
      logLevel: 'info',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
    });
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user:pw@db:5432/qr',
      DATA_DIR: dataDir('all'),
      JWT_SECRET: SECRET,
      PUBLIC_URL: 'https://menu.example.com/',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(tmp, 'web'),
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_TOKEN_TTL_DAYS: '7',
      TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,fd00::/8, loopback',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user:pw@db:5432/qr',
      publicUrl: 'https://menu.example.com',
      rateLimits: false,
      logLevel: 'warn',
      webDist: join(tmp, 'web'),
      accessTokenTtlSeconds: 60,
      refreshTokenTtlDays: 7,
      trustProxy: ['10.0.0.5', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('TRUST_PROXY: unset trusts no proxy; a hop count, true or false', () => {
    const trust = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: dataDir('trust'), JWT_SECRET: SECRET, TRUST_PROXY }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('true')).toBe(true);
    expect(trust('TRUE')).toBe(true);
  });

  it('empty variables count as unset', () => {
    const config = loadConfig({
      DATA_DIR: dataDir('empty'),
      JWT_SECRET: SECRET,
      PORT: '',
      DATABASE_URL: '',
      PUBLIC_URL: ' ',
      RATE_LIMITS: '',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: undefined, rateLimits: true });
    expect(config.logLevel).toBe('info');
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '-1' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'menu.example.com' }],
    ['RATE_LIMITS', { RATE_LIMITS: 'maybe' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.300' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.lan' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
  ])('an invalid %s throws a readable error naming it', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir('invalid'), JWT_SECRET: SECRET, ...env })).toThrow(
      new RegExp(`Invalid configuration:\\n\\s+${name}: \\S`),
    );
  });

  it('NODE_ENV=production without JWT_SECRET throws', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir('prod') })).toThrow(/JWT_SECRET is required/);
    // No secret file is written in production.
    expect(() => statSync(join(dataDir('prod'), 'jwt-secret'))).toThrow();
  });

  it('without JWT_SECRET outside production a secret is generated once in DATA_DIR and reused', () => {
    const dir = join(tmp, 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    // Another data dir gets another secret; an explicit JWT_SECRET wins.
    expect(loadConfig({ DATA_DIR: join(tmp, 'other') }).jwtSecret).not.toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET);
  });
});

describe('with the built web app', () => {
  const webDist = join(tmp, 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>QR Menu test shell</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const ctx = setupApp({ webDist });

  it('serves index.html for the SPA routes', async () => {
    for (const url of [
      '/',
      '/admin/restaurants',
      '/admin/restaurant/5/',
      '/landing',
      '/client/eatery/1/table/2/add/false/menu?x=1',
      '/apiary',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('QR Menu test shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves static files; hashed assets are cached for a year', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    // A missing build file is a real 404, not the SPA page (a stale index.html would load it as a script).
    for (const url of ['/assets/missing-123.js', '/assets', '/assets/']) {
      const missing = await ctx.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().messageKey).toBe('notFound');
    }
    const icon = await ctx.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control'] ?? '').not.toContain('immutable');
  });

  it('unknown /api paths are still JSON 404', async () => {
    for (const url of ['/api/nope', '/api', '/api?x=1', '/api/eatery/1/nothing-here']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ messageKey: 'notFound' });
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/admin/restaurants' });
    expect(post.statusCode).toBe(404);
    expect(post.json().messageKey).toBe('notFound');
  });

  it('the API still works next to the SPA', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config/image-paths' });
    expect(res.statusCode).toBe(200);
  });
});

describe('with rate limits off', () => {
  const ctx = setupApp({ rateLimits: false });

  it('never answers 429 for login, registration or frontend logs', async () => {
    const owner = await registerOwner(ctx.app);
    const ip = randomIp();
    for (let i = 0; i < 15; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        payload: { email: owner.email, password: 'wrong1234' },
      });
      expect(res.statusCode).toBe(401);
    }
    for (let i = 0; i < 25; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/eatery',
        remoteAddress: ip,
        payload: { user: { email: uniqueEmail(), password: 'x' }, restaurant: { name: 'Cafe' } },
      });
      expect(res.statusCode).toBe(400);
    }
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/eatery',
      remoteAddress: ip,
      payload: { user: { email: uniqueEmail(), password: PASSWORD }, restaurant: { name: 'Cafe' } },
    });
    expect(ok.statusCode).toBe(201);
    for (let i = 0; i < 65; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/logs/frontend',
        remoteAddress: ip,
        payload: { level: 'info', message: 'm' },
      });
      expect(res.statusCode).toBe(204);
    }
  });
});
