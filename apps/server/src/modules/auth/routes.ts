import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authStatusResponse,
  loginBody,
  recreateTokenBody,
  registerBody,
  registerResponse,
  REFRESH_COOKIE,
  tokenResponse,
} from '@qr-menu/contract';
import { requireUserId } from '../../plugins/access.js';
import { RATE } from '../../plugins/rate-limits.js';
import type { Session } from './auth.service.js';

const COOKIE_PATH = '/api/auth';

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, session: Session) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: COOKIE_PATH,
    expires: session.refreshExpires,
  });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;

  app.post(
    '/admin/eatery',
    {
      config: { access: 'public', rateLimit: RATE.register },
      schema: { tags: ['auth'], body: registerBody, response: { 201: registerResponse } },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: RATE.login },
      schema: { tags: ['auth'], body: loginBody, response: { 200: tokenResponse } },
    },
    async (request, reply) => {
      const session = await auth.login(request.body.email, request.body.password, request.body.eateryId);
      setRefreshCookie(request, reply, session);
      return session.response;
    },
  );

  app.post(
    '/auth/refresh-token',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: tokenResponse } } },
    async (request, reply) => {
      try {
        const session = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(request, reply, session);
        return session.response;
      } catch (err) {
        reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
        throw err;
      }
    },
  );

  app.post(
    '/auth/recreate-token-on-eatery-change',
    { schema: { tags: ['auth'], body: recreateTokenBody, response: { 200: tokenResponse } } },
    async (request) =>
      auth.recreateForEatery(requireUserId(request), request.body.eateryId, request.cookies[REFRESH_COOKIE]),
  );

  app.get('/auth/status', { schema: { tags: ['auth'], response: { 200: authStatusResponse } } }, async (request) =>
    auth.status(requireUserId(request), request.tokenEateryId),
  );

  app.get(
    '/auth/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: z.object({ ok: z.boolean() }) } } },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { ok: true };
    },
  );
};
