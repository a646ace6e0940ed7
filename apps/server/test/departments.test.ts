import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dishes, kitchenDepartments } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { addStaff, createCategory, createDish } from './menu-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let other: Owner;
let waiterToken: string;
let kitchenToken: string;
let otherDept: number;

const url = (o: Owner = owner, id?: number) =>
  `/api/eatery/${o.eateryId}/kitchen-department${id === undefined ? '' : `/${id}`}`;

function post(token: string | null, payload: unknown, o: Owner = owner) {
  return ctx.app.inject({
    method: 'POST',
    url: url(o),
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
}
function put(token: string | null, id: number, payload: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: url(owner, id),
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
}
const dbDept = async (id: number) =>
  (await ctx.app.db.select().from(kitchenDepartments).where(eq(kitchenDepartments.id, id)))[0];

beforeAll(async () => {
  owner = await registerOwner(ctx.app);
  other = await registerOwner(ctx.app, { restaurant: 'Other Place' });
  waiterToken = (await addStaff(ctx.app, owner.eateryId, ['WAITER', 'CASHIER'])).token;
  kitchenToken = (await addStaff(ctx.app, owner.eateryId, ['KITCHEN_ADMIN'])).token;
  otherDept = (await post(other.token, { name: 'Bar' }, other)).json().id;
});

describe('kitchen departments', () => {
  it('the owner and a kitchen admin create departments (name trimmed); any member lists them', async () => {
    const a = await post(owner.token, { name: '  Hot kitchen ', restaurantId: owner.eateryId });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toEqual({
      id: expect.any(Number),
      name: 'Hot kitchen',
      eateryId: owner.eateryId,
      restaurantId: owner.eateryId,
    });
    const b = await post(kitchenToken, { name: 'Bar' });
    expect(b.statusCode).toBe(201);

    const list = await ctx.app.inject({ method: 'GET', url: url(), headers: bearer(waiterToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { name: string }) => d.name)).toEqual(['Bar', 'Hot kitchen']);
  });

  it('400 with details for a missing or blank name', async () => {
    for (const payload of [{}, { name: '   ' }, { name: 5 }]) {
      const res = await post(owner.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().messageKey).toBe('validation');
      expect(res.json().details[0].field).toBe('name');
    }
    const blank = await post(owner.token, { name: '  ' });
    expect(blank.json().details).toEqual([{ field: 'name', messageKey: 'validation.required' }]);
  });

  it('409 departmentExists for a duplicate name in the same restaurant, case-insensitively', async () => {
    const res = await post(owner.token, { name: 'hot KITCHEN' });
    expect(res.statusCode).toBe(409);
    expect(res.json().messageKey).toBe('departmentExists');
    const cold = (await post(owner.token, { name: 'Cold kitchen' })).json();
    const rename = await put(owner.token, cold.id, { name: ' HOT kitchen' });
    expect(rename.statusCode).toBe(409);
    expect((await dbDept(cold.id)).name).toBe('Cold kitchen');
  });

  it('updates a department (EATERY_ADMIN or KITCHEN_ADMIN)', async () => {
    const dept = (await post(owner.token, { name: 'Pastry' })).json();
    const res = await put(kitchenToken, dept.id, { name: 'Pastry & desserts' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: dept.id, name: 'Pastry & desserts' });
    const same = await put(owner.token, dept.id, { name: 'pastry & desserts' });
    expect(same.statusCode).toBe(200);
  });

  it('deleting a department clears it from dishes', async () => {
    const dept = (await post(owner.token, { name: 'Grill' })).json();
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Kebabs' });
    const dish = await createDish(ctx.app, owner, cat.id, { nameEn: 'Lula', kitchenDepartmentId: dept.id });
    expect(dish.kitchenDepartmentId).toBe(dept.id);
    const res = await ctx.app.inject({ method: 'DELETE', url: url(owner, dept.id), headers: bearer(kitchenToken) });
    expect(res.statusCode).toBe(204);
    expect(await dbDept(dept.id)).toBeUndefined();
    const [row] = await ctx.app.db.select().from(dishes).where(eq(dishes.id, dish.id));
    expect(row.kitchenDepartmentId).toBeNull();
    const again = await ctx.app.inject({ method: 'DELETE', url: url(owner, dept.id), headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
  });

  it('the same name is fine in another restaurant; another restaurant’s ids answer 404 and stay unchanged', async () => {
    expect((await post(other.token, { name: 'Hot kitchen' }, other)).statusCode).toBe(201);
    expect((await put(owner.token, otherDept, { name: 'Mine now' })).statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: url(owner, otherDept), headers: bearer(owner.token) });
    expect(del.statusCode).toBe(404);
    expect(del.json().messageKey).toBe('notYourResource');
    expect((await dbDept(otherDept)).name).toBe('Bar');
    const theirList = await ctx.app.inject({ method: 'GET', url: url(other), headers: bearer(owner.token) });
    expect(theirList.statusCode).toBe(404);
    const intoTheirs = await post(owner.token, { name: 'Sneaky' }, other);
    expect(intoTheirs.statusCode).toBe(404);
    const foreignBodyId = await post(owner.token, { name: 'Sneaky', restaurantId: other.eateryId });
    expect(foreignBodyId.statusCode).toBe(404);
    const names = (await ctx.app.db.select().from(kitchenDepartments)).map((d) => d.name);
    expect(names).not.toContain('Sneaky');
  });

  it('401 without token, 403 for a waiter or cashier on every change', async () => {
    const dept = (await post(owner.token, { name: 'Guarded' })).json();
    expect((await ctx.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await post(null, { name: 'X' })).statusCode).toBe(401);
    expect((await put(null, dept.id, { name: 'X' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: url(owner, dept.id) })).statusCode).toBe(401);
    const denied = [
      await post(waiterToken, { name: 'X' }),
      await put(waiterToken, dept.id, { name: 'X' }),
      await ctx.app.inject({ method: 'DELETE', url: url(owner, dept.id), headers: bearer(waiterToken) }),
    ];
    for (const res of denied) {
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('accessDenied');
    }
    expect((await dbDept(dept.id)).name).toBe('Guarded');
  });
});
