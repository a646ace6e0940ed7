/**
 * A JSON body that is not an object (an array, null, a boolean, a number, a string) must never
 * reach a schema refinement or a handler as if it were one. Every route that takes a body, discovered from the
 * OpenAPI document, gets each such body with the owner's token and real ids in the path: the answer is a
 * 4xx with the usual error body, never a 5xx, and nothing is written.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { bearer, type Owner, openTestDatabase, registerOwner, testConfig } from './helper.js';

const BODIES = ['[0]', '[null]', '[true]', '[{}]', 'null', '0', 'true', '"x"', '[]'];
/**
 * Routes that take no body (`z.object({}).strict().nullish()`): for them a JSON `null` is "no body" (the app's JSON
 * parser reads an empty body as null) and the route does its work, so they get every body but `null`.
 */
const NO_BODY = new Set(['POST /api/eatery/:id/table/:tableId/key', 'POST /api/eatery/:id/orders/:orderId/accept']);

// Built before the tests are collected: one test per route.
const database: Database = await openTestDatabase();
const app: FastifyInstance = await buildApp(testConfig({ rateLimits: false }), database);
await app.ready();

interface Route {
  method: string;
  url: string;
}

/**
 * Every POST/PUT/PATCH operation of the OpenAPI document, as a Fastify path (`:param`). DELETE routes read no
 * body (and would delete the rows the other routes need).
 */
function bodyRoutes(): Route[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  const found: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of Object.keys(ops)) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      found.push({ method: method.toUpperCase(), url: path.replace(/\{([^}]+)\}/g, ':$1') });
    }
  }
  return found.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
const routes = bodyRoutes();

let owner: Owner;
const ids: Record<string, number> = {};

/** Real ids of the owner's restaurant for the path parameters, by name. */
function concrete(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const n = name.toLowerCase();
    if (n === 'id') return String(owner.eateryId);
    if (n.includes('item')) return String(ids.item);
    if (n.includes('order')) return String(ids.order);
    if (n.includes('dish')) return String(ids.dish);
    if (n.includes('categor')) return String(ids.category);
    if (n.includes('depart')) return String(ids.department);
    if (n.includes('table')) return String(ids.table);
    if (n.includes('assign')) return String(ids.assignment);
    if (n.includes('user')) return String(owner.userId);
    return '1';
  });
}

async function snapshot(): Promise<string> {
  const db = app.db;
  const parts = await Promise.all([
    db.select().from(schema.users).orderBy(schema.users.id),
    db.select().from(schema.eateries).orderBy(schema.eateries.id),
    db.select().from(schema.memberships).orderBy(schema.memberships.userId),
    db.select().from(schema.categories).orderBy(schema.categories.id),
    db.select().from(schema.kitchenDepartments).orderBy(schema.kitchenDepartments.id),
    db.select().from(schema.dishes).orderBy(schema.dishes.id),
    db.select().from(schema.tables).orderBy(schema.tables.id),
    db.select().from(schema.tableAssignments).orderBy(schema.tableAssignments.id),
    db.select().from(schema.orders).orderBy(schema.orders.id),
    db.select().from(schema.orderItems).orderBy(schema.orderItems.id),
  ]);
  return JSON.stringify(parts);
}

beforeAll(async () => {
  owner = await registerOwner(app);
  const db = app.db;
  const [table] = await db.insert(schema.tables).values({ eateryId: owner.eateryId, number: 'T1' }).returning();
  const [category] = await db
    .insert(schema.categories)
    .values({ eateryId: owner.eateryId, nameEn: 'Soups' })
    .returning();
  const [department] = await db
    .insert(schema.kitchenDepartments)
    .values({ eateryId: owner.eateryId, name: 'Hot kitchen' })
    .returning();
  const [dish] = await db
    .insert(schema.dishes)
    .values({ eateryId: owner.eateryId, categoryId: category.id, nameEn: 'Lentil soup', price: '4.50' })
    .returning();
  const [order] = await db
    .insert(schema.orders)
    .values({ eateryId: owner.eateryId, tableId: table.id, tableNumber: 'T1', status: 'CREATED' })
    .returning();
  const [item] = await db
    .insert(schema.orderItems)
    .values({ orderId: order.id, dishId: dish.id, name: 'Lentil soup', price: '4.50', quantity: 1 })
    .returning();
  Object.assign(ids, {
    table: table.id,
    category: category.id,
    department: department.id,
    dish: dish.id,
    order: order.id,
    item: item.id,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('non-object JSON bodies', () => {
  it('the OpenAPI document lists the multipart and array-body routes', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const known of [
      'POST /api/eatery/:id/category',
      'PUT /api/eatery/:id/category/:categoryId',
      'POST /api/eatery/:id/category/:categoryId/dish',
      'PUT /api/eatery/:id/category/:categoryId/dish/:dishId',
      'POST /api/eatery/:id/category/:categoryId/dish/templates',
    ]) {
      expect(keys).toContain(known);
    }
  });

  for (const { method, url } of routes) {
    it(`${method} ${url}: 4xx with the error body, never 5xx, nothing written`, async () => {
      const before = await snapshot();
      for (const payload of BODIES) {
        if (payload === 'null' && NO_BODY.has(`${method} ${url}`)) continue;
        const res = await app.inject({
          method: method as 'POST',
          url: concrete(url),
          headers: { ...bearer(owner.token), 'content-type': 'application/json' },
          payload,
        });
        const why = `${method} ${concrete(url)} with ${payload} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, why).toBeLessThan(500);
        expect(res.statusCode, why).toBeGreaterThanOrEqual(400);
        expect(res.json(), why).toMatchObject({ messageKey: expect.any(String), message: expect.any(String) });
      }
      expect(await snapshot(), `${method} ${url} changed the database`).toBe(before);
    });
  }
});
