import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dishAvailabilityBody,
  idField,
  kitchenBoardResponse,
  kitchenQuery,
  menuId,
  orderPathId,
  orderResponse,
  ticketBumpBody,
  ticketRecallBody,
  ROLE_MATRIX,
} from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { eateryParams } from '../route-options.js';
import { assertStation, kitchenThresholds } from './stations.js';
import { StopListSweeper } from './stop-list-sweeper.js';

const ticketParams = z.object({ id: idField, orderId: orderPathId, batch: idField });
const dishParams = z.object({ id: idField, dishId: menuId });
const access = { access: { roles: ROLE_MATRIX.kitchen } };

/**
 * The kitchen display (contract kitchen.ts): the board's orders, bumping and recalling tickets, and
 * sold out. The order changes go through the order commands (one transaction with the order row locked, the same
 * ORDER_UPDATED event as every other change); boards recompute their tickets from the orders.
 */
export const kitchenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderQueries, orderCommands, dishes } = app.services;
  const tags = ['kitchen'];

  app.get(
    '/eatery/:id/kitchen',
    {
      config: access,
      schema: {
        tags,
        description:
          'The orders of a station (`departmentId`, or every item when absent) the kitchen board shows: open orders ' +
          'with an item not yet READY, or READY in the last RECALL_MINUTES; with the amber and red thresholds.',
        params: eateryParams,
        querystring: kitchenQuery,
        response: { 200: kitchenBoardResponse },
      },
    },
    async (request) => {
      const eateryId = requireEatery(request).id;
      const station = request.query.departmentId ?? null;
      if (station !== null) await assertStation(app.db, eateryId, station);
      const [thresholds, orders] = await Promise.all([
        kitchenThresholds(app.db, eateryId),
        orderQueries.kitchenOrders(eateryId, station),
      ]);
      return { ...thresholds, orders };
    },
  );

  app.post(
    '/eatery/:id/kitchen/tickets/:orderId/:batch/bump',
    {
      config: access,
      schema: { tags, params: ticketParams, body: ticketBumpBody, response: { 200: orderResponse } },
    },
    async (request) => {
      const eatery = requireEatery(request);
      const departmentId = request.body.departmentId ?? null;
      if (departmentId !== null) await assertStation(app.db, eatery.id, departmentId);
      const { orderId, batch } = request.params;
      return orderCommands.bumpTicket(eatery, orderId, { batch, departmentId }, request.body.status ?? 'READY');
    },
  );

  app.post(
    '/eatery/:id/kitchen/tickets/:orderId/:batch/recall',
    {
      config: access,
      schema: { tags, params: ticketParams, body: ticketRecallBody, response: { 200: orderResponse } },
    },
    async (request) => {
      const eatery = requireEatery(request);
      const departmentId = request.body.departmentId ?? null;
      if (departmentId !== null) await assertStation(app.db, eatery.id, departmentId);
      const { orderId, batch } = request.params;
      return orderCommands.recallTicket(eatery, orderId, { batch, departmentId });
    },
  );

  app.put(
    '/eatery/:id/dish/:dishId/availability',
    {
      config: access,
      schema: {
        tags,
        description:
          'Sold out: the dish leaves (or comes back to) the guest menu at once, on every instance. ' +
          '`untilNextBusinessDay: true` with `available: false`: it comes back by itself at the start of the ' +
          "restaurant's next business day (`availableAgainAt`).",
        params: dishParams,
        body: dishAvailabilityBody,
        response: {
          200: z.object({ id: z.number(), available: z.boolean(), availableAgainAt: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const eateryId = requireEatery(request).id;
      const { available, untilNextBusinessDay } = request.body;
      return dishes.setAvailability(
        eateryId,
        request.params.dishId,
        available,
        untilNextBusinessDay,
        new Date(),
        request.userId,
      );
    },
  );

  // The stop-list's automatic return, started and stopped with the app.
  const sweeper = new StopListSweeper({
    releaseDueDishes: (now) => dishes.releaseDueDishes(now),
    log: app.log,
  });
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', async () => sweeper.stop());
};
