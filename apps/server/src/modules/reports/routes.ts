import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  csvQuery,
  REPORT_V,
  reportQuery,
  reportResponse,
  ROLE_MATRIX,
  zReportQuery,
  zReportResponse,
  type Language,
} from '@qr-menu/contract';
import { eateries } from '../../db/schema.js';
import { requireEatery } from '../../plugins/access.js';
import { notFound, validationError } from '../../plugins/app-error.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';
import { CSV_ROW_CAP, itemsCsv, ordersCsv, type ItemCsvRow, type OrderCsvRow } from './csv.js';
import { ITEMS_CSV, ORDERS_CSV } from './report-sql.js';

/** The owner's reports (contract reports.ts): figures and charts of a range, the Z report of a day, CSV exports. */
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

  app.get(
    '/eatery/:id/reports/z',
    {
      config: { access: { roles: ROLE_MATRIX.zReport } },
      schema: {
        tags,
        summary: 'Z report: the summary of one business day',
        params: eateryParams,
        querystring: zReportQuery,
        response: { 200: zReportResponse },
      },
    },
    async (request) => service.zReport(requireEatery(request).id, request.query.day),
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
