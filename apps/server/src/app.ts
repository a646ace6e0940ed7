import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '@qr-menu/contract';
import type { AppConfig, TrustProxy } from './config.js';
import type { Database, Db } from './db/client.js';
import { accessPlugin } from './plugins/access.js';
import { AppError } from './plugins/app-error.js';
import { clientErrorHandler, frameworkErrors, errorsPlugin } from './plugins/errors.js';
import { loadSheddingPlugin } from './plugins/load-shedding.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { requestIdOf, requestIdPlugin } from './plugins/request-id.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sendSpaPage } from './plugins/spa-page.js';
import { realtimePlugin } from './plugins/realtime.js';
import { serializerCompiler } from './plugins/serializer.js';
import { modules } from './modules/index.js';
import { menuCachePlugin } from './modules/guest/menu-cache.js';
import { ordersListCachePlugin } from './modules/orders/orders-list-cache.js';
import { guestPageRoutes } from './modules/guest-pages/routes.js';
import { printAgentsPlugin } from './modules/printing/agent-plugin.js';
import { printWorkerPlugin } from './modules/printing/print-worker-plugin.js';
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    services: Services;
  }
}

/** TRUST_PROXY as Fastify takes it (its types lack the hop count it supports: a function does the same). */
function trustProxyOption(trust: TrustProxy | undefined) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}

/**
 * No logger when silent; pino-pretty's lines for a person at a terminal (loaded only then: it holds some 10 MB);
 * JSON lines otherwise.
 */
async function loggerOptions(config: AppConfig) {
  if (config.logLevel === 'silent') return false;
  if (!config.logPretty) {
    return config.logStream ? { level: config.logLevel, stream: config.logStream } : { level: config.logLevel };
  }
  const { default: pretty } = await import('pino-pretty');
  return {
    level: config.logLevel,
    stream: pretty({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', colorize: true, sync: true }),
  };
}

/** Builds the whole application on an open database. Used by main.ts and by every test. */
export async function buildApp(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    logger: await loggerOptions(config),
    // The request id of each log line and error body: the load balancer's X-Request-Id, else a new one.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: LIMITS.jsonBodyBytes,
    // No X-Forwarded-* header is believed unless TRUST_PROXY names the proxy in front: on a restaurant's LAN any
    // client could otherwise pick its own address (and dodge the rate limits) or claim https.
    trustProxy: trustProxyOption(config.trustProxy),
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    // A 100 KB header (431) or an unreadable request answers our error body, not Fastify's own.
    clientErrorHandler,
    // A malformed URL or an over-long path parameter answers our error body too.
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Responses: fast-json-stringify compiled once per route from its zod schema (plugins/serializer.ts).
  app.setSerializerCompiler(serializerCompiler);
  // JSON only (multipart where a route asks for it): text/plain to a JSON route is 415, not a string body.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);

  // External plugins.
  await app.register(errorsPlugin);
  await app.register(requestIdPlugin);
  // Before the routes: under pressure, the expensive ones answer 503 at once.
  await app.register(loadSheddingPlugin);
  await app.register(securityHeadersPlugin, { publicHttps: config.publicUrl?.startsWith('https:') ?? false });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 6 },
  });
  // Counters shared by every instance (PostgreSQL table or Redis), in memory on PGlite.
  await app.register(rateLimitsPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'QR Menu API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: false } });

  // App plugins, then the modules' routes. The metrics first: the others count into them.
  await app.register(metricsPlugin);
  await app.register(accessPlugin);
  await app.register(realtimePlugin);
  await app.register(ordersListCachePlugin);
  await app.register(menuCachePlugin);
  app.decorate('services', createServices(database.db, config, app.realtime, app.log));
  // Print agents (restaurants' LAN printers) connect over the realtime server; the worker sends through them too.
  await app.register(printAgentsPlugin);
  await app.register(printWorkerPlugin);
  for (const mod of modules) await app.register(mod, { prefix: '/api' });

  // The built web app: static files, and index.html for every other non-API path (the SPA routes).
  const hasWeb = existsSync(join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // .br / .gz copies written by the web build (apps/web/scripts/compress.mjs).
      preCompressed: true,
      // One route per built file. With the wildcard route, GET / and folder paths reach `send` and answer 403
      // instead of the SPA; unknown paths (and missing /assets files, see below) go to the not-found handler.
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // Guest menu pages rendered on the server; other SPA routes get index.html below.
  if (hasWeb) await app.register(guestPageRoutes);
  app.setNotFoundHandler({}, (request, reply) => {
    // API paths and missing build assets are real 404s; every other GET is an SPA route.
    if (/^\/(api|assets)(\/|\?|$)/.test(request.url) || !hasWeb || request.method !== 'GET') {
      throw new AppError(404, 'notFound');
    }
    return sendSpaPage(reply);
  });

  return app;
}
