import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { menuId } from '@qr-menu/contract';
import { AppError } from '../../plugins/app-error.js';
import { etagMatches } from '../../plugins/etag.js';
import { hashMatches, VARIANT_WIDTHS } from './images.service.js';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** The content hash in an image URL (hashedImageUrl, variantUrl). */
const urlHash = z.string().regex(/^[0-9a-f]{16}$/);
/** A variant width, as a path segment. */
const variantWidth = z.coerce
  .number()
  .int()
  .refine((w) => (VARIANT_WIDTHS as readonly number[]).includes(w));

/**
 * Answers an image whose sha256 is `sha256` (already known to exist): 304 when the client has it, else the bytes
 * loaded by `load` (null: it vanished meanwhile). Never read by a client-given name: ids and hashes are looked up in
 * the database.
 */
async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  sha256: string,
  load: () => Promise<{ bytes: Buffer } | null>,
) {
  const etag = `"${sha256}"`;
  if (etagMatches(request.headers['if-none-match'], etag)) {
    return reply.code(304).header('ETag', etag).header('Cache-Control', IMMUTABLE_CACHE).send();
  }
  const image = await load();
  if (!image) throw new AppError(404, 'notFound');
  return reply
    .header('Content-Type', 'image/webp')
    .header('Cache-Control', IMMUTABLE_CACHE)
    .header('ETag', etag)
    .send(image.bytes);
}

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const imagesService = app.services.images;

  /** Stored images by id (content-addressed webp), as the admin shows them. Public: menu images are shown to guests. */
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

  /** A stored image under a URL carrying its content hash (the guest menu's `photo.src`); 404 for another hash. */
  app.get(
    '/image/:imageId/:hash.webp',
    {
      config: { access: 'public' },
      schema: { tags: ['images'], params: z.object({ imageId: menuId, hash: urlHash }) },
    },
    async (request, reply) => {
      const { imageId, hash } = request.params;
      const image = await imagesService.hashes(imageId);
      if (!image || !hashMatches(hash, image.sha256)) throw new AppError(404, 'notFound');
      return sendImage(request, reply, image.sha256, () => imagesService.get(imageId));
    },
  );

  /** A narrower webp copy of a stored image (the guest menu's `photo.srcSet`), under the image's content hash. */
  app.get(
    '/image/:imageId/:hash/:width.webp',
    {
      config: { access: 'public' },
      schema: { tags: ['images'], params: z.object({ imageId: menuId, hash: urlHash, width: variantWidth }) },
    },
    async (request, reply) => {
      const { imageId, hash, width } = request.params;
      const image = await imagesService.hashes(imageId);
      if (!image || !hashMatches(hash, image.sha256)) throw new AppError(404, 'notFound');
      const variant = image.variants?.find((v) => v.width === width);
      if (!variant) throw new AppError(404, 'notFound');
      return sendImage(request, reply, variant.sha256, () => imagesService.getVariant(imageId, width));
    },
  );
};
