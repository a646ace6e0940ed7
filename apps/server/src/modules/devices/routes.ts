import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_TOKEN_HEADER,
  deviceCreateBody,
  deviceCreatedResponse,
  deviceMeResponse,
  deviceResponse,
  idField,
  pinBody,
  REFRESH_COOKIE,
  tokenResponse,
} from '@qr-menu/contract';
import { requireEatery, requireUserId } from '../../plugins/access.js';
import { clientNetwork } from '../../plugins/rate-limits.js';
import { setRefreshCookie } from '../auth/routes.js';
import { ADMINS_ONLY, eateryParams } from '../route-options.js';
import { retryAfterLocked } from './pin-approver.js';

const deviceParams = z.object({ id: idField, deviceId: idField });
const userParams = z.object({ id: idField, userId: idField });

/**
 * PIN sign-ins per client network: the device's own lockout stops guessing on one device, this stops one network
 * from trying many devices. Generous, since a busy restaurant's tablets switch people all day behind one address.
 */
const PIN_RATE = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => `pin-login|${clientNetwork(req)}`,
};

const deviceToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[DEVICE_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/**
 * Registered devices (shared tablets) and staff PINs: admins register, list and revoke devices; a device asks who
 * it is; staff PINs are set by an admin or by the member; a PIN signs in on a live device.
 */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { devices, staffPins } = app.services;
  const tags = ['devices'];

  app.post(
    '/eatery/:id/devices',
    {
      config: ADMINS_ONLY,
      schema: { tags, params: eateryParams, body: deviceCreateBody, response: { 201: deviceCreatedResponse } },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      return reply.code(201).send(await devices.register(eatery.id, requireUserId(request), request.body.name));
    },
  );

  app.get(
    '/eatery/:id/devices',
    { config: ADMINS_ONLY, schema: { tags, params: eateryParams, response: { 200: z.array(deviceResponse) } } },
    async (request) => devices.list(requireEatery(request).id),
  );

  app.delete(
    '/eatery/:id/devices/:deviceId',
    {
      config: ADMINS_ONLY,
      schema: { tags, summary: 'Revoke a device: every session opened on it ends', params: deviceParams },
    },
    async (request, reply) => {
      await devices.revoke(requireEatery(request).id, request.params.deviceId);
      // Its print agent, when connected here, stops at once (elsewhere its next connection is refused).
      app.printAgents.dropDevice(request.params.deviceId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/devices/me',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The registered device of the X-Device-Token header (401 deviceInvalid when unknown or revoked)',
        response: { 200: deviceMeResponse },
      },
    },
    async (request) => devices.me(deviceToken(request)),
  );

  app.put(
    '/eatery/:id/user/:userId/pin',
    {
      config: { access: { roles: 'any' } },
      schema: {
        tags,
        summary: "Set a member's PIN (an admin anyone's, a member their own); 409 pinTaken",
        params: userParams,
        body: pinBody,
      },
    },
    async (request, reply) => {
      const eatery = requireEatery(request);
      await staffPins.set(eatery, requireUserId(request), request.params.userId, request.body.pin);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/eatery/:id/user/:userId/pin',
    { config: { access: { roles: 'any' } }, schema: { tags, summary: "Clear a member's PIN", params: userParams } },
    async (request, reply) => {
      await staffPins.set(requireEatery(request), requireUserId(request), request.params.userId, null);
      return reply.code(204).send();
    },
  );

  app.post(
    '/auth/pin',
    {
      config: { access: 'public', rateLimit: PIN_RATE },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a PIN on a registered device (X-Device-Token): the answer and cookie of a login',
        description:
          '401 `deviceInvalid` (unknown or revoked device), 401 `pinInvalid` with `attemptsLeft`, 429 `pinLocked` ' +
          'with `minutes` and Retry-After once the device took too many wrong PINs. The session of the refresh ' +
          'cookie sent along (the person before on this device) ends.',
        body: pinBody,
        response: { 200: tokenResponse },
      },
    },
    async (request, reply) => {
      let session;
      try {
        session = await devices.pinLogin(deviceToken(request), request.body.pin);
      } catch (err) {
        retryAfterLocked(reply, err);
        throw err;
      }
      // The person before on this device is signed out: one device, one signed-in member at a time.
      await app.services.auth.logout(request.cookies[REFRESH_COOKIE]);
      setRefreshCookie(request, reply, session);
      return session.response;
    },
  );
};
