import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idField,
  ROLE_MATRIX,
  serveReadyResponse,
  tableRoundBody,
  tableRoundResponse,
  type Role,
} from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { sendRound } from './send-round.js';
import { serveReady } from './serve-ready.js';

const tableParams = z.object({ id: idField, tableId: idField });

/** A round may start an order or add to one: the roles that may do both. */
const roundRoles = ROLE_MATRIX.create.filter((r: Role) => (ROLE_MATRIX.editItems as readonly Role[]).includes(r));

/**
 * The waiter's actions on a table: send a round of dishes, serve what is ready (the floor reads tables, orders and
 * calls through their own modules).
 */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orderCommands } = app.services;

  app.post(
    '/eatery/:id/tables/:tableId/serve-ready',
    {
      config: { access: { roles: ROLE_MATRIX.serveReady } },
      schema: {
        tags: ['orders'],
        description:
          'Serves every READY dish of the table in one transaction, each as PUT .../items/{itemId} ' +
          '`{status: "SERVED"}` would: the orders follow, one ORDER_UPDATED each. Answers how many lines were ' +
          'served and the orders changed. 409 `nothingReady` when nothing there is READY; 404 for a table of ' +
          'another restaurant. No body (or an empty object).',
        params: tableParams,
        body: z.object({}).strict().nullish(),
        response: { 200: serveReadyResponse },
      },
    },
    async (request) =>
      serveReady(
        orderCommands.writer,
        orderCommands.now(),
        requireEatery(request),
        request.params.tableId,
        requireUserId(request),
      ),
  );

  app.post(
    '/eatery/:id/tables/:tableId/round',
    {
      config: { access: { roles: roundRoles } },
      schema: {
        tags: ['orders'],
        description:
          "A round of dishes entered at the table, sent at once: it joins the table's newest open, confirmed " +
          'dine-in order (one ADD-ON kitchen ticket) or starts a new order there (`created`). Items as for ' +
          'POST .../orders (at least one). 404 for a table of another restaurant.',
        params: tableParams,
        body: tableRoundBody,
        response: { 200: tableRoundResponse },
      },
    },
    async (request) => sendRound(orderCommands, requireEatery(request).id, request.params.tableId, request.body.items),
  );
};
