import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TENANT_LIMITS, type TenantLimitKind } from '@qr-menu/contract';
import { noChanges } from '../src/data-changes.js';
import { categories, dishes, memberships, tables, users } from '../src/db/schema.js';
import { TablesService } from '../src/modules/tables/tables.service.js';
import { bearer, PASSWORD, registerOwner, setupApp, uniqueEmail, type Owner } from './helper.js';
import { createCategory, menuForm, sendForm } from './menu-fixtures.js';

// Small caps (AppConfig.tenantLimits) so that a restaurant is filled with a few rows; the last test checks that the
// services take TENANT_LIMITS when none are given.
const LIMITS = { dishes: 5, categories: 3, tables: 4, staff: 3 };
const ctx = setupApp({ tenantLimits: LIMITS });

const db = () => ctx.app.db;

const expectLimitReached = (res: LightMyRequestResponse, what: TenantLimitKind) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    messageKey: 'limitReached',
    message: expect.any(String),
    params: { max: LIMITS[what], what },
    requestId: expect.any(String),
  });
};

const postJson = (owner: Owner, path: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${owner.eateryId}${path}`,
    headers: bearer(owner.token),
    payload: payload as object,
  });

// ---- What a restaurant holds, read and filled directly (fast: no request per row) ----

async function count(what: TenantLimitKind, eateryId: number): Promise<number> {
  const n = sql<number>`count(*)::int`;
  const [row] =
    what === 'dishes'
      ? await db()
          .select({ n })
          .from(dishes)
          .where(and(eq(dishes.eateryId, eateryId), isNull(dishes.archivedAt)))
      : what === 'categories'
        ? await db().select({ n }).from(categories).where(eq(categories.eateryId, eateryId))
        : what === 'tables'
          ? await db().select({ n }).from(tables).where(eq(tables.eateryId, eateryId))
          : await db().select({ n }).from(memberships).where(eq(memberships.eateryId, eateryId));
  return row.n;
}

const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

async function insertDishes(eateryId: number, categoryId: number, n: number) {
  if (n === 0) return;
  await db()
    .insert(dishes)
    .values(
      names(n, 'Direct dish').map((nameEn, position) => ({ eateryId, categoryId, nameEn, price: '1.00', position })),
    );
}

async function insertCategories(eateryId: number, n: number) {
  if (n === 0) return;
  await db()
    .insert(categories)
    .values(names(n, 'Direct category').map((nameEn) => ({ eateryId, nameEn })));
}

async function insertTables(eateryId: number, n: number) {
  if (n === 0) return;
  await db()
    .insert(tables)
    .values(names(n, 'D').map((number) => ({ eateryId, number })));
}

/** Members besides the owner (who is one already). */
async function insertStaff(eateryId: number, n: number) {
  for (let i = 0; i < n; i++) {
    const [user] = await db()
      .insert(users)
      .values({ email: uniqueEmail('direct'), passwordHash: 'not-a-hash' })
      .returning({ id: users.id });
    await db()
      .insert(memberships)
      .values({ userId: user.id, eateryId, roles: ['WAITER'] });
  }
}

// ---- One create of each kind through the API ----

let serial = 0;
const next = () => ++serial;

/** A restaurant, with a category for dishes (made before any cap of categories is filled). */
async function newRestaurant() {
  const owner = await registerOwner(ctx.app);
  const category = await createCategory(ctx.app, owner, { nameEn: 'Main' });
  return { owner, categoryId: category.id };
}
type Restaurant = Awaited<ReturnType<typeof newRestaurant>>;

const create: Record<TenantLimitKind, (r: Restaurant) => Promise<LightMyRequestResponse>> = {
  dishes: (r) =>
    sendForm(
      ctx.app,
      'POST',
      `/api/eatery/${r.owner.eateryId}/category/${r.categoryId}/dish`,
      r.owner.token,
      menuForm({ nameEn: `Dish ${next()}`, price: 5 }),
    ),
  categories: (r) =>
    sendForm(
      ctx.app,
      'POST',
      `/api/eatery/${r.owner.eateryId}/category`,
      r.owner.token,
      menuForm({ nameEn: `Category ${next()}` }),
    ),
  tables: (r) => postJson(r.owner, '/table', { number: `T${next()}` }),
  staff: (r) =>
    postJson(r.owner, '/user', {
      user: { email: uniqueEmail('staff'), password: PASSWORD, roles: ['WAITER'] },
      restaurant: { eateryId: r.owner.eateryId },
      userProfileRequest: { name: 'Staff Member', phone: null },
    }),
};

/** Fills the restaurant with `n` of `what`, counting what it holds already (its category, its owner). */
async function fillTo(r: Restaurant, what: TenantLimitKind, n: number) {
  const missing = n - (await count(what, r.owner.eateryId));
  if (what === 'dishes') await insertDishes(r.owner.eateryId, r.categoryId, missing);
  if (what === 'categories') await insertCategories(r.owner.eateryId, missing);
  if (what === 'tables') await insertTables(r.owner.eateryId, missing);
  if (what === 'staff') await insertStaff(r.owner.eateryId, missing);
  expect(await count(what, r.owner.eateryId)).toBe(n);
}

const KINDS: TenantLimitKind[] = ['dishes', 'categories', 'tables', 'staff'];

describe.each(KINDS)('the cap of %s', (what) => {
  it('lets the last one in, refuses the next with 400 limitReached { max, what }, and stores nothing', async () => {
    const r = await newRestaurant();
    await fillTo(r, what, LIMITS[what] - 1);
    const usersBefore = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users);

    expect((await create[what](r)).statusCode).toBe(201);
    expectLimitReached(await create[what](r), what);

    expect(await count(what, r.owner.eateryId)).toBe(LIMITS[what]);
    if (what === 'staff') {
      // The refused member's account is not created either: only the accepted one is new.
      const usersAfter = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(users);
      expect(usersAfter[0].n).toBe(usersBefore[0].n + 1);
    }
  });

  it('ends exactly at the cap when creates at the edge arrive together', async () => {
    const r = await newRestaurant();
    await fillTo(r, what, LIMITS[what] - 2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => create[what](r)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expectLimitReached(refused, what);
    expect(await count(what, r.owner.eateryId)).toBe(LIMITS[what]);
  });

  it('holds up no other restaurant', async () => {
    const full = await newRestaurant();
    await fillTo(full, what, LIMITS[what]);
    expectLimitReached(await create[what](full), what);
    const other = await newRestaurant();
    expect((await create[what](other)).statusCode).toBe(201);
  });
});

describe('the cap of dishes', () => {
  it('counts live dishes only: an archived one (order history) frees its place', async () => {
    const r = await newRestaurant();
    await fillTo(r, 'dishes', LIMITS.dishes);
    expectLimitReached(await create.dishes(r), 'dishes');
    const [one] = await db().select({ id: dishes.id }).from(dishes).where(eq(dishes.eateryId, r.owner.eateryId));
    await db().update(dishes).set({ archivedAt: new Date() }).where(eq(dishes.id, one.id));
    expect((await create.dishes(r)).statusCode).toBe(201);
  });
});

describe('catalogue imports', () => {
  const templates = (n: number) =>
    names(n, 'Template dish').map((nameEn) => ({ nameEn, price: 3, available: true, image: null }));

  it('refuses a template import that would pass the dish cap as a whole, and takes one that fits', async () => {
    const r = await newRestaurant();
    await fillTo(r, 'dishes', LIMITS.dishes - 2);
    const url = `/category/${r.categoryId}/dish/templates`;
    expectLimitReached(await postJson(r.owner, url, templates(3)), 'dishes');
    expect(await count('dishes', r.owner.eateryId)).toBe(LIMITS.dishes - 2);
    expect((await postJson(r.owner, url, templates(2))).statusCode).toBe(201);
    expect(await count('dishes', r.owner.eateryId)).toBe(LIMITS.dishes);
  });

  it('refuses a ready-made categories import that would pass the category cap as a whole', async () => {
    const r = await newRestaurant();
    expect(await count('categories', r.owner.eateryId)).toBe(1);
    const list = (n: number) => Array.from({ length: n }, (_, i) => ({ nameEn: `Ready-made ${next()} ${i}` }));
    expectLimitReached(await postJson(r.owner, '/category/predefined', list(3)), 'categories');
    expect(await count('categories', r.owner.eateryId)).toBe(1);
    expect((await postJson(r.owner, '/category/predefined', list(2))).statusCode).toBe(201);
    expectLimitReached(await postJson(r.owner, '/category/predefined', { nameEn: 'One more' }), 'categories');
    expect(await count('categories', r.owner.eateryId)).toBe(LIMITS.categories);
  });
});

describe('without caps given', () => {
  it('a service takes TENANT_LIMITS', async () => {
    const owner = await registerOwner(ctx.app);
    const service = new TablesService(db(), noChanges);
    await insertTables(owner.eateryId, TENANT_LIMITS.tables - 1);
    const body = { seats: 4, note: null, status: 'ACTIVE' as const };
    await service.create(owner.eateryId, { ...body, number: 'Last' }, 'http://localhost');
    await expect(service.create(owner.eateryId, { ...body, number: 'Past' }, 'http://localhost')).rejects.toMatchObject(
      { statusCode: 400, messageKey: 'limitReached', params: { max: TENANT_LIMITS.tables, what: 'tables' } },
    );
    expect(await count('tables', owner.eateryId)).toBe(TENANT_LIMITS.tables);
  });
});
