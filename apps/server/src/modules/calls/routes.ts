import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callCreateBody, guestCallResponse, idField, orderPathId, staffCallResponse } from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { pathId } from '../../plugins/path-id.js';
import { combinedRateLimit } from '../../plugins/rate-limits.js';
import { ensureDeviceId, readDeviceId } from '../guest/device.js';
import { GUEST_BODY_LIMIT } from '../guest/routes.js';
import { eateryParams } from '../route-options.js';
import { seesStaffContacts } from '../users/staff-contacts.js';

/** Calls from the table are rarer than orders: 10 a minute per device, 60 a minute per IP (a full restaurant). */
export const CALL_RATE = { perDevice: 10, perIp: 60, timeWindow: '1 minute' } as const;

const tableParams = z.object({ id: z.string(), tableId: z.string() });
const callParams = z.object({ id: idField, callId: orderPathId });

/**
 * Calls from the table (contract calls.ts). Guest routes are public and tied to the device cookie, like the guest
 * orders (modules/guest); staff routes are open to any role of the restaurant.
 */
export const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.calls;
  const tags = ['calls'];

  // Keys start with "call:": limiters share one namespace in Redis and PostgreSQL (see combinedRateLimit).
  const callRateLimit = combinedRateLimit(app, CALL_RATE.timeWindow, [
    { max: CALL_RATE.perIp, keyGenerator: (req) => `call:ip:${req.ip}` },
    {
      max: CALL_RATE.perDevice,
      // A request without a (valid) device cookie is counted against its IP at the device rate.
      keyGenerator: (req) => {
        const device = readDeviceId(req);
        return device ? `call:d:${device}` : `call:dip:${req.ip}`;
      },
    },
  ]);

  // A guest's calls belong to one device: no cache may keep them.
  const noStore = { 'cache-control': 'no-store' };

  app.post(
    '/client/eatery/:id/table/:tableId/calls',
    {
      config: { access: 'public' },
      bodyLimit: GUEST_BODY_LIMIT,
      onRequest: callRateLimit,
      schema: {
        tags,
        summary: 'Call the waiter or ask for the bill (200 with the table’s open call of that kind when there is one)',
        params: tableParams,
        body: callCreateBody,
        response: { 200: guestCallResponse, 201: guestCallResponse },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const tableId = pathId(request.params.tableId);
      const deviceId = ensureDeviceId(request, reply);
      const { created, call } = await service.create(eateryId, tableId, deviceId, request.body);
      return reply
        .code(created ? 201 : 200)
        .headers(noStore)
        .send(call);
    },
  );

  app.get(
    '/client/eatery/:id/table/:tableId/calls',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The calls this device made or joined at the table in the last hour, newest first (sets the device cookie)',
        params: tableParams,
        response: { 200: z.array(guestCallResponse) },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const tableId = pathId(request.params.tableId);
      const deviceId = ensureDeviceId(request, reply);
      reply.headers(noStore);
      return service.listForGuest(eateryId, tableId, deviceId);
    },
  );

  app.get(
    '/eatery/:id/calls',
    {
      config: { access: { roles: 'any' } },
      schema: {
        tags,
        summary: 'Open calls, and calls acknowledged in the last 15 minutes, oldest first',
        params: eateryParams,
        response: { 200: z.array(staffCallResponse) },
      },
    },
    async (request) => {
      const eatery = requireEatery(request);
      return service.listForStaff(eatery.id, seesStaffContacts(eatery));
    },
  );

  app.post(
    '/eatery/:id/calls/:callId/acknowledge',
    {
      config: { access: { roles: 'any' } },
      schema: {
        tags,
        summary: 'Acknowledge a call (acknowledging twice keeps the first acknowledger)',
        params: callParams,
        // Nothing to send: no body, or `{}`.
        body: z.object({}).strict().nullish(),
        response: { 200: staffCallResponse },
      },
    },
    async (request) => {
      const eatery = requireEatery(request);
      return service.acknowledge(eatery.id, request.params.callId, requireUserId(request), seesStaffContacts(eatery));
    },
  );
};
