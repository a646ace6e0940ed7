import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_MAX,
  V,
  guestAddItemsBody,
  guestDeviceOrdersResponse,
  guestMenuResponse,
  guestOrderListResponse,
  guestOrderResponse,
  guestPlaceOrderBody,
  type GuestMenu,
} from '@qr-menu/contract';
import { AppError, notFound, validationError } from '../../plugins/app-error.js';
import { pathId } from '../../plugins/path-id.js';
import { ensureDeviceId, readDeviceId } from './device.js';
import { etagMatches } from '../../plugins/etag.js';

const gzipAsync = promisify(gzip);

/**
 * gzip copies of cached menu bodies; an entry goes with its body when the menu cache drops it. Made on libuv's
 * thread pool, not the main thread: the largest menu a restaurant may have is megabytes, whose compression would hold
 * up every other restaurant's requests. Concurrent requests share one compression.
 */
const gzipCopies = new WeakMap<Buffer, Promise<Buffer>>();
export function gzipped(body: Buffer): Promise<Buffer> {
  let copy = gzipCopies.get(body);
  if (!copy) {
    copy = gzipAsync(body, { level: 6 });
    gzipCopies.set(body, copy);
  }
  return copy;
}

/** Guest calls are rate limited: 30 per minute per device and 120 per minute per IP. */
export const GUEST_RATE = { perDevice: 30, perIp: 120, timeWindow: '1 minute' } as const;
/** A guest request body is at most 50 items with short notes: far below the global 1 MB. */
export const GUEST_BODY_LIMIT = 64 * 1024;

const tableParams = z.object({ id: z.string(), tableId: z.string() });
const orderParams = z.object({ id: z.string(), orderId: z.string() });
const eateryParams = z.object({ id: z.string() });
const tags = ['guest'];

/**
 * Guest routes (/api/client/...), all public: they are not under /api/eatery/:id, so the staff access check does not
 * apply. Ids that are not positive integers, unknown ids and other restaurants' ids all answer 404 `notYourResource`.
 * Orders are visible only to the device (cookie `device_id`) that placed them.
 */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.guest;

  // Guest answers belong to one device: no cache may keep them. Only the menu (shared by every guest, with an
  // ETag) says otherwise itself.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Two limits on one route: @fastify/rate-limit runs only one of its hooks per request, so both are applied here.
  // Limiters made with createRateLimit inherit the plugin's allowList (RATE_LIMITS=off lets everything through).
  const perIp = app.createRateLimit({
    max: GUEST_RATE.perIp,
    timeWindow: GUEST_RATE.timeWindow,
    keyGenerator: (req) => req.ip,
  });
  const perDevice = app.createRateLimit({
    max: GUEST_RATE.perDevice,
    timeWindow: GUEST_RATE.timeWindow,
    // A request without a (valid) device cookie is counted against its IP at the device rate.
    keyGenerator: (req) => {
      const device = readDeviceId(req);
      return device ? `d:${device}` : `ip:${req.ip}`;
    },
  });
  const guestRateLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of [perIp, perDevice]) {
      const r = await limiter(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', String(r.ttlInSeconds));
        throw new AppError(429, 'tooManyRequests');
      }
    }
  };
  /** Route options of the calls that create or change orders: small bodies, the guest rate limits. */
  const orderChange = { config: { access: 'public' as const }, bodyLimit: GUEST_BODY_LIMIT, onRequest: guestRateLimit };

  app.get(
    '/client/eatery/:id/table/:tableId/menu',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Menu of a table (cached; ETag / If-None-Match → 304)',
        params: tableParams,
        response: { 200: guestMenuResponse, 304: z.void().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const tableId = pathId(request.params.tableId);
      const menu = await app.menuCache.get(eateryId, tableId);
      if (menu.kind === 'notFound') throw notFound();
      if (menu.kind === 'inactive') throw new AppError(409, 'tableInactive');
      reply.header('cache-control', 'no-cache').header('etag', menu.etag);
      if (etagMatches(request.headers['if-none-match'], menu.etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      // Pre-serialized bytes: Fastify sends a Buffer as it is (no schema serialization). Phones on slow data
      // get the gzip copy, made once per cached body.
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        reply.header('content-encoding', 'gzip');
        return reply.send((await gzipped(menu.body)) as unknown as GuestMenu);
      }
      return reply.send(menu.body as unknown as GuestMenu);
    },
  );

  app.get(
    '/client/eatery/:id/table/:tableId/device-orders',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Does this device have an open order at this table (sets the device cookie)',
        params: tableParams,
        response: { 200: guestDeviceOrdersResponse },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const tableId = pathId(request.params.tableId);
      const deviceId = ensureDeviceId(request, reply);
      return service.deviceOrders(eateryId, tableId, deviceId);
    },
  );

  app.post(
    '/client/eatery/:id/table/:tableId/orders',
    {
      ...orderChange,
      schema: {
        tags,
        summary:
          'Place an order (header Idempotency-Key: a retry returns the first order with 200). When the restaurant ' +
          'requires table keys, `tableKey` must be the key of the table’s QR link (else 403 `tableKeyInvalid`). ' +
          'When it takes guest orders only within its opening hours, 409 `closedNow` while closed (`params.opensAt`).',
        params: tableParams,
        body: guestPlaceOrderBody,
        response: { 200: guestOrderResponse, 201: guestOrderResponse },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const tableId = pathId(request.params.tableId);
      const key = idempotencyKey(request);
      const deviceId = ensureDeviceId(request, reply);
      const { items, note, tableKey } = request.body;
      const placed = await service.placeOrder(eateryId, tableId, items, note, deviceId, key, tableKey ?? null);
      return reply.code(placed.created ? 201 : 200).send(placed.order);
    },
  );

  app.get(
    '/client/eatery/:id/orders/:orderId',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'One order of this device', params: orderParams, response: { 200: guestOrderResponse } },
    },
    async (request) => {
      const eateryId = pathId(request.params.id);
      const orderId = pathId(request.params.orderId);
      const deviceId = knownDeviceId(request);
      return service.getOrder(eateryId, orderId, deviceId);
    },
  );

  app.post(
    '/client/eatery/:id/orders/:orderId/items',
    {
      ...orderChange,
      schema: {
        tags,
        summary:
          'Add dishes to an order of this device (409 orderClosed when PAID or CANCELLED; 409 closedNow outside ' +
          'the opening hours of a restaurant that takes guest orders only within them)',
        params: orderParams,
        body: guestAddItemsBody,
        response: { 200: guestOrderResponse },
      },
    },
    async (request) => {
      const eateryId = pathId(request.params.id);
      const orderId = pathId(request.params.orderId);
      const deviceId = knownDeviceId(request);
      return service.addItems(eateryId, orderId, request.body.items, deviceId);
    },
  );

  app.get(
    '/client/eatery/:id/orders',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'This device’s orders in the restaurant, newest first (sets the device cookie)',
        params: eateryParams,
        response: { 200: guestOrderListResponse },
      },
    },
    async (request, reply) => {
      const eateryId = pathId(request.params.id);
      const deviceId = ensureDeviceId(request, reply);
      return service.listOrders(eateryId, deviceId);
    },
  );
};

/** The device cookie of a request about one order: without one, no order is this device's (404). */
function knownDeviceId(request: FastifyRequest): string {
  const deviceId = readDeviceId(request);
  if (!deviceId) throw notFound();
  return deviceId;
}

/** The optional `Idempotency-Key` header: trimmed, blank = none, at most IDEMPOTENCY_KEY_MAX characters. */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return null;
  if (value.length > IDEMPOTENCY_KEY_MAX) {
    throw validationError('Idempotency-Key', V.tooLong);
  }
  return value;
}
