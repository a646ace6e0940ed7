import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserBody, idField, updateUserBody, userResponse, usersQuery } from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';

const userParams = z.object({ id: idField, userId: idField });

/**
 * Staff users of a restaurant. Reads: any member, but only EATERY_ADMIN gets the e-mails and phones (the service's
 * seesStaffContacts; the others get names and roles); edits: EATERY_ADMIN.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.users;
  const tags = ['users'];

  app.get(
    '/eatery/:id/user',
    {
      config: { access: { roles: 'any' } },
      schema: { tags, params: eateryParams, querystring: usersQuery, response: { 200: z.array(userResponse) } },
    },
    async (request) => service.list(requireEatery(request), request.query.role),
  );

  app.post(
    '/eatery/:id/user',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: eateryParams, body: createUserBody, response: { 201: userResponse } },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireEatery(request), request.body)),
  );

  app.put(
    '/eatery/:id/user/:userId',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: userParams, body: updateUserBody, response: { 200: userResponse } },
    },
    async (request) =>
      service.update(requireEatery(request), requireUserId(request), request.params.userId, request.body),
  );

  app.delete(
    '/eatery/:id/user/:userId',
    { config: ADMINS_ONLY, schema: { tags, params: userParams } },
    async (request, reply) => {
      await service.remove(requireEatery(request), requireUserId(request), request.params.userId);
      return reply.code(204).send();
    },
  );
};
