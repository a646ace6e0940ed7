import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  drawerCloseBody,
  drawerDayQuery,
  drawerMovementBody,
  drawerOpenBody,
  drawerSessionParams,
  drawerSessionResponse,
  myDrawerResponse,
  ROLE_MATRIX,
} from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { eateryParams } from '../route-options.js';

/** Cash drawers (contract drawers.ts): one's own open drawer, a day's drawers, open, pay in / out, close. */
export const drawerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.drawers;
  const tags = ['drawers'];
  const config = { access: { roles: ROLE_MATRIX.drawer } };

  app.get(
    '/eatery/:id/drawers/mine',
    {
      config,
      schema: {
        tags,
        summary: "The caller's open drawer (of any day), or null",
        params: eateryParams,
        response: { 200: myDrawerResponse },
      },
    },
    async (request) => ({ session: await service.mine(requireEatery(request), requireUserId(request)) }),
  );

  app.get(
    '/eatery/:id/drawers',
    {
      config,
      schema: {
        tags,
        summary: 'The drawers of a business day (the current one without `day`): an admin sees all, a cashier theirs',
        params: eateryParams,
        querystring: drawerDayQuery,
        response: { 200: z.array(drawerSessionResponse) },
      },
    },
    async (request) => service.list(requireEatery(request), requireUserId(request), request.query.day),
  );

  app.post(
    '/eatery/:id/drawers',
    {
      config,
      schema: {
        tags,
        summary: "Open the caller's drawer for the current business day with an opening float",
        description:
          '409 `drawerAlreadyOpen` when the caller has an open drawer, 409 `dayClosed` when the day is closed.',
        params: eateryParams,
        body: drawerOpenBody,
        response: { 201: drawerSessionResponse },
      },
    },
    async (request, reply) => {
      const session = await service.open(requireEatery(request), requireUserId(request), request.body.openingFloat);
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/eatery/:id/drawers/:sessionId/movements',
    {
      config,
      schema: {
        tags,
        summary: 'Put cash into (PAY_IN) or take it out of (PAY_OUT) an open drawer, with a reason',
        description:
          'Its owner or an admin. 409 `drawerClosed` once closed; a pay-out above what the drawer should hold: 400 ' +
          '`amountTooHigh`. A pay-out writes a DRAWER audit entry.',
        params: drawerSessionParams,
        body: drawerMovementBody,
        response: { 200: drawerSessionResponse },
      },
    },
    async (request) =>
      service.move(requireEatery(request), requireUserId(request), request.params.sessionId, request.body),
  );

  app.post(
    '/eatery/:id/drawers/:sessionId/close',
    {
      config,
      schema: {
        tags,
        summary: 'Close a drawer with the cash counted: expected, counted and the difference (over > 0, short < 0)',
        description:
          'Its owner or an admin. 409 `drawerClosed` when already closed. A difference writes a DRAWER audit entry.',
        params: drawerSessionParams,
        body: drawerCloseBody,
        response: { 200: drawerSessionResponse },
      },
    },
    async (request) =>
      service.close(requireEatery(request), requireUserId(request), request.params.sessionId, request.body.counted),
  );
};
