import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { tableAssignments } from '../src/db/schema.js';
import { bearer, loginAs, type Owner, PASSWORD, registerOwner, setupApp, uniqueEmail } from './helper.js';

const ctx = setupApp();

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey, message: expect.any(String) });
};

const call = (method: string, url: string, token?: string, payload?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

/** Creates a staff member through the user API and logs in as them. */
async function createStaff(owner: Owner, roles: Role[], name = 'Staff Member') {
  const email = uniqueEmail('staff');
  const res = await call('POST', `/api/eatery/${owner.eateryId}/user`, owner.token, {
    user: { email, password: PASSWORD, roles },
    restaurant: { eateryId: owner.eateryId },
    userProfileRequest: { name, phone: null },
  });
  expect(res.statusCode, res.body).toBe(201);
  const login = await loginAs(ctx.app, email);
  return { id: res.json().id as number, email, token: login.json().jwt as string };
}

async function createTable(owner: Owner, number: string): Promise<number> {
  const res = await call('POST', `/api/eatery/${owner.eateryId}/table`, owner.token, { number });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const allAssignments = () => ctx.app.db.select().from(tableAssignments).orderBy(tableAssignments.id);

let a: Owner;
let b: Owner;
let waiter: Awaited<ReturnType<typeof createStaff>>;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let bWaiter: Awaited<ReturnType<typeof createStaff>>;
let t1: number;
let t2: number;
let bTable: number;
let bAssignment: number;

const url = (owner: Owner) => `/api/eatery/${owner.eateryId}/table-assignment`;

beforeAll(async () => {
  a = await registerOwner(ctx.app, { restaurant: 'Alpha' });
  b = await registerOwner(ctx.app, { restaurant: 'Beta' });
  waiter = await createStaff(a, ['WAITER', 'CASHIER'], 'Wally Waiter');
  cashier = await createStaff(a, ['CASHIER']);
  bWaiter = await createStaff(b, ['WAITER']);
  t1 = await createTable(a, '1');
  t2 = await createTable(a, '2');
  bTable = await createTable(b, '1');
  const res = await call('POST', url(b), b.token, { waiterId: bWaiter.id, tableId: bTable });
  expect(res.statusCode, res.body).toBe(201);
  bAssignment = res.json().id;
});

describe('POST /api/eatery/:id/table-assignment', () => {
  it('assigns a waiter to a table; assigning again returns the same assignment (200)', async () => {
    const res = await call('POST', url(a), a.token, { waiterId: waiter.id, tableId: t1 });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), waiterId: waiter.id, tableId: t1, waiterName: 'Wally Waiter' });

    const again = await call('POST', url(a), a.token, { waiterId: String(waiter.id), tableId: String(t1) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(body);
    expect((await allAssignments()).filter((x) => x.tableId === t1)).toHaveLength(1);
  });

  it('one waiter may serve several tables and a table several waiters', async () => {
    const w2 = await createStaff(a, ['WAITER'], 'Second Waiter');
    expect((await call('POST', url(a), a.token, { waiterId: waiter.id, tableId: t2 })).statusCode).toBe(201);
    expect((await call('POST', url(a), a.token, { waiterId: w2.id, tableId: t2 })).statusCode).toBe(201);
    const rows = (await allAssignments()).filter((x) => x.tableId === t2);
    expect(rows.map((r) => r.waiterId).sort()).toEqual([waiter.id, w2.id].sort());
    expect(rows.every((r) => r.eateryId === a.eateryId)).toBe(true);
  });

  it('answers 400 with details for missing ids and for a member who is not a waiter', async () => {
    const before = await allAssignments();
    const missing = await call('POST', url(a), a.token, {});
    expectError(missing, 400, 'validation');
    expect(missing.json().details).toEqual(
      expect.arrayContaining([
        { field: 'waiterId', messageKey: 'validation.waiterRequired' },
        { field: 'tableId', messageKey: 'validation.required' },
      ]),
    );
    expectError(await call('POST', url(a), a.token, { waiterId: '', tableId: t1 }), 400, 'validation');
    expectError(await call('POST', url(a), a.token, { waiterId: 1.5, tableId: t1 }), 400, 'validation');

    const notWaiter = await call('POST', url(a), a.token, { waiterId: cashier.id, tableId: t1 });
    expectError(notWaiter, 400, 'validation');
    expect(notWaiter.json().details).toEqual([{ field: 'waiterId', messageKey: 'validation.notWaiter' }]);
    // The owner is a member but holds no WAITER role either.
    expectError(await call('POST', url(a), a.token, { waiterId: a.userId, tableId: t1 }), 400, 'validation');
    expect(await allAssignments()).toEqual(before);
  });

  it('answers 404 for another restaurant’s waiter or table, or unknown ids', async () => {
    const before = await allAssignments();
    expectError(await call('POST', url(a), a.token, { waiterId: bWaiter.id, tableId: t1 }), 404, 'notYourResource');
    expectError(await call('POST', url(a), a.token, { waiterId: waiter.id, tableId: bTable }), 404, 'notYourResource');
    expectError(await call('POST', url(a), a.token, { waiterId: bWaiter.id, tableId: bTable }), 404, 'notYourResource');
    expectError(await call('POST', url(a), a.token, { waiterId: 2_000_000, tableId: t1 }), 404, 'notYourResource');
    expectError(
      await call('POST', url(a), a.token, { waiterId: waiter.id, tableId: 2_000_000 }),
      404,
      'notYourResource',
    );
    expect(await allAssignments()).toEqual(before);
  });

  it('answers 401, 403 to non-admins, 404 to another restaurant', async () => {
    const before = await allAssignments();
    const body = { waiterId: waiter.id, tableId: t1 };
    expectError(await call('POST', url(a), undefined, body), 401, 'jwtInvalid');
    expectError(await call('POST', url(a), waiter.token, body), 403, 'accessDenied');
    expectError(await call('POST', url(a), cashier.token, body), 403, 'accessDenied');
    expectError(await call('POST', url(a), b.token, body), 404, 'notYourResource');
    expect(await allAssignments()).toEqual(before);
  });
});

describe('GET /api/eatery/:id/table-assignment', () => {
  it('lists this restaurant’s assignments to any member', async () => {
    const res = await call('GET', url(a), cashier.token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; tableId: number; waiterId: number; waiterName: string }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((x) => x.id)).not.toContain(bAssignment);
    expect(list.every((x) => [t1, t2].includes(x.tableId))).toBe(true);
    expect(list.find((x) => x.waiterId === waiter.id)?.waiterName).toBe('Wally Waiter');
  });

  it('answers 401 and 404', async () => {
    expectError(await call('GET', url(a)), 401, 'jwtInvalid');
    expectError(await call('GET', url(a), bWaiter.token), 404, 'notYourResource');
  });
});

describe('DELETE /api/eatery/:id/table-assignment/:assignmentId', () => {
  it('unassigns', async () => {
    const t3 = await createTable(a, '3');
    const id = (await call('POST', url(a), a.token, { waiterId: waiter.id, tableId: t3 })).json().id;
    const res = await call('DELETE', `${url(a)}/${id}`, a.token);
    expect(res.statusCode).toBe(204);
    expect((await allAssignments()).map((x) => x.id)).not.toContain(id);
    expectError(await call('DELETE', `${url(a)}/${id}`, a.token), 404, 'notYourResource');
  });

  it('answers 404 for another restaurant’s assignment, 401, 403; removes nothing', async () => {
    const id = (await call('POST', url(a), a.token, { waiterId: waiter.id, tableId: t1 })).json().id;
    const before = await allAssignments();
    expectError(await call('DELETE', `${url(a)}/${bAssignment}`, a.token), 404, 'notYourResource');
    expectError(await call('DELETE', `${url(a)}/${id}`), 401, 'jwtInvalid');
    expectError(await call('DELETE', `${url(a)}/${id}`, waiter.token), 403, 'accessDenied');
    expectError(await call('DELETE', `${url(a)}/${id}`, b.token), 404, 'notYourResource');
    expectError(await call('DELETE', `${url(a)}/abc`, a.token), 400, 'validation');
    expect(await allAssignments()).toEqual(before);
    expect(await ctx.app.db.select().from(tableAssignments).where(eq(tableAssignments.id, bAssignment))).toHaveLength(
      1,
    );
  });
});
