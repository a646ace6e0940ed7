import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { AppError } from './app-error.js';

/**
 * Per-route limits (429 `tooManyRequests` with Retry-After), used as `config: { rateLimit: RATE.login }`, except
 * `loginFailures` (see failureRateLimit).
 * The plugin itself is registered with `global: false` and disabled when RATE_LIMITS=off.
 */
const emailOf = (req: FastifyRequest) => {
  const body = req.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/** The client's address as a limit counts it: IPv4 as is, IPv6 by its /64 network (one subscriber's). */
export const clientNetwork = (req: FastifyRequest) => normalizeIP(req.ip);

export const RATE = {
  // The login key includes the e-mail, so it must run after the body is parsed (the default onRequest hook
  // sees no body and would count every e-mail of one IP together).
  login: {
    max: 10,
    timeWindow: '1 minute',
    hook: 'preValidation',
    keyGenerator: (req: FastifyRequest) => `${req.ip}|${emailOf(req)}`,
  },
  // Failed logins per client network, whatever the e-mail (one password tried on many accounts): a
  // failureRateLimit, so that successful logins do not count.
  loginFailures: {
    max: 20,
    timeWindow: '10 minutes',
    keyGenerator: (req: FastifyRequest) => `login-failed|${clientNetwork(req)}`,
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
  // Password reset mails, per client network (one client asking for the mails of many accounts) and per e-mail (one
  // inbox flooded from many networks): a combinedRateLimit run as a preValidation hook, since the e-mail key needs
  // the parsed body. Unknown addresses count the same, so the limit tells nothing about which accounts exist.
  forgotPassword: {
    timeWindow: '1 hour',
    limits: [
      { max: 20, keyGenerator: (req: FastifyRequest) => `forgot-password|ip|${clientNetwork(req)}` },
      { max: 5, keyGenerator: (req: FastifyRequest) => `forgot-password|email|${emailOf(req)}` },
    ],
  },
  // New passwords set with a reset link, per client network: each try with a live link costs a password hash.
  resetPassword: {
    max: 10,
    timeWindow: '15 minutes',
    keyGenerator: (req: FastifyRequest) => `reset-password|${clientNetwork(req)}`,
  },
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
/** How long a Redis command may take before the memory fallback answers. */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** A key's count in its window and the milliseconds left of the window. */
export interface Hits {
  current: number;
  ttl: number;
}

/** Where the counts are kept: Redis, PostgreSQL or this process's memory. */
export interface HitCounter {
  /** Counts a hit; a key without a live window starts a new one of `timeWindow` ms. */
  incr(key: string, timeWindow: number): Promise<Hits>;
  /** The count without adding to it ({current: 0, ttl: 0} when the key has no live window). */
  read(key: string, timeWindow: number): Promise<Hits>;
}

/**
 * Counts in this process's memory: alone when the app has neither Redis nor PostgreSQL (PGlite is one process
 * anyway), and as every instance's fallback while the shared store fails. At most `maxKeys` keys: past that,
 * expired keys go first, then the oldest.
 */
export function memoryCounter(maxKeys = 20_000): HitCounter {
  const windows = new Map<string, { hits: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    return w && w.resetAt > now ? w : undefined;
  };
  const makeRoom = (now: number) => {
    if (windows.size < maxKeys) return;
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };
  return {
    async incr(key, timeWindow) {
      const now = Date.now();
      let w = live(key, now);
      if (w) w.hits++;
      else {
        windows.delete(key);
        makeRoom(now);
        w = { hits: 1, resetAt: now + timeWindow };
        windows.set(key, w);
      }
      return { current: w.hits, ttl: w.resetAt - now };
    },
    async read(key) {
      const now = Date.now();
      const w = live(key, now);
      return w ? { current: w.hits, ttl: w.resetAt - now } : { current: 0, ttl: 0 };
    },
  };
}

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

const READ_SQL = `
  SELECT hits, greatest(0, ceil(extract(epoch FROM reset_at - now()) * 1000))::int AS ttl
  FROM ${RATE_LIMIT_TABLE} WHERE key = $1 AND reset_at > now()`;

/** Counts in PostgreSQL, so that every instance on one database counts together. */
export function pgCounter(pool: pg.Pool): HitCounter {
  return {
    async incr(key, timeWindow) {
      const { rows } = await pool.query<{ hits: number; ttl: number }>(INCR_SQL, [key, timeWindow]);
      return { current: rows[0].hits, ttl: rows[0].ttl };
    },
    async read(key) {
      const { rows } = await pool.query<{ hits: number; ttl: number }>(READ_SQL, [key]);
      return rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
    },
  };
}

/** INCR, and a window (PEXPIRE) for a new key or one that lost it; returns the count and the window's PTTL. */
const REDIS_INCR_LUA = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if current == 1 or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}`;

/** The count and PTTL of a key without touching it; {0, 0} without a live window. */
const REDIS_READ_LUA = `
  local current = tonumber(redis.call('GET', KEYS[1]) or '0')
  local ttl = redis.call('PTTL', KEYS[1])
  if current == nil or ttl < 0 then return {0, 0} end
  return {current, ttl}`;

type RedisWithCounter = Redis & {
  qrmenuRateIncr(key: string, timeWindow: number): Promise<[number, number]>;
  qrmenuRateRead(key: string): Promise<[number, number]>;
};

/** Counts in Redis (the keys as @fastify/rate-limit's own Redis store names them: `nameSpace` + route + key). */
export function redisCounter(redis: Redis, nameSpace: string): HitCounter {
  const r = redis as RedisWithCounter;
  if (typeof r.qrmenuRateIncr !== 'function') {
    redis.defineCommand('qrmenuRateIncr', { numberOfKeys: 1, lua: REDIS_INCR_LUA });
    redis.defineCommand('qrmenuRateRead', { numberOfKeys: 1, lua: REDIS_READ_LUA });
  }
  return {
    async incr(key, timeWindow) {
      const [current, ttl] = await r.qrmenuRateIncr(nameSpace + key, timeWindow);
      return { current, ttl };
    },
    async read(key) {
      const [current, ttl] = await r.qrmenuRateRead(nameSpace + key);
      return { current, ttl };
    },
  };
}

/**
 * A @fastify/rate-limit store over `shared` (Redis or PostgreSQL, counted by every instance), falling back to this
 * instance's memory for as long as `shared` fails (Redis down, database unreachable): the limits then hold per
 * instance instead of vanishing, and a failing store neither answers 500 nor holds requests. Each route gets a child
 * whose keys start with the route's method and URL (as the plugin's own stores do).
 */
export function rateLimitStore(
  shared: HitCounter | undefined,
  log: FastifyBaseLogger,
  fallback: HitCounter = memoryCounter(),
): FastifyRateLimitStoreCtor {
  let failing = false;
  const counted = async (op: 'incr' | 'read', key: string, timeWindow: number): Promise<Hits> => {
    if (!shared) return fallback[op](key, timeWindow);
    try {
      const hits = await shared[op](key, timeWindow);
      if (failing) log.info('rate limits: the shared store works again');
      failing = false;
      return hits;
    } catch (err) {
      if (!failing) log.warn({ err }, "rate limits: the shared store failed; counting in this instance's memory");
      failing = true;
      return fallback[op](key, timeWindow);
    }
  };
  const make = (prefix: string): FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] } => ({
    incr(key, callback, timeWindow) {
      counted('incr', prefix + key, timeWindow).then((hits) => callback(null, hits), callback);
    },
    read(key, callback, timeWindow) {
      counted('read', prefix + key, timeWindow).then((hits) => callback(null, hits), callback);
    },
    child(routeOptions) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return make(`${prefix}${String(route?.method ?? '')}${String(route?.url ?? '')}-`);
    },
  });
  // The plugin calls `new Store(options)`; a constructor that returns an object yields that object.
  return function RateLimitStore() {
    return make('');
  } as unknown as FastifyRateLimitStoreCtor;
}

/**
 * A limit on failures rather than requests (e.g. failed logins per IP): `check` answers 429 `tooManyRequests` with
 * Retry-After once `max` failures were counted in the window, `fail` counts one. Requests that succeed cost
 * nothing. Keys share the namespace of createRateLimit's limiters (see combinedRateLimit): give them a prefix.
 */
export function failureRateLimit(
  app: FastifyInstance,
  options: { max: number; timeWindow: string; keyGenerator: (req: FastifyRequest) => string },
) {
  const limiter = app.createRateLimit(options);
  return {
    async check(request: FastifyRequest, reply: FastifyReply) {
      const r = await limiter(request, { increment: false });
      if (!r.isAllowed && r.remaining <= 0 && r.ttl > 0) {
        reply.header('retry-after', String(r.ttlInSeconds));
        throw new AppError(429, 'tooManyRequests');
      }
    },
    async fail(request: FastifyRequest) {
      await limiter(request);
    },
  };
}

/**
 * Registers @fastify/rate-limit (route limits only, `RATE` above) with a store every instance shares:
 * - Redis when `REDIS_URL` is set;
 * - otherwise a table in PostgreSQL when the app runs on PostgreSQL (several instances may share the database);
 * - otherwise in memory (PGlite is one process anyway).
 * While the shared store fails (Redis down), each instance counts in its own memory (rateLimitStore) and logs a
 * warning: the limits hold per instance rather than vanishing or locking everyone out.
 * RATE_LIMITS=off allows every request.
 */
export const rateLimitsPlugin = fp(async (app) => {
  const redisUrl = app.config.redisUrl;
  const pool = app.database.kind === 'postgres' ? app.database.pool : undefined;

  let shared: HitCounter | undefined;
  if (app.config.rateLimits && redisUrl) {
    // Fail fast while Redis is unreachable or stalls (no offline queue, one try, a command timeout): the memory
    // fallback answers instead of holding requests.
    const redis = new Redis(redisUrl, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      lazyConnect: true,
    });
    redis.on('error', (err: Error) => app.log.debug({ err }, 'rate limits: Redis error'));
    await redis.connect().catch((err: unknown) => app.log.warn({ err }, 'rate limits: Redis not reachable yet'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    shared = redisCounter(redis, 'qrmenu-rate-limit-');
  } else if (app.config.rateLimits && pool) {
    shared = pgCounter(pool);
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
    // The store never fails (it falls back to memory); should it throw anyway, the request is let through.
    skipOnError: true,
    store: rateLimitStore(shared, app.log),
    // RATE_LIMITS=off: every request is allowed (route limits inherit this). Removing the routes' rateLimit
    // config in an onRoute hook does not work: the plugin's own onRoute hook has already run by then.
    ...(app.config.rateLimits ? {} : { allowList: () => true }),
  });
});
