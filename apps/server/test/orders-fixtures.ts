import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDecimal, type Role } from '@qr-menu/contract';
import {
  categories,
  dishes,
  drawerSessions,
  eateries,
  kitchenDepartments,
  memberships,
  tables,
  users,
} from '../src/db/schema.js';
import { signJwt } from '../src/plugins/jwt.js';
import { uniqueEmail } from './helper.js';

/**
 * Test data for the orders tests, inserted directly with app.db (the tables / categories / dishes modules are
 * built separately). Staff tokens are signed directly: access tokens carry the user id and their session version
 * (0 for a user whose sessions never ended) and no particular session; roles come from the memberships table.
 */

export const tokenFor = (app: FastifyInstance, userId: number, eateryId: number | null = null) =>
  signJwt({ sub: userId, eid: eateryId }, app.config.jwtSecret, 900);

/** A token of the user's current session version (after their sessions ended, e.g. by a role taken away). */
export async function currentTokenFor(app: FastifyInstance, userId: number, eateryId: number | null = null) {
  const [u] = await app.db.select({ sv: users.sessionVersion }).from(users).where(eq(users.id, userId));
  return signJwt({ sub: userId, eid: eateryId, sv: u.sv }, app.config.jwtSecret, 900);
}

export async function makeUser(app: FastifyInstance, prefix = 'staff') {
  const [u] = await app.db
    .insert(users)
    .values({ email: uniqueEmail(prefix), passwordHash: 'not-a-hash', name: prefix })
    .returning({ id: users.id });
  return u.id;
}

export interface Staff {
  userId: number;
  token: string;
}

/** A user holding `roles` in the restaurant. */
export async function makeStaff(app: FastifyInstance, eateryId: number, roles: Role[]): Promise<Staff> {
  const userId = await makeUser(app, roles.join('-').toLowerCase());
  await app.db.insert(memberships).values({ userId, eateryId, roles });
  return { userId, token: tokenFor(app, userId, eateryId) };
}

export interface TestEatery {
  id: number;
  owner: Staff;
  waiter: Staff;
  cashier: Staff;
  kitchen: Staff;
  tableId: number;
  categoryId: number;
  departmentId: number;
}

/**
 * A restaurant with an owner (EATERY_ADMIN), a waiter, a cashier, a kitchen admin, a table and a category. The owner
 * and the cashier have their cash drawers open (float 0), as cash payments and refunds need one.
 */
export async function makeEatery(app: FastifyInstance, opts: { timeZone?: string; name?: string } = {}) {
  const ownerId = await makeUser(app, 'owner');
  const [e] = await app.db
    .insert(eateries)
    .values({ name: opts.name ?? 'Test Restaurant', address: '', ownerId, timeZone: opts.timeZone ?? 'Asia/Baku' })
    .returning({ id: eateries.id });
  await app.db.insert(memberships).values({ userId: ownerId, eateryId: e.id, roles: ['EATERY_ADMIN'] });
  const owner = { userId: ownerId, token: tokenFor(app, ownerId, e.id) };
  const [waiter, cashier, kitchen] = [
    await makeStaff(app, e.id, ['WAITER']),
    await makeStaff(app, e.id, ['CASHIER']),
    await makeStaff(app, e.id, ['KITCHEN_ADMIN']),
  ];
  await openDrawer(app, e.id, ownerId);
  await openDrawer(app, e.id, cashier.userId);
  const tableId = await makeTable(app, e.id, '1');
  const [c] = await app.db
    .insert(categories)
    .values({ eateryId: e.id, nameAz: 'Salatlar', nameEn: 'Salads', nameRu: 'Салаты' })
    .returning({ id: categories.id });
  const [d] = await app.db
    .insert(kitchenDepartments)
    .values({ eateryId: e.id, name: 'Cold kitchen' })
    .returning({ id: kitchenDepartments.id });
  return { id: e.id, owner, waiter, cashier, kitchen, tableId, categoryId: c.id, departmentId: d.id } as TestEatery;
}

/**
 * Opens the user's cash drawer for the restaurant's current business day with `floatCents`, written directly (the
 * drawers module has its own tests). Returns the session id.
 */
export async function openDrawer(app: FastifyInstance, eateryId: number, userId: number, floatCents = 0) {
  const [u] = await app.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const [s] = await app.db
    .insert(drawerSessions)
    .values({
      eateryId,
      userId,
      userName: u.name || u.email,
      businessDay: sql`business_day_of(${eateryId}, now())`,
      openingFloat: centsToDecimal(floatCents),
    })
    .returning({ id: drawerSessions.id });
  return s.id;
}

export async function makeTable(app: FastifyInstance, eateryId: number, number: string, status = 'ACTIVE') {
  const [t] = await app.db.insert(tables).values({ eateryId, number, status }).returning({ id: tables.id });
  return t.id;
}

export async function makeDish(
  app: FastifyInstance,
  eatery: { id: number; categoryId?: number },
  opts: {
    price: string;
    nameAz?: string;
    nameEn?: string;
    nameRu?: string;
    available?: boolean;
    archived?: boolean;
    kitchenDepartmentId?: number | null;
    categoryId?: number | null;
  },
) {
  const [d] = await app.db
    .insert(dishes)
    .values({
      eateryId: eatery.id,
      categoryId: opts.categoryId === undefined ? (eatery.categoryId ?? null) : opts.categoryId,
      nameAz: opts.nameAz ?? '',
      nameEn: opts.nameEn ?? 'Dish',
      nameRu: opts.nameRu ?? '',
      price: opts.price,
      available: opts.available ?? true,
      archivedAt: opts.archived ? new Date() : null,
      kitchenDepartmentId: opts.kitchenDepartmentId ?? null,
    })
    .returning({ id: dishes.id });
  return d.id;
}
