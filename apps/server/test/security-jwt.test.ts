/** An access token is accepted only in its one canonical spelling. */
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../src/plugins/jwt.js';
import { bearer, registerOwner, setupApp, testConfig } from './helper.js';

const SECRET = testConfig().jwtSecret;
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same signature bytes written differently: padding added, or the unused low bits of the last character set. */
function respellings(token: string): string[] {
  const [h, p, sig] = token.split('.');
  const last = B64URL.indexOf(sig.at(-1)!);
  // 32 bytes = 43 characters, the last one carries 4 bits of data and 2 unused bits.
  const otherBits = [1, 2, 3].map((bits) => `${sig.slice(0, -1)}${B64URL[(last & ~3) | bits]}`);
  return [`${sig}=`, `${sig}==`, ...otherBits].map((s) => `${h}.${p}.${s}`);
}

describe('JWT signature encoding', () => {
  it('rejects trailing padding and changed padding bits that decode to the same signature', () => {
    const token = signJwt({ sub: 1, eid: null }, SECRET, 900);
    expect(verifyJwt(token, SECRET)).toMatchObject({ sub: 1 });
    const variants = respellings(token);
    for (const v of variants) {
      // Same bytes for a lenient decoder: that is what made them dangerous.
      expect(Buffer.from(v.split('.')[2], 'base64url')).toEqual(Buffer.from(token.split('.')[2], 'base64url'));
      expect(verifyJwt(v, SECRET), v).toBeNull();
    }
  });

  describe('through the API', () => {
    const ctx = setupApp();
    it('answers 401 to a respelled token of a real session', async () => {
      const owner = await registerOwner(ctx.app);
      const ok = await ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(owner.token) });
      expect(ok.statusCode).toBe(200);
      for (const v of respellings(owner.token)) {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/status', headers: bearer(v) });
        expect(res.statusCode, v).toBe(401);
        expect(res.json().messageKey).toBe('jwtInvalid');
      }
    });
  });
});
