import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, tableBody, tableResponse } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { publicBase } from './qr.js';
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
      schema: { tags, params: eateryParams, response: { 200: z.array(tableResponse) } },
    },
    async (request) => service.list(requireEatery(request).id, publicBase(request)),
  );

  app.post(
    '/eatery/:id/table',
    { config: ADMINS_ONLY, schema: { tags, params: eateryParams, body: tableBody, response: { 201: tableResponse } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(requireEatery(request).id, request.body, publicBase(request))),
  );

  app.put(
    '/eatery/:id/table/:tableId',
    { config: ADMINS_ONLY, schema: { tags, params: tableParams, body: tableBody, response: { 200: tableResponse } } },
    async (request) =>
      service.update(requireEatery(request).id, request.params.tableId, request.body, publicBase(request)),
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
        body: z.object({}).strict().nullish(),
        response: { 200: tableResponse },
      },
    },
    async (request) => service.rotateKey(requireEatery(request).id, request.params.tableId, publicBase(request)),
  );

  app.get(
    '/eatery/:id/table/:tableId/qr.png',
    { config: ADMINS_ONLY, schema: { tags, params: tableParams } },
    async (request, reply) => {
      const { png, number } = await service.printPng(
        requireEatery(request).id,
        request.params.tableId,
        publicBase(request),
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
