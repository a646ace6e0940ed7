import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idField,
  kitchenMovesQuery,
  kitchenMovesResponse,
  orderMergeBody,
  orderMoveBody,
  orderPathId,
  orderSplitBody,
  ROLE_MATRIX,
  tableMoveResponse,
} from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { eateryParams } from '../route-options.js';

const orderParams = z.object({ id: idField, orderId: orderPathId });
const access = { access: { roles: ROLE_MATRIX.moveOrders } };

/**
 * Table operations (contract table-moves.ts): move an order or its lines to another table, merge two checks, split a
 * check; and the kitchen's list of recent moves for its "moved to table 7" notices.
 */
export const tableMoveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tableMoves } = app.services;
  const tags = ['orders'];

  app.post(
    '/eatery/:id/orders/:orderId/move',
    {
      config: access,
      schema: {
        tags,
        description:
          'Moves the whole order to table `toTableId`, or with `lines` ([{itemId, quantity}]) those lines (a part ' +
          "of a line's quantity splits it) to `intoOrderId` or the table's newest open order, else a new order " +
          'there. Lines keep their kitchen state. 409 orderClosed / orderHasPayments / orderHasDiscount / ' +
          'orderNotAtTable / orderNotConfirmed; 400 on the lines, `toTableId` (its own table), `intoOrderId`. ' +
          'Writes a MOVE audit entry.',
        params: orderParams,
        body: orderMoveBody,
        response: { 200: tableMoveResponse },
      },
    },
    async (request) =>
      tableMoves.move(requireEatery(request).id, request.params.orderId, request.body, requireUserId(request)),
  );

  app.post(
    '/eatery/:id/orders/:orderId/merge',
    {
      config: access,
      schema: {
        tags,
        description:
          'Merges the order into the open order `intoOrderId`: every line moves with its kitchen state, its guests ' +
          'see the other order, and it is deleted. 409 as for moves; 400 `intoOrderId` for itself or tooManyLines. ' +
          'Writes a MERGE audit entry.',
        params: orderParams,
        body: orderMergeBody,
        response: { 200: tableMoveResponse },
      },
    },
    async (request) =>
      tableMoves.merge(
        requireEatery(request).id,
        request.params.orderId,
        request.body.intoOrderId,
        requireUserId(request),
      ),
  );

  app.post(
    '/eatery/:id/orders/:orderId/split',
    {
      config: access,
      schema: {
        tags,
        description:
          'Moves `lines` ([{itemId, quantity}]) to a new check at the same table (a new number); at least one dish ' +
          'stays (400 `lines` splitAll). 409 as for moves. Writes a SPLIT audit entry.',
        params: orderParams,
        body: orderSplitBody,
        response: { 200: tableMoveResponse },
      },
    },
    async (request) =>
      tableMoves.split(requireEatery(request).id, request.params.orderId, request.body.lines, requireUserId(request)),
  );

  app.get(
    '/eatery/:id/kitchen/moves',
    {
      config: { access: { roles: ROLE_MATRIX.kitchen } },
      schema: {
        tags: ['kitchen'],
        description:
          'Orders and lines moved, merged or split in the last MOVE_NOTICE_HOURS (after `since`, ISO 8601, when ' +
          'given), newest first: the kitchen display shows "moved to table 7" from them.',
        params: eateryParams,
        querystring: kitchenMovesQuery,
        response: { 200: kitchenMovesResponse },
      },
    },
    async (request) => {
      const { since } = request.query;
      return tableMoves.kitchenMoves(requireEatery(request).id, since ? new Date(since) : undefined);
    },
  );
};
