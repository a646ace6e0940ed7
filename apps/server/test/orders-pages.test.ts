import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeOrderCursor, NEXT_CURSOR_HEADER, ORDER_PAGE_SIZE, type Order } from '@qr-menu/contract';
import { orders } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeEatery, type TestEatery } from './orders-fixtures.js';

/** The staff orders list pages with a cursor instead of stopping silently at 1 000. */

const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
const DAY_ORDERS = 1751;
const header = NEXT_CURSOR_HEADER.toLowerCase();

const list = (eateryId: number, query: string, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/eatery/${eateryId}/orders${query}`, headers: bearer(token) });

/** Every page of `query`, following X-Next-Cursor; the ids in the order received and the page sizes. */
async function allPages(e: TestEatery, query: string, onPage?: (lastId: number) => Promise<void>) {
  const ids: number[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const sep = query ? '&' : '?';
    const res = await list(e.id, cursor ? `${query}${sep}cursor=${cursor}` : query, e.waiter.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Order[]>();
    ids.push(...page.map((o) => o.id));
    sizes.push(page.length);
    cursor = res.headers[header] as string | undefined;
    if (!cursor) break;
    await onPage?.(ids[ids.length - 1]);
  }
  return { ids, sizes };
}

/** Inserts `count` orders on 2024-05-01 (Baku) in one statement; many share one created_at (ties broken by id). */
async function insertDay(e: TestEatery, count: number, status = 'CREATED') {
  await ctx.app.db.execute(sql`
    insert into ${orders} (eatery_id, table_id, table_number, status, created_at)
    select ${e.id}, ${e.tableId}, '1', ${status},
           timestamptz '2024-05-01 09:00:00+04' + (g / 3) * interval '17 seconds'
    from generate_series(1, ${count}) as g`);
}

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  await insertDay(A, DAY_ORDERS);
  // Other days and statuses, to check the filters on every page.
  await ctx.app.db.execute(sql`
    insert into ${orders} (eatery_id, table_id, table_number, status, created_at)
    select ${A.id}, ${A.tableId}, '1', case when g % 2 = 0 then 'PAID' else 'READY' end,
           timestamptz '2024-05-02 10:00:00+04' + g * interval '1 second'
    from generate_series(1, 450) as g`);
  await insertDay(B, 30);
});

/** The ids the database holds for a filter, newest first (the expected answer). */
async function expectedIds(eateryId: number, where = sql`true`) {
  const rows = await ctx.app.db.execute<{ id: number }>(
    sql`select id from ${orders} where eatery_id = ${eateryId} and ${where} order by created_at desc, id desc`,
  );
  return rows.rows.map((r) => Number(r.id));
}

describe('GET /api/eatery/:id/orders pages', () => {
  it('returns all 1 751 orders of one day across pages: none missing, none twice, newest first', async () => {
    const { ids, sizes } = await allPages(A, '?from=2024-05-01&to=2024-05-01');
    expect(ids).toHaveLength(DAY_ORDERS);
    expect(new Set(ids).size).toBe(DAY_ORDERS);
    const day = await expectedIds(A.id, sql`created_at < timestamptz '2024-05-02 00:00:00+04'`);
    expect(ids).toEqual(day);
    expect(sizes.slice(0, -1).every((n) => n === ORDER_PAGE_SIZE)).toBe(true);
    expect(sizes).toHaveLength(Math.ceil(DAY_ORDERS / ORDER_PAGE_SIZE));
  });

  it('honours limit up to 1000; the last page sends no cursor', async () => {
    const { ids, sizes } = await allPages(A, '?from=2024-05-01&to=2024-05-01&limit=1000');
    expect(sizes).toEqual([1000, 751]);
    expect(new Set(ids).size).toBe(DAY_ORDERS);
    const small = await list(A.id, '?limit=7', A.waiter.token);
    expect(small.json()).toHaveLength(7);
    expect(small.headers[header]).toEqual(expect.any(String));
    const exact = await list(B.id, '?limit=30', B.waiter.token);
    expect(exact.json()).toHaveLength(30);
    expect(exact.headers[header]).toBeUndefined();
  });

  it('a new order placed between pages neither shifts nor repeats the next page', async () => {
    const before = await expectedIds(A.id);
    let added = 0;
    const { ids } = await allPages(A, '?limit=500', async (lastId) => {
      // A newer order (now), and one with the same created_at as the last order shown: its higher id puts it
      // before that order, on a page already read.
      added++;
      await ctx.app.db.execute(sql`
        insert into ${orders} (eatery_id, table_id, table_number, created_at)
        values (${A.id}, ${A.tableId}, '1', now()),
               (${A.id}, ${A.tableId}, '1', (select created_at from ${orders} where id = ${lastId}))`);
    });
    expect(added).toBeGreaterThan(0);
    expect(ids).toEqual(before);
  });

  it('applies the status and date filters on every page', async () => {
    const paid = await allPages(A, '?status=PAID&from=2024-05-02&to=2024-05-02&limit=40');
    expect(paid.ids).toEqual(await expectedIds(A.id, sql`status = 'PAID'`));
    expect(paid.ids).toHaveLength(225);
    expect(paid.sizes).toHaveLength(6);
    const day2 = await allPages(A, '?from=2024-05-02&to=2024-05-02&limit=100');
    expect(day2.ids).toHaveLength(450);
    expect(day2.ids).toEqual(
      await expectedIds(A.id, sql`created_at >= timestamptz '2024-05-02 00:00:00+04' and created_at < '2024-05-03'`),
    );
  });

  it('answers 400 validation on cursor or limit for a bad cursor, limit 0 or limit 1001', async () => {
    const good = (await list(A.id, '?limit=1', A.waiter.token)).headers[header] as string;
    for (const [q, field] of [
      ['?cursor=nope!', 'cursor'],
      ['?cursor=MTIz', 'cursor'], // base64url of "123": no id
      [`?cursor=${good}==`, 'cursor'], // padded: not the canonical spelling
      [`?cursor=${Buffer.from('1.0').toString('base64url')}`, 'cursor'],
      [`?cursor=${Buffer.from('99999999999999999.1').toString('base64url')}`, 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?limit=-5', 'limit'],
      ['?limit=1e2', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=1&limit=2', 'limit'],
    ]) {
      const res = await list(A.id, q, A.waiter.token);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().messageKey, q).toBe('validation');
      expect(res.json().details, q).toContainEqual({ field, messageKey: 'validation.invalid' });
    }
    expect((await list(A.id, `?cursor=${good}&limit=1000`, A.waiter.token)).statusCode).toBe(200);
  });

  it("another restaurant's cursor gives nothing of theirs", async () => {
    const bRes = await list(B.id, '?limit=5', B.waiter.token);
    const bCursor = bRes.headers[header] as string;
    expect(bCursor).toEqual(expect.any(String));
    const withB = await list(A.id, `?cursor=${bCursor}&limit=1000`, A.waiter.token);
    expect(withB.statusCode).toBe(200);
    expect(withB.json<Order[]>().every((o) => o.eateryId === A.id)).toBe(true);
    // A cursor made up to point anywhere still reads only the caller's restaurant.
    const far = encodeOrderCursor({ createdAtMicros: 4_102_444_800_000_000, id: 2_147_483_647 });
    const res = await list(B.id, `?cursor=${far}&limit=1000`, A.waiter.token);
    expect(res.statusCode).toBe(404);
    const own = await list(B.id, `?cursor=${far}&limit=1000`, B.waiter.token);
    expect(own.json<Order[]>().map((o) => o.eateryId)).toEqual(new Array(30).fill(B.id));
  });
});
