import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { menuId } from '@qr-menu/contract';
import { AppError } from '../../plugins/app-error.js';
import { etagMatches } from '../../plugins/etag.js';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const imagesService = app.services.images;

  /** Stored images (content-addressed webp). Public: menu images are shown to guests. */
  app.get(
    '/image/:imageId.webp',
    {
      config: { access: 'public' },
      schema: { tags: ['images'], params: z.object({ imageId: menuId }) },
    },
    async (request, reply) => {
      const { imageId } = request.params;
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch) {
        const etag = await imagesService.etag(imageId);
        if (!etag) throw new AppError(404, 'notFound');
        if (etagMatches(ifNoneMatch, etag)) {
          return reply.code(304).header('ETag', etag).header('Cache-Control', IMMUTABLE_CACHE).send();
        }
      }
      const image = await imagesService.get(imageId);
      if (!image) throw new AppError(404, 'notFound');
      return reply
        .header('Content-Type', 'image/webp')
        .header('Cache-Control', IMMUTABLE_CACHE)
        .header('ETag', image.etag)
        .send(image.bytes);
    },
  );
};
