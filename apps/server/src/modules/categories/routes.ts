import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryOrderBody, categoryResponse, categoryWithDishesResponse } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { readMenuForm } from '../images/multipart.js';
import { ADMINS_ONLY, categoryParams, eateryParams } from '../route-options.js';

const MULTIPART =
  'multipart/form-data: part `data` = JSON of `categoryData` (text field or JSON blob), optional file part ' +
  '`image` (at most 3145728 bytes; jpeg, png, webp, gif, avif or tiff; stored as webp). A JSON body is also ' +
  'accepted (then it is `data`, without image).';

/** Menu categories: read by any member, edited by EATERY_ADMIN. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.categories;
  const tags = ['categories'];

  app.get(
    '/eatery/:id/category',
    { schema: { tags, params: eateryParams, response: { 200: z.array(categoryResponse) } } },
    async (request) => service.list(requireEatery(request).id),
  );

  app.post(
    '/eatery/:id/category',
    {
      config: ADMINS_ONLY,
      schema: { tags, description: MULTIPART, params: eateryParams, response: { 201: categoryResponse } },
    },
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      return reply.code(201).send(await service.create(eateryId, await readMenuForm(request)));
    },
  );

  app.put(
    '/eatery/:id/category/order',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: 'The ids of all categories of the restaurant, in the new order (else 400, nothing changes).',
        params: eateryParams,
        body: categoryOrderBody,
        response: { 200: z.array(categoryResponse) },
      },
    },
    async (request) => service.reorder(requireEatery(request).id, request.body.categoryIds),
  );

  app.get(
    '/eatery/:id/category/:categoryId',
    {
      schema: {
        tags,
        description: 'The category with its dishes (`dishes` is the list here; `dishCount` the count).',
        params: categoryParams,
        response: { 200: categoryWithDishesResponse },
      },
    },
    async (request) => service.getWithDishes(requireEatery(request).id, request.params.categoryId),
  );

  app.get(
    '/eatery/:id/categories/:categoryId',
    {
      schema: {
        tags,
        description: 'The category without dishes (names for breadcrumbs).',
        params: categoryParams,
        response: { 200: categoryResponse },
      },
    },
    async (request) => service.get(requireEatery(request).id, request.params.categoryId),
  );

  app.put(
    '/eatery/:id/category/:categoryId',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: `${MULTIPART} \`removeImage: true\` or \`image: null\` in data removes the image.`,
        params: categoryParams,
        response: { 200: categoryResponse },
      },
    },
    async (request) =>
      service.update(requireEatery(request).id, request.params.categoryId, await readMenuForm(request)),
  );

  app.delete(
    '/eatery/:id/category/:categoryId',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: 'Deletes the category and its dishes (dishes referenced by past orders are archived).',
        params: categoryParams,
      },
    },
    async (request, reply) => {
      await service.remove(requireEatery(request).id, request.params.categoryId);
      return reply.code(204).send();
    },
  );
};
