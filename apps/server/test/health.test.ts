import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/client.js';
import { databaseStatus } from '../src/db/status.js';
import { isDraining, startDraining } from '../src/modules/health/drain.js';
import { setupApp, testConfig } from './helper.js';

const ctx = setupApp();

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers 200 without a token, never cached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 200 when the database answers and every migration is applied', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('both are in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/health/live'].get).toBeDefined();
    expect(Object.keys(doc.paths['/api/health/ready'].get.responses).sort()).toEqual(['200', '503']);
  });

  it('a database missing a migration is not ready', async () => {
    const { db } = ctx.database;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1`);
    try {
      expect(await databaseStatus(db)).toEqual({ database: 'ok', migrations: 'pending' });
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at + 1`);
    }
    await db.execute(sql`alter table drizzle.__drizzle_migrations rename to migrations_away`);
    try {
      expect(await databaseStatus(db)).toEqual({ database: 'ok', migrations: 'pending' });
    } finally {
      await db.execute(sql`alter table drizzle.migrations_away rename to __drizzle_migrations`);
    }
    expect(await databaseStatus(db)).toEqual({ database: 'ok', migrations: 'ok' });
  });

  it('ready answers 503 when the database is down, and live still 200', async () => {
    const down = { execute: () => Promise.reject(new Error('Connection terminated unexpectedly')) };
    const app = await buildApp(testConfig(), { ...ctx.database, db: down as unknown as Db });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a database that does not answer in time counts as down', async () => {
    const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;
    expect(await databaseStatus(hanging, 50)).toEqual({ database: 'down', migrations: 'unknown' });
  });

  it('ready answers 503 "draining" once draining starts; closing the app starts it', async () => {
    const app = await buildApp(testConfig(), ctx.database);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    startDraining(app);
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining', database: 'unknown', migrations: 'unknown' });
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    const other = await buildApp(testConfig(), ctx.database);
    await other.ready();
    expect(isDraining(other)).toBe(false);
    await other.close();
    expect(isDraining(other)).toBe(true);
    await app.close();
  });
});
