import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eateryBody, eateryResponse, idField } from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { accessDenied, validationError } from '../../plugins/app-error.js';
import { readMenuForm } from '../images/multipart.js';
import { eateryParams } from '../route-options.js';

const LOGO_UPLOAD =
  'multipart/form-data with a file part `image` (at most 3145728 bytes; jpeg, png, webp, gif, avif or tiff, decided ' +
  'by content; stored as webp). Answers the restaurant with its new `logo` URL.';

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
    async (request) => {
      const eateryId = requireEatery(request).id;
      const eatery = await eateriesService.update(requireUserId(request), eateryId, request.body);
      // Open screens (the kitchen's amber and red minutes, courses) apply the new settings without a reload.
      app.realtime.emitEaterySettings(eateryId);
      return eatery;
    },
  );

  app.put(
    '/eatery/:id/logo',
    {
      config: { access: { roles: ['EATERY_ADMIN'] } },
      schema: { tags, description: LOGO_UPLOAD, params: eateryParams, response: { 200: eateryResponse } },
    },
    async (request) => {
      const { image } = await readMenuForm(request);
      if (!image) throw validationError('image', 'validation.required');
      return eateriesService.setLogo(requireUserId(request), requireEatery(request).id, image);
    },
  );

  app.delete(
    '/eatery/:id/logo',
    {
      config: { access: { roles: ['EATERY_ADMIN'] } },
      schema: { tags, description: 'Removes the logo.', params: eateryParams, response: { 200: eateryResponse } },
    },
    async (request) => {
      return eateriesService.setLogo(requireUserId(request), requireEatery(request).id, null);
    },
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
