import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, Printer, PrintDocument, PrinterBody } from '@qr-menu/contract';
import { eateries, kitchenDepartments, printJobs } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery, makeTable, type Staff, type TestEatery } from './orders-fixtures.js';

/**
 * What the kitchen printers get (modules/printing/kitchen-spool.ts): each station only its lines, an added dish as
 * an ADD-ON of that dish alone, a void as VOID, a move as MOVED, a fired course as FIRE; nothing for a rollback;
 * printers are the admin's and the restaurant's own.
 */
const ctx = setupApp();
let A: TestEatery;
let B: TestEatery;
let grill: number;
let bar: number;
let kebab: number;
let ayran: number;
let plov: number;
let table3: number;
let grillPrinter: Printer;
let barPrinter: Printer;

const printerBody = (over: Partial<PrinterBody> = {}): PrinterBody => ({
  name: 'Grill',
  transport: 'DIRECT',
  host: '192.168.1.50',
  port: 9100,
  paper: 80,
  textMode: 'CODEPAGE',
  language: 'en',
  kitchen: true,
  departmentIds: [],
  prebills: false,
  receipts: false,
  reports: false,
  enabled: true,
  ...over,
});

function addPrinter(body: PrinterBody, staff: Staff = A.owner, eateryId = A.id) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${eateryId}/printers`,
    headers: bearer(staff.token),
    payload: body,
  });
}

async function place(items: { dishId: number; quantity: number; course?: number }[], tableId = A.tableId) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/orders`,
    headers: bearer(A.waiter.token),
    payload: { tableId, items },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Order;
}

/** The jobs queued since `after` (a job id), oldest first, with their documents as plain lines. */
async function jobsAfter(after: number) {
  const rows = await ctx.app.db
    .select()
    .from(printJobs)
    .where(sql`${printJobs.eateryId} = ${A.id} and ${printJobs.id} > ${after}`)
    .orderBy(printJobs.id);
  return rows.map((r) => ({
    printerId: r.printerId,
    kind: r.kind,
    title: r.title,
    lines: (r.document as PrintDocument).lines.map((l) =>
      l.kind === 'text' ? l.text : l.kind === 'pair' ? `${l.left} | ${l.right}` : '',
    ),
  }));
}

async function lastJobId(): Promise<number> {
  const [row] = await ctx.app.db.select({ n: sql<number>`coalesce(max(${printJobs.id}), 0)::int` }).from(printJobs);
  return row.n;
}

/** The dish lines of a ticket ("2 x Kebab"), without its header. */
const dishLines = (lines: string[]) => lines.filter((l) => /^-?\d+ x /.test(l));

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app);
  [grill, bar] = (
    await ctx.app.db
      .insert(kitchenDepartments)
      .values([
        { eateryId: A.id, name: 'Grill' },
        { eateryId: A.id, name: 'Bar' },
      ])
      .returning({ id: kitchenDepartments.id })
  ).map((r) => r.id);
  kebab = await makeDish(ctx.app, A, {
    price: '9.00',
    nameAz: 'Kabab',
    nameEn: 'Kebab',
    nameRu: 'Кебаб',
    kitchenDepartmentId: grill,
  });
  ayran = await makeDish(ctx.app, A, {
    price: '1.50',
    nameAz: 'Ayran',
    nameEn: 'Ayran',
    nameRu: 'Айран',
    kitchenDepartmentId: bar,
  });
  plov = await makeDish(ctx.app, A, {
    price: '7.00',
    nameAz: 'Plov',
    nameEn: 'Plov',
    nameRu: 'Плов',
    kitchenDepartmentId: null,
  });
  table3 = await makeTable(ctx.app, A.id, '3');
});

describe('printers', () => {
  it('an order placed before the first kitchen printer is not printed when it changes later', async () => {
    const before = await place([{ dishId: kebab, quantity: 1 }]);
    const res = await addPrinter(printerBody({ departmentIds: [grill] }));
    expect(res.statusCode, res.body).toBe(201);
    grillPrinter = res.json();
    expect(grillPrinter).toMatchObject({ state: 'UNKNOWN', waiting: 0, departmentIds: [grill] });
    const mark = await lastJobId();
    // A change of that order prints only what changed, not the whole order again.
    const add = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/orders/${before.id}/items`,
      headers: bearer(A.waiter.token),
      payload: { dishId: kebab, quantity: 1 },
    });
    expect(add.statusCode, add.body).toBe(201);
    const jobs = await jobsAfter(mark);
    expect(jobs.map((j) => [j.kind, dishLines(j.lines)])).toEqual([['ADDON', ['1 x Kebab']]]);

    barPrinter = (await addPrinter(printerBody({ name: 'Bar', departmentIds: [bar], language: 'ru' }))).json();
  });

  it('refuses bad settings, other roles and other restaurants with a translated error, changing nothing', async () => {
    const cases: [Partial<PrinterBody>, string][] = [
      [{ host: 'http://printer' }, 'validation.printerHost'],
      [{ host: '' }, 'validation.printerHost'],
      [{ port: 70000 }, 'validation.printerPort'],
      [{ name: '  ' }, 'validation.printerName'],
      [{ departmentIds: [B.departmentId] }, 'validation.invalid'],
    ];
    for (const [over, key] of cases) {
      const res = await addPrinter(printerBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().details[0].messageKey).toBe(key);
    }
    expect((await addPrinter(printerBody(), A.waiter)).statusCode).toBe(403);
    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${B.id}/printers/${grillPrinter.id}`,
      headers: bearer(B.owner.token),
      payload: printerBody(),
    });
    expect(foreign.statusCode).toBe(404);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/printers`,
      headers: bearer(A.owner.token),
    });
    expect(list.json().map((p: Printer) => p.name)).toEqual(['Grill', 'Bar']);
  });

  it('sends each station only its lines, in the printer’s language; a dish without a station to every printer', async () => {
    const mark = await lastJobId();
    const order = await place([
      { dishId: kebab, quantity: 2 },
      { dishId: ayran, quantity: 1 },
      { dishId: plov, quantity: 1 },
    ]);
    const jobs = await jobsAfter(mark);
    const grillJob = jobs.find((j) => j.printerId === grillPrinter.id)!;
    const barJob = jobs.find((j) => j.printerId === barPrinter.id)!;
    expect(jobs).toHaveLength(2);
    expect(grillJob.kind).toBe('TICKET');
    expect(dishLines(grillJob.lines)).toEqual(['2 x Kebab', '1 x Plov']);
    expect(grillJob.lines[1]).toBe(`Table 1 | No.${order.number}`);
    expect(dishLines(barJob.lines)).toEqual(['1 x Айран', '1 x Плов']);
    expect(barJob.lines[0]).toBe('НОВЫЙ ЗАКАЗ');

    // An added dish: an ADD-ON with that dish alone, at its station alone.
    const mark2 = await lastJobId();
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/orders/${order.id}/items`,
      headers: bearer(A.waiter.token),
      payload: { dishId: ayran, quantity: 2 },
    });
    expect(res.statusCode).toBe(201);
    const addon = await jobsAfter(mark2);
    expect(addon.map((j) => [j.printerId, j.kind, dishLines(j.lines)])).toEqual([
      [barPrinter.id, 'ADDON', ['2 x Айран']],
    ]);

    // A void: the station that had the dish gets VOID with what it loses.
    const kebabLine = order.items.find((i) => i.dishId === kebab)!;
    const mark3 = await lastJobId();
    const voided = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${order.id}/items/${kebabLine.id}`,
      headers: bearer(A.waiter.token),
      payload: { reason: 'Guest changed mind' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const voids = await jobsAfter(mark3);
    expect(voids.map((j) => [j.printerId, j.kind, dishLines(j.lines)])).toEqual([
      [grillPrinter.id, 'VOID', ['-2 x Kebab']],
    ]);
    expect(voids[0].lines).toContain('  Reason: Guest changed mind');

    // The order moves to table 3: each station with paper of it hears where its dishes went.
    const mark4 = await lastJobId();
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/orders/${order.id}/move`,
      headers: bearer(A.waiter.token),
      payload: { toTableId: table3 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const notices = await jobsAfter(mark4);
    expect(notices.map((j) => [j.printerId, j.kind])).toEqual([
      [grillPrinter.id, 'MOVED'],
      [barPrinter.id, 'MOVED'],
    ]);
    expect(notices[1].lines).toContain('Стол 1 -> Стол 3');
    // The grill's notice names its plov only: the voided kebab is no longer on its paper.
    expect(notices[0].lines.filter((l) => / x /.test(l))).toEqual(['1 x Plov']);

    // Deleting the order voids what every station still has.
    const mark5 = await lastJobId();
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${order.id}`,
      headers: bearer(A.owner.token),
    });
    expect(del.statusCode, del.body).toBe(204);
    const gone = await jobsAfter(mark5);
    expect(gone.map((j) => [j.kind, dishLines(j.lines)])).toEqual([
      ['VOID', ['-1 x Plov']],
      ['VOID', ['-1 x Айран', '-1 x Плов', '-2 x Айран']],
    ]);
  });

  it('holds a later course off the paper until it is fired, then prints FIRE with it alone', async () => {
    await ctx.app.db
      .update(eateries)
      .set({
        courses: [
          { az: 'Qəlyanaltı', en: 'Starters', ru: 'Закуски' },
          { az: 'Əsas', en: 'Mains', ru: 'Горячее' },
        ],
      })
      .where(eq(eateries.id, A.id));
    const mark = await lastJobId();
    const order = await place([
      { dishId: ayran, quantity: 1, course: 1 },
      { dishId: kebab, quantity: 1, course: 2 },
    ]);
    const first = await jobsAfter(mark);
    expect(first.map((j) => [j.printerId, j.kind, dishLines(j.lines)])).toEqual([
      [barPrinter.id, 'TICKET', ['1 x Айран']],
    ]);
    const mark2 = await lastJobId();
    const fire = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/orders/${order.id}/fire`,
      headers: bearer(A.waiter.token),
      payload: { course: 2 },
    });
    expect(fire.statusCode, fire.body).toBe(200);
    const fired = await jobsAfter(mark2);
    expect(fired.map((j) => [j.printerId, j.kind, dishLines(j.lines)])).toEqual([
      [grillPrinter.id, 'FIRE', ['1 x Kebab']],
    ]);
    expect(fired[0].lines[0]).toBe('FIRE · Mains');
    await ctx.app.db.update(eateries).set({ courses: [] }).where(eq(eateries.id, A.id));
  });

  it('prints nothing for a change that is refused, and nothing twice for a change that repeats', async () => {
    const order = await place([{ dishId: kebab, quantity: 1 }]);
    const mark = await lastJobId();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/orders/${order.id}/items`,
      headers: bearer(A.waiter.token),
      payload: { dishId: 999_999, quantity: 1 },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // Bumping the ticket changes statuses, not portions: no paper.
    const bump = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/kitchen/tickets/${order.id}/1/bump`,
      headers: bearer(A.kitchen.token),
      payload: { status: 'READY' },
    });
    expect(bump.statusCode, bump.body).toBe(200);
    expect(await jobsAfter(mark)).toEqual([]);
  });
});

describe('lines split in two', () => {
  it('print nothing when split, and a void of one part takes back that part alone', async () => {
    const order = await place([{ dishId: kebab, quantity: 3 }]);
    const line = order.items[0];
    const mark = await lastJobId();
    const split = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/bill/split-item`,
      headers: bearer(A.cashier.token),
      payload: { orderIds: [order.id], itemId: line.id, quantity: 1 },
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(await jobsAfter(mark)).toEqual([]);
    const [part] = split.json().items.filter((i: { id: number }) => i.id !== line.id);
    const voided = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/orders/${order.id}/items/${part.id}`,
      headers: bearer(A.owner.token),
      payload: { reason: 'Dropped' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await jobsAfter(mark)).map((j) => [j.kind, dishLines(j.lines)])).toEqual([['VOID', ['-1 x Kebab']]]);
  });
});

describe('print jobs', () => {
  it('lists, reprints (marked as such) and cancels jobs; other restaurants get 404', async () => {
    const order = await place([{ dishId: ayran, quantity: 1 }]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/print-jobs?orderId=${order.id}`,
      headers: bearer(A.kitchen.token),
    });
    expect(list.statusCode).toBe(200);
    const [job] = list.json();
    expect(job).toMatchObject({ kind: 'TICKET', status: 'PENDING', printerName: 'Bar', orderId: order.id });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/print-jobs/${job.id}/reprint`,
      headers: bearer(A.kitchen.token),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ reprintOf: job.id, kind: 'TICKET', status: 'PENDING' });
    const doc = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/print-jobs/${again.json().id}/document`,
      headers: bearer(A.waiter.token),
    });
    expect(doc.json().document.lines[0]).toMatchObject({ kind: 'text', text: '*** ПОВТОРНАЯ ПЕЧАТЬ ***' });

    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${A.id}/printers/status`,
      headers: bearer(A.kitchen.token),
    });
    const barWaiting = status.json().find((p: { id: number }) => p.id === barPrinter.id).waiting;
    expect(barWaiting).toBeGreaterThanOrEqual(2);

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${B.id}/print-jobs/${job.id}/reprint`,
      headers: bearer(B.owner.token),
    });
    expect(foreign.statusCode).toBe(404);
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/print-jobs/${job.id}`,
      headers: bearer(A.owner.token),
    });
    expect(cancel.statusCode).toBe(204);
    const twice = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/eatery/${A.id}/print-jobs/${job.id}`,
      headers: bearer(A.owner.token),
    });
    expect(twice.statusCode).toBe(404);
  });

  it('prints a pre-bill or a receipt only where a printer takes it', async () => {
    const order = await place([{ dishId: kebab, quantity: 1 }]);
    const ask = (what: 'PREBILL' | 'RECEIPT') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/eatery/${A.id}/print`,
        headers: bearer(A.cashier.token),
        payload: { what, orderIds: [order.id] },
      });
    const none = await ask('PREBILL');
    expect(none.statusCode).toBe(409);
    expect(none.json().messageKey).toBe('noPrinter');
    const till = (
      await addPrinter(printerBody({ name: 'Till', kitchen: false, prebills: true, receipts: true }))
    ).json();
    const pre = await ask('PREBILL');
    expect(pre.statusCode, pre.body).toBe(201);
    expect(pre.json().jobs.map((j: { printerId: number; kind: string }) => [j.printerId, j.kind])).toEqual([
      [till.id, 'PREBILL'],
    ]);
    const unpaid = await ask('RECEIPT');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().messageKey).toBe('orderNotClosed');
    const kitchenAsks = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${A.id}/print`,
      headers: bearer(A.kitchen.token),
      payload: { what: 'PREBILL', orderIds: [order.id] },
    });
    expect(kitchenAsks.statusCode).toBe(403);
  });
});
