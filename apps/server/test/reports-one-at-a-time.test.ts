import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { KeyedQueue } from '../src/modules/reports/one-at-a-time.js';
import { DAY_BOUNDS, DAY_FIGURES } from '../src/modules/reports/day-report-sql.js';
import {
  DAY_STARTS,
  ORDERS_CSV,
  PAID_DETAIL,
  PAID_TOTALS,
  PAYMENT_FIGURES,
  PLACED_FIGURES,
} from '../src/modules/reports/report-sql.js';
import { ReportsService } from '../src/modules/reports/reports.service.js';

/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('KeyedQueue', () => {
  it('runs the tasks of one key one after another, and another key at once', async () => {
    const queue = new KeyedQueue<number>();
    const first = deferred<string>();
    const started: string[] = [];
    const a1 = queue.run(1, () => {
      started.push('a1');
      return first.promise;
    });
    const a2 = queue.run(1, async () => {
      started.push('a2');
      return 'a2';
    });
    // Queued after a2: had the queue let a2 through, a2 would have started before it.
    const b = queue.run(2, async () => {
      started.push('b');
      return 'b';
    });
    expect(await b).toBe('b');
    expect(started).toEqual(['a1', 'b']);
    first.resolve('a1');
    expect(await a1).toBe('a1');
    expect(await a2).toBe('a2');
    expect(started).toEqual(['a1', 'b', 'a2']);
    expect(queue.busyKeys).toBe(0);
  });

  it('lets the next task run after one fails, and hands the failure to its own caller', async () => {
    const queue = new KeyedQueue<number>();
    const failing = queue.run(1, async () => {
      throw new Error('boom');
    });
    const next = queue.run(1, async () => 'ran');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('ran');
    expect(queue.busyKeys).toBe(0);
  });

  it('lets the next task run after one throws before returning a promise', async () => {
    const queue = new KeyedQueue<number>();
    const failing = queue.run(1, () => {
      throw new Error('at once');
    });
    await expect(failing).rejects.toThrow('at once');
    expect(await queue.run(1, async () => 'ran')).toBe('ran');
  });
});

// ---- ReportsService on a database stand-in whose query function the test watches and answers ----

/** What each report statement answers when the restaurant has no orders. */
const EMPTY_ANSWERS: Record<string, (values: (string | null)[]) => unknown> = {
  [DAY_STARTS.name]: (values) => ({
    timeZone: 'UTC',
    starts: Object.fromEntries(
      String(values[1])
        .slice(1, -1)
        .split(',')
        .map((day) => [day, `${day}T00:00:00Z`]),
    ),
  }),
  [PAID_DETAIL.name]: () => ({
    orders: 0,
    discounts: '0',
    amount: '0',
    byDay: [],
    byTable: [],
    byWaiter: [],
    dishes: [],
  }),
  [PAID_TOTALS.name]: () => ({ orders: 0, discounts: '0', amount: '0' }),
  [PLACED_FIGURES.name]: () => ({ periods: [], byHour: [] }),
  [PAYMENT_FIGURES.name]: () => [],
  [DAY_BOUNDS.name]: (values) => ({
    from: `${values[1]}T00:00:00.000Z`,
    to: `${values[1]}T23:59:59.999Z`,
    today: values[1],
    closed: null,
    reopened: [],
  }),
  [DAY_FIGURES.name]: () => ({
    eatery: {
      id: 1,
      name: 'Test',
      address: '',
      phones: [],
      taxId: '',
      timeZone: 'UTC',
      language: 'en',
      currency: 'AZN',
      vatPayer: false,
      vatRateBp: 1800,
    },
    sales: {
      orders: 0,
      items: '0',
      discounts: '0',
      serviceCharge: '0',
      guestOrders: 0,
      guestAmount: '0',
      staffOrders: 0,
      staffAmount: '0',
      discounted: 0,
    },
    methods: [],
    refunds: { count: 0, amount: '0' },
    voids: { count: 0, amount: '0' },
    cancelledOrders: 0,
    openOrders: { count: 0, amount: '0' },
    drawers: [],
  }),
};

interface Query {
  name: string;
  eateryId: string;
}

/**
 * A Db whose PostgreSQL client (the query function runJsonStatement calls) answers the report statements with
 * EMPTY_ANSWERS (ORDERS_CSV: one row naming the restaurant), or with `fail(query)`'s error; `onQuery` sees each query
 * as it comes, and a restaurant `close`d holds its queries until opened again.
 */
function watchedDb(opts: { fail?: (query: Query) => Error | null; onQuery?: (query: Query) => void } = {}) {
  const queries: Query[] = [];
  const gates = new Map<string, Promise<void>>();
  const client = {
    async query({ name, values }: { name: string; text: string; values: (string | null)[] }) {
      const query = { name, eateryId: String(values[0]) };
      queries.push(query);
      opts.onQuery?.(query);
      await gates.get(query.eateryId);
      const error = opts.fail?.(query);
      if (error) throw error;
      const answer = name === ORDERS_CSV.name ? { order: query.eateryId } : EMPTY_ANSWERS[name]?.(values);
      if (answer === undefined) throw new Error(`unexpected statement ${name}`);
      return { rows: [{ json: answer }] };
    },
  };
  return {
    db: { $client: client } as unknown as Db,
    queries,
    /** Holds every query of the restaurant until the returned function is called. */
    close(eateryId: number) {
      const gate = deferred<void>();
      gates.set(String(eateryId), gate.promise);
      return () => gate.resolve();
    },
  };
}

describe('ReportsService', () => {
  it('runs one report of a restaurant at a time, in the order asked, while other restaurants run', async () => {
    // Every report and CSV starts with DAY_STARTS, a day report with DAY_BOUNDS: a request of restaurant 1 is in
    // progress from that first statement until it settles, and `most` is how many were in progress together.
    let inProgress = 0;
    let most = 0;
    const watched = watchedDb({
      onQuery: (q) => {
        const first = q.name === DAY_STARTS.name || q.name === DAY_BOUNDS.name;
        if (q.eateryId === '1' && first) most = Math.max(most, ++inProgress);
      },
    });
    const service = new ReportsService(watched.db);
    const settled: string[] = [];
    const track = <T>(label: string, request: Promise<T>) =>
      request.then((value) => {
        settled.push(label);
        inProgress--;
        return value;
      });

    const open = watched.close(1);
    const report = track('report', service.report(1, '2024-03-01', '2024-03-07'));
    const day = track('day', service.dayReport(1, '2024-03-07'));
    const csv = track('csv', service.csvRows(ORDERS_CSV, 1, '2024-03-01', '2024-03-07', 10));
    // Restaurant 2's CSV, asked last, is done while restaurant 1's first report is still held at the database.
    expect(await service.csvRows(ORDERS_CSV, 2, '2024-03-01', '2024-03-07', 10)).toEqual([{ order: '2' }]);
    expect(watched.queries.filter((q) => q.eateryId === '1').map((q) => q.name)).toEqual([DAY_STARTS.name]);

    open();
    const [r, dr, rows] = await Promise.all([report, day, csv]);
    expect(r.current.orders).toBe(0);
    expect(dr).toMatchObject({ day: '2024-03-07', z: null, payments: 0 });
    expect(rows).toEqual([{ order: '1' }]);
    expect(settled).toEqual(['report', 'day', 'csv']);
    expect(most).toBe(1);
  });

  it('goes on with the next report of the restaurant after one fails', async () => {
    let failures = 0;
    const watched = watchedDb({
      fail: (q) => (q.eateryId === '1' && q.name === DAY_STARTS.name && failures++ === 0 ? new Error('boom') : null),
    });
    const service = new ReportsService(watched.db);
    const failing = service.csvRows(ORDERS_CSV, 1, '2024-03-01', '2024-03-07', 10);
    const next = service.csvRows(ORDERS_CSV, 1, '2024-03-01', '2024-03-07', 10);
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toEqual([{ order: '1' }]);
  });
});
