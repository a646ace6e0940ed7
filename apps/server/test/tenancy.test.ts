/**
 * Tenancy matrix: every route under /api/eatery/:id, discovered from the running app,
 * is called as
 *   (a) no token / a garbage token           -> 401 jwtInvalid
 *   (b) a member of another restaurant        -> 404 notYourResource (existence never revealed), and
 *       that member on their own restaurant with this restaurant's ids in the path -> never a success
 *   (c) a member holding each single role     -> 403 accessDenied where the role may not act (POLICY below),
 *       never 401/403 where it may (with an invalid body, so nothing is written)
 * and after every route the whole database (all tenants) must be exactly as before.
 *
 * New routes are picked up automatically. Their expected roles come from POLICY, an ordered list of
 * The roles rule: reads are open to any member, edits default to EATERY_ADMIN; a route that needs
 * other roles must get a rule here (the test fails and names the route when its roles differ).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { signJwt } from '../src/plugins/jwt.js';
import {
  bearer,
  loginAs,
  type Owner,
  openTestDatabase,
  PASSWORD,
  registerOwner,
  routerRoutes,
  testConfig,
  uniqueEmail,
} from './helper.js';

type Policy = readonly Role[] | 'any' | 'owner';
const ADMIN: Role = 'EATERY_ADMIN';
const KITCHEN: Role = 'KITCHEN_ADMIN';
const WAITER: Role = 'WAITER';
const CASHIER: Role = 'CASHIER';

/**
 * Expected roles per route, first match wins. Paths are relative to /api/eatery/:id with every
 * parameter written `:p`.
 */
const POLICY: [method: string, path: RegExp, policy: Policy][] = [
  ['DELETE', /^$/, 'owner'], // nobody but the owner deletes the restaurant
  ['GET', /^\/table\/:p\/qr\.png$/, [ADMIN]], // printing QR codes is an edit of tables
  ['*', /^\/kitchen(\/|$)/, [ADMIN, KITCHEN]], // kitchen display: board, bump, recall
  ['PUT', /^\/dish\/:p\/availability$/, [ADMIN, KITCHEN]], // sold out
  ['PUT', /^\/dishes\/:p\/stock$/, [ADMIN, KITCHEN]], // portions left: who switches sold out
  ['GET', /^\/bill$/, [ADMIN, CASHIER]],
  ['POST', /^\/bill\/payments$/, [ADMIN, CASHIER]],
  ['POST', /^\/bill\/split-item$/, [ADMIN, CASHIER]],
  ['PUT', /^\/bill\/discount$/, [ADMIN, CASHIER]], // a cashier with a manager's approval
  ['POST', /^\/bill\/refunds$/, [ADMIN, CASHIER]], // a cashier with a manager's approval
  ['GET', /^\/devices$/, [ADMIN]], // registered devices (shared tablets)
  ['*', /^\/user\/:p\/pin$/, 'any'], // a PIN: an admin sets anyone's, a member their own
  ['*', /^\/drawers(\/|$)/, [ADMIN, CASHIER]], // cash drawers: the people who take cash
  ['POST', /^\/reports\/z\/reopen$/, [ADMIN]],
  ['*', /^\/reports\/(z|day)(\/|\.csv|$)/, [ADMIN, CASHIER]], // X and Z: the cashier counts the drawer against them
  ['POST', /^\/calls\/:p\/acknowledge$/, 'any'],
  ['GET', /^\/reports(\/|$)/, [ADMIN]],
  ['GET', /^\/audit(\.csv)?$/, [ADMIN]],
  ['GET', /^\/printers(\/:p\/preview)?$/, [ADMIN]], // printer settings and samples; their state is everyone's
  ['GET', /^\/setup-progress$/, [ADMIN]], // the owner's start checklist
  ['*', /^\/menu-transfer\//, [ADMIN]], // menu spreadsheets: template, export, preview and import
  ['GET', /.*/, 'any'],
  ['*', /^\/kitchen-department(\/|$)/, [ADMIN, KITCHEN]],
  ['POST', /^\/orders$/, [ADMIN, WAITER, CASHIER]],
  ['PUT', /^\/orders\/:p$/, [ADMIN, CASHIER, WAITER]], // order status
  ['DELETE', /^\/orders\/:p$/, [ADMIN]],
  ['POST', /^\/orders\/:p\/items$/, [ADMIN, WAITER, CASHIER]],
  ['PUT', /^\/orders\/:p\/items\/:p$/, 'any'], // item edit (admin, waiter, cashier) + item status (admin, kitchen, waiter)
  ['DELETE', /^\/orders\/:p\/items\/:p$/, [ADMIN, WAITER, CASHIER]],
  ['POST', /^\/orders\/:p\/(accept|reject)$/, [ADMIN, WAITER, CASHIER]], // staff confirm guest orders
  ['POST', /^\/orders\/:p\/fire$/, [ADMIN, WAITER, CASHIER]], // fire a held course
  ['POST', /^\/tables\/:p\/serve-ready$/, [ADMIN, WAITER]], // serve a table's ready dishes: who serves one
  ['POST', /^\/tables\/:p\/round$/, [ADMIN, WAITER, CASHIER]], // a round of dishes at a table
  ['POST', /^\/orders\/:p\/(move|merge|split)$/, [ADMIN, WAITER, CASHIER]], // table operations
  ['POST', /^\/print-jobs\/:p\/reprint$/, [ADMIN, KITCHEN, WAITER, CASHIER]], // reprint a ticket
  ['POST', /^\/print$/, [ADMIN, WAITER, CASHIER]], // a pre-bill, receipt or day report on the till printer
  ['POST', /^\/table\/:p\/key$/, [ADMIN]], // a new QR key for the table ("reprint QR")
  ['POST', /^\/tables\/bulk$/, [ADMIN]], // add several tables at once
  ['*', /.*/, [ADMIN]], // every other edit: menu, tables, QR, users, assignments, restaurant
];

const EATERY_PREFIX = '/api/eatery/:id';

/**
 * Edits without a body that succeed whatever is sent: an allowed role is not called (it would change the
 * database), like an allowed DELETE; the module's own tests cover them.
 */
const SUCCEEDS_WITHOUT_BODY = new Set([
  'POST /api/eatery/:id/table/:tableId/key', // a new QR key: tables tests
  'POST /api/eatery/:id/printers/:printerId/test', // a test page: printing tests
  'POST /api/eatery/:id/print-jobs/:jobId/reprint', // a reprint: printing tests
]);

function policyOf(method: string, url: string): Policy {
  const rel = url.slice(EATERY_PREFIX.length).replace(/:[A-Za-z0-9_]+/g, ':p');
  const rule = POLICY.find(([m, re]) => (m === '*' || m === method) && re.test(rel));
  return rule![2];
}

interface RouteDef {
  method: string;
  url: string;
}

// The app is built before the tests are collected so that there is one test per discovered route.
const database: Database = await openTestDatabase();
const app: FastifyInstance = await buildApp(testConfig(), database);
await app.ready();
const allRoutes: RouteDef[] = routerRoutes(app);
const eateryRoutes = allRoutes
  .filter(
    (r) => r.url === EATERY_PREFIX || r.url.startsWith(`${EATERY_PREFIX}/`) || r.url.startsWith(`${EATERY_PREFIX}-`),
  )
  .sort((x, y) => x.url.localeCompare(y.url) || x.method.localeCompare(y.method));

afterAll(async () => {
  await app.close();
  await database.close();
});

interface Member {
  id: number;
  token: string;
}

let a: Owner; // the restaurant under test
let b: Owner; // another restaurant: its owner is the intruder
const members: Partial<Record<Role, Member>> = {};
/** Ids of restaurant A's resources, by kind, to put into paths. */
const ids: Record<string, number> = {};

async function createStaff(owner: Owner, roles: Role[]): Promise<Member> {
  const email = uniqueEmail('matrix');
  const res = await app.inject({
    method: 'POST',
    url: `/api/eatery/${owner.eateryId}/user`,
    headers: bearer(owner.token),
    payload: {
      user: { email, password: PASSWORD, roles },
      restaurant: { eateryId: owner.eateryId },
      userProfileRequest: { name: 'Matrix Member', phone: null },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const login = await loginAs(app, email);
  expect(login.statusCode).toBe(200);
  return { id: res.json().id, token: login.json().jwt };
}

/** A real id of restaurant A for a path parameter, by its name; undefined when the kind is unknown. */
function resolveParam(name: string, eateryId: number): number | undefined {
  const n = name.toLowerCase();
  if (n === 'id') return eateryId;
  if (n.includes('assign')) return ids.assignment;
  if (n.includes('printer')) return ids.printer;
  if (n.includes('job')) return ids.job;
  if (n.includes('item')) return ids.item;
  if (n.includes('order')) return ids.order;
  if (n.includes('dish')) return ids.dish;
  if (n.includes('categor')) return ids.category;
  if (n.includes('depart')) return ids.department;
  if (n.includes('table')) return ids.table;
  if (n.includes('user') || n.includes('waiter') || n.includes('staff')) return ids.user;
  return undefined;
}

/** The concrete URL with restaurant `eateryId` and A's ids; `resolved` is false when a parameter was guessed. */
function concrete(url: string, eateryId: number): { path: string; resolved: boolean } {
  let resolved = true;
  const path = url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const id = resolveParam(name, eateryId);
      if (id === undefined) resolved = false;
      return String(id ?? 999_999);
    })
    .replace(/\*/g, 'x');
  return { path, resolved };
}

/** Every row of every table except sessions, in a stable order. */
async function snapshot(): Promise<string> {
  const db = app.db;
  const parts = await Promise.all([
    db.select().from(schema.users).orderBy(schema.users.id),
    db.select().from(schema.eateries).orderBy(schema.eateries.id),
    db.select().from(schema.memberships).orderBy(schema.memberships.userId, schema.memberships.eateryId),
    db.select().from(schema.images).orderBy(schema.images.id),
    db.select().from(schema.categories).orderBy(schema.categories.id),
    db.select().from(schema.kitchenDepartments).orderBy(schema.kitchenDepartments.id),
    db.select().from(schema.dishes).orderBy(schema.dishes.id),
    db.select().from(schema.tables).orderBy(schema.tables.id),
    db.select().from(schema.tableAssignments).orderBy(schema.tableAssignments.id),
    db.select().from(schema.orders).orderBy(schema.orders.id),
    db.select().from(schema.orderItems).orderBy(schema.orderItems.id),
    db.select().from(schema.tableCalls).orderBy(schema.tableCalls.id),
    db.select().from(schema.payments).orderBy(schema.payments.id),
  ]);
  return JSON.stringify(parts, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

const send = (method: string, url: string, headers: Record<string, string>, body?: string) =>
  app.inject({
    method: method as 'GET',
    url,
    headers: body !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(body !== undefined ? { payload: body } : {}),
  });

/** A body no route accepts (a bare JSON string), so allowed callers are stopped by validation, not by access. */
const INVALID_BODY = '"tenancy-probe"';

const describeCall = (who: string, method: string, url: string, res: LightMyRequestResponse) =>
  `${who}: ${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;

beforeAll(async () => {
  a = await registerOwner(app, { restaurant: 'Tenant A' });
  b = await registerOwner(app, { restaurant: 'Tenant B' });
  members.EATERY_ADMIN = await createStaff(a, [ADMIN]); // an admin who is not the owner
  members.KITCHEN_ADMIN = await createStaff(a, [KITCHEN]);
  members.WAITER = await createStaff(a, [WAITER]);
  members.CASHIER = await createStaff(a, [CASHIER]);
  ids.user = members.CASHIER.id;

  const table = await app.inject({
    method: 'POST',
    url: `/api/eatery/${a.eateryId}/table`,
    headers: bearer(a.token),
    payload: { number: 'T1' },
  });
  ids.table = table.json().id;
  const assignment = await app.inject({
    method: 'POST',
    url: `/api/eatery/${a.eateryId}/table-assignment`,
    headers: bearer(a.token),
    payload: { waiterId: members.WAITER.id, tableId: ids.table },
  });
  ids.assignment = assignment.json().id;

  // The rest of A's menu and orders straight into the database, whatever those modules' APIs are.
  const db = app.db;
  const [category] = await db.insert(schema.categories).values({ eateryId: a.eateryId, nameEn: 'Soups' }).returning();
  const [department] = await db
    .insert(schema.kitchenDepartments)
    .values({ eateryId: a.eateryId, name: 'Hot kitchen' })
    .returning();
  const [dish] = await db
    .insert(schema.dishes)
    .values({
      eateryId: a.eateryId,
      categoryId: category.id,
      nameEn: 'Lentil soup',
      price: '4.50',
      kitchenDepartmentId: department.id,
    })
    .returning();
  const [order] = await db
    .insert(schema.orders)
    .values({ eateryId: a.eateryId, tableId: ids.table, tableNumber: 'T1', status: 'CREATED' })
    .returning();
  const [item] = await db
    .insert(schema.orderItems)
    .values({ orderId: order.id, dishId: dish.id, name: 'Lentil soup', price: '4.50', quantity: 2 })
    .returning();
  const [printer] = await db
    .insert(schema.printers)
    .values({ eateryId: a.eateryId, name: 'Grill', host: '192.168.1.50' })
    .returning();
  const [job] = await db
    .insert(schema.printJobs)
    .values({ eateryId: a.eateryId, printerId: printer.id, kind: 'TEST', title: 'Test', document: { lines: [] } })
    .returning();
  Object.assign(ids, {
    printer: printer.id,
    job: job.id,
    category: category.id,
    department: department.id,
    dish: dish.id,
    order: order.id,
    item: item.id,
  });
  // B owns a little too, so that a leak in either direction would show in the snapshot.
  await db.insert(schema.tables).values({ eateryId: b.eateryId, number: 'B1' });
  await db.insert(schema.categories).values({ eateryId: b.eateryId, nameEn: 'B soups' });
});

describe('route discovery', () => {
  it('finds the restaurant routes, including every one the OpenAPI document lists', async () => {
    const keys = new Set(eateryRoutes.map((r) => `${r.method} ${r.url}`));
    for (const known of [
      'GET /api/eatery/:id',
      'PUT /api/eatery/:id',
      'DELETE /api/eatery/:id',
      'GET /api/eatery/:id/table',
      'POST /api/eatery/:id/table',
      'PUT /api/eatery/:id/table/:tableId',
      'DELETE /api/eatery/:id/table/:tableId',
      'GET /api/eatery/:id/table/:tableId/qr.png',
      'GET /api/eatery/:id/table-assignment',
      'POST /api/eatery/:id/table-assignment',
      'DELETE /api/eatery/:id/table-assignment/:assignmentId',
      'GET /api/eatery/:id/user',
      'POST /api/eatery/:id/user',
      'PUT /api/eatery/:id/user/:userId',
      'DELETE /api/eatery/:id/user/:userId',
    ]) {
      expect(keys, known).toContain(known);
    }
    // Cross-check the parser against the routes @fastify/swagger collected.
    const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    for (const [path, ops] of Object.entries(doc.paths)) {
      const url = path.replace(/\{([^}]+)\}/g, ':$1');
      if (!url.startsWith(EATERY_PREFIX)) continue;
      for (const method of Object.keys(ops)) {
        if (method === 'head') continue;
        expect(keys, `${method.toUpperCase()} ${url}`).toContain(`${method.toUpperCase()} ${url}`);
      }
    }
  });
});

describe('tenancy matrix', () => {
  for (const { method, url } of eateryRoutes) routeTest(method, url);
});

function routeTest(method: string, url: string) {
  const policy = policyOf(method, url);
  // A void (DELETE of an order item) carries its reason in a body.
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || /\/items\/:itemId$/.test(url);

  const roles = policy === 'any' ? 'any member' : policy === 'owner' ? 'the owner' : policy.join(', ');
  it(`${method} ${url}: 401 without token, 404 to other restaurants, open only to ${roles}`, async () => {
    const before = await snapshot();
    const target = concrete(url, a.eateryId);
    const body = hasBody ? '{}' : undefined;

    // (a) no token, or a token that is not ours: garbage, another scheme, a member's claims signed with another key
    const forged = signJwt({ sub: members.EATERY_ADMIN!.id, eid: a.eateryId }, 'x'.repeat(48), 900);
    const strangers: Record<string, string>[] = [
      {},
      { authorization: 'Bearer not.a.jwt' },
      { authorization: 'Basic abc' },
      bearer(forged),
    ];
    for (const headers of strangers) {
      const res = await send(method, target.path, headers, body);
      expect(res.statusCode, describeCall('no token', method, target.path, res)).toBe(401);
      expect(res.json().messageKey).toBe('jwtInvalid');
    }

    // (b) the owner of another restaurant, on this restaurant
    const outsider = await send(method, target.path, bearer(b.token), body);
    expect(outsider.statusCode, describeCall('outsider', method, target.path, outsider)).toBe(404);
    expect(outsider.json().messageKey).toBe('notYourResource');

    // (b') the same outsider on their own restaurant with this restaurant's ids: never a success
    if (url !== EATERY_PREFIX && /:[A-Za-z]/.test(url.slice(EATERY_PREFIX.length))) {
      const cross = concrete(url, b.eateryId);
      const res = await send(method, cross.path, bearer(b.token), body);
      const why = describeCall('foreign ids', method, cross.path, res);
      if (cross.resolved && !hasBody) expect(res.statusCode, why).toBe(404);
      else expect(res.statusCode, why).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, why).not.toBe(500);
    }

    // (c) each role of this restaurant
    for (const role of [ADMIN, KITCHEN, WAITER, CASHIER] as const) {
      const member = members[role]!;
      const allowed = policy === 'any' || (policy !== 'owner' && policy.includes(role));
      if (!allowed) {
        const res = await send(method, target.path, bearer(member.token), body);
        expect(res.statusCode, describeCall(role, method, target.path, res)).toBe(403);
        expect(res.json().messageKey).toBe('accessDenied');
      } else if (method === 'GET') {
        const res = await send(method, target.path, bearer(member.token));
        const why = describeCall(role, method, target.path, res);
        expect([401, 403], why).not.toContain(res.statusCode);
        expect(res.statusCode, why).toBeLessThan(500);
        if (target.resolved) expect(res.statusCode, why).not.toBe(404);
      } else if (hasBody && !SUCCEEDS_WITHOUT_BODY.has(`${method} ${url}`)) {
        const res = await send(method, target.path, bearer(member.token), INVALID_BODY);
        const why = describeCall(role, method, target.path, res);
        expect([401, 403, 404, 500], why).not.toContain(res.statusCode);
        expect(res.statusCode, why).toBeGreaterThanOrEqual(400);
      }
      // An allowed DELETE (or a SUCCEEDS_WITHOUT_BODY edit) is not called: it would succeed. The module's own tests
      // cover it.
    }

    expect(await snapshot(), `${method} ${url} changed the database`).toBe(before);
  });
}
