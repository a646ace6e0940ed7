import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  csvQuery,
  dayReportResponse,
  LANGUAGES,
  REPORT_V,
  reportQuery,
  reportResponse,
  ROLE_MATRIX,
  zCloseBody,
  zListQuery,
  zListResponse,
  zReopenBody,
  zReportQuery,
  type Language,
} from '@qr-menu/contract';
import { eateries } from '../../db/schema.js';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { notFound, validationError } from '../../plugins/app-error.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';
import { CSV_ROW_CAP, itemsCsv, ordersCsv, type ItemCsvRow, type OrderCsvRow } from './csv.js';
import { dayCsv } from './day-csv.js';
import { ITEMS_CSV, ORDERS_CSV } from './report-sql.js';

/** The day report's CSV: the day, and the language (the restaurant's when not given). */
const dayCsvQuery = zReportQuery.extend({ lang: z.enum(LANGUAGES, { error: 'validation.invalid' }).optional() });

/**
 * The owner's reports (contract reports.ts): figures and charts of a range, the X/Z report of a day (closing and
 * reopening it), CSV exports.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.reports;
  const tags = ['reports'];

  app.get(
    '/eatery/:id/reports',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        summary: 'Figures and chart data of a range of days, with the previous range of the same length',
        params: eateryParams,
        querystring: reportQuery,
        response: { 200: reportResponse },
      },
    },
    async (request) => service.report(requireEatery(request).id, request.query.from, request.query.to),
  );

  /** Who reads and closes the X/Z reports; reopening a closed day is the admin's. */
  const zReport = { access: { roles: ROLE_MATRIX.zReport } };

  app.get(
    '/eatery/:id/reports/day',
    {
      config: zReport,
      schema: {
        tags,
        summary: 'The report of one business day: X (the day so far) while open, its Z report once closed',
        params: eateryParams,
        querystring: zReportQuery,
        response: { 200: dayReportResponse },
      },
    },
    async (request) => service.dayReport(requireEatery(request).id, request.query.day),
  );

  app.post(
    '/eatery/:id/reports/z',
    {
      config: zReport,
      schema: {
        tags,
        summary: 'Close a business day: its numbered Z report; the day’s payments are locked',
        description:
          '409 `dayClosed` when it is closed, 409 `drawersStillOpen` while a drawer of the day is open, 400 ' +
          '`validation.reportRange` for a day after the current business day.',
        params: eateryParams,
        body: zCloseBody,
        response: { 200: dayReportResponse },
      },
    },
    async (request) => service.closeDay(requireEatery(request).id, request.body.day, requireUserId(request)),
  );

  app.post(
    '/eatery/:id/reports/z/reopen',
    {
      config: { access: { roles: ROLE_MATRIX.reopenDay } },
      schema: {
        tags,
        summary: 'Open a closed business day again, with a reason (audit log); 409 `dayNotClosed` when not closed',
        params: eateryParams,
        body: zReopenBody,
        response: { 200: dayReportResponse },
      },
    },
    async (request) => {
      const { day, reason } = request.body;
      return service.reopenDay(requireEatery(request).id, day, reason, requireUserId(request));
    },
  );

  app.get(
    '/eatery/:id/reports/z/list',
    {
      config: zReport,
      schema: {
        tags,
        summary: 'The Z reports of a range of business days, by number (reopened ones too)',
        params: eateryParams,
        querystring: zListQuery,
        response: { 200: zListResponse },
      },
    },
    async (request) => service.zList(requireEatery(request).id, request.query.from, request.query.to),
  );

  app.get(
    '/eatery/:id/reports/day.csv',
    {
      config: zReport,
      schema: {
        tags,
        summary: 'CSV of the report of one business day (label; value rows)',
        params: eateryParams,
        querystring: dayCsvQuery,
      },
    },
    async (request, reply) => {
      const report = await service.dayReport(requireEatery(request).id, request.query.day);
      const lang = request.query.lang ?? report.eatery.language;
      const name = report.z ? `z-report-${report.z.number}` : 'x-report';
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${report.day}.csv"`)
        .send(dayCsv(report, lang));
    },
  );

  /** The CSV's language: the one asked for, else the restaurant's. */
  const csvLanguage = async (eateryId: number, lang: Language | undefined): Promise<Language> => {
    if (lang) return lang;
    const [row] = await app.db.select({ language: eateries.language }).from(eateries).where(eq(eateries.id, eateryId));
    if (!row) throw notFound();
    return row.language as Language;
  };

  /** Rows of a CSV statement, at most CSV_ROW_CAP: a range with more is refused (400), not cut silently. */
  const csvRows = async <Row>(statement: typeof ORDERS_CSV, eateryId: number, from: string, to: string) => {
    const rows = await service.csvRows<Row>(statement, eateryId, from, to, CSV_ROW_CAP + 1);
    if (rows.length > CSV_ROW_CAP) throw validationError('to', REPORT_V.range);
    return rows;
  };

  const sendCsv = (reply: FastifyReply, name: string, from: string, to: string, body: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${from}-${to}.csv"`)
      .send(body);

  const csvSchema = (summary: string) => ({
    config: ADMINS_ONLY,
    schema: { tags, summary, params: eateryParams, querystring: csvQuery },
  });

  app.get(
    '/eatery/:id/reports/orders.csv',
    csvSchema('CSV of the orders placed in a range (one row per order)'),
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      const { from, to } = request.query;
      const lang = await csvLanguage(eateryId, request.query.lang);
      const rows = await csvRows<OrderCsvRow>(ORDERS_CSV, eateryId, from, to);
      return sendCsv(reply, 'orders', from, to, ordersCsv(rows, lang));
    },
  );

  app.get(
    '/eatery/:id/reports/items.csv',
    csvSchema('CSV of the items of the orders placed in a range (one row per item, deleted ones too)'),
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      const { from, to } = request.query;
      const lang = await csvLanguage(eateryId, request.query.lang);
      const rows = await csvRows<ItemCsvRow>(ITEMS_CSV, eateryId, from, to);
      return sendCsv(reply, 'items', from, to, itemsCsv(rows, lang));
    },
  );
};
