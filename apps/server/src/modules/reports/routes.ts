import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue #16: filled in by the module's work. */
export const reportRoutes: FastifyPluginAsyncZod = async () => {};
