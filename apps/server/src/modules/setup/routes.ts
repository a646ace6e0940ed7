import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverAddressesResponse, setupProgressResponse } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';
import { serverLanBases } from '../tables/qr-base.js';
import { setupProgress } from './setup-progress.js';

/** The owner's start checklist, and the addresses QR codes can link to when the admin is opened on localhost. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['setup'];

  app.get(
    '/eatery/:id/setup-progress',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: "What the restaurant has so far, for the owner's start checklist.",
        params: eateryParams,
        response: { 200: setupProgressResponse },
      },
    },
    async (request) => setupProgress(app.db, requireEatery(request).id),
  );

  app.get(
    '/setup/addresses',
    {
      config: { access: 'user' },
      schema: {
        tags,
        description:
          "The server's LAN addresses (non-internal IPv4, with the port the request came to) and PUBLIC_URL: the bases " +
          'a QR code can use when the admin is opened on localhost. Any signed-in user; no restaurant data.',
        response: { 200: serverAddressesResponse },
      },
    },
    async (request) => ({ lan: serverLanBases(request), publicUrl: app.config.publicUrl ?? null }),
  );
};
