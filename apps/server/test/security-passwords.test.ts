/**
 * The most common passwords, this product's words with digits (`validation.commonPassword`) and passwords of
 * little but spaces (`validation.passwordSpaces`) are refused, and a password may use letters of any script and
 * spaces ("at least 8, a letter and a digit" stays).
 */
import { describe, expect, it } from 'vitest';
import { bearer, loginAs, randomIp, registerOwner, setupApp, uniqueEmail } from './helper.js';

const ctx = setupApp({ rateLimits: false });

const register = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/eatery',
    remoteAddress: randomIp(),
    payload: { user: { email, password }, restaurant: { name: 'Cafe' } },
  });

describe('passwords', () => {
  it('registration refuses common passwords with a translated key', async () => {
    for (const password of ['password1', 'Password1', 'qwerty123', '1qaz2wsx']) {
      const res = await register(uniqueEmail(), password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        messageKey: 'validation',
        details: [{ field: 'user.password', messageKey: 'validation.commonPassword' }],
      });
    }
  });

  it("registration refuses this product's words with digits and passwords of little but spaces", async () => {
    for (const [password, messageKey] of [
      ['restaurant1', 'validation.commonPassword'],
      ['qrmenu123', 'validation.commonPassword'],
      ['Restoran2024', 'validation.commonPassword'],
      ['ресторан2024', 'validation.commonPassword'],
      ['        1a', 'validation.passwordSpaces'],
    ]) {
      const res = await register(uniqueEmail(), password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ messageKey: 'validation', details: [{ field: 'user.password', messageKey }] });
    }
    expect((await register(uniqueEmail(), 'Tq7#mVz!pL2x')).statusCode).toBe(201);
  });

  it('accepts letters of any script and spaces, and logs in with either Unicode form', async () => {
    const email = uniqueEmail();
    const composed = 'Şəhər bağı 2024';
    expect((await register(email, composed)).statusCode).toBe(201);
    expect((await loginAs(ctx.app, email, composed)).statusCode).toBe(200);
    // The same password typed as S + combining cedilla (NFD).
    expect((await loginAs(ctx.app, email, composed.normalize('NFD'))).statusCode).toBe(200);
    expect((await loginAs(ctx.app, email, 'Şəhər bağı 2025')).statusCode).toBe(401);
  });

  it('staff accounts follow the same rule', async () => {
    const owner = await registerOwner(ctx.app);
    const create = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/eatery/${owner.eateryId}/user`,
        headers: bearer(owner.token),
        payload: {
          user: { email: uniqueEmail('staff'), password, roles: ['WAITER'] },
          restaurant: { eateryId: owner.eateryId },
          userProfileRequest: { name: 'Staff Member' },
        },
      });
    const common = await create('trustno1');
    expect(common.statusCode).toBe(400);
    expect(common.json().details).toEqual([{ field: 'user.password', messageKey: 'validation.commonPassword' }]);
    expect((await create('кухня номер 5')).statusCode).toBe(201);
  });
});
