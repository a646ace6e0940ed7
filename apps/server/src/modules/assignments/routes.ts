import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, tableAssignmentBody, tableAssignmentResponse } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';
import { seesStaffContacts } from '../users/staff-contacts.js';

/** Waiter-to-table assignments. Reads: any member (waiters' e-mails: EATERY_ADMIN only); edits: EATERY_ADMIN. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.assignments;
  const tags = ['tables'];

  app.get(
    '/eatery/:id/table-assignment',
    {
      config: { access: { roles: 'any' } },
      schema: { tags, params: eateryParams, response: { 200: z.array(tableAssignmentResponse) } },
    },
    async (request) => {
      const eatery = requireEatery(request);
      return service.list(eatery.id, seesStaffContacts(eatery));
    },
  );

  app.post(
    '/eatery/:id/table-assignment',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        params: eateryParams,
        body: tableAssignmentBody,
        response: { 200: tableAssignmentResponse, 201: tableAssignmentResponse },
      },
    },
    async (request, reply) => {
      const { created, assignment } = await service.assign(requireEatery(request).id, request.body);
      return reply.code(created ? 201 : 200).send(assignment);
    },
  );

  app.delete(
    '/eatery/:id/table-assignment/:assignmentId',
    { config: ADMINS_ONLY, schema: { tags, params: z.object({ id: idField, assignmentId: idField }) } },
    async (request, reply) => {
      await service.remove(requireEatery(request).id, request.params.assignmentId);
      return reply.code(204).send();
    },
  );
};
