import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { databaseStatus } from '../../db/status.js';
import { isDraining, startDraining } from './drain.js';

const tags = ['health'];

const liveResponse = z.object({ status: z.literal('ok') });
const readyResponse = z.object({
  status: z.enum(['ready', 'draining', 'unavailable']),
  database: z.enum(['ok', 'down', 'unknown']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
});

/**
 * Probes for a load balancer or an orchestrator. Public, not rate limited, never cached.
 * - live: the process runs and its event loop answers (restart it when this fails);
 * - ready: the database answers, every migration is applied and the server is not draining (send it traffic only
 *   while this answers 200).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // However the app is closed (SIGTERM in serve.ts, or app.close() elsewhere), it is not ready any more.
  app.addHook('preClose', async () => startDraining(app));

  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Liveness: 200 while the process runs', response: { 200: liveResponse } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Readiness: 200 when the database answers and migrations are applied; 503 while draining or down',
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (isDraining(app)) {
        return reply.code(503).send({ status: 'draining', database: 'unknown', migrations: 'unknown' });
      }
      const { database, migrations } = await databaseStatus(app.db);
      const ready = database === 'ok' && migrations === 'ok';
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', database, migrations });
    },
  );
};
