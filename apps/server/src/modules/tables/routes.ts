import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, tableBody, tableRangeBody, tableRangeResponse, tableResponse } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { qrBase, qrQuery } from './qr-base.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';

const tableParams = z.object({ id: idField, tableId: idField });

/** Tables of a restaurant with their QR codes. Reads: any member; edits: EATERY_ADMIN. */
export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tables;
  const tags = ['tables'];

  app.get(
    '/eatery/:id/table',
    {
      config: { access: { roles: 'any' } },
      schema: { tags, params: eateryParams, querystring: qrQuery, response: { 200: z.array(tableResponse) } },
    },
    async (request) => service.list(requireEatery(request).id, qrBase(request)),
  );

  app.post(
    '/eatery/:id/table',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: eateryParams, querystring: qrQuery, body: tableBody, response: { 201: tableResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(requireEatery(request).id, request.body, qrBase(request))),
  );

  app.post(
    '/eatery/:id/tables/bulk',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description:
          'Tables named from, from + 1, … to (at most 100 at once), in one transaction. Numbers that already name a ' +
          "table are skipped and reported; past the restaurant's table cap nothing is created (400 limitReached).",
        params: eateryParams,
        body: tableRangeBody,
        response: { 201: tableRangeResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createRange(requireEatery(request).id, request.body.from, request.body.to)),
  );

  app.put(
    '/eatery/:id/table/:tableId',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: tableParams, querystring: qrQuery, body: tableBody, response: { 200: tableResponse } },
    },
    async (request) => service.update(requireEatery(request).id, request.params.tableId, request.body, qrBase(request)),
  );

  app.delete(
    '/eatery/:id/table/:tableId',
    { config: ADMINS_ONLY, schema: { tags, params: tableParams } },
    async (request, reply) => {
      await service.remove(requireEatery(request).id, request.params.tableId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/eatery/:id/table/:tableId/key',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description:
          'A new random QR key for the table ("reprint QR"): the QR code changes and, with table keys on, the old ' +
          'printed code no longer places orders. No body (or an empty object).',
        params: tableParams,
        querystring: qrQuery,
        body: z.object({}).strict().nullish(),
        response: { 200: tableResponse },
      },
    },
    async (request) => service.rotateKey(requireEatery(request).id, request.params.tableId, qrBase(request)),
  );

  app.get(
    '/eatery/:id/table/:tableId/qr.png',
    { config: ADMINS_ONLY, schema: { tags, params: tableParams, querystring: qrQuery } },
    async (request, reply) => {
      const { png, number } = await service.printPng(
        requireEatery(request).id,
        request.params.tableId,
        qrBase(request),
      );
      const safeName = number.replace(/[^A-Za-z0-9_-]/g, '_') || String(request.params.tableId);
      return reply
        .type('image/png')
        .header('Content-Disposition', `inline; filename="table-${safeName}-qr.png"`)
        .header('Cache-Control', 'private, no-cache')
        .send(png);
    },
  );
};
