import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublishedChange } from '../src/data-changes.js';
import { categories, users } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';

/**
 * Services publish what they changed once their transaction committed, and never after a rollback: a write refused
 * inside its transaction publishes nothing, so no cache on any instance drops (or, worse, trusts) anything for it.
 */

const ctx = setupApp();
let E: TestEatery;
let published: PublishedChange[];

beforeAll(async () => {
  E = await makeEatery(ctx.app);
});

function watchPublished() {
  published = [];
  vi.spyOn(ctx.app.realtime, 'publish').mockImplementation((change) => void published.push(change));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('published changes', () => {
  it('a category order saved publishes one menu change; one refused inside its transaction publishes none', async () => {
    const [second] = await ctx.app.db
      .insert(categories)
      .values({ eateryId: E.id, nameAz: 'İçkilər', nameEn: 'Drinks', nameRu: 'Напитки' })
      .returning({ id: categories.id });
    const reorder = (categoryIds: number[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${E.id}/category/order`,
        headers: bearer(E.owner.token),
        payload: { categoryIds },
      });

    watchPublished();
    // Not every category of the restaurant: refused after the rows were locked in the transaction.
    expect((await reorder([second.id])).statusCode).toBe(400);
    expect(published).toEqual([]);

    expect((await reorder([second.id, E.categoryId])).statusCode).toBe(200);
    expect(published).toEqual([{ kind: 'menu', eateryId: E.id }]);
  });

  it("a staff member's roles saved publish one access change; a save rolled back publishes none", async () => {
    const staff = await makeStaff(ctx.app, E.id, ['WAITER']);
    const other = await makeStaff(ctx.app, E.id, ['CASHIER']);
    const emailOf = async (userId: number) =>
      (await ctx.app.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0].email;
    const save = async (username: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${E.id}/user/${staff.userId}`,
        headers: bearer(E.owner.token),
        payload: { username, roles: ['WAITER', 'CASHIER'] },
      });

    watchPublished();
    // Another account's e-mail: the unique index refuses the update inside the transaction, the roles roll back.
    expect((await save(await emailOf(other.userId))).statusCode).toBe(409);
    expect(published).toEqual([]);

    expect((await save(await emailOf(staff.userId))).statusCode).toBe(200);
    expect(published).toEqual([{ kind: 'access' }]);
  });
});
