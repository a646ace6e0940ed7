import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { bearer, randomIp, registerOwner, setupApp, testConfig } from './helper.js';

const ctx = setupApp();

/** The error model of every route: exactly {messageKey, message, details?, requestId}, JSON, no stack trace. */
function expectErrorBody(res: LightMyRequestResponse, status: number, messageKey: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.messageKey).toBe(messageKey);
  expect(ERROR_KEYS).toContain(body.messageKey);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(Object.keys(body).every((k) => ['messageKey', 'message', 'details', 'requestId'].includes(k))).toBe(true);
  // The id the response header and the request's log lines carry.
  expect(body.requestId).toBe(res.headers['x-request-id']);
  expectNoStack(res);
  return body;
}

function expectNoStack(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/stack/i);
  expect(res.body).not.toMatch(/\bat [\w.<>]+ \(|\bat (file:|node:|\/)|\.[cm]?[jt]s:\d+/);
  expect(res.body).not.toMatch(/FST_|SyntaxError|ZodError/);
}

const post = (url: string, payload: string | Buffer, contentType = 'application/json', headers = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: randomIp(),
    headers: { 'content-type': contentType, ...headers },
    payload,
  });

describe('error model', () => {
  it('bad JSON -> 400 invalidJson', async () => {
    for (const payload of ['{"user":', '{user: 1}', 'nope', '{"a":1}}']) {
      expectErrorBody(await post('/api/admin/eatery', payload), 400, 'invalidJson');
    }
    const owner = await registerOwner(ctx.app);
    expectErrorBody(await post('/api/eatery', '{bad', 'application/json', bearer(owner.token)), 400, 'invalidJson');
  });

  it('an empty JSON body -> 400', async () => {
    const res = await post('/api/auth/login', '');
    expect(res.statusCode).toBe(400);
    expect(['invalidJson', 'validation']).toContain(expectErrorBody(res, 400, res.json().messageKey).messageKey);
  });

  it('a JSON value of the wrong type -> 400 validation', async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const res = await post('/api/auth/login', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(['validation', 'invalidJson']).toContain(res.json().messageKey);
      expectNoStack(res);
    }
  });

  it('body over 1 MB -> 413 bodyTooLarge', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) });
    expectErrorBody(await post('/api/auth/login', big), 413, 'bodyTooLarge');
    // Just under the limit is parsed (and then rejected by validation, not by size).
    const under = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1000 * 1000) });
    expectErrorBody(await post('/api/auth/login', under), 400, 'validation');
  });

  it('wrong content type -> 415 unsupportedMediaType', async () => {
    const json = JSON.stringify({ email: 'a@example.com', password: 'saffron-plov-7' });
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      expectErrorBody(await post('/api/auth/login', json, type), 415, 'unsupportedMediaType');
    }
    const owner = await registerOwner(ctx.app);
    const res = await post('/api/eatery', json, 'text/plain', bearer(owner.token));
    expectErrorBody(res, 415, 'unsupportedMediaType');
  });

  it('unknown /api paths -> 404 JSON notFound, for every method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['GET', '/api/'],
      ['POST', '/api/nope/deeper?x=1'],
      ['DELETE', '/api/eatery'],
      ['PATCH', '/api/eatery/1'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expectErrorBody(res, 404, 'notFound');
    }
  });

  it('without a built web app, other unknown paths are 404 JSON too', async () => {
    expectErrorBody(await ctx.app.inject({ method: 'GET', url: '/admin/restaurants' }), 404, 'notFound');
  });

  it('validation errors list every field with an i18n key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/eatery',
      remoteAddress: randomIp(),
      payload: { user: { email: 'x', password: 'y' }, restaurant: { name: '' } },
    });
    const body = expectErrorBody(res, 400, 'validation');
    expect(body.details.length).toBeGreaterThanOrEqual(3);
    for (const d of body.details) {
      expect(Object.keys(d).sort()).toEqual(['field', 'messageKey']);
      expect(d.messageKey).toMatch(/^validation\./);
    }
  });

  it('path and query validation errors use the same model', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/eatery/owner/xyz', headers: bearer(owner.token) });
    const body = expectErrorBody(res, 400, 'validation');
    expect(body.details[0].field).toBe('userId');
  });

  it('auth failures use the same model', async () => {
    expectErrorBody(await ctx.app.inject({ method: 'GET', url: '/api/eatery' }), 401, 'jwtInvalid');
    expectErrorBody(
      await ctx.app.inject({ method: 'GET', url: '/api/eatery', headers: { authorization: 'Bearer x.y.z' } }),
      401,
      'jwtInvalid',
    );
  });

  it('an unexpected failure -> 500 internal, with nothing of the error in the body', async () => {
    // A second app on the same database with one route that fails like a bug would.
    const app = await buildApp(testConfig(), ctx.database);
    app.get('/api/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret detail at /srv/app/src/boom.ts:12');
    });
    app.get('/api/test-boom-db', { config: { access: 'public' } }, async () => {
      await app.db.execute('select * from no_such_table');
      return {};
    });
    await app.ready();
    try {
      for (const url of ['/api/test-boom', '/api/test-boom-db']) {
        const res = await app.inject({ method: 'GET', url });
        const body = expectErrorBody(res, 500, 'internal');
        expect(body.details).toBeUndefined();
        expect(res.body).not.toMatch(/secret|boom|no_such_table/);
      }
    } finally {
      await app.close();
    }
  });

  it('security headers are set on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config/image-paths' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
