import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, Printer, PrinterBody, PrinterStatus } from '@qr-menu/contract';
import { kitchenDepartments, printJobs } from '../src/db/schema.js';
import { renderDocument } from '../src/modules/printing/escpos/render.js';
import { queryPrinterState, sendToPrinter } from '../src/modules/printing/escpos/transport.js';
import { PRINT_WORKER_TIMING, PrintWorker, type PrintWorkerTiming } from '../src/modules/printing/print-worker.js';
import { bearer, setupApp } from './helper.js';
import { startFakePrinter, type FakePrinter } from './fake-printer.js';
import { makeDish, makeEatery, type TestEatery } from './orders-fixtures.js';

/**
 * The print worker against fake network printers (TCP on 127.0.0.1): jobs print once and in order, a printer that
 * is off holds its jobs and prints every one once when it is back a minute later, and two workers at once (two
 * instances) never print a job twice. The worker's clock is the test's (moved ahead), so "a minute later" takes no minute.
 */
const ctx = setupApp();
let A: TestEatery;
let kebab: number;
let ayran: number;
let grillPrinter: FakePrinter;
let barPrinter: FakePrinter;
let grill: Printer;
/** How far the worker's clock is ahead of the real one. */
let ahead = 0;
const timing: PrintWorkerTiming = { ...PRINT_WORKER_TIMING, pollMs: 60_000 };

function worker() {
  return new PrintWorker(
    ctx.app.db,
    {
      render: renderDocument,
      // Short timeouts: a refused connection fails at once, and no test waits on a real printer's patience.
      sendDirect: (address, bytes) =>
        sendToPrinter(address, bytes, { connectTimeoutMs: 1000, statusTimeoutMs: 100, writeTimeoutMs: 2000 }),
      probe: (address) => queryPrinterState(address, { connectTimeoutMs: 1000, statusTimeoutMs: 100 }),
      now: () => new Date(Date.now() + ahead),
    },
    timing,
  );
}

/** Runs passes until one prints nothing (what a worker does between two polls). */
async function drain(w: PrintWorker): Promise<number> {
  let printed = 0;
  for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) printed += n;
  return printed;
}

const body = (name: string, port: number, departmentIds: number[]): PrinterBody => ({
  name,
  transport: 'DIRECT',
  host: '127.0.0.1',
  port,
  paper: 80,
  textMode: 'CODEPAGE',
  language: 'az',
  kitchen: true,
  departmentIds,
  prebills: false,
  receipts: false,
  reports: false,
  enabled: true,
});

async function addPrinter(b: PrinterBody): Promise<Printer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/printers`,
    headers: bearer(A.owner.token),
    payload: b,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function place(items: { dishId: number; quantity: number }[]): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/orders`,
    headers: bearer(A.waiter.token),
    payload: { tableId: A.tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function status(): Promise<PrinterStatus[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/eatery/${A.id}/printers/status`,
    headers: bearer(A.kitchen.token),
  });
  return res.json();
}

/** The order numbers a printer's tickets name, in the order they came out. */
const numbersPrinted = (p: FakePrinter) =>
  p.jobs.map((j) => /№(\d+)/.exec(j.text)?.[1]).map((n) => (n === undefined ? null : Number(n)));

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  const [g, b] = await ctx.app.db
    .insert(kitchenDepartments)
    .values([
      { eateryId: A.id, name: 'Manqal' },
      { eateryId: A.id, name: 'Bar' },
    ])
    .returning({ id: kitchenDepartments.id });
  kebab = await makeDish(ctx.app, A, { price: '9.00', nameAz: 'Şiş kabab', kitchenDepartmentId: g.id });
  ayran = await makeDish(ctx.app, A, { price: '1.50', nameAz: 'Ayran', kitchenDepartmentId: b.id });
  grillPrinter = await startFakePrinter();
  barPrinter = await startFakePrinter();
  grill = await addPrinter(body('Manqal', grillPrinter.port, [g.id]));
  await addPrinter(body('Bar', barPrinter.port, [b.id]));
});

afterAll(async () => {
  await grillPrinter?.close();
  await barPrinter?.close();
});

describe('print worker', () => {
  it('prints each station’s ticket once, decoded back as sent', async () => {
    const order = await place([
      { dishId: kebab, quantity: 2 },
      { dishId: ayran, quantity: 1 },
    ]);
    expect(await drain(worker())).toBe(2);
    expect(grillPrinter.jobs).toHaveLength(1);
    expect(barPrinter.jobs).toHaveLength(1);
    expect(grillPrinter.jobs[0].lines).toContain('2 x Şiş kabab');
    expect(grillPrinter.jobs[0].lines).not.toContain('1 x Ayran');
    expect(barPrinter.jobs[0].lines).toContain('1 x Ayran');
    // "YENİ SİFARİŞ" prints as text (cp857); the station and number decode as sent.
    expect(grillPrinter.jobs[0].text).toContain('YENİ SİFARİŞ');
    expect(numbersPrinted(grillPrinter)).toEqual([order.number]);
    const [done] = await ctx.app.db.select().from(printJobs).where(eq(printJobs.orderId, order.id)).limit(1);
    expect(done).toMatchObject({ status: 'DONE', attempts: 1 });
    expect((await status()).find((p) => p.id === grill.id)).toMatchObject({ state: 'ONLINE', waiting: 0 });
  });

  it('holds the jobs of a printer that is off and prints each once, in order, when it is back a minute later', async () => {
    grillPrinter.refuse();
    const before = grillPrinter.jobs.length;
    const first = await place([{ dishId: kebab, quantity: 1 }]);
    const second = await place([{ dishId: kebab, quantity: 3 }]);
    const w = worker();
    expect(await drain(w)).toBe(0);
    expect((await status()).find((p) => p.id === grill.id)).toMatchObject({ state: 'OFFLINE', waiting: 2 });
    // Retries within the minute keep failing; the jobs wait with their attempts counted.
    for (let s = 0; s < 60; s += 15) {
      ahead += 15_000;
      expect(await drain(w)).toBe(0);
    }
    const waiting = await ctx.app.db
      .select({ attempts: printJobs.attempts, lastError: printJobs.lastError })
      .from(printJobs)
      .where(sql`${printJobs.orderId} in (${first.id}, ${second.id})`)
      .orderBy(printJobs.id);
    expect(waiting[0].attempts).toBeGreaterThan(1);
    expect(waiting[0].lastError).toBe('connection refused');
    // The head job alone was tried: the second never went out of order.
    expect(waiting[1].attempts).toBe(0);

    await grillPrinter.resume();
    ahead += timing.maxBackoffMs;
    expect(await drain(w)).toBe(2);
    expect(numbersPrinted(grillPrinter).slice(before)).toEqual([first.number, second.number]);
    expect(await drain(w)).toBe(0);
    expect((await status()).find((p) => p.id === grill.id)).toMatchObject({ state: 'ONLINE', waiting: 0 });
  });

  it('prints every job once when two workers (two instances) run at the same time', async () => {
    const before = { grill: grillPrinter.jobs.length, bar: barPrinter.jobs.length };
    const placed: Order[] = [];
    for (let i = 0; i < 8; i++) {
      placed.push(
        await place([
          { dishId: kebab, quantity: 1 },
          { dishId: ayran, quantity: 1 },
        ]),
      );
    }
    const [a, b] = await Promise.all([drain(worker()), drain(worker())]);
    expect(a + b).toBe(16);
    const numbers = placed.map((o) => o.number);
    expect(numbersPrinted(grillPrinter).slice(before.grill)).toEqual(numbers);
    expect(numbersPrinted(barPrinter).slice(before.bar)).toEqual(numbers);
  });

  it('notices a printer that went off while it had nothing to print, and when it is back', async () => {
    const w = worker();
    const grillState = async () => (await status()).find((p) => p.id === grill.id)?.state;
    await grillPrinter.refuse();
    // Its state is fresh (it just printed): not asked yet.
    await w.probeIdle();
    expect(await grillState()).toBe('ONLINE');
    ahead += timing.probeMs + 1000;
    await w.probeIdle();
    expect(await grillState()).toBe('OFFLINE');
    await grillPrinter.resume();
    ahead += timing.probeMs + 1000;
    await w.probeIdle();
    expect(await grillState()).toBe('ONLINE');
  });
});
