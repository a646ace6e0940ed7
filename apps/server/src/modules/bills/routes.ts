import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue #15: filled in by the module's work. */
export const billRoutes: FastifyPluginAsyncZod = async () => {};
