import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eateryBody, eateryResponse, idField } from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { accessDenied } from '../../plugins/app-error.js';
import { eateryParams } from '../route-options.js';

export const eateryRoutes: FastifyPluginAsyncZod = async (app) => {
  const eateriesService = app.services.eateries;
  const tags = ['restaurants'];

  app.get('/eatery', { schema: { tags, response: { 200: z.array(eateryResponse) } } }, async (request) =>
    eateriesService.listForUser(requireUserId(request)),
  );

  app.get(
    '/eatery/owner/:userId',
    { schema: { tags, params: z.object({ userId: idField }), response: { 200: z.array(eateryResponse) } } },
    async (request) => {
      const userId = requireUserId(request);
      if (request.params.userId !== userId) throw accessDenied();
      return eateriesService.listOwned(userId);
    },
  );

  app.post(
    '/eatery',
    { schema: { tags, body: eateryBody, response: { 201: eateryResponse } } },
    async (request, reply) => reply.code(201).send(await eateriesService.create(requireUserId(request), request.body)),
  );

  app.get(
    '/eatery/:id',
    { config: { access: { roles: 'any' } }, schema: { tags, params: eateryParams, response: { 200: eateryResponse } } },
    async (request) => eateriesService.get(requireUserId(request), requireEatery(request).id),
  );

  app.put(
    '/eatery/:id',
    {
      config: { access: { roles: ['EATERY_ADMIN'] } },
      schema: { tags, params: eateryParams, body: eateryBody, response: { 200: eateryResponse } },
    },
    async (request) => eateriesService.update(requireUserId(request), requireEatery(request).id, request.body),
  );

  app.delete(
    '/eatery/:id',
    { config: { access: { roles: ['EATERY_ADMIN'] } }, schema: { tags, params: eateryParams } },
    async (request, reply) => {
      const eatery = requireEatery(request);
      await eateriesService.remove(requireUserId(request), eatery);
      // Its staff boards must not stay connected to a restaurant that no longer exists.
      app.realtime.endEaterySessions(eatery.id);
      return reply.code(204).send();
    },
  );
};
