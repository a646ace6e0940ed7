import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { tables } from '../src/db/schema.js';
import { bearer, loginAs, PASSWORD, registerOwner, setupApp, uniqueEmail, type Owner } from './helper.js';

// A small table cap so that a restaurant is filled with a few rows.
const CAP = 12;
const ctx = setupApp({ tenantLimits: { dishes: 50, categories: 10, tables: CAP, staff: 10 } });

const bulk = (owner: Owner, payload: unknown, token = owner.token, eateryId = owner.eateryId) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${eateryId}/tables/bulk`,
    headers: bearer(token),
    payload: payload as object,
  });

const tablesOf = (eateryId: number) =>
  ctx.app.db.select().from(tables).where(eq(tables.eateryId, eateryId)).orderBy(asc(tables.id));
const numbersOf = async (eateryId: number) => (await tablesOf(eateryId)).map((t) => t.number);

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().messageKey).toBe(messageKey);
};

async function staffOf(owner: Owner, roles: Role[]) {
  const email = uniqueEmail('staff');
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${owner.eateryId}/user`,
    headers: bearer(owner.token),
    payload: {
      user: { email, password: PASSWORD, roles },
      restaurant: { eateryId: owner.eateryId },
      userProfileRequest: { name: 'Staff Member', phone: null },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (await loginAs(ctx.app, email)).json().jwt as string;
}

describe('POST /api/eatery/{id}/tables/bulk', () => {
  let owner: Owner;
  let other: Owner;
  beforeAll(async () => {
    owner = await registerOwner(ctx.app);
    other = await registerOwner(ctx.app);
  });

  it('creates tables named from … to with the defaults of a new table', async () => {
    const o = await registerOwner(ctx.app);
    const res = await bulk(o, { from: 1, to: 5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: ['1', '2', '3', '4', '5'], skipped: [] });
    const rows = await tablesOf(o.eateryId);
    expect(rows.map((t) => t.number)).toEqual(['1', '2', '3', '4', '5']);
    expect(rows.every((t) => t.seats === 4 && t.status === 'ACTIVE' && t.note === null)).toBe(true);
    // Keys are off in a new restaurant: the codes carry none.
    expect(rows.every((t) => t.guestKey === null)).toBe(true);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${o.eateryId}/table`,
      headers: bearer(o.token),
    });
    expect(list.json().map((t: { number: string }) => t.number)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('skips the numbers that already name a table and reports them', async () => {
    const o = await registerOwner(ctx.app);
    await ctx.app.db.insert(tables).values([
      { eateryId: o.eateryId, number: '2' },
      { eateryId: o.eateryId, number: '4', seats: 8 },
      { eateryId: o.eateryId, number: 'Terrace' },
    ]);
    // Another restaurant's table 3 is no reason to skip 3 here.
    await ctx.app.db.insert(tables).values({ eateryId: other.eateryId, number: '3' });
    const res = await bulk(o, { from: 1, to: 5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: ['1', '3', '5'], skipped: ['2', '4'] });
    expect(await numbersOf(o.eateryId)).toEqual(['2', '4', 'Terrace', '1', '3', '5']);
    expect((await tablesOf(o.eateryId)).find((t) => t.number === '4')?.seats).toBe(8);

    const again = await bulk(o, { from: 1, to: 5 });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual({ created: [], skipped: ['1', '2', '3', '4', '5'] });
  });

  it('gives each table a key of its own when the restaurant has table keys on', async () => {
    const o = await registerOwner(ctx.app);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${o.eateryId}`,
      headers: bearer(o.token),
      payload: { name: 'Keyed', address: 'Street 1', phones: ['123'], tableKeysRequired: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await bulk(o, { from: 10, to: 12 })).statusCode).toBe(201);
    const keys = (await tablesOf(o.eateryId)).map((t) => t.guestKey);
    expect(keys.every((k) => typeof k === 'string' && k.length === 32)).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });

  it('stays under the table cap: past it nothing is created (400 limitReached); skipped numbers do not count', async () => {
    const o = await registerOwner(ctx.app);
    expect((await bulk(o, { from: 1, to: 10 })).statusCode).toBe(201);
    const over = await bulk(o, { from: 11, to: 13 });
    expectError(over, 400, 'limitReached');
    expect(over.json().params).toEqual({ max: CAP, what: 'tables' });
    expect(await numbersOf(o.eateryId)).toHaveLength(10);
    // 9 … 12: 9 and 10 exist, 11 and 12 fill the cap exactly.
    const edge = await bulk(o, { from: 9, to: 12 });
    expect(edge.statusCode, edge.body).toBe(201);
    expect(edge.json()).toEqual({ created: ['11', '12'], skipped: ['9', '10'] });
    expectError(await bulk(o, { from: 13, to: 13 }), 400, 'limitReached');
    expect(await numbersOf(o.eateryId)).toHaveLength(CAP);
  });

  it.each([
    ['numbers as text', { from: '1', to: '5' }, ['from', 'to'], 'validation.tableRangeNumber'],
    ['a fraction', { from: 1.5, to: 5 }, ['from'], 'validation.tableRangeNumber'],
    ['zero', { from: 0, to: 3 }, ['from'], 'validation.tableRangeNumber'],
    ['past 9999', { from: 9990, to: 10000 }, ['to'], 'validation.tableRangeNumber'],
    ['to missing', { from: 1 }, ['to'], 'validation.tableRangeNumber'],
    ['from after to', { from: 5, to: 1 }, ['to'], 'validation.tableRangeOrder'],
    ['101 tables', { from: 1, to: 101 }, ['to'], 'validation.tableRangeSize'],
    ['a huge range', { from: 1, to: 9999 }, ['to'], 'validation.tableRangeSize'],
  ])('refuses %s (400 validation) and creates nothing', async (_, payload, fields, messageKey) => {
    const res = await bulk(owner, payload);
    expectError(res, 400, 'validation');
    expect(res.json().details).toEqual(fields.map((field) => ({ field, messageKey })));
    expect(await numbersOf(owner.eateryId)).toEqual([]);
  });

  it('refuses bodies that are not a range', async () => {
    for (const body of ['[1,5]', '"1-5"', 'null', '{"range":[1,5]}', '{"from":1,"to":']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/eatery/${owner.eateryId}/tables/bulk`,
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(['validation', 'invalidJson']).toContain(res.json().messageKey);
    }
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/tables/bulk`,
      headers: bearer(owner.token),
    });
    expect(empty.statusCode).toBe(400);
    expect(await numbersOf(owner.eateryId)).toEqual([]);
  });

  it('is for the restaurant admins: other roles 403, another restaurant 404, no token 401', async () => {
    for (const role of ['WAITER', 'KITCHEN_ADMIN', 'CASHIER'] as const) {
      expectError(await bulk(owner, { from: 1, to: 2 }, await staffOf(owner, [role])), 403, 'accessDenied');
    }
    expectError(await bulk(owner, { from: 1, to: 2 }, other.token), 404, 'notYourResource');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/tables/bulk`,
      payload: { from: 1, to: 2 },
    });
    expectError(anonymous, 401, 'jwtInvalid');
    expect(await numbersOf(owner.eateryId)).toEqual([]);
    const admin = await staffOf(owner, ['EATERY_ADMIN']);
    expect((await bulk(owner, { from: 1, to: 2 }, admin)).json()).toEqual({ created: ['1', '2'], skipped: [] });
  });
});
