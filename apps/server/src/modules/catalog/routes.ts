import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryResponse,
  commonCategoryResponse,
  commonDishResponse,
  dishResponse,
  templateDishesBody,
} from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { AppError } from '../../plugins/app-error.js';
import { readMenuForm } from '../images/multipart.js';
import { etagMatches } from '../../plugins/etag.js';
import { ADMINS_ONLY, categoryParams, eateryParams } from '../route-options.js';

/** The predefined catalogue and creating menu entries from it. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.catalog;
  const tags = ['catalogue'];

  app.get('/category/common', { schema: { tags, response: { 200: z.array(commonCategoryResponse) } } }, async () =>
    catalog.categories(),
  );

  app.get(
    '/dish/common/:categoryKey',
    {
      schema: {
        tags,
        description: 'Template dishes of a common category, by its categoryId, key or nameEn.',
        params: z.object({ categoryKey: z.string().min(1).max(100) }),
        response: { 200: z.array(commonDishResponse) },
      },
    },
    async (request) => catalog.dishes(request.params.categoryKey),
  );

  app.post(
    '/eatery/:id/category/predefined',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description:
          'Body `predefinedCategoryBody`: one item as multipart part `data` or JSON → 201 category; a JSON ' +
          'array of items → 201 array of categories. `image` must be a catalogue image name or null.',
        params: eateryParams,
        response: { 201: z.union([categoryResponse, z.array(categoryResponse)]) },
      },
    },
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      let body: unknown = request.body;
      if (request.isMultipart()) body = (await readMenuForm(request)).data;
      return reply.code(201).send(await catalog.createPredefined(eateryId, body));
    },
  );

  app.post(
    '/eatery/:id/category/:categoryId/dish/templates',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: 'JSON array of template dishes (`templateDishesBody`), created at the end of the category.',
        params: categoryParams,
        body: templateDishesBody,
        response: { 201: z.array(dishResponse) },
      },
    },
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      return reply.code(201).send(await catalog.createFromTemplates(eateryId, request.params.categoryId, request.body));
    },
  );

  /** Catalogue images: only names in the catalogue's whitelist are served; nothing else is ever read. */
  app.get(
    '/catalog-image/:name',
    { config: { access: 'public' }, schema: { tags, params: z.object({ name: z.string().max(100) }) } },
    async (request, reply) => {
      const path = catalog.imagePath(request.params.name);
      if (!path) throw new AppError(404, 'notFound');
      const bytes = await readFile(path);
      const etag = `"${createHash('sha256').update(bytes).digest('hex')}"`;
      reply.header('Cache-Control', 'public, max-age=86400').header('ETag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('Content-Type', 'image/webp').send(bytes);
    },
  );
};
