import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { departmentBody, departmentResponse, idField, menuId, ROLE_MATRIX } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { eateryParams } from '../route-options.js';

const EDITORS = { access: { roles: ROLE_MATRIX.departments } };
const departmentParams = z.object({ id: idField, departmentId: menuId });

/** Kitchen departments: read by any member; edited by EATERY_ADMIN or KITCHEN_ADMIN. */
export const departmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const departments = app.services.departments;
  const tags = ['kitchen departments'];

  app.get(
    '/eatery/:id/kitchen-department',
    { schema: { tags, params: eateryParams, response: { 200: z.array(departmentResponse) } } },
    async (request) => departments.list(requireEatery(request).id),
  );

  app.post(
    '/eatery/:id/kitchen-department',
    {
      config: EDITORS,
      schema: { tags, params: eateryParams, body: departmentBody, response: { 201: departmentResponse } },
    },
    async (request, reply) => reply.code(201).send(await departments.create(requireEatery(request).id, request.body)),
  );

  app.put(
    '/eatery/:id/kitchen-department/:departmentId',
    {
      config: EDITORS,
      schema: { tags, params: departmentParams, body: departmentBody, response: { 200: departmentResponse } },
    },
    async (request) => departments.update(requireEatery(request).id, request.params.departmentId, request.body),
  );

  app.delete(
    '/eatery/:id/kitchen-department/:departmentId',
    { config: EDITORS, schema: { tags, params: departmentParams } },
    async (request, reply) => {
      await departments.remove(requireEatery(request).id, request.params.departmentId);
      return reply.code(204).send();
    },
  );
};
