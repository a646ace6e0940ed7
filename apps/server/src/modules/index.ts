import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { configRoutes } from './config/routes.js';
import { eateryRoutes } from './eateries/routes.js';
import { logRoutes } from './logs/routes.js';

/** Every module's routes, registered under /api by app.ts. Add new modules here. */
export const modules: FastifyPluginAsync[] = [authRoutes, configRoutes, logRoutes, eateryRoutes];
