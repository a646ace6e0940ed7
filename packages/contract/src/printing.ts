import { z } from 'zod';
import { LANGUAGES } from './enums.js';
import {
  PAPER_WIDTHS,
  PRINT_JOB_KINDS,
  PRINT_JOB_STATUSES,
  PRINTER_STATES,
  PRINTER_TEXT_MODES,
  PRINTER_TRANSPORTS,
  type PrintDocument,
} from './print-document.js';
import { idField, V } from './validation.js';

export * from './print-document.js';

/** Validation message keys of printers. */
export const PRINTER_V = {
  printerName: 'validation.printerName',
  /** A host name or IPv4 address, as `printerHostField` takes it. */
  printerHost: 'validation.printerHost',
  printerPort: 'validation.printerPort',
} as const;

export const PRINTER_NAME_MAX = 60;
/** Printers per restaurant: a station each and a till or two, with room to spare. */
export const PRINTERS_MAX = 20;
/** The raw printing port of network receipt printers. */
export const RAW_PRINT_PORT = 9100;

/** Letters, digits, dots and dashes: a host name or an IPv4 address, never a URL or a path. */
const HOST_RE = /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const bool = z.boolean({ error: V.invalid });

/**
 * POST /api/eatery/{id}/printers (EATERY_ADMIN) → 201 Printer; PUT …/printers/{printerId} → 200 Printer; DELETE → 204
 * (its waiting jobs go with it). What it prints: `kitchen` tickets of the stations `departmentIds` (none listed: every
 * station, and the lines of dishes without a station), pre-bills, receipts and X/Z reports. `language` is the one its
 * tickets are printed in (dish names included).
 */
export const printerBody = z.object({
  name: z
    .string({ error: PRINTER_V.printerName })
    .trim()
    .min(1, { error: PRINTER_V.printerName })
    .max(PRINTER_NAME_MAX, { error: V.tooLong }),
  transport: z.enum(PRINTER_TRANSPORTS, { error: V.invalid }),
  host: z
    .string({ error: PRINTER_V.printerHost })
    .trim()
    .max(253, { error: PRINTER_V.printerHost })
    .regex(HOST_RE, { error: PRINTER_V.printerHost }),
  port: z
    .number({ error: PRINTER_V.printerPort })
    .int({ error: PRINTER_V.printerPort })
    .min(1, { error: PRINTER_V.printerPort })
    .max(65535, { error: PRINTER_V.printerPort }),
  paper: z.union(
    PAPER_WIDTHS.map((w) => z.literal(w)),
    { error: V.invalid },
  ),
  textMode: z.enum(PRINTER_TEXT_MODES, { error: V.invalid }),
  language: z.enum(LANGUAGES, { error: V.invalid }),
  kitchen: bool,
  departmentIds: z.array(idField, { error: V.invalid }).max(50, { error: V.invalid }),
  prebills: bool,
  receipts: bool,
  reports: bool,
  enabled: bool,
});
export type PrinterBody = z.input<typeof printerBody>;
/** A printer's settings as the server reads them (ids parsed). */
export type PrinterSettings = z.output<typeof printerBody>;

/** A printer as the admin sees it: its settings, what the server last saw of it and the jobs it has not printed. */
export const printerResponse = z.object({
  id: z.number(),
  name: z.string(),
  transport: z.enum(PRINTER_TRANSPORTS),
  host: z.string(),
  port: z.number(),
  paper: z.union(PAPER_WIDTHS.map((w) => z.literal(w))),
  textMode: z.enum(PRINTER_TEXT_MODES),
  language: z.enum(LANGUAGES),
  kitchen: z.boolean(),
  departmentIds: z.array(z.number()),
  prebills: z.boolean(),
  receipts: z.boolean(),
  reports: z.boolean(),
  enabled: z.boolean(),
  state: z.enum(PRINTER_STATES),
  /** ISO 8601, UTC: when the state was last seen, or null. */
  stateAt: z.string().nullable(),
  /** What went wrong last time (a connection error, a timeout), or null. */
  lastError: z.string().nullable(),
  /** Jobs not printed yet (PENDING or PRINTING). */
  waiting: z.number(),
});
export type Printer = z.infer<typeof printerResponse>;

/**
 * GET /api/eatery/{id}/printers/status (ROLE_MATRIX.printing): each enabled printer's state and waiting jobs, for the
 * kitchen display's and the floor's "3 tickets waiting for Grill" banner. A `printers` realtime message says when to
 * read it again.
 */
export const printerStatusResponse = z.object({
  id: z.number(),
  name: z.string(),
  state: z.enum(PRINTER_STATES),
  waiting: z.number(),
  kitchen: z.boolean(),
  departmentIds: z.array(z.number()),
});
export type PrinterStatus = z.infer<typeof printerStatusResponse>;

/**
 * A print job (GET /api/eatery/{id}/print-jobs?orderId=&printerId=, newest first, at most PRINT_JOBS_PAGE). `title`
 * says what it is in the printer's language ("ADD-ON · Table 4 · No. 12").
 */
export const printJobResponse = z.object({
  id: z.number(),
  printerId: z.number(),
  printerName: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  orderId: z.number().nullable(),
  title: z.string(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  printedAt: z.string().nullable(),
  /** A reprint of job `reprintOf`, or null. */
  reprintOf: z.number().nullable(),
});
export type PrintJob = z.infer<typeof printJobResponse>;

export const PRINT_JOBS_PAGE = 100;

export const printJobsQuery = z.object({
  orderId: idField.optional(),
  printerId: idField.optional(),
});

/** A document with the paper it is laid out for: the preview draws it in that many columns. */
export const printPreviewResponse = z.object({
  paper: z.union(PAPER_WIDTHS.map((w) => z.literal(w))),
  document: z.custom<PrintDocument>(),
});
export type PrintPreview = z.infer<typeof printPreviewResponse>;

/**
 * GET /api/eatery/{id}/printers/{printerId}/preview?kind= (EATERY_ADMIN; TICKET when not given): a sample of what this printer prints, built
 * as real jobs are (a ticket of the restaurant's own dishes, a receipt, a test page).
 */
export const printPreviewQuery = z.object({
  kind: z.enum(['TICKET', 'RECEIPT', 'TEST'], { error: V.invalid }).default('TICKET'),
});

/**
 * POST /api/eatery/{id}/print (ROLE_MATRIX.printBill; a day report: ROLE_MATRIX.zReport) → 201 {jobs}: the pre-bill or
 * receipt of one or more orders (a receipt once they are paid), or the report of a business day (X while open, Z once
 * closed), on every enabled printer that prints it. 409 `noPrinter` when none does; 409 `orderNotClosed` for the
 * receipt of an order not paid.
 */
export const printRequestBody = z.discriminatedUnion(
  'what',
  [
    z.object({
      what: z.literal('PREBILL'),
      orderIds: z.array(idField, { error: V.invalid }).min(1, { error: V.invalid }).max(20, { error: V.invalid }),
    }),
    z.object({
      what: z.literal('RECEIPT'),
      orderIds: z.array(idField, { error: V.invalid }).min(1, { error: V.invalid }).max(20, { error: V.invalid }),
    }),
    z.object({ what: z.literal('DAY_REPORT'), day: z.iso.date({ error: V.invalid }) }),
  ],
  { error: V.invalid },
);
export type PrintRequestBody = z.input<typeof printRequestBody>;
export type PrintRequest = z.output<typeof printRequestBody>;

export const printQueuedResponse = z.object({ jobs: z.array(printJobResponse) });
export type PrintQueued = z.infer<typeof printQueuedResponse>;
