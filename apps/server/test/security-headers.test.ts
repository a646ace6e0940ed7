import { describe, expect, it } from 'vitest';
import { helmetHeaders } from '../src/plugins/security-headers.js';
import { setupApp } from './helper.js';

const ctx = setupApp();

describe('security headers', () => {
  it('every answer (a route, an error, an unknown path) carries helmet’s headers, set once per reply', async () => {
    const expected = helmetHeaders({ crossOriginEmbedderPolicy: false });
    const names = expected.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
      ]),
    );
    for (const url of ['/api/health/live', '/api/eatery/1/orders', '/api/nowhere']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const name of names) expect(res.headers[name], `${name} on ${url}`).toBeTruthy();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).toContain("img-src 'self' data: blob:");
    }
  });
});
