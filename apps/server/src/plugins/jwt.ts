import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Claims of our access tokens. `eid` is the restaurant the session works in; `sv` the user's session version when
 * it was signed (users.session_version: the token is refused once it moved); `sid` the session (the refresh token
 * family of the device: the token is refused once that session ended); `dev` the registered device the session was
 * opened on with a PIN (pos_devices.id: a manager's PIN approves only there). Tokens signed before these claims
 * existed count as version 0 of no particular session.
 */
export interface AccessClaims {
  sub: number;
  eid: number | null;
  sv?: number;
  sid?: string;
  dev?: number;
  iat: number;
  exp: number;
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signJwt(claims: Omit<AccessClaims, 'iat' | 'exp'>, secret: string, ttlSeconds: number): string {
  const iat = Math.floor(Date.now() / 1000);
  const payload = b64(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const sig = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${sig}`;
}

/** Returns the claims of a valid, unexpired HS256 token, or null. */
export function verifyJwt(token: string, secret: string): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  // Compare the encoded text, not the decoded bytes: Node's base64url decoder ignores trailing `=` and the unused
  // low bits of the last character, so several spellings of one signature would otherwise all be accepted.
  const expected = Buffer.from(createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest('base64url'));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims;
    if (typeof claims.sub !== 'number' || typeof claims.exp !== 'number') return null;
    if (claims.sv !== undefined && !Number.isSafeInteger(claims.sv)) return null;
    if (claims.sid !== undefined && (typeof claims.sid !== 'string' || claims.sid.length > 100)) return null;
    if (claims.dev !== undefined && !Number.isSafeInteger(claims.dev)) return null;
    if (claims.exp <= Math.floor(Date.now() / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}
