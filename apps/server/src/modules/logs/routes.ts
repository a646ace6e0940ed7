import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { frontendLogBody, LIMITS } from '@qr-menu/contract';
import { RATE } from '../../plugins/rate-limits.js';

/** Browser errors go to the server log stream (not to a table). */
export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  // navigator.sendBeacon sends a string body as text/plain: accept it as JSON here (this plugin only).
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  app.post(
    '/logs/frontend',
    {
      bodyLimit: LIMITS.frontendLogBytes,
      config: { access: 'public', rateLimit: RATE.frontendLogs },
      schema: { tags: ['logs'], body: frontendLogBody },
    },
    async (request, reply) => {
      const { level, ...record } = request.body;
      const log = request.log.child({ frontend: record, ip: request.ip });
      if (level === 'error') log.error('frontend error');
      else if (level === 'warn') log.warn('frontend warning');
      else log.info('frontend log');
      return reply.code(204).send();
    },
  );
};
