import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { memberships, tableAssignments, users } from '../src/db/schema.js';
import { bearer, loginAs, type Owner, PASSWORD, registerOwner, setupApp, uniqueEmail } from './helper.js';

const ctx = setupApp();

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey, message: expect.any(String) });
};

const call = (method: string, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const createBody = (eateryId: number, roles: Role[], email = uniqueEmail('staff'), name = 'Staff Member') => ({
  user: { email, password: PASSWORD, roles },
  restaurant: { eateryId, name: 'ignored' },
  userProfileRequest: { name, phone: '+994 50 111 22 33' },
});

interface Staff {
  id: number;
  email: string;
  token: string;
}

/** Creates a staff member through the API and logs in as them. */
async function createStaff(owner: Owner, roles: Role[], name?: string): Promise<Staff> {
  const body = createBody(owner.eateryId, roles, undefined, name);
  const res = await call('POST', `/api/eatery/${owner.eateryId}/user`, owner.token, body);
  expect(res.statusCode, res.body).toBe(201);
  const login = await loginAs(ctx.app, body.user.email);
  expect(login.statusCode).toBe(200);
  return { id: res.json().id, email: body.user.email, token: login.json().jwt };
}

const membershipsOf = (userId: number) =>
  ctx.app.db
    .select({ userId: memberships.userId, eateryId: memberships.eateryId, roles: memberships.roles })
    .from(memberships)
    .where(eq(memberships.userId, userId));
const accountOf = async (userId: number) => (await ctx.app.db.select().from(users).where(eq(users.id, userId)))[0];

let a: Owner;
let b: Owner;
let admin2: Staff;
let waiter: Staff;
let bStaff: Staff;

beforeAll(async () => {
  a = await registerOwner(ctx.app, { restaurant: 'Alpha' });
  b = await registerOwner(ctx.app, { restaurant: 'Beta' });
  admin2 = await createStaff(a, ['EATERY_ADMIN'], 'Second Admin');
  waiter = await createStaff(a, ['WAITER'], 'Wally Waiter');
  bStaff = await createStaff(b, ['CASHIER']);
});

describe('POST /api/eatery/:id/user', () => {
  it('creates an account with roles in this restaurant; the user logs in and lands there', async () => {
    const email = uniqueEmail('Kitchen.Staff');
    const res = await call(
      'POST',
      `/api/eatery/${a.eateryId}/user`,
      a.token,
      createBody(a.eateryId, ['WAITER', 'KITCHEN_ADMIN', 'WAITER'], `  ${email} `, 'Kamal Cook'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(Number),
      name: 'Kamal Cook',
      username: email.toLowerCase(),
      phone: '+994 50 111 22 33',
      phones: ['+994 50 111 22 33'],
      roles: ['KITCHEN_ADMIN', 'WAITER'],
      hasProfile: true,
      hasPin: false,
      isOwner: false,
    });
    expect(await membershipsOf(user.id)).toEqual([
      { userId: user.id, eateryId: a.eateryId, roles: ['KITCHEN_ADMIN', 'WAITER'] },
    ]);
    expect((await accountOf(user.id)).passwordHash).toMatch(/^\$argon2id\$/);
    const login = await loginAs(ctx.app, email);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userId: user.id, eateryId: a.eateryId });
  });

  it('answers 400 with the form’s keys for missing fields', async () => {
    const res = await call('POST', `/api/eatery/${a.eateryId}/user`, a.token, {
      user: { email: '', password: '', roles: [] },
      restaurant: {},
      userProfileRequest: { name: ' ' },
    });
    expectError(res, 400, 'validation');
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'user.email', messageKey: 'validation.usernameRequired' },
        { field: 'user.password', messageKey: 'validation.passwordRequiredForNew' },
        { field: 'user.roles', messageKey: 'validation.roleRequired' },
        { field: 'restaurant.eateryId', messageKey: 'validation.restaurantRequired' },
        { field: 'userProfileRequest.name', messageKey: 'validation.nameRequiredForNew' },
      ]),
    );
    const empty = await call('POST', `/api/eatery/${a.eateryId}/user`, a.token, {});
    expectError(empty, 400, 'validation');
    expect(
      empty
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['restaurant', 'user', 'userProfileRequest']);
  });

  it('answers 400 for an invalid e-mail, weak password, bad name, unknown role', async () => {
    const body = createBody(a.eateryId, ['WAITER']);
    const res = await call('POST', `/api/eatery/${a.eateryId}/user`, a.token, {
      ...body,
      user: { email: 'not-an-email', password: 'short', roles: ['BOSS'] },
      userProfileRequest: { name: 'R2-D2' },
    });
    expectError(res, 400, 'validation');
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'user.email', messageKey: 'validation.email' },
        { field: 'user.password', messageKey: 'validation.password' },
        { field: 'user.roles.0', messageKey: 'validation.invalid' },
        { field: 'userProfileRequest.name', messageKey: 'validation.personName' },
      ]),
    );
    expect(await ctx.app.db.select().from(users).where(eq(users.email, 'not-an-email'))).toEqual([]);
  });

  it('answers 400 when restaurant.eateryId is not the restaurant of the path', async () => {
    const body = createBody(b.eateryId, ['WAITER']);
    const res = await call('POST', `/api/eatery/${a.eateryId}/user`, a.token, body);
    expectError(res, 400, 'validation');
    expect(res.json().details).toEqual([{ field: 'restaurant.eateryId', messageKey: 'validation.invalid' }]);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, body.user.email))).toEqual([]);
  });

  it('answers 409 userExist for a known e-mail (any case) and never attaches that account', async () => {
    for (const email of [b.email, b.email.toUpperCase(), waiter.email]) {
      const res = await call(
        'POST',
        `/api/eatery/${a.eateryId}/user`,
        a.token,
        createBody(a.eateryId, ['WAITER'], email),
      );
      expectError(res, 409, 'userExist');
    }
    expect(await membershipsOf(b.userId)).toEqual([
      { userId: b.userId, eateryId: b.eateryId, roles: ['EATERY_ADMIN'] },
    ]);
    // The existing password still works: nothing was overwritten.
    expect((await loginAs(ctx.app, b.email)).statusCode).toBe(200);
  });

  it('answers 401, 403 to non-admins, 404 to another restaurant; nothing is created', async () => {
    const body = createBody(a.eateryId, ['EATERY_ADMIN']);
    expectError(await call('POST', `/api/eatery/${a.eateryId}/user`, undefined, body), 401, 'jwtInvalid');
    expectError(await call('POST', `/api/eatery/${a.eateryId}/user`, waiter.token, body), 403, 'accessDenied');
    expectError(await call('POST', `/api/eatery/${a.eateryId}/user`, b.token, body), 404, 'notYourResource');
    expectError(await call('POST', `/api/eatery/${a.eateryId}/user`, bStaff.token, body), 404, 'notYourResource');
    expect(await ctx.app.db.select().from(users).where(eq(users.email, body.user.email))).toEqual([]);
  });
});

describe('GET /api/eatery/:id/user', () => {
  it('lists the members of this restaurant only, with their roles here, to any member', async () => {
    const res = await call('GET', `/api/eatery/${a.eateryId}/user`, waiter.token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; roles: string[]; isOwner: boolean; username: string | null }[];
    const ids = list.map((u) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.userId, admin2.id, waiter.id]));
    expect(ids).not.toContain(b.userId);
    expect(ids).not.toContain(bStaff.id);
    // A waiter gets names and roles, not e-mails (staff-privacy.test.ts).
    expect(list.find((u) => u.id === a.userId)).toMatchObject({
      name: 'Test Owner',
      username: null,
      roles: ['EATERY_ADMIN'],
      isOwner: true,
      hasProfile: true,
      hasPin: false,
    });
    expect(list.find((u) => u.id === waiter.id)).toMatchObject({ roles: ['WAITER'], isOwner: false });
    expect(JSON.stringify(list)).not.toMatch(/password|argon/i);
  });

  it('filters by role', async () => {
    const res = await call('GET', `/api/eatery/${a.eateryId}/user?role=WAITER`, a.token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; roles: string[] }[];
    expect(list.map((u) => u.id)).toContain(waiter.id);
    expect(list.every((u) => u.roles.includes('WAITER'))).toBe(true);
    expectError(await call('GET', `/api/eatery/${a.eateryId}/user?role=BOSS`, a.token), 400, 'validation');
  });

  it('answers 401 and 404', async () => {
    expectError(await call('GET', `/api/eatery/${a.eateryId}/user`), 401, 'jwtInvalid');
    expectError(await call('GET', `/api/eatery/${a.eateryId}/user`, b.token), 404, 'notYourResource');
  });
});

describe('PUT /api/eatery/:id/user/:userId', () => {
  let target: Staff;
  beforeAll(async () => {
    target = await createStaff(a, ['CASHIER'], 'Cathy Cash');
  });
  const put = (userId: number, payload: object, token = a.token) =>
    call('PUT', `/api/eatery/${a.eateryId}/user/${userId}`, token, payload);

  it('changes roles, name and phones; a blank password keeps the current one', async () => {
    const res = await put(target.id, {
      id: target.id,
      username: target.email,
      name: 'Catherine Cash',
      password: '',
      phones: ['+994 55 000 00 01', '  ', '+994 55 000 00 02'],
      roles: ['CASHIER', 'WAITER'],
      hasProfile: true,
      hasPin: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: target.id,
      name: 'Catherine Cash',
      username: target.email,
      phone: '+994 55 000 00 01',
      phones: ['+994 55 000 00 01', '+994 55 000 00 02'],
      roles: ['WAITER', 'CASHIER'],
      hasProfile: true,
      hasPin: false,
      isOwner: false,
    });
    expect((await loginAs(ctx.app, target.email)).statusCode).toBe(200);
  });

  it('sets a new password and a new e-mail', async () => {
    const email = uniqueEmail('renamed');
    const res = await put(target.id, { username: email, password: 'newPass99', roles: ['CASHIER'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: email, name: 'Catherine Cash', roles: ['CASHIER'] });
    expect((await loginAs(ctx.app, target.email, 'newPass99')).statusCode).toBe(401);
    expect((await loginAs(ctx.app, email, PASSWORD)).statusCode).toBe(401);
    expect((await loginAs(ctx.app, email, 'newPass99')).statusCode).toBe(200);
    target.email = email;
  });

  it('answers 409 userExist when the new e-mail belongs to another account', async () => {
    expectError(await put(target.id, { username: b.email.toUpperCase(), roles: ['CASHIER'] }), 409, 'userExist');
    expect((await accountOf(target.id)).email).toBe(target.email);
  });

  it('answers 400 with details for bad input', async () => {
    const res = await put(target.id, { username: '', password: 'weak', name: '123', roles: [] });
    expectError(res, 400, 'validation');
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { field: 'username', messageKey: 'validation.usernameRequired' },
        { field: 'password', messageKey: 'validation.password' },
        { field: 'name', messageKey: 'validation.personName' },
        { field: 'roles', messageKey: 'validation.roleRequired' },
      ]),
    );
    const missing = await put(target.id, { username: target.email });
    expect(missing.json().details).toEqual([{ field: 'roles', messageKey: 'validation.roleRequired' }]);
    expect(await membershipsOf(target.id)).toEqual([{ userId: target.id, eateryId: a.eateryId, roles: ['CASHIER'] }]);
  });

  it('removing WAITER drops the user’s table assignments', async () => {
    const w = await createStaff(a, ['WAITER']);
    const table = await call('POST', `/api/eatery/${a.eateryId}/table`, a.token, { number: 'W-1' });
    const assigned = await call('POST', `/api/eatery/${a.eateryId}/table-assignment`, a.token, {
      waiterId: w.id,
      tableId: table.json().id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect((await put(w.id, { username: w.email, roles: ['CASHIER'] })).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(tableAssignments).where(eq(tableAssignments.waiterId, w.id))).toEqual([]);
  });

  it('an admin cannot remove their own EATERY_ADMIN role', async () => {
    const res = await put(admin2.id, { username: admin2.email, roles: ['WAITER'] }, admin2.token);
    expectError(res, 403, 'cannotRemoveOwnAdminRole');
    expectError(await put(a.userId, { username: a.email, roles: ['CASHIER'] }), 403, 'cannotRemoveOwnAdminRole');
    // Adding roles to oneself and editing one's own account is fine.
    const ok = await put(
      admin2.id,
      { username: admin2.email, name: 'Adil Admin', roles: ['EATERY_ADMIN', 'CASHIER'] },
      admin2.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Adil Admin', roles: ['EATERY_ADMIN', 'CASHIER'] });
  });

  it('another admin cannot drop the owner’s EATERY_ADMIN role nor change the owner’s login or password', async () => {
    const before = await accountOf(a.userId);
    expectError(await put(a.userId, { username: a.email, roles: ['WAITER'] }, admin2.token), 403, 'cannotRemoveOwner');
    expectError(
      await put(a.userId, { username: a.email, password: 'takeover1', roles: ['EATERY_ADMIN'] }, admin2.token),
      403,
      'accessDenied',
    );
    expectError(
      await put(a.userId, { username: uniqueEmail('takeover'), roles: ['EATERY_ADMIN'] }, admin2.token),
      403,
      'accessDenied',
    );
    expect(await accountOf(a.userId)).toEqual(before);
    expect(await membershipsOf(a.userId)).toEqual([
      { userId: a.userId, eateryId: a.eateryId, roles: ['EATERY_ADMIN'] },
    ]);
    // Roles on top of EATERY_ADMIN, with the account fields sent back unchanged, are fine.
    const ok = await put(
      a.userId,
      { username: a.email, name: before.name, password: '', roles: ['EATERY_ADMIN', 'WAITER'] },
      admin2.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ isOwner: true, roles: ['EATERY_ADMIN', 'WAITER'] });
  });

  it('the credentials of an account that belongs to another restaurant too can only be changed by its holder', async () => {
    const dual = await createStaff(a, ['WAITER']);
    const own = await call('POST', '/api/eatery', dual.token, {
      name: 'Own Place',
      address: 'Somewhere 1',
      phones: ['1'],
    });
    expect(own.statusCode, own.body).toBe(201);
    expectError(
      await put(dual.id, { username: dual.email, password: 'takeover1', roles: ['WAITER'] }),
      403,
      'accessDenied',
    );
    expect((await loginAs(ctx.app, dual.email)).statusCode).toBe(200);
    const roles = await put(dual.id, { username: dual.email, roles: ['WAITER', 'CASHIER'] });
    expect(roles.statusCode, roles.body).toBe(200);

    // Deleting removes the membership here only; the account stays for the other restaurant.
    expect((await call('DELETE', `/api/eatery/${a.eateryId}/user/${dual.id}`, a.token)).statusCode).toBe(204);
    expect(await membershipsOf(dual.id)).toEqual([
      { userId: dual.id, eateryId: own.json().id, roles: ['EATERY_ADMIN'] },
    ]);
    expect((await loginAs(ctx.app, dual.email)).json()).toMatchObject({ userId: dual.id, eateryId: own.json().id });
  });

  it('answers 404 for a user who is not a member here, and changes nothing', async () => {
    const before = await accountOf(bStaff.id);
    expectError(
      await put(bStaff.id, { username: bStaff.email, password: 'takeover1', roles: ['WAITER'] }),
      404,
      'notYourResource',
    );
    expectError(await put(b.userId, { username: b.email, roles: ['WAITER'] }), 404, 'notYourResource');
    expectError(await put(2_000_000, { username: b.email, roles: ['WAITER'] }), 404, 'notYourResource');
    expect(await accountOf(bStaff.id)).toEqual(before);
    expect(await membershipsOf(bStaff.id)).toEqual([{ userId: bStaff.id, eateryId: b.eateryId, roles: ['CASHIER'] }]);
  });

  it('answers 401, 403 to a non-admin, 404 to another restaurant', async () => {
    const body = { username: waiter.email, roles: ['EATERY_ADMIN'] };
    expectError(await put(waiter.id, body, ''), 401, 'jwtInvalid');
    expectError(await put(waiter.id, body, waiter.token), 403, 'accessDenied');
    expectError(await put(waiter.id, body, b.token), 404, 'notYourResource');
    expect(await membershipsOf(waiter.id)).toEqual([{ userId: waiter.id, eateryId: a.eateryId, roles: ['WAITER'] }]);
  });
});

describe('DELETE /api/eatery/:id/user/:userId', () => {
  const del = (userId: number, token = a.token) => call('DELETE', `/api/eatery/${a.eateryId}/user/${userId}`, token);

  it('removes the membership and the account with it when it was the last one', async () => {
    const s = await createStaff(a, ['KITCHEN_ADMIN']);
    const res = await del(s.id);
    expect(res.statusCode).toBe(204);
    expect(await membershipsOf(s.id)).toEqual([]);
    expect(await accountOf(s.id)).toBeUndefined();
    expectError(await loginAs(ctx.app, s.email), 401, 'invalidPass');
    // Their session ended: the token opens nothing any more.
    expectError(await call('GET', `/api/eatery/${a.eateryId}/table`, s.token), 401, 'jwtInvalid');
    expectError(await del(s.id), 404, 'notYourResource');
  });

  it('an admin cannot delete themselves; nobody else can remove the owner', async () => {
    expectError(await del(admin2.id, admin2.token), 403, 'cannotDeleteSelf');
    expectError(await del(a.userId), 403, 'cannotDeleteSelf');
    expectError(await del(a.userId, admin2.token), 403, 'cannotRemoveOwner');
    expect(await membershipsOf(a.userId)).toHaveLength(1);
    expect(await membershipsOf(admin2.id)).toHaveLength(1);
  });

  it('answers 404 for another restaurant’s user, 401, 403; deletes nothing', async () => {
    expectError(await del(bStaff.id), 404, 'notYourResource');
    expectError(await del(b.userId), 404, 'notYourResource');
    expectError(await del(waiter.id, ''), 401, 'jwtInvalid');
    expectError(await del(admin2.id, waiter.token), 403, 'accessDenied');
    expectError(await del(waiter.id, b.token), 404, 'notYourResource');
    expect(await accountOf(bStaff.id)).toBeDefined();
    expect(await membershipsOf(waiter.id)).toHaveLength(1);
    expect(await membershipsOf(admin2.id)).toHaveLength(1);
  });
});
