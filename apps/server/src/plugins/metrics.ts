import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { count, inArray } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { GuardedPool } from '../db/connection-faults.js';
import { printJobs } from '../db/schema.js';
import { AppError } from './app-error.js';
import type { HitCounter } from './hit-counter.js';

/**
 * Prometheus metrics at GET /metrics: HTTP latency per route, orders placed and refused, the realtime fan-out (batch
 * latency and size), sockets by kind, the database pool, cache hits, rate-limit refusals, print jobs waiting, and the
 * process (CPU, memory, event loop, GC).
 *
 * Who may read them (config): with METRICS_TOKEN, a request bearing `Authorization: Bearer <token>` on the app's port;
 * with METRICS_PORT, anyone reaching that port (a port the load balancer does not forward). Neither set: 404. The
 * figures say how busy each restaurant's service is, so they are never public.
 *
 * Each app has its own registry (tests build many apps in one process).
 */

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The messageKey of the error answered, for the metrics of refused orders (set by the error handler). */
    errorKey: string | null;
  }
}

export interface Metrics {
  registry: Registry;
  /** Caches count their lookups in these; the metrics read them when scraped. */
  registerCache(name: string, counter: HitCounter): void;
}

/** The routes that place an order: guests at a table, pickup guests, staff. Their answers count as placed or refused. */
const ORDER_PLACING_ROUTES = new Set([
  'POST /api/client/eatery/:id/table/:tableId/orders',
  'POST /api/client/eatery/:id/pickup-orders',
  'POST /api/eatery/:id/orders',
]);

/** Seconds: most answers take milliseconds; reports and imports take up to seconds. */
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metricsPlugin = fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.addHook('onClose', async () => registry.clear());
  const caches = new Map<string, HitCounter>();

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, per route (the pattern, not the path) and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const ordersPlaced = new Counter({
    name: 'orders_placed_total',
    help: 'Orders placed (guests, pickup and staff)',
    registers: [registry],
  });
  const ordersRefused = new Counter({
    name: 'orders_refused_total',
    help: 'Order placements refused, by the error answered',
    labelNames: ['reason'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests answered 429 (rate limits and the password-hash bound), per route',
    labelNames: ['route'],
    registers: [registry],
  });
  const fanoutSeconds = new Histogram({
    name: 'realtime_fanout_seconds',
    help: "From an order event's change to its delivery to this instance's sockets (the batch wait included)",
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const batchEvents = new Histogram({
    name: 'realtime_batch_events',
    help: 'Order events per delivered batch',
    buckets: [1, 2, 5, 10, 20, 50, 100, 250, 500],
    registers: [registry],
  });
  // The realtime plugin registers after this one.
  app.addHook('onReady', async () => {
    app.realtime.onBatchDelivered((events, seconds) => {
      batchEvents.observe(events);
      fanoutSeconds.observe(seconds);
    });
  });

  new Gauge({
    name: 'realtime_sockets',
    help: 'Open realtime sockets by kind: staff screens, guests following their orders or calls, print agents',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const io = app.realtime.io;
      let staff = 0;
      let guest = 0;
      for (const socket of io?.of('/').sockets.values() ?? []) {
        if ((socket.data as { userId?: number | null }).userId) staff++;
        else guest++;
      }
      this.set({ kind: 'staff' }, staff);
      this.set({ kind: 'guest' }, guest);
      this.set({ kind: 'print_agent' }, io?.of('/print-agent').sockets.size ?? 0);
    },
  });
  const pool = app.database.kind === 'postgres' ? app.database.pool : undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: "The PostgreSQL pool's connections: total, idle, and requests waiting for one (absent on the embedded database)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const queryTime = new Histogram({
    name: 'db_query_seconds',
    help: 'Time of the statements sent through the PostgreSQL pool (outside transactions)',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  if (pool instanceof GuardedPool) pool.onQueryTime = (seconds) => queryTime.observe(seconds);
  new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache and result (hit or miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counter] of caches) {
        this.inc({ cache, result: 'hit' }, counter.hits);
        this.inc({ cache, result: 'miss' }, counter.misses);
      }
    },
  });
  new Gauge({
    name: 'print_jobs_waiting',
    help: 'Print jobs not printed yet (waiting, or being printed), all restaurants',
    registers: [registry],
    async collect() {
      const [row] = await app.db
        .select({ n: count() })
        .from(printJobs)
        .where(inArray(printJobs.status, ['PENDING', 'PRINTING']));
      this.set(row?.n ?? 0);
    },
  });

  app.decorateRequest('errorKey', null);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpDuration.observe({ method: request.method, route, status_code: String(status) }, reply.elapsedTime / 1000);
    if (status === 429) rateLimited.inc({ route });
    if (ORDER_PLACING_ROUTES.has(`${request.method} ${route}`)) {
      if (status < 300) ordersPlaced.inc();
      else ordersRefused.inc({ reason: request.errorKey ?? String(status) });
    }
  });

  app.decorate('metrics', {
    registry,
    registerCache: (name, counter) => caches.set(name, counter),
  } satisfies Metrics);

  const { metricsToken, metricsPort } = app.config;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsToken || !bearerMatches(request.headers.authorization, metricsToken)) {
      throw new AppError(404, 'notFound');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  if (metricsPort !== undefined) {
    const server = await listenForScrapes(app, registry, metricsPort);
    app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
  }
});

/** Compares the bearer token in constant time (no timing hint of how much of a guess was right). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** A port of its own that answers GET /metrics and nothing else. */
async function listenForScrapes(app: FastifyInstance, registry: Registry, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: collecting failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, app.config.host, () => resolve());
  });
  return server;
}
