import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { imagePathsResponse } from '@qr-menu/contract';
import { randomIp, setupApp } from './helper.js';

const ctx = setupApp();

function expectErrorBody(res: LightMyRequestResponse, status: number, messageKey: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ messageKey, message: expect.any(String) });
  expect(res.body).not.toMatch(/stack/i);
  return body;
}

describe('GET /api/config/image-paths', () => {
  it('returns the URL templates without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config/image-paths' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(imagePathsResponse.strict().safeParse(body).success).toBe(true);
    expect(body.apiAdminEatery).toBe('/api/admin/eatery');
    expect(body.reCreateTokenOnEateryChangeUrl).toBe('/api/auth/recreate-token-on-eatery-change');
    for (const value of Object.values(body) as string[]) expect(value).toMatch(/^\/api\//);
    for (const key of ['imagePath', 'categoryImagePath', 'dishImagePath']) expect(body[key]).toMatch(/\{\w+\}/);
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json is an OpenAPI 3 document listing the routes with their schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const login = doc.paths['/api/auth/login']?.post;
    expect(login).toBeDefined();
    const schema = login.requestBody.content['application/json'].schema;
    expect(schema.properties).toHaveProperty('email');
    expect(schema.properties).toHaveProperty('password');
    expect(login.responses['200']).toBeDefined();
    for (const path of ['/api/admin/eatery', '/api/auth/refresh-token', '/api/eatery', '/api/eatery/{id}']) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/eatery/{id}']).toHaveProperty('delete');
  });

  it('the Swagger UI is served at /api/docs without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('POST /api/logs/frontend', () => {
  const record = {
    level: 'error',
    message: 'TypeError: x is undefined',
    details: { stackTrace: 'at App (App.tsx:1)' },
    source: 'window.onerror',
    userId: 12,
    timestamp: new Date().toISOString(),
  };
  const send = (payload: unknown, ip = randomIp(), type = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/logs/frontend',
      remoteAddress: ip,
      headers: { 'content-type': type },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('a valid record -> 204 without a token', async () => {
    const res = await send(record);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    for (const level of ['warn', 'info', 'debug']) {
      expect((await send({ level, message: 'm' })).statusCode).toBe(204);
    }
    expect((await send({ ...record, userId: null })).statusCode).toBe(204);
    expect((await send({ ...record, userId: '12' })).statusCode).toBe(204);
  });

  it('accepts JSON sent as text/plain (navigator.sendBeacon)', async () => {
    expect((await send(record, randomIp(), 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    expectErrorBody(await send('not json', randomIp(), 'text/plain'), 400, 'invalidJson');
  });

  it('missing or invalid level, missing message -> 400 validation', async () => {
    const noLevel = await send({ message: 'm' });
    const body = expectErrorBody(noLevel, 400, 'validation');
    expect(body.details.map((d: { field: string }) => d.field)).toContain('level');
    expectErrorBody(await send({ level: 'fatal', message: 'm' }), 400, 'validation');
    expectErrorBody(await send({ level: 'error' }), 400, 'validation');
    expectErrorBody(await send({ level: 'error', message: 'm'.repeat(2001) }), 400, 'validation');
  });

  it('body over 16 KB -> 413 bodyTooLarge', async () => {
    const res = await send({ level: 'error', message: 'm', details: 'd'.repeat(17 * 1024) });
    expectErrorBody(res, 413, 'bodyTooLarge');
  });

  it('rate limit: the 61st record within a minute from one IP -> 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 60; i++) {
      const res = await send({ level: 'info', message: `n${i}` }, ip);
      expect(res.statusCode, `record ${i + 1}`).toBe(204);
    }
    const blocked = await send({ level: 'info', message: 'too many' }, ip);
    expectErrorBody(blocked, 429, 'tooManyRequests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets through.
    expect((await send({ level: 'info', message: 'other' })).statusCode).toBe(204);
  });
});
