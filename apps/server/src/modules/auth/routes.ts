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
import { AppError } from '../../plugins/app-error.js';
import { failureRateLimit, RATE } from '../../plugins/rate-limits.js';
import type { Session } from './auth.service.js';
import { retryAfterBusy } from './hash-slot.js';

export const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, session: Session) {
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
  // Failed logins per client network across e-mails (RATE.loginFailures), beside RATE.login per network and e-mail.
  const loginFailures = failureRateLimit(app, RATE.loginFailures);

  app.post(
    '/admin/eatery',
    {
      config: { access: 'public', rateLimit: RATE.register },
      schema: { tags: ['auth'], body: registerBody, response: { 201: registerResponse } },
    },
    async (request, reply) => {
      try {
        return reply.code(201).send(await auth.register(request.body));
      } catch (err) {
        retryAfterBusy(reply, err);
        throw err;
      }
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: RATE.login },
      // Before the body is even read: a network past its failed logins is answered 429 at once.
      onRequest: (request, reply) => loginFailures.check(request, reply),
      schema: { tags: ['auth'], body: loginBody, response: { 200: tokenResponse } },
    },
    async (request, reply) => {
      let session: Session;
      try {
        session = await auth.login(request.body.email, request.body.password, request.body.eateryId);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) await loginFailures.fail(request);
        retryAfterBusy(reply, err);
        throw err;
      }
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
      auth.recreateForEatery(
        requireUserId(request),
        request.sessionId,
        request.body.eateryId,
        request.cookies[REFRESH_COOKIE],
      ),
  );

  app.get('/auth/status', { schema: { tags: ['auth'], response: { 200: authStatusResponse } } }, async (request) =>
    auth.status(requireUserId(request), request.tokenEateryId),
  );

  app.get(
    '/auth/logout',
    {
      // A GET that ends a session (the web app's own call); a HEAD must change nothing, so it gets no route.
      exposeHeadRoute: false,
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: z.object({ ok: z.boolean() }) } },
    },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { ok: true };
    },
  );
};
