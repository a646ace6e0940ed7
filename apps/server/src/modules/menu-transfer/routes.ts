import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_MESSAGES, MENU_TRANSFER_FORMATS, MENU_TRANSFER_LIMITS, type MenuImportReport } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';
import type { TransferFile } from './menu-transfer.service.js';
import { readTransferForm } from './transfer-form.js';

const formatQuery = z.object({ format: z.enum(MENU_TRANSFER_FORMATS).default('xlsx') });
const exportQuery = formatQuery.extend({ photos: z.enum(['0', '1']).optional() });
const FORM =
  'multipart/form-data: `file` = the sheet (XLSX or CSV, at most ' +
  `${MENU_TRANSFER_LIMITS.sheetBytes} bytes and ${MENU_TRANSFER_LIMITS.rows} rows; or the ZIP of an export with ` +
  'photos), optional `photos` = a ZIP of the images the `photo` column names (at most ' +
  `${MENU_TRANSFER_LIMITS.photosBytes} bytes). Columns and row rules: contract menu-transfer.ts.`;

const sendFile = (reply: FastifyReply, file: TransferFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.bytes);

/**
 * A report with problems, as a 422 error body: `messageKey: 'validation'` and every row problem in `details`
 * (`field` = '<row>.<column>'), with the report's own fields beside them for the page to show, and the request's id
 * like every error body.
 */
const rejectedBody = (report: MenuImportReport, requestId: string) => ({
  messageKey: 'validation' as const,
  message: ERROR_MESSAGES.validation,
  requestId,
  details: [
    ...report.fileErrors.map((e) => ({ field: 'file', messageKey: e.key })),
    ...report.rows.flatMap((r) => r.errors.map((e) => ({ field: `${r.row}.${e.column ?? 'row'}`, messageKey: e.key }))),
  ],
  ...report,
});

/** Menu import and export as a spreadsheet (contract menu-transfer.ts): the restaurant's admins only. */
export const menuTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.menuTransfer;
  const tags = ['menu-transfer'];

  app.get(
    '/eatery/:id/menu-transfer/template',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        summary: 'An empty menu sheet: the header row and one example row (XLSX: with a sheet explaining the columns)',
        params: eateryParams,
        querystring: formatQuery,
      },
    },
    async (request, reply) => {
      requireEatery(request);
      return sendFile(reply, await service.template(request.query.format));
    },
  );

  app.get(
    '/eatery/:id/menu-transfer/export',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        summary: "The whole menu as a sheet, in menu order; `photos=1`: a ZIP of the sheet and the dishes' photos",
        params: eateryParams,
        querystring: exportQuery,
      },
    },
    async (request, reply) => {
      const { format, photos } = request.query;
      return sendFile(reply, await service.export(requireEatery(request).id, format, photos === '1'));
    },
  );

  app.post(
    '/eatery/:id/menu-transfer/preview',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        summary: 'What importing the sheet would do, row by row with its problems; writes nothing',
        description: FORM,
        params: eateryParams,
      },
    },
    async (request) => service.preview(requireEatery(request).id, await readTransferForm(request)),
  );

  app.post(
    '/eatery/:id/menu-transfer/import',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        summary: 'Imports the sheet in one transaction; 422 with the report (nothing written) when anything is wrong',
        description: FORM,
        params: eateryParams,
      },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const report = await service.import(eatery.id, await readTransferForm(request), request.userId);
      if (!report.imported) return reply.code(422).send(rejectedBody(report, request.id));
      return report;
    },
  );
};
