import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import {
  createPostgresDatabase as createDatabaseOn,
  openPgliteCopy,
  type CreatedDatabase,
} from './template-database.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A cheap argon2id cost for tests, which hash hundreds of passwords (production's is PASSWORD_HASH_COST). */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 256, timeCost: 1 };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    rateLimits: true,
    logLevel: 'silent',
    webDist: '/nonexistent',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...overrides,
  };
}

/** A new, empty PostgreSQL database on the TEST_DATABASE_URL server: its name and URL, and how to drop it again. */
export function createPostgresDatabase(): Promise<CreatedDatabase> {
  return createDatabaseOn(TEST_DATABASE_URL!);
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL is set, a new
 * PostgreSQL database created for this file and dropped afterwards. Both are copies of the run's template
 * (global-setup.ts); without one (a run that skipped the global setup) the file migrates its own.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!TEST_DATABASE_URL) {
    const templateFile = inject('pgliteTemplateFile');
    return templateFile ? openPgliteCopy(templateFile) : openDatabase({ inMemory: true });
  }
  const created = await createDatabaseOn(TEST_DATABASE_URL, { template: inject('postgresTemplate') });
  const database = await openDatabase({ databaseUrl: created.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
}

/** Builds the app once for the test file and closes it afterwards. */
export function setupApp(overrides: Partial<AppConfig> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    ctx.database = await openTestDatabase();
    ctx.app = await buildApp(testConfig(overrides), ctx.database);
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}

let counter = 0;
/** A unique, valid e-mail for this run. */
export const uniqueEmail = (prefix = 'owner') => `${prefix}.${Date.now()}.${counter++}@example.com`;
export const PASSWORD = 'saffron-plov-7';

export interface Owner {
  userId: number;
  eateryId: number;
  email: string;
  token: string;
  cookie: string;
}

/** Registers an owner with a restaurant and logs in, through the API like a real client. */
export async function registerOwner(
  app: FastifyInstance,
  opts: { email?: string; restaurant?: string; ip?: string } = {},
): Promise<Owner> {
  const email = opts.email ?? uniqueEmail();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/admin/eatery',
    remoteAddress: opts.ip ?? randomIp(),
    payload: {
      user: { email, password: PASSWORD },
      restaurant: { name: opts.restaurant ?? 'Test Restaurant' },
      userProfileRequest: { name: 'Test Owner', phone: null },
    },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const { userId, eateryId } = reg.json();
  const login = await loginAs(app, email);
  return { userId, eateryId, email, token: login.json().jwt, cookie: refreshCookie(login) };
}

export function loginAs(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: randomIp(),
    payload: { email, password, eateryId: null },
  });
}

/** `refresh_token=...` from a response's Set-Cookie, ready to send back. */
export function refreshCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'refresh_token');
  if (!c) throw new Error('no refresh cookie');
  return `refresh_token=${c.value}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An error body without its request id, which differs from request to request: for telling two answers apart. */
export function errorBodyOf(res: { json(): unknown }): Record<string, unknown> {
  const { requestId, ...rest } = res.json() as Record<string, unknown>;
  expect(requestId).toEqual(expect.any(String));
  return rest;
}

/** A random address so that per-IP rate limits of one test do not leak into another. */
export function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Every method + path of the router, from `printRoutes` (the router's own view, hooks and prefixes applied). */
export function routerRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const found: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    const path = (depth > 0 ? stack[depth - 1] : '') + m[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (method && method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, url: path });
    }
  }
  return found;
}

/** Polls `probe` every 25 ms until it answers something (not undefined or false); throws after `ms`. */
export async function waitUntil<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  ms = 8000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== false) return found;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
