import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PICKUP_PAGES,
  guestOrderResponse,
  pickupBoardResponse,
  pickupMenuResponse,
  pickupPlaceOrderBody,
  type PickupMenu,
} from '@qr-menu/contract';
import { requireEatery } from '../../plugins/access.js';
import { notFound } from '../../plugins/app-error.js';
import { etagMatches } from '../../plugins/etag.js';
import { pathId } from '../../plugins/path-id.js';
import { combinedRateLimit } from '../../plugins/rate-limits.js';
import { ensureDeviceId, readDeviceId } from '../guest/device.js';
import { GUEST_BODY_LIMIT, GUEST_RATE, gzipped, idempotencyKey } from '../guest/routes.js';
import { eateryParams } from '../route-options.js';
import { QR_PRINT_WIDTH, qrPng } from '../tables/qr.js';
import { qrBase, qrQuery } from '../tables/qr-base.js';
import { pickupMenuBody } from './pickup-menu.js';

const clientParams = z.object({ id: z.string() });
const tags = ['pickup'];

/**
 * Pickup (contract pickup.ts). The guest routes are public like the table's (/api/client/…, the device cookie, the
 * guest rate limits, no-store); unknown and malformed restaurant ids answer 404 `notYourResource`. The staff route
 * gives the pickup link's QR code for printing.
 */
export const pickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pickup;

  // The pickup menu sets its own caching (ETag); everything else belongs to one device or changes every minute.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/client/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // The table's guest limits, counted apart ("pickup:" keys): ordering for pickup does not eat a table's budget.
  const pickupRateLimit = combinedRateLimit(app, GUEST_RATE.timeWindow, [
    { max: GUEST_RATE.perIp, keyGenerator: (req) => `pickup:ip:${req.ip}` },
    {
      max: GUEST_RATE.perDevice,
      // A request without a (valid) device cookie is counted against its IP at the device rate.
      keyGenerator: (req) => {
        const device = readDeviceId(req);
        return device ? `pickup:d:${device}` : `pickup:dip:${req.ip}`;
      },
    },
  ]);

  app.get(
    '/client/eatery/:id/pickup/menu',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The menu for pickup orders (ETag / If-None-Match → 304; 409 pickupOff while pickup is off)',
        params: clientParams,
        response: { 200: pickupMenuResponse, 304: z.void().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const settings = await service.assertPickupOn(eateryId);
      const menu = await app.menuCache.eatery(eateryId);
      if (!menu) throw notFound(); // deleted since its settings were read
      const { body, etag } = pickupMenuBody(eateryId, menu, settings.chargePercent);
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      // Stored bytes, sent as they are (no schema serialization), like a table's menu.
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        reply.header('content-encoding', 'gzip');
        return reply.send((await gzipped(body)) as unknown as PickupMenu);
      }
      return reply.send(body as unknown as PickupMenu);
    },
  );

  app.post(
    '/client/eatery/:id/pickup-orders',
    {
      config: { access: 'public' },
      bodyLimit: GUEST_BODY_LIMIT,
      onRequest: pickupRateLimit,
      schema: {
        tags,
        summary:
          'Order for pickup (header Idempotency-Key: a retry returns the first order with 200). 409 pickupOff while ' +
          'the restaurant does not take pickup orders; 409 closedNow outside its guest ordering hours.',
        params: clientParams,
        body: pickupPlaceOrderBody,
        response: { 200: guestOrderResponse, 201: guestOrderResponse },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const key = idempotencyKey(request);
      const deviceId = ensureDeviceId(request, reply);
      const placed = await service.place(eateryId, request.body, deviceId, key);
      return reply.code(placed.created ? 201 : 200).send(placed.order);
    },
  );

  app.get(
    '/client/eatery/:id/pickup-board',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The pickup board: numbers preparing and ready (no names). Sets the device cookie the live socket needs; ' +
          'its topic is pickupBoardTopic(id).',
        params: clientParams,
        response: { 200: pickupBoardResponse },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      // The board's screen subscribes to its topic on the guest socket, which needs a device cookie.
      ensureDeviceId(request, reply);
      return service.board(eateryId);
    },
  );

  app.get(
    '/eatery/:id/pickup/qr.png',
    { config: { access: { roles: 'any' } }, schema: { tags, params: eateryParams, querystring: qrQuery } },
    async (request, reply) => {
      const eateryId = requireEatery(request).id;
      const png = await qrPng(`${qrBase(request)}${PICKUP_PAGES.menu(eateryId)}`, QR_PRINT_WIDTH);
      return reply
        .type('image/png')
        .header('Content-Disposition', `inline; filename="pickup-${eateryId}-qr.png"`)
        .header('Cache-Control', 'private, no-cache')
        .send(png);
    },
  );
};
