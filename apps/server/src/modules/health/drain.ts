import type { FastifyInstance } from 'fastify';

/**
 * Servers that are shutting down: readiness answers 503 from the moment SIGTERM arrives (before the app closes),
 * so that a load balancer stops sending requests. Keyed by the HTTP server, which every plugin context of one app
 * shares (Fastify decorations made inside a module are not visible to serve.ts).
 */
const draining = new WeakSet<object>();

export function startDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

export function isDraining(app: FastifyInstance): boolean {
  return draining.has(app.server);
}
