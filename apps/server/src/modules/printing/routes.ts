import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idField,
  mayDo,
  printerBody,
  printerResponse,
  printerStatusResponse,
  printJobResponse,
  printJobsQuery,
  printPreviewQuery,
  printPreviewResponse,
  printQueuedResponse,
  printRequestBody,
  ROLE_MATRIX,
} from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { AppError } from '../../plugins/app-error.js';
import { seesStaffContacts } from '../users/staff-contacts.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';

const printerParams = z.object({ id: idField, printerId: idField });
const jobParams = z.object({ id: idField, jobId: idField });
const PRINTING = { access: { roles: ROLE_MATRIX.printing } };
/** Whoever prints a bill or a day report; which of them each may print is checked in the handler. */
const TILL = { access: { roles: [...new Set([...ROLE_MATRIX.printBill, ...ROLE_MATRIX.zReport])] } };

/**
 * Printers (contract printing.ts): the admin sets them up, tests and previews them; everyone on the service sees
 * their state and waiting jobs and reprints a ticket; the till prints pre-bills, receipts and day reports. Each
 * change of printers or jobs is announced to the restaurant's screens (PRINTERS_EVENT).
 */
export const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.printers;
  const tags = ['printing'];
  const changed = (eateryId: number) => app.realtime.printJobsQueued(eateryId);

  app.get(
    '/eatery/:id/printers',
    { config: ADMINS_ONLY, schema: { tags, params: eateryParams, response: { 200: z.array(printerResponse) } } },
    async (request) => service.list(requireEatery(request).id),
  );

  app.post(
    '/eatery/:id/printers',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: eateryParams, body: printerBody, response: { 201: printerResponse } },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const printer = await service.save(eatery.id, null, request.body);
      changed(eatery.id);
      return reply.code(201).send(printer);
    },
  );

  app.put(
    '/eatery/:id/printers/:printerId',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: printerParams, body: printerBody, response: { 200: printerResponse } },
    },
    async (request) => {
      const eatery = requireEatery(request);
      const printer = await service.save(eatery.id, request.params.printerId, request.body);
      changed(eatery.id);
      return printer;
    },
  );

  app.delete(
    '/eatery/:id/printers/:printerId',
    { config: ADMINS_ONLY, schema: { tags, summary: 'Delete a printer and its waiting jobs', params: printerParams } },
    async (request, reply) => {
      const eatery = requireEatery(request);
      await service.remove(eatery.id, request.params.printerId);
      changed(eatery.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/eatery/:id/printers/:printerId/test',
    {
      config: ADMINS_ONLY,
      schema: { tags, summary: 'Queue a test page', params: printerParams, response: { 201: printJobResponse } },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const job = await service.test(eatery.id, request.params.printerId);
      changed(eatery.id);
      return reply.code(201).send(job);
    },
  );

  app.get(
    '/eatery/:id/printers/:printerId/preview',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        summary: 'A sample ticket, receipt or test page as this printer prints it',
        params: printerParams,
        querystring: printPreviewQuery,
        response: { 200: printPreviewResponse },
      },
    },
    async (request) => service.preview(requireEatery(request).id, request.params.printerId, request.query.kind),
  );

  app.get(
    '/eatery/:id/printers/status',
    {
      config: PRINTING,
      schema: { tags, params: eateryParams, response: { 200: z.array(printerStatusResponse) } },
    },
    async (request) => service.status(requireEatery(request).id),
  );

  app.get(
    '/eatery/:id/print-jobs',
    {
      config: PRINTING,
      schema: { tags, params: eateryParams, querystring: printJobsQuery, response: { 200: z.array(printJobResponse) } },
    },
    async (request) => service.jobs(requireEatery(request).id, request.query),
  );

  app.get(
    '/eatery/:id/print-jobs/:jobId/document',
    { config: PRINTING, schema: { tags, params: jobParams, response: { 200: printPreviewResponse } } },
    async (request) => service.document(requireEatery(request).id, request.params.jobId),
  );

  app.post(
    '/eatery/:id/print-jobs/:jobId/reprint',
    {
      config: PRINTING,
      schema: { tags, summary: 'Print a job again', params: jobParams, response: { 201: printJobResponse } },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const job = await service.reprint(eatery.id, request.params.jobId);
      changed(eatery.id);
      return reply.code(201).send(job);
    },
  );

  app.delete(
    '/eatery/:id/print-jobs/:jobId',
    { config: ADMINS_ONLY, schema: { tags, summary: 'Give up a waiting job', params: jobParams } },
    async (request, reply) => {
      const eatery = requireEatery(request);
      await service.cancel(eatery.id, request.params.jobId);
      changed(eatery.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/eatery/:id/print',
    {
      config: TILL,
      schema: {
        tags,
        summary: 'Print a pre-bill, a receipt or a day report on the printers that print it',
        description: '409 `noPrinter` when no enabled printer prints it; 409 `orderNotClosed` for an unpaid receipt.',
        params: eateryParams,
        body: printRequestBody,
        response: { 201: printQueuedResponse },
      },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      const action = request.body.what === 'DAY_REPORT' ? 'zReport' : 'printBill';
      if (!mayDo(eatery.roles, action)) throw new AppError(403, 'accessDenied');
      const jobs = await service.print(eatery.id, request.body, seesStaffContacts(eatery));
      changed(eatery.id);
      return reply.code(201).send({ jobs });
    },
  );
};
