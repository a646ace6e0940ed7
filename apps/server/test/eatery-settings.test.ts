import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eateryResponse } from '@qr-menu/contract';
import { eateries } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp } from './helper.js';
import { makeStaff } from './orders-fixtures.js';

/** Restaurant settings of issue #15: receipt language and the kitchen display's amber / red thresholds. */

const ctx = setupApp();

const details = (over: Record<string, unknown> = {}) => ({
  name: 'Nar Cafe',
  address: 'Nizami 10',
  phones: ['+994 50 123 45 67'],
  ...over,
});

const put = (id: number, token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/eatery/${id}`, headers: bearer(token), payload });
const get = (id: number, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/eatery/${id}`, headers: bearer(token) });
const rowOf = async (id: number) => (await ctx.app.db.select().from(eateries).where(eq(eateries.id, id)))[0];

function expectValidation(res: LightMyRequestResponse, field: string, messageKey: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().messageKey).toBe('validation');
  expect(res.json().details).toContainEqual({ field, messageKey });
}

describe('language and kitchen thresholds', () => {
  it('defaults az, 10 and 20; PUT sets them, GET reads them back, every role sees them', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    expect((await get(id, owner.token)).json()).toMatchObject({
      language: 'az',
      kitchenAmberMinutes: 10,
      kitchenRedMinutes: 20,
    });
    const res = await put(id, owner.token, details({ language: 'ru', kitchenAmberMinutes: 8, kitchenRedMinutes: 25 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(eateryResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject({ language: 'ru', kitchenAmberMinutes: 8, kitchenRedMinutes: 25 });
    const kitchen = await makeStaff(ctx.app, id, ['KITCHEN_ADMIN']);
    expect((await get(id, kitchen.token)).json()).toMatchObject({
      language: 'ru',
      kitchenAmberMinutes: 8,
      kitchenRedMinutes: 25,
    });
    // Left out: kept (a form of an older client never resets them).
    const again = await put(id, owner.token, details({ name: 'Renamed' }));
    expect(again.json()).toMatchObject({
      name: 'Renamed',
      language: 'ru',
      kitchenAmberMinutes: 8,
      kitchenRedMinutes: 25,
    });
  });

  it('a new restaurant may be created with them', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/eatery',
      headers: bearer(owner.token),
      payload: details({ language: 'en', kitchenAmberMinutes: 5, kitchenRedMinutes: 9 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ language: 'en', kitchenAmberMinutes: 5, kitchenRedMinutes: 9 });
  });

  it('400 for bad values, and nothing changes', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    await put(id, owner.token, details({ kitchenAmberMinutes: 10, kitchenRedMinutes: 20 }));
    const before = await rowOf(id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kitchenAmberMinutes: 0 }, 'kitchenAmberMinutes', 'validation.kitchenMinutes'],
      [{ kitchenAmberMinutes: 241 }, 'kitchenAmberMinutes', 'validation.kitchenMinutes'],
      [{ kitchenAmberMinutes: 2.5 }, 'kitchenAmberMinutes', 'validation.kitchenMinutes'],
      [{ kitchenRedMinutes: '15' }, 'kitchenRedMinutes', 'validation.kitchenMinutes'],
      [{ kitchenRedMinutes: null }, 'kitchenRedMinutes', 'validation.kitchenMinutes'],
      [{ kitchenAmberMinutes: 20, kitchenRedMinutes: 20 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      [{ kitchenAmberMinutes: 30, kitchenRedMinutes: 15 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      // One of them alone is checked against the stored other one (amber 10, red 20).
      [{ kitchenAmberMinutes: 25 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      [{ kitchenRedMinutes: 10 }, 'kitchenRedMinutes', 'validation.kitchenMinutesOrder'],
      [{ language: 'de' }, 'language', 'validation.invalid'],
      [{ language: 3 }, 'language', 'validation.invalid'],
    ];
    for (const [over, field, key] of cases) {
      expectValidation(await put(id, owner.token, details({ name: 'Changed', ...over })), field, key);
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('only EATERY_ADMIN changes them (403); another restaurant is 404; no token 401', async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    const kitchen = await makeStaff(ctx.app, owner.eateryId, ['KITCHEN_ADMIN']);
    const before = await rowOf(owner.eateryId);
    const forbidden = await put(owner.eateryId, kitchen.token, details({ kitchenAmberMinutes: 3 }));
    expect(forbidden.statusCode).toBe(403);
    const foreign = await put(owner.eateryId, other.token, details({ kitchenAmberMinutes: 3 }));
    expect(foreign.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/eatery/${owner.eateryId}`, payload: details() });
    expect(anonymous.statusCode).toBe(401);
    expect(await rowOf(owner.eateryId)).toEqual(before);
  });
});
