import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { AppError } from './app-error.js';

/**
 * Per-route limits (429 `tooManyRequests` with Retry-After), used as `config: { rateLimit: RATE.login }`.
 * The plugin itself is registered with `global: false` and disabled when RATE_LIMITS=off.
 */
const emailOf = (req: FastifyRequest) => {
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

export const RATE = {
  // The login key includes the e-mail, so it must run after the body is parsed (the default onRequest hook
  // sees no body and would count every e-mail of one IP together).
  login: {
    max: 10,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (req: FastifyRequest) => `${req.ip}|${emailOf(req)}`,
  },
  register: { max: 20, timeWindow: '1 hour' },
  // A void may carry a manager's password (approval): counted per IP and approving e-mail, like a login.
  approval: {
    max: 20,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (req: FastifyRequest) => {
      const approval = (req.body as { approval?: { email?: unknown } } | undefined)?.approval;
      return `void|${req.ip}|${typeof approval?.email === 'string' ? approval.email.trim().toLowerCase() : ''}`;
    },
  },
  frontendLogs: { max: 60, timeWindow: '1 minute' },
} as const;

export const rateLimitErrorBuilder = () => new AppError(429, 'tooManyRequests');

/** One limit of a `combinedRateLimit`: at most `max` requests per `timeWindow` for each key. */
export interface KeyedLimit {
  max: number;
  keyGenerator: (req: FastifyRequest) => string;
}

/**
 * An onRequest hook applying several limits at once (e.g. per device and per IP): @fastify/rate-limit runs only one
 * of its own hooks per request. The limiters inherit the plugin's allowList, so RATE_LIMITS=off lets everything
 * through. The keys of every limiter made with createRateLimit share one namespace in Redis and PostgreSQL: give
 * each feature its own key prefix so that, say, calls from the table do not eat into the budget of orders.
 */
export function combinedRateLimit(app: FastifyInstance, timeWindow: string, limits: readonly KeyedLimit[]) {
  const limiters = limits.map((l) => app.createRateLimit({ max: l.max, timeWindow, keyGenerator: l.keyGenerator }));
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limiter of limiters) {
      const r = await limiter(request);
      if (!r.isAllowed && r.isExceeded) {
        reply.header('retry-after', String(r.ttlInSeconds));
        throw new AppError(429, 'tooManyRequests');
      }
    }
  };
}

/** The table of the PostgreSQL store, made by the migrations (UNLOGGED: counters need no crash safety). */
export const RATE_LIMIT_TABLE = 'rate_limit_hits';
const CLEANUP_MS = 60_000;

/**
 * One atomic statement per hit: a new key (or one whose window has passed) starts at 1 with a fresh window, any
 * other is incremented. Returns the count and the milliseconds left in the window.
 */
const INCR_SQL = `
  INSERT INTO ${RATE_LIMIT_TABLE} AS h (key, hits, reset_at)
  VALUES ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN h.reset_at <= now() THEN 1 ELSE h.hits + 1 END,
    reset_at = CASE WHEN h.reset_at <= now() THEN excluded.reset_at ELSE h.reset_at END
  RETURNING hits, greatest(0, ceil(extract(epoch FROM h.reset_at - now()) * 1000))::int AS ttl`;

/**
 * A @fastify/rate-limit store in PostgreSQL, so that every instance on one database counts together. Each route gets
 * a child whose keys start with the route's method and URL (as the plugin's own Redis store does).
 */
export function pgRateLimitStore(pool: pg.Pool, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const make = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      pool.query<{ hits: number; ttl: number }>(INCR_SQL, [prefix + key, timeWindow]).then(
        ({ rows: [row] }) => callback(null, { current: row.hits, ttl: row.ttl }),
        (err: Error) => {
          log.warn({ err }, 'rate limits: PostgreSQL store failed; request let through');
          callback(err);
        },
      );
    },
    child(routeOptions) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return make(`${prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`);
    },
  });
  // The plugin calls `new Store(options)`; a constructor that returns an object yields that object.
  return function PgRateLimitStore() {
    return make('');
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Registers @fastify/rate-limit (route limits only, `RATE` above) with a store every instance shares:
 * - Redis when `REDIS_URL` is set (the plugin's own Redis store, through ioredis);
 * - otherwise a table in PostgreSQL when the app runs on PostgreSQL (several instances may share the database);
 * - otherwise in memory (PGlite is one process anyway).
 * A store that fails (Redis down) lets requests through and logs a warning, rather than locking everyone out.
 * RATE_LIMITS=off allows every request.
 */
export const rateLimitsPlugin = fp(async (app) => {
  const redisUrl = app.config.redisUrl;
  const pool = app.database.kind === 'postgres' ? app.database.pool : undefined;

  let store: { redis: Redis; nameSpace: string } | { store: FastifyRateLimitStoreCtor } | object = {};
  if (app.config.rateLimits && redisUrl) {
    // Fail fast while Redis is unreachable (no offline queue, one try) instead of holding requests.
    const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', (err: Error) => app.log.warn({ err }, 'rate limits: Redis error'));
    await redis.connect().catch((err: unknown) => app.log.warn({ err }, 'rate limits: Redis not reachable yet'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    store = { redis, nameSpace: 'qrmenu-rate-limit-' };
  } else if (app.config.rateLimits && pool) {
    store = { store: pgRateLimitStore(pool, app.log) };
    // Expired counters are deleted now and then; any instance may do it.
    const cleanup = setInterval(() => {
      pool
        .query(`DELETE FROM ${RATE_LIMIT_TABLE} WHERE reset_at < now()`)
        .catch((err: unknown) => app.log.warn({ err }, 'rate limits: cleanup failed'));
    }, CLEANUP_MS);
    cleanup.unref();
    app.addHook('onClose', async () => clearInterval(cleanup));
  }

  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: false,
    errorResponseBuilder: rateLimitErrorBuilder,
    skipOnError: true,
    ...store,
    // RATE_LIMITS=off: every request is allowed (route limits inherit this). Removing the routes' rateLimit
    // config in an onRoute hook does not work: the plugin's own onRoute hook has already run by then.
    ...(app.config.rateLimits ? {} : { allowList: () => true }),
  });
});
