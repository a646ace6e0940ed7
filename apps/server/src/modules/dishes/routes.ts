import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dishOrderBody,
  dishResponse,
  dishStockBody,
  dishStockResponse,
  idField,
  menuId,
  ROLE_MATRIX,
} from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { readMenuForm } from '../images/multipart.js';
import { ADMINS_ONLY, categoryParams } from '../route-options.js';

const dishParams = z.object({ id: idField, categoryId: menuId, dishId: menuId });
const stockParams = z.object({ id: idField, dishId: menuId });
const MULTIPART =
  'multipart/form-data: part `data` = JSON of `dishData` (text field or JSON blob), optional file part `image` ' +
  '(at most 3145728 bytes; jpeg, png, webp, gif, avif or tiff; stored as webp). A JSON body is also accepted.';

/** Dishes of a category: read by any member, edited by EATERY_ADMIN; portions left set by the kitchen too. */
export const dishRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.dishes;
  const tags = ['dishes'];

  app.get(
    '/eatery/:id/category/:categoryId/dish',
    { schema: { tags, params: categoryParams, response: { 200: z.array(dishResponse) } } },
    async (request) => service.list(requireEatery(request).id, request.params.categoryId),
  );

  app.post(
    '/eatery/:id/category/:categoryId/dish',
    {
      config: ADMINS_ONLY,
      schema: { tags, description: MULTIPART, params: categoryParams, response: { 201: dishResponse } },
    },
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      const dish = await service.create(eateryId, request.params.categoryId, await readMenuForm(request));
      return reply.code(201).send(dish);
    },
  );

  app.put(
    '/eatery/:id/category/:categoryId/dish/order',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: 'The ids of all dishes of the category, in the new order (else 400, nothing changes).',
        params: categoryParams,
        body: dishOrderBody,
        response: { 200: z.array(dishResponse) },
      },
    },
    async (request) => service.reorder(requireEatery(request).id, request.params.categoryId, request.body.dishIds),
  );

  app.get(
    '/eatery/:id/category/:categoryId/dish/:dishId',
    { schema: { tags, params: dishParams, response: { 200: dishResponse } } },
    async (request) => service.get(requireEatery(request).id, request.params.categoryId, request.params.dishId),
  );

  app.put(
    '/eatery/:id/category/:categoryId/dish/:dishId',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description:
          `${MULTIPART} \`data.categoryId\` = another category of the restaurant moves the dish there; ` +
          '`removeImage: true` or `image: null` removes the image.',
        params: dishParams,
        response: { 200: dishResponse },
      },
    },
    async (request) => {
      const { categoryId, dishId } = request.params;
      const form = await readMenuForm(request);
      return service.update(requireEatery(request).id, categoryId, dishId, form, request.userId);
    },
  );

  app.put(
    '/eatery/:id/dishes/:dishId/stock',
    {
      config: { access: { roles: ROLE_MATRIX.stock } },
      schema: {
        tags,
        description:
          "Counted stock: the dish's portions left (`count` 0..9999), or null to stop counting. 0 sells the dish out " +
          'at once; a count above 0 (or none) brings back a dish that ran out of portions. Every order then takes ' +
          'its portions (409 `notEnoughStock` when too few are left); a void or a cancelled order gives them back. ' +
          'Writes a STOCK audit entry.',
        params: stockParams,
        body: dishStockBody,
        response: { 200: dishStockResponse },
      },
    },
    async (request) =>
      service.setStock(requireEatery(request).id, request.params.dishId, request.body.count, request.userId),
  );

  app.delete(
    '/eatery/:id/category/:categoryId/dish/:dishId',
    {
      config: ADMINS_ONLY,
      schema: {
        tags,
        description: 'Deletes the dish, or archives it when past orders reference it (204 either way).',
        params: dishParams,
      },
    },
    async (request, reply) => {
      await service.remove(requireEatery(request).id, request.params.categoryId, request.params.dishId);
      return reply.code(204).send();
    },
  );
};
