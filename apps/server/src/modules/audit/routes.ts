import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditCsvQuery, auditPageResponse, auditQuery, ROLE_MATRIX, type Language } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { eateryParams } from '../route-options.js';
import { CSV_ROW_CAP } from '../reports/csv.js';
import { auditCsv } from './audit-csv.js';

/** The audit log (contract audit.ts): read only; entries are written by the changes themselves. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit: service } = app.services;
  const tags = ['audit'];

  app.get(
    '/eatery/:id/audit',
    {
      config: { access: { roles: ROLE_MATRIX.audit } },
      schema: {
        tags,
        summary: 'The audit log, newest first, one page (filters: day, userId, kind; `cursor` from nextCursor)',
        params: eateryParams,
        querystring: auditQuery,
        response: { 200: auditPageResponse },
      },
    },
    async (request) => {
      const { cursor, ...filters } = request.query;
      return service.page(requireEatery(request).id, filters, cursor);
    },
  );

  app.get(
    '/eatery/:id/audit.csv',
    {
      config: { access: { roles: ROLE_MATRIX.audit } },
      schema: {
        tags,
        summary: 'The audit log as CSV (same filters; the language of `lang`, else English)',
        params: eateryParams,
        querystring: auditCsvQuery,
      },
    },
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      const { lang, ...filters } = request.query;
      const language: Language = lang ?? 'en';
      const entries = await service.all(eateryId, filters, CSV_ROW_CAP);
      const body = auditCsv(entries, language, await service.timeZone(eateryId));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit${filters.day ? `-${filters.day}` : ''}.csv"`)
        .send(body);
    },
  );
};
