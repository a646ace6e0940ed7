/**
 * Login abuse: failed logins are limited per client network across e-mails (RATE.loginFailures), password hashes
 * running at once are bounded (AuthService.hashes: excess logins and registrations answer 429 at once while
 * health keeps answering), and with Redis configured but down the limits hold in each instance's memory.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_COST } from '../src/modules/auth/passwords.js';
import { PASSWORD, randomIp, registerOwner, setupApp, uniqueEmail } from './helper.js';

const login = (app: FastifyInstance, email: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password } });

const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('failed logins per client network, across e-mails', () => {
  const ctx = setupApp();

  it('one password tried on 60 e-mails from one address: 20 answers 401, then 429 with Retry-After', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await login(ctx.app, uniqueEmail('spray'), 'Summer2024!', ip);
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toMatchObject({ messageKey: 'tooManyRequests' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes).toEqual([...Array<number>(20).fill(401), ...Array<number>(40).fill(429)]);
    // Another address is not affected.
    expect((await login(ctx.app, uniqueEmail('spray'), 'Summer2024!', randomIp())).statusCode).toBe(401);
  });

  it('successful logins do not count', async () => {
    const ip = randomIp();
    const owners = [];
    for (let i = 0; i < 3; i++) owners.push(await registerOwner(ctx.app));
    // 27 successful logins from one address (9 per e-mail, under RATE.login's 10 per e-mail and minute)...
    for (let round = 0; round < 9; round++) {
      for (const owner of owners) expect((await login(ctx.app, owner.email, PASSWORD, ip)).statusCode).toBe(200);
    }
    // ...leave the 20 failures of the window untouched.
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await login(ctx.app, uniqueEmail('after'), 'wrong pass 1', ip)).statusCode);
    expect(codes).toEqual([...Array<number>(20).fill(401), 429]);
    // Past the limit even the right password waits, from that address only.
    expect((await login(ctx.app, owners[0].email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(ctx.app, owners[0].email, PASSWORD, randomIp())).statusCode).toBe(200);
  });
});

describe('password hashes running at once', () => {
  // Production's hash cost, so that hashes overlap; two at once and two waiting. No rate limits: only the bound.
  const ctx = setupApp({ rateLimits: false, passwordHashCost: PASSWORD_HASH_COST, passwordHashConcurrency: 2 });

  it('32 parallel logins: the excess answers 429 at once, the others 401, and health keeps answering', async () => {
    await login(ctx.app, uniqueEmail('warm-up'), 'wrong pass 1', randomIp()); // builds the unknown e-mails' hash
    const logins = Array.from({ length: 32 }, () =>
      login(ctx.app, uniqueEmail('parallel'), 'wrong pass 1', randomIp()),
    );
    const health = Array.from({ length: 8 }, () => ctx.app.inject({ method: 'GET', url: '/api/health/live' }));
    const [loginResults, healthResults] = await Promise.all([Promise.all(logins), Promise.all(health)]);
    const codes = loginResults.map((r) => r.statusCode);
    expect(count(codes, 401) + count(codes, 429)).toBe(32);
    expect(count(codes, 401)).toBeGreaterThanOrEqual(2);
    expect(count(codes, 429)).toBeGreaterThanOrEqual(16);
    for (const r of loginResults.filter((res) => res.statusCode === 429)) {
      expect(r.json()).toMatchObject({ messageKey: 'tooManyRequests' });
      expect(r.headers['retry-after']).toBe('1');
    }
    expect(healthResults.map((r) => r.statusCode)).toEqual(Array<number>(8).fill(200));
    // Once the burst is over, logins are answered again.
    expect((await login(ctx.app, uniqueEmail('after'), 'wrong pass 1', randomIp())).statusCode).toBe(401);
    expect(ctx.app.services.auth.hashes.inUse).toBe(0);
  });

  it('parallel registrations are bounded the same way', async () => {
    const registrations = Array.from({ length: 16 }, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/eatery',
        remoteAddress: randomIp(),
        payload: { user: { email: uniqueEmail('burst'), password: 'Tq7#mVz!pL2x' }, restaurant: { name: 'Burst' } },
      }),
    );
    const codes = (await Promise.all(registrations)).map((r) => r.statusCode);
    expect(count(codes, 201) + count(codes, 429)).toBe(16);
    expect(count(codes, 201)).toBeGreaterThanOrEqual(2);
    expect(count(codes, 429)).toBeGreaterThanOrEqual(4);
  });
});

describe('Redis configured but down', () => {
  const ctx = setupApp({ redisUrl: 'redis://127.0.0.1:1' });

  it('40 wrong logins still meet the limits (in memory) instead of 40 answers 401', async () => {
    const ip = randomIp();
    const email = uniqueEmail('redis-down');
    const sameEmail: number[] = [];
    for (let i = 0; i < 40; i++) sameEmail.push((await login(ctx.app, email, 'wrong pass 1', ip)).statusCode);
    expect(sameEmail).toEqual([...Array<number>(10).fill(401), ...Array<number>(30).fill(429)]);

    const otherIp = randomIp();
    const manyEmails: number[] = [];
    for (let i = 0; i < 40; i++) {
      manyEmails.push((await login(ctx.app, uniqueEmail('redis-down'), 'wrong pass 1', otherIp)).statusCode);
    }
    expect(manyEmails).toEqual([...Array<number>(20).fill(401), ...Array<number>(20).fill(429)]);
  });
});
