import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PRINT_JOBS_PAGE,
  PRINTERS_MAX,
  type Language,
  type PaperWidth,
  type Printer,
  type PrinterSettings,
  type PrinterState,
  type PrinterStatus,
  type PrinterTextMode,
  type PrinterTransport,
  type PrintJob,
  type PrintJobKind,
  type PrintJobStatus,
  type PrintPreview,
  type PrintDocument,
  type PrintRequest,
} from '@qr-menu/contract';
import type { Db, Executor, Tx } from '../../db/client.js';
import { dishes, eateries, kitchenDepartments, orders, printJobs, printers } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../plugins/app-error.js';
import type { BillsService } from '../bills/bills.service.js';
import type { ReportsService } from '../reports/reports.service.js';
import { kitchenTicket, markReprint } from './documents/kitchen-documents.js';
import { KITCHEN_LABELS } from './documents/kitchen-labels.js';
import { testPageDocument } from './documents/test-page.js';
import { dayReportDocument, prebillDocument, receiptDocument } from './documents/till-documents.js';
import { hasKitchenPrinter, markOpenOrdersPrinted } from './kitchen-spool.js';
import { queueJobs, type NewPrintJob } from './print-queue.js';

/** 409 `noPrinter`: no enabled printer of the restaurant prints what was asked. */
const noPrinter = () => new AppError(409, 'noPrinter');

type PrinterRow = typeof printers.$inferSelect;

/** A printer row as the admin sees it. */
function printerDto(row: PrinterRow, waiting: number): Printer {
  return {
    id: row.id,
    name: row.name,
    transport: row.transport as PrinterTransport,
    host: row.host,
    port: row.port,
    paper: row.paper as PaperWidth,
    textMode: row.textMode as PrinterTextMode,
    language: row.language as Language,
    kitchen: row.kitchen,
    departmentIds: row.departmentIds,
    prebills: row.prebills,
    receipts: row.receipts,
    reports: row.reports,
    enabled: row.enabled,
    state: row.state as PrinterState,
    stateAt: row.stateAt?.toISOString() ?? null,
    lastError: row.lastError,
    waiting,
  };
}

const jobColumns = {
  id: printJobs.id,
  printerId: printJobs.printerId,
  printerName: printers.name,
  kind: printJobs.kind,
  orderId: printJobs.orderId,
  title: printJobs.title,
  status: printJobs.status,
  attempts: printJobs.attempts,
  lastError: printJobs.lastError,
  createdAt: printJobs.createdAt,
  printedAt: printJobs.printedAt,
  reprintOf: printJobs.reprintOf,
};

/** A job as `jobColumns` reads it. */
interface JobRow {
  id: number;
  printerId: number;
  printerName: string;
  kind: string;
  orderId: number | null;
  title: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  printedAt: Date | null;
  reprintOf: number | null;
}

function jobDto(r: JobRow): PrintJob {
  return {
    ...r,
    kind: r.kind as PrintJobKind,
    status: r.status as PrintJobStatus,
    createdAt: r.createdAt.toISOString(),
    printedAt: r.printedAt?.toISOString() ?? null,
  };
}

/** What a till request prints, and which printers take it. */
type TillRole = 'prebills' | 'receipts' | 'reports';

/**
 * Printers of a restaurant (contract printing.ts): the admin's list and settings, their state and waiting jobs for
 * every screen of the service, reprints, test pages and previews, and the till's print requests. Kitchen tickets
 * are queued by the order writer (kitchen-spool.ts), never here.
 */
export class PrintersService {
  constructor(
    private readonly db: Db,
    private readonly bills: BillsService,
    private readonly reports: ReportsService,
  ) {}

  /** Jobs not printed per printer of the restaurant. */
  private async waitingByPrinter(ex: Executor, eateryId: number): Promise<Map<number, number>> {
    const rows = await ex
      .select({ printerId: printJobs.printerId, n: count() })
      .from(printJobs)
      .where(and(eq(printJobs.eateryId, eateryId), inArray(printJobs.status, ['PENDING', 'PRINTING'])))
      .groupBy(printJobs.printerId);
    return new Map(rows.map((r) => [r.printerId, r.n]));
  }

  async list(eateryId: number): Promise<Printer[]> {
    const rows = await this.db.select().from(printers).where(eq(printers.eateryId, eateryId)).orderBy(printers.id);
    const waiting = await this.waitingByPrinter(this.db, eateryId);
    return rows.map((r) => printerDto(r, waiting.get(r.id) ?? 0));
  }

  async status(eateryId: number): Promise<PrinterStatus[]> {
    return (await this.list(eateryId))
      .filter((p) => p.enabled)
      .map(({ id, name, state, waiting, kitchen, departmentIds }) => ({
        id,
        name,
        state,
        waiting,
        kitchen,
        departmentIds,
      }));
  }

  private async row(ex: Executor, eateryId: number, printerId: number): Promise<PrinterRow> {
    const [row] = await ex
      .select()
      .from(printers)
      .where(and(eq(printers.id, printerId), eq(printers.eateryId, eateryId)));
    if (!row) throw notFound();
    return row;
  }

  /** 400 on departmentIds unless every one is a station of this restaurant. */
  private async assertStations(tx: Tx, eateryId: number, ids: readonly number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const [found] = await tx
      .select({ n: count() })
      .from(kitchenDepartments)
      .where(and(eq(kitchenDepartments.eateryId, eateryId), inArray(kitchenDepartments.id, unique)));
    if (found.n !== unique.length) throw validationError('departmentIds', 'validation.invalid');
    return unique;
  }

  /**
   * Saves a printer (new when `printerId` is null). The restaurant's first enabled kitchen printer starts from what
   * the kitchen already has: the open orders count as printed (markOpenOrdersPrinted).
   */
  async save(eateryId: number, printerId: number | null, body: PrinterSettings): Promise<Printer> {
    return this.db.transaction(async (tx) => {
      // One save at a time per restaurant: the count cap and the first-printer rule see each other's rows.
      await tx.select({ id: eateries.id }).from(eateries).where(eq(eateries.id, eateryId)).for('update');
      const departmentIds = await this.assertStations(tx, eateryId, body.departmentIds);
      const hadKitchen = await hasKitchenPrinter(tx, eateryId);
      const values = { ...body, departmentIds };
      let row: PrinterRow;
      if (printerId === null) {
        const [held] = await tx.select({ n: count() }).from(printers).where(eq(printers.eateryId, eateryId));
        if (held.n >= PRINTERS_MAX) throw new AppError(400, 'limitReached', undefined, { max: PRINTERS_MAX });
        [row] = await tx
          .insert(printers)
          .values({ ...values, eateryId })
          .returning();
      } else {
        await this.row(tx, eateryId, printerId);
        [row] = await tx
          .update(printers)
          .set({ ...values, state: 'UNKNOWN', stateAt: null, lastError: null })
          .where(eq(printers.id, printerId))
          .returning();
      }
      if (!hadKitchen && row.kitchen && row.enabled) await markOpenOrdersPrinted(tx, eateryId);
      const waiting = await this.waitingByPrinter(tx, eateryId);
      return printerDto(row, waiting.get(row.id) ?? 0);
    });
  }

  async remove(eateryId: number, printerId: number): Promise<void> {
    const gone = await this.db
      .delete(printers)
      .where(and(eq(printers.id, printerId), eq(printers.eateryId, eateryId)))
      .returning({ id: printers.id });
    if (gone.length === 0) throw notFound();
  }

  /** Jobs of the restaurant, newest first, of an order and/or a printer. */
  async jobs(eateryId: number, filter: { orderId?: number; printerId?: number }): Promise<PrintJob[]> {
    const conds = [eq(printJobs.eateryId, eateryId)];
    if (filter.orderId !== undefined) conds.push(eq(printJobs.orderId, filter.orderId));
    if (filter.printerId !== undefined) conds.push(eq(printJobs.printerId, filter.printerId));
    const rows = await this.db
      .select(jobColumns)
      .from(printJobs)
      .innerJoin(printers, eq(printers.id, printJobs.printerId))
      .where(and(...conds))
      .orderBy(desc(printJobs.id))
      .limit(PRINT_JOBS_PAGE);
    return rows.map(jobDto);
  }

  /** The jobs just queued, as the API shows them, in the order of `ids`. */
  private async queued(eateryId: number, ids: readonly number[]): Promise<PrintJob[]> {
    const rows = await this.db
      .select(jobColumns)
      .from(printJobs)
      .innerJoin(printers, eq(printers.id, printJobs.printerId))
      .where(and(eq(printJobs.eateryId, eateryId), inArray(printJobs.id, [...ids])))
      .orderBy(printJobs.id);
    return rows.map(jobDto);
  }

  private async job(ex: Executor, eateryId: number, jobId: number) {
    const [row] = await ex
      .select({ ...jobColumns, document: printJobs.document, paper: printers.paper, language: printers.language })
      .from(printJobs)
      .innerJoin(printers, eq(printers.id, printJobs.printerId))
      .where(and(eq(printJobs.id, jobId), eq(printJobs.eateryId, eateryId)));
    if (!row) throw notFound();
    return row;
  }

  async document(eateryId: number, jobId: number): Promise<PrintPreview> {
    const row = await this.job(this.db, eateryId, jobId);
    return { paper: row.paper as PaperWidth, document: row.document as PrintDocument };
  }

  /** The job again, marked as a reprint, at the end of its printer's queue. */
  async reprint(eateryId: number, jobId: number): Promise<PrintJob> {
    const row = await this.job(this.db, eateryId, jobId);
    const document = markReprint(row.document as PrintDocument, row.language as Language);
    const [id] = await queueJobs(this.db, eateryId, [
      {
        printerId: row.printerId,
        kind: row.kind as PrintJobKind,
        orderId: row.orderId,
        title: row.title,
        document,
        reprintOf: row.reprintOf ?? row.id,
      },
    ]);
    const [job] = await this.queued(eateryId, [id]);
    return job;
  }

  /** A waiting job given up (a printer gone for good); 404 unless it is this restaurant's and still waiting. */
  async cancel(eateryId: number, jobId: number): Promise<void> {
    const rows = await this.db
      .update(printJobs)
      .set({ status: 'CANCELLED', claimedUntil: null })
      .where(
        and(
          eq(printJobs.id, jobId),
          eq(printJobs.eateryId, eateryId),
          inArray(printJobs.status, ['PENDING', 'PRINTING']),
        ),
      )
      .returning({ id: printJobs.id });
    if (rows.length === 0) throw notFound();
  }

  private async timeZone(eateryId: number): Promise<string> {
    const [e] = await this.db.select({ tz: eateries.timeZone }).from(eateries).where(eq(eateries.id, eateryId));
    return e?.tz ?? 'Asia/Baku';
  }

  /** The test page of a printer, queued. */
  async test(eateryId: number, printerId: number): Promise<PrintJob> {
    const row = await this.row(this.db, eateryId, printerId);
    const document = testPageDocument(
      {
        name: row.name,
        paper: row.paper as PaperWidth,
        textMode: row.textMode as PrinterTextMode,
        language: row.language as Language,
      },
      new Date(),
      await this.timeZone(eateryId),
    );
    const [id] = await queueJobs(this.db, eateryId, [
      { printerId, kind: 'TEST', orderId: null, title: row.name, document },
    ]);
    const [job] = await this.queued(eateryId, [id]);
    return job;
  }

  /**
   * A sample of what the printer prints, built as its jobs are: a kitchen ticket of three of the restaurant's dishes,
   * the receipt (or pre-bill) of its latest order, or its test page (also for a receipt when there is no order yet).
   */
  async preview(eateryId: number, printerId: number, kind: 'TICKET' | 'RECEIPT' | 'TEST'): Promise<PrintPreview> {
    const row = await this.row(this.db, eateryId, printerId);
    const paper = row.paper as PaperWidth;
    const language = row.language as Language;
    const timeZone = await this.timeZone(eateryId);
    if (kind === 'TICKET') {
      const sample = await this.db
        .select({ az: dishes.nameAz, en: dishes.nameEn, ru: dishes.nameRu })
        .from(dishes)
        .where(and(eq(dishes.eateryId, eateryId), sql`${dishes.archivedAt} is null`))
        .orderBy(dishes.id)
        .limit(3);
      const built = kitchenTicket(
        'TICKET',
        {
          orderNumber: 12,
          kind: 'DINE_IN',
          tableNumber: '4',
          customerName: null,
          waiterName: null,
          station: '',
          at: new Date(),
          timeZone,
          orderNote: null,
        },
        sample.map((names, i) => ({
          quantity: i + 1,
          names: { az: names.az ?? '', en: names.en ?? '', ru: names.ru ?? '' },
          options: [],
          note: i === 0 ? KITCHEN_LABELS[language].sampleNote : null,
          seat: null,
          course: null,
          voidReason: null,
        })),
        language,
      );
      return { paper, document: built.document };
    }
    if (kind === 'RECEIPT') {
      const [latest] = await this.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.eateryId, eateryId))
        .orderBy(desc(orders.id))
        .limit(1);
      if (latest) {
        const bill = await this.bills.get(eateryId, [latest.id], true);
        const build = bill.status === 'PAID' ? receiptDocument : prebillDocument;
        return { paper, document: build(bill, { language, paper }) };
      }
    }
    const document = testPageDocument(
      { name: row.name, paper, textMode: row.textMode as PrinterTextMode, language },
      new Date(),
      timeZone,
    );
    return { paper, document };
  }

  /**
   * A pre-bill, receipt or day report on every enabled printer that prints it (contract printRequestBody). 409
   * noPrinter when none does; 409 orderNotClosed for the receipt of a bill not paid.
   */
  async print(eateryId: number, request: PrintRequest, contacts: boolean): Promise<PrintJob[]> {
    const role: TillRole =
      request.what === 'PREBILL' ? 'prebills' : request.what === 'RECEIPT' ? 'receipts' : 'reports';
    const targets = (
      await this.db
        .select()
        .from(printers)
        .where(and(eq(printers.eateryId, eateryId), eq(printers.enabled, true)))
        .orderBy(printers.id)
    ).filter((p) => p[role]);
    if (targets.length === 0) throw noPrinter();

    let build: (p: PrinterRow) => { title: string; document: PrintDocument };
    let orderId: number | null = null;
    if (request.what === 'DAY_REPORT') {
      const report = await this.reports.dayReport(eateryId, request.day);
      build = (p) => ({
        title: request.day,
        document: dayReportDocument(report, { language: p.language as Language, paper: p.paper as PaperWidth }),
      });
    } else {
      const bill = await this.bills.get(eateryId, request.orderIds, contacts);
      if (request.what === 'RECEIPT' && bill.status !== 'PAID') throw new AppError(409, 'orderNotClosed');
      const doc = request.what === 'RECEIPT' ? receiptDocument : prebillDocument;
      orderId = request.orderIds[0];
      build = (p) => ({
        title: `${request.what} · ${bill.orders.map((o) => o.number).join(', ')}`,
        document: doc(bill, { language: p.language as Language, paper: p.paper as PaperWidth }),
      });
    }
    const kind: PrintJobKind = request.what === 'DAY_REPORT' ? 'REPORT' : request.what;
    const jobs: NewPrintJob[] = targets.map((p) => ({ printerId: p.id, kind, orderId, ...build(p) }));
    const ids = await queueJobs(this.db, eateryId, jobs);
    return this.queued(eateryId, ids);
  }
}
