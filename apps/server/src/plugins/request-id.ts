import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '@qr-menu/contract';

/**
 * Every request has an id that a person can quote: the load balancer's X-Request-Id when it sent one that looks like
 * an id, else a new UUID. Fastify writes it into each of the request's log lines (`reqId`); it goes back in the
 * X-Request-Id response header and in every error body (`requestId`), and the web app shows it with server errors.
 */

/** What an incoming id may look like: short, and nothing that could forge a log line or a header. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's `genReqId`: the incoming id when acceptable, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}

export const requestIdPlugin = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
