import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GUEST_ROUTES, type Order } from '@qr-menu/contract';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { orders } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import type { ListOptions } from '../src/modules/orders/order-queries.js';
import { OrdersListCache, listQueryKey, type CachedPage } from '../src/modules/orders/orders-list-cache.js';
import { TEST_DATABASE_URL, bearer, createPostgresDatabase, randomIp, setupApp, testConfig } from './helper.js';
import { makeDish, makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';

/** The staff orders list answered from memory, and every change shown at once. */

const page = (text: string): CachedPage => ({ body: Buffer.from(text), nextCursor: null });
const loadOf = (text: string) => async () => page(text);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('OrdersListCache', () => {
  it('keeps a page until its restaurant changes; other restaurants keep theirs', async () => {
    const cache = new OrdersListCache();
    expect((await cache.page(1, 'q', loadOf('a1'))).body.toString()).toBe('a1');
    expect((await cache.page(1, 'q', loadOf('a2'))).body.toString()).toBe('a1');
    expect((await cache.page(2, 'q', loadOf('b1'))).body.toString()).toBe('b1');
    cache.invalidate(1);
    expect((await cache.page(1, 'q', loadOf('a3'))).body.toString()).toBe('a3');
    expect((await cache.page(2, 'q', loadOf('b2'))).body.toString()).toBe('b1');
    cache.clear();
    expect((await cache.page(2, 'q', loadOf('b3'))).body.toString()).toBe('b3');
  });

  it('does not keep a page read while its restaurant changed (or everything was cleared)', async () => {
    const cache = new OrdersListCache();
    const racing = (change: () => void) => async () => {
      change(); // the change lands while the page is being read
      return page('old');
    };
    expect(
      (
        await cache.page(
          1,
          'q',
          racing(() => cache.invalidate(1)),
        )
      ).body.toString(),
    ).toBe('old');
    expect((await cache.page(1, 'q', loadOf('new'))).body.toString()).toBe('new');
    cache.invalidate(1);
    expect(
      (
        await cache.page(
          1,
          'q',
          racing(() => cache.clear()),
        )
      ).body.toString(),
    ).toBe('old');
    expect((await cache.page(1, 'q', loadOf('new'))).body.toString()).toBe('new');
    // Another restaurant's change does not matter.
    cache.invalidate(1);
    expect(
      (
        await cache.page(
          1,
          'q',
          racing(() => cache.invalidate(2)),
        )
      ).body.toString(),
    ).toBe('old');
    expect((await cache.page(1, 'q', loadOf('new'))).body.toString()).toBe('old');
  });

  it('is neither read nor filled while changes could be missed', async () => {
    let usable = true;
    const cache = new OrdersListCache(() => usable);
    await cache.page(1, 'q', loadOf('a1'));
    usable = false;
    expect((await cache.page(1, 'q', loadOf('a2'))).body.toString()).toBe('a2');
    expect((await cache.page(1, 'q', loadOf('a3'))).body.toString()).toBe('a3');
    // Lost while a read was under way: not kept either.
    usable = true;
    cache.clear();
    await cache.page(1, 'q', async () => {
      usable = false;
      return page('a4');
    });
    usable = true;
    expect((await cache.page(1, 'q', loadOf('a5'))).body.toString()).toBe('a5');
  });

  it('expires pages after its TTL', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new OrdersListCache(() => true, 30);
      await cache.page(1, 'q', loadOf('a1'));
      vi.advanceTimersByTime(29);
      expect((await cache.page(1, 'q', loadOf('a2'))).body.toString()).toBe('a1');
      vi.advanceTimersByTime(1);
      expect((await cache.page(1, 'q', loadOf('a3'))).body.toString()).toBe('a3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('bounds its memory: pages per restaurant and bytes, least recently used out first', async () => {
    const cache = new OrdersListCache(() => true, 60_000, 10, 2);
    await cache.page(1, 'a', loadOf('aaa'));
    await cache.page(1, 'b', loadOf('bbb'));
    await cache.page(1, 'a', loadOf('--')); // a used: b is now the least recently used of restaurant 1
    await cache.page(1, 'c', loadOf('ccc'));
    expect(cache.size).toBe(2);
    expect((await cache.page(1, 'b', loadOf('b2'))).body.toString()).toBe('b2'); // b was dropped
    expect(cache.bytes).toBeLessThanOrEqual(10);
    await cache.page(2, 'x', loadOf('xxxxxx')); // over 10 bytes: the least recently used pages go
    expect(cache.bytes).toBeLessThanOrEqual(10);
    expect((await cache.page(2, 'x', loadOf('--'))).body.toString()).toBe('xxxxxx');
    await cache.page(3, 'big', loadOf('x'.repeat(11))); // larger than the whole budget: not kept
    expect((await cache.page(3, 'big', loadOf('small'))).body.toString()).toBe('small');
  });

  it('keys a query by its filters, not their order in the URL', () => {
    const q: ListOptions = { from: '2025-01-01', to: '2025-01-02', status: 'READY' };
    expect(listQueryKey(q)).toBe(listQueryKey({ status: 'READY', to: '2025-01-02', from: '2025-01-01' }));
    expect(listQueryKey(q)).not.toBe(listQueryKey({ ...q, to: '2025-01-03' }));
    expect(listQueryKey({ limit: 5 })).not.toBe(listQueryKey({ limit: 50 }));
    expect(listQueryKey({ cursor: { createdAtMicros: 1, id: 22 } })).not.toBe(
      listQueryKey({ cursor: { createdAtMicros: 12, id: 2 } }),
    );
  });
});

const listUrl = (eateryId: number, query = '') => `/api/eatery/${eateryId}/orders${query}`;

async function listBody(app: FastifyInstance, e: TestEatery, query = '') {
  const res = await app.inject({ method: 'GET', url: listUrl(e.id, query), headers: bearer(e.waiter.token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
}

/** The list as the database has it now (through the same queries, without the cache). */
async function databaseList(app: FastifyInstance, e: TestEatery, opts: ListOptions = {}) {
  const { orders: list } = await app.services.orderQueries.list(e.id, opts);
  return JSON.parse(JSON.stringify(list)) as Order[];
}

/** A change made behind the app's back (no route, no event): invisible while the list is answered from memory. */
const noteBehindTheBack = (app: FastifyInstance, orderId: number, note: string) =>
  app.db.update(orders).set({ note }).where(eq(orders.id, orderId));

describe('the staff orders list from memory (one instance)', () => {
  const ctx = setupApp({ trustProxy: ['127.0.0.1'] });
  let A: TestEatery;
  let B: TestEatery;
  let dish: number;
  let bOrder: Order;

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function expectCurrent(e: TestEatery, query = '', opts: ListOptions = {}) {
    expect(JSON.parse(await listBody(ctx.app, e, query))).toEqual(await databaseList(ctx.app, e, opts));
  }

  async function placeOrder(e: TestEatery, token = e.waiter.token): Promise<Order> {
    const res = await call('POST', listUrl(e.id), token, {
      tableId: e.tableId,
      items: [{ dishId: dish, quantity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  beforeAll(async () => {
    A = await makeEatery(ctx.app);
    B = await makeEatery(ctx.app, { name: 'Other' });
    dish = await makeDish(ctx.app, A, { price: '4.50', nameEn: 'Soup', kitchenDepartmentId: A.departmentId });
    await placeOrder(A);
    const bDish = await makeDish(ctx.app, B, { price: '1.00', nameEn: 'Tea' });
    const res = await call('POST', listUrl(B.id), B.waiter.token, {
      tableId: B.tableId,
      items: [{ dishId: bDish, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    bOrder = res.json();
  });

  it('answers the same bytes from memory until something changes', async () => {
    const first = await listBody(ctx.app, A);
    const [order] = JSON.parse(first) as Order[];
    await noteBehindTheBack(ctx.app, order.id, 'changed behind the back');
    expect(await listBody(ctx.app, A)).toBe(first);
    expect(ctx.app.ordersListCache.size).toBeGreaterThan(0);
    // Another query of the same restaurant is a page of its own, read now.
    expect((JSON.parse(await listBody(ctx.app, A, '?limit=1')) as Order[])[0].note).toBe('changed behind the back');
    await placeOrder(A);
    await expectCurrent(A);
  });

  it('shows every kind of change at once: staff and guest orders, items, kitchen, bills, deletes, tables', async () => {
    let order = await placeOrder(A);
    await listBody(ctx.app, A); // cached
    const steps: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['new order (staff)', async () => ({ statusCode: 201, body: JSON.stringify((order = await placeOrder(A))) })],
      ['status', () => call('PUT', listUrl(A.id, `/${order.id}`), A.waiter.token, { status: 'PREPARING' })],
      ['note', () => call('PUT', listUrl(A.id, `/${order.id}`), A.waiter.token, { note: 'no onions' })],
      [
        'items added',
        () => call('POST', listUrl(A.id, `/${order.id}/items`), A.waiter.token, { dishId: dish, quantity: 1 }),
      ],
      [
        'item status (kitchen)',
        () =>
          call('PUT', listUrl(A.id, `/${order.id}/items/${order.items[0].id}`), A.kitchen.token, {
            status: 'PREPARING',
          }),
      ],
      [
        'item deleted',
        () =>
          call('DELETE', listUrl(A.id, `/${order.id}/items/${order.items[0].id}`), A.owner.token, { reason: 'Wrong' }),
      ],
      [
        'kitchen bump',
        () => call('POST', `/api/eatery/${A.id}/kitchen/tickets/${order.id}/2/bump`, A.kitchen.token, {}),
      ],
      [
        'bill discount',
        () =>
          call('PUT', `/api/eatery/${A.id}/bill/discount`, A.owner.token, {
            orderIds: [order.id],
            amount: 1,
            reason: 'Regular guest',
          }),
      ],
      [
        'bill paid',
        () =>
          call('POST', `/api/eatery/${A.id}/bill/payments`, A.cashier.token, { orderIds: [order.id], method: 'CASH' }),
      ],
      [
        'bill refunded (the paid order opens again)',
        () =>
          call('POST', `/api/eatery/${A.id}/bill/refunds`, A.owner.token, {
            orderIds: [order.id],
            amount: 1,
            method: 'CASH',
            reason: 'Overcharged',
          }),
      ],
      [
        'order reopened after being cancelled',
        async () => {
          const refundRest = await call('POST', `/api/eatery/${A.id}/bill/refunds`, A.owner.token, {
            orderIds: [order.id],
            amount: (
              await ctx.app.inject({
                method: 'GET',
                url: `/api/eatery/${A.id}/bill?orderIds=${order.id}`,
                headers: bearer(A.owner.token),
              })
            ).json().paid,
            method: 'CASH',
            reason: 'Guest left',
          });
          if (refundRest.statusCode !== 200) return refundRest;
          const cancelled = await call('PUT', listUrl(A.id, `/${order.id}`), A.owner.token, { status: 'CANCELLED' });
          if (cancelled.statusCode !== 200) return cancelled;
          return call('POST', listUrl(A.id, `/${order.id}/reopen`), A.owner.token, { reason: 'Back again' });
        },
      ],
      [
        'order deleted (one without payments: their trail stays)',
        async () => call('DELETE', listUrl(A.id, `/${(await placeOrder(A)).id}`), A.owner.token),
      ],
    ];
    for (const [what, step] of steps) {
      const res = await step();
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300);
      await expectCurrent(A);
      await listBody(ctx.app, A); // cached again for the next step
    }
  });

  it('shows a guest order and the guest adding items at once', async () => {
    await listBody(ctx.app, A);
    const device = newDeviceId();
    const guest = (method: 'POST', url: string, payload: object) =>
      ctx.app.inject({ method, url, payload, cookies: { device_id: device }, remoteAddress: randomIp() });
    const placed = await guest('POST', GUEST_ROUTES.placeOrder(A.id, A.tableId), {
      items: [{ dishId: dish, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await expectCurrent(A);
    const added = await guest('POST', GUEST_ROUTES.addItems(A.id, placed.json().id), {
      items: [{ dishId: dish, quantity: 3 }],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    await expectCurrent(A);
  });

  it('shows changes that come without an order event: a deleted table, a new time zone', async () => {
    const table = await makeTable(ctx.app, A.id, 'T-gone');
    const res = await call('POST', listUrl(A.id), A.waiter.token, {
      tableId: table,
      items: [{ dishId: dish, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    const body = await listBody(ctx.app, A);
    expect((JSON.parse(body) as Order[]).find((o) => o.id === res.json().id)?.tableId).toBe(table);
    expect((await call('DELETE', `/api/eatery/${A.id}/table/${table}`, A.owner.token)).statusCode).toBe(204);
    expect((JSON.parse(await listBody(ctx.app, A)) as Order[]).find((o) => o.id === res.json().id)?.tableId).toBe(null);
    await expectCurrent(A);

    // Today in the restaurant's time zone (Asia/Baku): which orders the day holds depends on the zone.
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Baku' });
    const dayQuery = `?from=${day}&to=${day}`;
    const before = JSON.parse(await listBody(ctx.app, A, dayQuery)) as Order[];
    expect(before.map((o) => o.id)).toContain(res.json().id);
    // Changed behind the back: the page from before the zone change would not show it.
    await noteBehindTheBack(ctx.app, res.json().id, 'seen after the zone change');
    const zone = await call('PUT', `/api/eatery/${A.id}`, A.owner.token, {
      name: 'Test Restaurant',
      address: 'Nizami 10, Baku',
      phones: ['+994 50 123 45 67'],
      timeZone: 'Pacific/Kiritimati', // UTC+14: today's orders may fall on another day there
    });
    expect(zone.statusCode, zone.body).toBe(200);
    const after = JSON.parse(await listBody(ctx.app, A, dayQuery)) as Order[];
    expect(after).toEqual(await databaseList(ctx.app, A, { from: day, to: day }));
    expect(after).not.toEqual(before);
  });

  it("leaves another restaurant's pages alone", async () => {
    const bBody = await listBody(ctx.app, B);
    await noteBehindTheBack(ctx.app, bOrder.id, 'B changed behind the back');
    await placeOrder(A);
    expect(await listBody(ctx.app, B)).toBe(bBody); // still B's page from memory
    await expectCurrent(A);
  });

  it('a refused write (4xx) keeps the pages; a new order after it shows', async () => {
    const before = await listBody(ctx.app, A);
    const [first] = JSON.parse(before) as Order[];
    await noteBehindTheBack(ctx.app, first.id, 'behind the back again');
    const refused = await call('DELETE', listUrl(A.id, `/${first.id}`), A.waiter.token); // waiters may not delete
    expect(refused.statusCode).toBe(403);
    expect(await listBody(ctx.app, A)).toBe(before);
    await placeOrder(A);
    await expectCurrent(A);
  });
});

describe('the staff orders list from memory across instances (PostgreSQL)', () => {
  if (!TEST_DATABASE_URL) {
    console.warn('orders-list-cache.test.ts: two-instance tests skipped: TEST_DATABASE_URL is not set');
  }
  const instances: { app: FastifyInstance; database: Database }[] = [];
  let shared: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await shared?.drop();
  });

  /** Asks instance `app` until its list is what the database holds; the time it took. */
  async function untilCurrent(app: FastifyInstance, e: TestEatery, timeoutMs = 8000 /* below LIST_TTL_MS */) {
    const start = Date.now();
    for (;;) {
      const body = JSON.parse(await listBody(app, e)) as Order[];
      if (JSON.stringify(body) === JSON.stringify(await databaseList(app, e))) return Date.now() - start;
      if (Date.now() - start > timeoutMs) throw new Error(`instance still answers an old list after ${timeoutMs} ms`);
      await sleep(5);
    }
  }

  beforeAll(async () => {
    if (!TEST_DATABASE_URL) return;
    shared = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: shared.url });
      instances.push({ app: await buildApp(testConfig(), database), database });
    }
    await Promise.all(instances.map(({ app }) => app.listen({ port: 0, host: '127.0.0.1' })));
    // Until the instances hear each other (adapter heartbeats over NOTIFY).
    const start = Date.now();
    for (;;) {
      const counts = await Promise.all(instances.map(({ app }) => app.realtime.io!.of('/').adapter.serverCount()));
      if (counts.every((n) => n === 2)) break;
      if (Date.now() - start > 15000) throw new Error(`instances do not see each other: ${counts}`);
      await sleep(100);
    }
  });

  it.skipIf(!TEST_DATABASE_URL)(
    "a write on instance B drops instance A's page (order events and other writes); other restaurants keep theirs",
    async () => {
      const [a, b] = instances.map((i) => i.app);
      expect(a.realtime.remoteChangesHeard).toBe(true);
      const E = await makeEatery(a);
      const F = await makeEatery(a, { name: 'Other' });
      const dish = await makeDish(a, E, { price: '2.00', nameEn: 'Tea' });
      const fDish = await makeDish(a, F, { price: '3.00', nameEn: 'Coffee' });
      const fPlaced = await a.inject({
        method: 'POST',
        url: listUrl(F.id),
        headers: bearer(F.waiter.token),
        payload: { tableId: F.tableId, items: [{ dishId: fDish, quantity: 1 }] },
      });
      expect(fPlaced.statusCode).toBe(201);
      const place = (app: FastifyInstance, tableId = E.tableId) =>
        app.inject({
          method: 'POST',
          url: listUrl(E.id),
          headers: bearer(E.waiter.token),
          payload: { tableId, items: [{ dishId: dish, quantity: 1 }] },
        });
      const first = await place(a);
      expect(first.statusCode).toBe(201);
      const fBody = await listBody(a, F);

      // An order event from B.
      const cached = await listBody(a, E);
      await noteBehindTheBack(a, first.json().id, 'behind the back');
      expect(await listBody(a, E)).toBe(cached); // A answers from memory
      const put = await b.inject({
        method: 'PUT',
        url: listUrl(E.id, `/${first.json().id}`),
        headers: bearer(E.waiter.token),
        payload: { status: 'PREPARING' },
      });
      expect(put.statusCode).toBe(200);
      const eventMs = await untilCurrent(a, E);

      // A write without an order event on B: a table deleted (its orders keep their number, lose the table id).
      const table = await makeTable(a, E.id, 'T-gone');
      expect((await place(a, table)).statusCode).toBe(201);
      await listBody(a, E);
      const del = await b.inject({
        method: 'DELETE',
        url: `/api/eatery/${E.id}/table/${table}`,
        headers: bearer(E.owner.token),
      });
      expect(del.statusCode).toBe(204);
      const otherMs = await untilCurrent(a, E);
      console.log(`orders-list-cache: A current ${eventMs} ms after B's order event, ${otherMs} ms after B's write`);

      // F's page on A was never dropped: a change behind the back still does not show.
      await noteBehindTheBack(a, fPlaced.json().id, 'F behind the back');
      expect(await listBody(a, F)).toBe(fBody);
    },
    30_000,
  );

  it.skipIf(!TEST_DATABASE_URL)(
    'while the LISTEN connection is down the list is read from the database; once it is back, B reaches A again',
    async () => {
      const [a, b] = instances.map((i) => i.app);
      const E = await makeEatery(a);
      const dish = await makeDish(a, E, { price: '2.00', nameEn: 'Tea' });
      const placed = await a.inject({
        method: 'POST',
        url: listUrl(E.id),
        headers: bearer(E.waiter.token),
        payload: { tableId: E.tableId, items: [{ dishId: dish, quantity: 1 }] },
      });
      expect(placed.statusCode).toBe(201);
      await listBody(a, E);

      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = $1 AND query ILIKE 'LISTEN "socket.io%'`,
          [shared!.name],
        );
        expect(killed.rowCount).toBeGreaterThanOrEqual(2);
      } finally {
        await admin.end();
      }
      const until = async (heard: boolean, timeoutMs: number) => {
        const start = Date.now();
        while (a.realtime.remoteChangesHeard !== heard) {
          if (Date.now() - start > timeoutMs) throw new Error(`remoteChangesHeard still ${!heard}`);
          await sleep(10);
        }
      };
      await until(false, 3000);
      // Nothing from memory meanwhile (nor kept for later): a change B's message could not announce shows at once.
      await listBody(a, E);
      await noteBehindTheBack(a, placed.json().id, 'while the link is down');
      expect((JSON.parse(await listBody(a, E)) as Order[])[0].note).toBe('while the link is down');

      await until(true, 10_000);
      await listBody(a, E); // cached again
      const put = await b.inject({
        method: 'PUT',
        url: listUrl(E.id, `/${placed.json().id}`),
        headers: bearer(E.waiter.token),
        payload: { status: 'PREPARING' },
      });
      expect(put.statusCode).toBe(200);
      await untilCurrent(a, E);
    },
    30_000,
  );
});
