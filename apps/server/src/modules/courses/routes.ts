import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fireCourseBody, idField, orderPathId, orderResponse, ROLE_MATRIX } from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { fireCourse } from './course-fire.js';

const orderParams = z.object({ id: idField, orderId: orderPathId });

/** Courses: staff fire an order's held course (the kitchen's and the placement's rules are in the order modules). */
export const courseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderCommands } = app.services;

  app.post(
    '/eatery/:id/orders/:orderId/fire',
    {
      config: { access: { roles: ROLE_MATRIX.fireCourse } },
      schema: {
        tags: ['orders'],
        description:
          'Fires `course` (1 = the first): the held lines of that course and of every earlier one go to the kitchen ' +
          '(`held` becomes false; they stay CREATED). 409 `nothingHeld` when none of them is held, 409 ' +
          '`orderClosed` for a cancelled order. Emits ORDER_UPDATED. Not audited (no money changes).',
        params: orderParams,
        body: fireCourseBody,
        response: { 200: orderResponse },
      },
    },
    async (request) =>
      fireCourse(orderCommands.writer, requireEatery(request).id, request.params.orderId, request.body.course),
  );
};
