/**
 * Fuzzing every route: a property-based test (fast-check) generated from the OpenAPI document. Every
 * operation gets random requests: bodies (schema-shaped, the schema's field names with junk values, any JSON value,
 * huge strings, unicode), path parameters (real ids of the restaurant, another restaurant's ids, numbers, negative,
 * huge, `0x1`, `1e0`, strings), query strings, content types (JSON, broken JSON, text/plain, form-urlencoded,
 * multipart with junk), mostly with the owner's token of a seeded restaurant, sometimes a waiter's, none, or a bad
 * one. Every answer must be < 500; every 4xx must carry `{messageKey, message, details?}` with a key of ERROR_KEYS
 * and change nothing in the database (a checksum of every table before and after); a GET changes nothing either;
 * a path id that is not plain decimal digits is never resolved.
 *
 * Successful writes are fine: after one, the fixtures are repaired (a deleted restaurant or dish is recreated) and
 * the checksum taken again. Routes the router has beyond the OpenAPI document are fuzzed too, without schemas.
 *
 * Runs: FUZZ_RUNS (default 20) requests per route; FUZZ_SEED (default below) fixes the random sequence, and a
 * failure prints the seed and the request. `FUZZ_RUNS=500 npm run test -w apps/server -- fuzz-routes` for a long run.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categoryData, DEVICE_COOKIE, dishData, predefinedCategoryBody } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import type { Database } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { signJwt } from '../src/plugins/jwt.js';
import {
  CANONICAL_ID,
  changedTables,
  checksum,
  checksumQuery,
  errorBodyProblem,
  formUrlEncoded,
  ID_FORMS,
  type JsonSchema,
  kindOf,
  listTables,
  multipartBody,
  type OpenApiDoc,
  type Operation,
  operationsFromOpenApi,
  Ref,
  type RequestPlan,
  requestPlan,
  resolveRefs,
} from './fuzz-helpers.js';
import {
  bearer,
  loginAs,
  openTestDatabase,
  type Owner,
  PASSWORD,
  registerOwner,
  routerRoutes,
  testConfig,
} from './helper.js';
import { addStaff, fixtureImage } from './menu-fixtures.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 1_212_012);

/** Routes that cannot be fuzzed safely, with the reason (printed). None so far: fixtures are repaired instead. */
const EXCLUDED: Record<string, string> = {};

/**
 * Changes a 4xx (or a GET) may make, by design, with the reason (printed). A refresh token used twice answers 401
 * and revokes its whole family (theft detection); logout is a GET that revokes the cookie's token.
 */
const ALLOWED_CHANGES: { url: RegExp; table: string; why: string }[] = [
  {
    url: /^\/api\/auth\//,
    table: 'refresh_tokens',
    why: 'a reused refresh token is refused (401) and revokes its family; GET logout revokes the token',
  },
  {
    url: /^\/api\/auth\//,
    table: 'access_version',
    why: 'ending a session (logout, a reused refresh token) moves the shared access version, so instances re-check',
  },
];

/**
 * Open defects found by this fuzzer, waiting for a server fix. A request that fails only in one of these ways is
 * counted and printed, not failed, so that the fuzzer keeps looking for new defects; FUZZ_STRICT=1 fails on them
 * too. Give each one a plain `it.fails` case in the last describe block. When the server is fixed, delete the entry
 * and turn its `it.fails` into an `it`.
 */
const KNOWN_DEFECTS: { name: string; matches: (res: LightMyRequestResponse, err: Error | null) => boolean }[] = [
  // Fixed: FST_ERR_BAD_URL and FST_ERR_MAX_PARAM_LENGTH (frameworkErrors), busboy's 500s (readMenuForm).
];
const STRICT = process.env.FUZZ_STRICT === '1';
/** FUZZ_STATS=1 prints how many answers of each status every route gave (to see how deep the requests get). */
const STATS = process.env.FUZZ_STATS === '1';
const statusCounts = new Map<string, Map<number, number>>();
/** Known defects seen in this run: name -> a few requests that hit it. */
const seenDefects = new Map<string, string[]>();

const toSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
/** `data` of the multipart forms, which the OpenAPI document cannot describe (the handler parses the form). */
const FORM_SCHEMAS: Record<string, JsonSchema> = {
  'POST /api/eatery/:id/category': toSchema(categoryData),
  'PUT /api/eatery/:id/category/:categoryId': toSchema(categoryData),
  'POST /api/eatery/:id/category/:categoryId/dish': toSchema(dishData),
  'PUT /api/eatery/:id/category/:categoryId/dish/:dishId': toSchema(dishData),
  'POST /api/eatery/:id/category/predefined': toSchema(predefinedCategoryBody),
};

// Built before the tests are collected: one test per route.
const config = testConfig({ rateLimits: false });
const database: Database = await openTestDatabase();
const app: FastifyInstance = await buildApp(config, database);
/** The last unhandled error, for the report of a 5xx. */
let lastError: Error | null = null;
app.addHook('onError', async (_request, _reply, err) => {
  lastError = err;
});
await app.ready();

const doc = (app as unknown as { swagger(): OpenApiDoc }).swagger();
const documented = operationsFromOpenApi(doc, FORM_SCHEMAS);
const documentedKeys = new Set(documented.map((o) => `${o.method} ${o.url}`));
const undocumented: Operation[] = routerRoutes(app)
  .filter((r) => !documentedKeys.has(`${r.method} ${r.url}`))
  .map((r) => ({ ...r, pathParams: [], queryParams: [], multipart: false, documented: false }));
const operations = [...documented, ...undocumented].filter((o) => !(`${o.method} ${o.url}` in EXCLUDED));

afterAll(async () => {
  const lines = [...seenDefects].map(([name, hits]) => `  ${name}: ${hits.length} request(s), e.g. ${hits[0]}`);
  if (STATS) {
    const rows = [...statusCounts].map(
      ([route, counts]) =>
        `  ${route}: ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([code, n]) => `${code}×${n}`)
          .join(' ')}`,
    );
    console.log(`fuzz: answers per route\n${rows.join('\n')}`);
  }
  if (lines.length > 0) console.warn(`fuzz: known defects hit (see KNOWN_DEFECTS):\n${lines.join('\n')}`);
  await app.close();
  await database.close();
});

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: restaurant A (fuzzed) and restaurant B (whose ids are thrown at A's routes)

interface Tenant {
  name: string;
  owner: Owner;
  waiterId: number;
  waiterToken: string;
  ids: {
    table: number;
    category: number;
    department: number;
    dish: number;
    order: number;
    item: number;
    assignment: number;
  };
}

let A: Tenant;
let B: Tenant;
const catalog = { key: '', image: '', imageId: 0 };
/** A valid device id, so that guest reads find the orders placed with it. */
const DEVICE_ID = 'fuzzFuzzFuzzFuzzFuzz00';

async function seedTenant(name: string): Promise<Tenant> {
  const owner = await registerOwner(app, { restaurant: name });
  const waiter = await addStaff(app, owner.eateryId, ['WAITER']);
  const t: Tenant = {
    name,
    owner,
    waiterId: waiter.userId,
    waiterToken: waiter.token,
    ids: { table: 0, category: 0, department: 0, dish: 0, order: 0, item: 0, assignment: 0 },
  };
  await ensureFixtures(t);
  return t;
}

/** Recreates whatever fixture a successful request deleted, closed or moved away. */
async function ensureFixtures(t: Tenant) {
  const db = app.db;
  const e = t.owner.eateryId;
  const ids = t.ids;

  const [table] = await db
    .select()
    .from(schema.tables)
    .where(and(eq(schema.tables.id, ids.table), eq(schema.tables.eateryId, e)));
  if (!table) {
    const number = `F${Date.now() % 1e6}${Math.floor(Math.random() * 1e3)}`;
    [{ id: ids.table }] = await db.insert(schema.tables).values({ eateryId: e, number }).returning();
  } else if (table.status !== 'ACTIVE') {
    await db.update(schema.tables).set({ status: 'ACTIVE' }).where(eq(schema.tables.id, table.id));
  }

  const [category] = await db
    .select({ id: schema.categories.id })
    .from(schema.categories)
    .where(and(eq(schema.categories.id, ids.category), eq(schema.categories.eateryId, e)));
  if (!category) {
    [{ id: ids.category }] = await db.insert(schema.categories).values({ eateryId: e, nameEn: 'Soups' }).returning();
  }

  const [department] = await db
    .select({ id: schema.kitchenDepartments.id })
    .from(schema.kitchenDepartments)
    .where(and(eq(schema.kitchenDepartments.id, ids.department), eq(schema.kitchenDepartments.eateryId, e)));
  if (!department) {
    [{ id: ids.department }] = await db
      .insert(schema.kitchenDepartments)
      .values({ eateryId: e, name: `Hot kitchen ${Date.now()}${Math.random()}` })
      .returning();
  }

  const [dish] = await db
    .select()
    .from(schema.dishes)
    .where(
      and(
        eq(schema.dishes.id, ids.dish),
        eq(schema.dishes.eateryId, e),
        eq(schema.dishes.categoryId, ids.category),
        isNull(schema.dishes.archivedAt),
      ),
    );
  if (!dish) {
    [{ id: ids.dish }] = await db
      .insert(schema.dishes)
      .values({
        eateryId: e,
        categoryId: ids.category,
        nameEn: 'Lentil soup',
        price: '4.50',
        kitchenDepartmentId: ids.department,
      })
      .returning();
  } else if (!dish.available) {
    await db.update(schema.dishes).set({ available: true }).where(eq(schema.dishes.id, dish.id));
  }

  const [order] = await db
    .select({ id: schema.orders.id })
    .from(schema.orders)
    .where(
      and(
        eq(schema.orders.id, ids.order),
        eq(schema.orders.eateryId, e),
        inArray(schema.orders.status, ['CREATED', 'PROCESSING', 'PREPARING', 'READY']),
      ),
    );
  if (!order) {
    [{ id: ids.order }] = await db
      .insert(schema.orders)
      .values({ eateryId: e, tableId: ids.table, tableNumber: 'T', status: 'CREATED', deviceId: DEVICE_ID })
      .returning();
  }

  const [item] = await db
    .select({ id: schema.orderItems.id })
    .from(schema.orderItems)
    .where(
      and(
        eq(schema.orderItems.id, ids.item),
        eq(schema.orderItems.orderId, ids.order),
        ne(schema.orderItems.status, 'DELETED'),
      ),
    );
  if (!item) {
    [{ id: ids.item }] = await db
      .insert(schema.orderItems)
      .values({ orderId: ids.order, dishId: ids.dish, name: 'Lentil soup', price: '4.50', quantity: 2 })
      .returning();
  }

  const [member] = await db
    .select({ userId: schema.memberships.userId })
    .from(schema.memberships)
    .where(and(eq(schema.memberships.userId, t.waiterId), eq(schema.memberships.eateryId, e)));
  if (!member) {
    const waiter = await addStaff(app, e, ['WAITER']);
    t.waiterId = waiter.userId;
    t.waiterToken = waiter.token;
  }

  const [assignment] = await db
    .select({ id: schema.tableAssignments.id })
    .from(schema.tableAssignments)
    .where(and(eq(schema.tableAssignments.id, ids.assignment), eq(schema.tableAssignments.eateryId, e)));
  if (!assignment) {
    const [existing] = await db
      .select({ id: schema.tableAssignments.id })
      .from(schema.tableAssignments)
      .where(and(eq(schema.tableAssignments.tableId, ids.table), eq(schema.tableAssignments.waiterId, t.waiterId)));
    ids.assignment =
      existing?.id ??
      (
        await db
          .insert(schema.tableAssignments)
          .values({ eateryId: e, tableId: ids.table, waiterId: t.waiterId })
          .returning()
      )[0].id;
  }
}

async function ensureImage() {
  const bytes = fixtureImage('plov.webp');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await app.db.insert(schema.images).values({ sha256, bytes, width: 1, height: 1 }).onConflictDoNothing();
  const [row] = await app.db
    .select({ id: schema.images.id })
    .from(schema.images)
    .where(eq(schema.images.sha256, sha256));
  catalog.imageId = row.id;
}

/** Is the owner's refresh cookie still a live token? (Logout and reuse detection revoke it.) */
async function cookieIsLive(t: Tenant) {
  const token = decodeURIComponent(t.owner.cookie.replace(/^refresh_token=/, ''));
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await app.db
    .select({ id: schema.refreshTokens.id })
    .from(schema.refreshTokens)
    .where(and(eq(schema.refreshTokens.tokenHash, hash), isNull(schema.refreshTokens.revokedAt)));
  return row !== undefined;
}

/** After a request that may have written: A and B as the fuzzer needs them (a new tenant when one is lost). */
async function ensureTenant(t: Tenant): Promise<Tenant> {
  const probe = await app.inject({
    method: 'GET',
    url: `/api/eatery/${t.owner.eateryId}`,
    headers: bearer(t.owner.token),
  });
  if (probe.statusCode !== 200) return seedTenant(t.name); // the restaurant was deleted
  await ensureFixtures(t);
  if (!(await cookieIsLive(t))) {
    const login = await loginAs(app, t.owner.email, PASSWORD);
    if (login.statusCode !== 200) return seedTenant(t.name); // the owner's e-mail or password was changed
    const c = login.cookies.find((x) => x.name === 'refresh_token');
    t.owner.cookie = `refresh_token=${c?.value ?? ''}`;
  }
  return t;
}

async function ensureWorld() {
  A = await ensureTenant(A);
  B = await ensureTenant(B);
  await ensureImage();
}

let tables: string[] = [];
let checksumSql = '';
const takeChecksum = () => checksum(app.db, checksumSql);

beforeAll(async () => {
  A = await seedTenant('Fuzz A');
  B = await seedTenant('Fuzz B');
  await ensureImage();
  const common = await app.inject({ method: 'GET', url: '/api/category/common', headers: bearer(A.owner.token) });
  const first = (common.json() as { key: string }[])[0];
  catalog.key = first?.key ?? 'salads';
  const dishes = await app.inject({
    method: 'GET',
    url: `/api/dish/common/${catalog.key}`,
    headers: bearer(A.owner.token),
  });
  catalog.image = (dishes.json() as { image: string | null }[]).find((d) => d.image)?.image ?? 'plov.webp';
  tables = await listTables(app.db);
  checksumSql = checksumQuery(tables);

  const lines = [
    `fuzz: ${documented.length} operations from the OpenAPI document, ${RUNS} requests each, seed ${SEED}`,
    `fuzz: router routes outside the document, fuzzed without schemas: ${
      undocumented.map((o) => `${o.method} ${o.url}`).join(', ') || 'none'
    }`,
    `fuzz: excluded routes: ${
      Object.entries(EXCLUDED)
        .map(([k, why]) => `${k} (${why})`)
        .join('; ') || 'none'
    }`,
    `fuzz: tables checked: ${tables.join(', ')}`,
    ...ALLOWED_CHANGES.map((a) => `fuzz: allowed change: ${a.table} on ${a.url.source}: ${a.why}`),
  ];
  console.log(lines.join('\n'));
});

// ---------------------------------------------------------------------------------------------------------------
// Sending a plan

function resolve(ref: Ref): string | number {
  const t = ref.tenant === 'A' ? A : B;
  switch (ref.kind) {
    case 'eatery':
      return t.owner.eateryId;
    case 'owner':
      return t.owner.userId;
    case 'user':
      return t.waiterId;
    case 'image':
      return catalog.imageId;
    case 'catalogKey':
      return catalog.key;
    case 'catalogImage':
      return catalog.image;
    default:
      return t.ids[ref.kind];
  }
}

const photo = fixtureImage('plov.webp');

function toInject(op: Operation, plan: RequestPlan): InjectOptions & { url: string } {
  const path = op.url
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const v = plan.pathValues[name];
      if (!(v instanceof Ref)) return v;
      const id = resolve(v);
      return v.form && typeof id === 'number' ? ID_FORMS[v.form](id) : encodeURIComponent(String(id));
    })
    .replace(/\*/, () => {
      const v = plan.pathValues['*'];
      return v instanceof Ref ? String(resolve(v)) : (v ?? '');
    });
  const url = plan.query ? `${path}?${plan.query}` : path;

  const headers: Record<string, string> = {};
  const claims = { sub: A.owner.userId, eid: A.owner.eateryId };
  if (plan.auth === 'owner') headers.authorization = `Bearer ${A.owner.token}`;
  if (plan.auth === 'waiter') headers.authorization = `Bearer ${A.waiterToken}`;
  if (plan.auth === 'garbage') headers.authorization = 'Bearer not.a.jwt';
  if (plan.auth === 'expired') headers.authorization = `Bearer ${signJwt(claims, config.jwtSecret, -60)}`;
  if (plan.auth === 'forged') headers.authorization = `Bearer ${signJwt(claims, 'x'.repeat(48), 900)}`;
  if (plan.cookie === 'refresh') headers.cookie = A.owner.cookie;
  if (plan.cookie === 'junkRefresh') headers.cookie = 'refresh_token=abc; refresh_token=def';
  if (plan.cookie === 'junkDevice') headers.cookie = `${DEVICE_COOKIE}=${DEVICE_ID}; ${DEVICE_COOKIE}=x`;
  if (plan.cookie === 'huge') headers.cookie = `refresh_token=${'a'.repeat(8000)}; ${DEVICE_COOKIE}=${DEVICE_ID}`;
  if (plan.cookie === 'none' && op.url.startsWith('/api/client/')) headers.cookie = `${DEVICE_COOKIE}=${DEVICE_ID}`;
  if (plan.idempotencyKey !== null) headers['idempotency-key'] = plan.idempotencyKey;
  if (plan.ifNoneMatch !== null) headers['if-none-match'] = plan.ifNoneMatch;

  const body = plan.body;
  const method = plan.method as 'GET';
  const refs = (v: unknown) => resolveRefs(v, resolve);
  switch (body.kind) {
    case 'none':
      return { method, url, headers };
    case 'json':
      headers['content-type'] = 'application/json';
      return { method, url, headers, payload: JSON.stringify(refs(body.value)) ?? 'null' };
    case 'raw':
      if (body.contentType !== null) headers['content-type'] = body.contentType;
      return { method, url, headers, payload: body.text };
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return { method, url, headers, payload: formUrlEncoded(refs(body.value)) };
    case 'multipart': {
      const parts = body.parts.map((p) => ({ ...p, value: Buffer.isBuffer(p.value) ? p.value : refs(p.value) }));
      const form = multipartBody(parts, body.damage, photo);
      headers['content-type'] = form.contentType;
      return { method, url, headers, payload: form.payload };
    }
  }
}

/** The stack of a server error and its cause (e.g. the zod issues of a response that does not fit its schema). */
function errorReport(err: Error | null): string {
  if (!err) return 'no error captured';
  const cause = (err as { cause?: unknown }).cause;
  const causeText =
    cause === undefined
      ? ''
      : `\n  cause: ${JSON.stringify(cause, Object.getOwnPropertyNames(cause ?? {})).slice(0, 1500)}`;
  return `${err.stack ?? err.message}${causeText}`;
}

function describeRequest(req: InjectOptions & { url: string }, plan: RequestPlan) {
  const payload = req.payload === undefined ? '' : String(req.payload);
  return [
    `${req.method} ${req.url.slice(0, 300)}`,
    `  auth: ${plan.auth}, cookie: ${plan.cookie}, headers: ${JSON.stringify(
      Object.fromEntries(Object.entries(req.headers ?? {}).filter(([k]) => k !== 'authorization')),
    ).slice(0, 400)}`,
    `  body (${payload.length} chars): ${payload.slice(0, 600)}`,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Tests

describe('route fuzzing', () => {
  it('covers every operation of the OpenAPI document, including the multipart forms', () => {
    expect(documented.length).toBeGreaterThan(50);
    for (const key of Object.keys(FORM_SCHEMAS)) expect(documentedKeys, key).toContain(key);
    for (const key of Object.keys(EXCLUDED)) expect(documentedKeys, `excluded ${key} exists`).toContain(key);
  });

  for (const op of operations) {
    const key = `${op.method} ${op.url}`;
    it(`${key}${op.documented ? '' : ' (not in the OpenAPI document)'}: < 500, 4xx error body, a 4xx changes nothing`, async () => {
      let current = await takeChecksum();
      const seed = SEED + (createHash('sha256').update(key).digest().readUInt32BE(0) % 1_000_000);
      const allowed = ALLOWED_CHANGES.filter((a) => a.url.test(op.url)).map((a) => a.table);
      const property = fc.asyncProperty(requestPlan(op), async (plan) => {
        const req = toInject(op, plan);
        lastError = null;
        const res = await app.inject(req);
        const status = res.statusCode;
        const counts = statusCounts.get(key) ?? new Map<number, number>();
        counts.set(status, (counts.get(status) ?? 0) + 1);
        statusCounts.set(key, counts);
        const problems: string[] = [];
        const known = STRICT ? undefined : KNOWN_DEFECTS.find((d) => d.matches(res, lastError));
        if (known) {
          const hits = seenDefects.get(known.name) ?? [];
          hits.push(`${req.method} ${req.url.slice(0, 120)}`);
          seenDefects.set(known.name, hits);
        }
        if (status >= 500 && !known) {
          problems.push(`answered ${status}: ${res.body.slice(0, 300)}\n  ${errorReport(lastError)}`);
        }
        // Any refusal (4xx, and a 5xx too) must carry the error body and leave the database as it was.
        const refused = status >= 400;
        if (refused && plan.method !== 'HEAD' && !known) {
          const problem = errorBodyProblem(res);
          if (problem) problems.push(`${status} without the error body (${problem}): ${res.body.slice(0, 300)}`);
        }
        for (const [name, value] of Object.entries(plan.pathValues)) {
          const kind = kindOf(name);
          const numeric = kind !== undefined && kind !== 'catalogKey';
          const written = value instanceof Ref ? (value.form ?? null) : CANONICAL_ID.test(value) ? null : value;
          if (numeric && written !== null && !refused) {
            problems.push(`path ${name} written as ${written} is not a decimal id, yet answered ${status}`);
          }
        }
        const readOnly = plan.method === 'GET' || plan.method === 'HEAD';
        if (refused || readOnly) {
          const after = await takeChecksum();
          const changed = changedTables(current, after).filter((t) => !allowed.includes(t));
          if (changed.length > 0) {
            problems.push(`${refused ? `a ${status}` : `a ${plan.method}`} changed table(s) ${changed.join(', ')}`);
          }
          current = after;
        }
        if ((!refused && !readOnly) || op.url.startsWith('/api/auth/')) {
          await ensureWorld();
          current = await takeChecksum();
        }
        if (problems.length > 0) {
          throw new Error(
            `${problems.join('\n')}\n${describeRequest(req, plan)}\n  (FUZZ_SEED=${SEED}, route seed ${seed})`,
          );
        }
      });
      await fc.assert(property, { numRuns: RUNS, seed, endOnFailure: true });
    }, 120_000);
  }
});

/** Defects the fuzzer found, one plain request each: they answered Fastify's own body or 500 before the fix. */
describe('defects the fuzzer found, fixed', () => {
  const expectErrorBody = (res: LightMyRequestResponse, status: number) => {
    expect(errorBodyProblem(res), res.body.slice(0, 300)).toBeNull();
    expect(res.statusCode).toBe(status);
  };

  it('a malformed percent-encoding in the path answers 400 with the error body', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/eatery/%E0%A4%A', headers: bearer(A.owner.token) });
    expectErrorBody(res, 400);
  });

  it('a path parameter over 100 characters answers the error body', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/eatery/${'9'.repeat(200)}`,
      headers: bearer(A.owner.token),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(errorBodyProblem(res), res.body.slice(0, 300)).toBeNull();
  });

  it('a truncated multipart category form answers 400, not 500', async () => {
    const form = multipartBody([{ name: 'data', value: { json: { nameEn: 'Cut short' } } }], 'truncate', photo);
    const res = await app.inject({
      method: 'POST',
      url: `/api/eatery/${A.owner.eateryId}/category`,
      headers: { ...bearer(A.owner.token), 'content-type': form.contentType },
      payload: form.payload,
    });
    expectErrorBody(res, 400);
  });

  it('a multipart Content-Type without boundary answers 4xx, not 500', async () => {
    const form = multipartBody([{ name: 'data', value: { json: { nameEn: 'No boundary' } } }], 'noBoundary', photo);
    const res = await app.inject({
      method: 'POST',
      url: `/api/eatery/${A.owner.eateryId}/category`,
      headers: { ...bearer(A.owner.token), 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(errorBodyProblem(res), res.body.slice(0, 300)).toBeNull();
  });
});
