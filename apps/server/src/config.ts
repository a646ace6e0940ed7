import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TenantLimits } from '@qr-menu/contract';
import type { PasswordHashCost } from './modules/auth/passwords.js';

/** apps/server: this file is in its src/, or compiled, in its dist/src/ (scripts/build.mjs). */
const SERVER_DIR = fileURLToPath(new URL(import.meta.url.includes('/dist/src/') ? '../..' : '..', import.meta.url));

/** How long a stop (SIGTERM) may take to answer the requests in flight before the process exits 1 (serve.ts). */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 25;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  PRINT_WORKER: z.enum(['on', 'off']).default('on'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  PRESSURE_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  REDIS_URL: z.string().url().optional(),
  REALTIME_ADAPTER: z.enum(['postgres', 'redis']).optional(),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_SHUTDOWN_GRACE_SECONDS),
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//i.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, 'an address, or a name and <address>')
    .optional(),
});

/**
 * Which X-Forwarded-* headers to believe (Fastify's `trustProxy`). Unset or `false`: none, the client's own
 * address counts (any client could otherwise pick its address and dodge the rate limits). Behind a real proxy:
 * a hop count (`1` = the nearest proxy), `true` (every hop: only when the proxy overwrites the header), or a
 * comma list of the proxies' addresses and CIDR ranges (also proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(raw: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `not a hop count, true, false or a comma list of addresses/CIDR ranges (${bad.join(', ')}); ` +
        'e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.5,192.168.0.0/16',
    });
    return false;
  }
  return entries;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in dataDir. */
  databaseUrl?: string;
  /** How long to wait at start for a PostgreSQL server that does not accept connections yet (default 60). */
  databaseWaitSeconds?: number;
  /** In-memory PGlite (tests): no files written. */
  inMemoryDb?: boolean;
  dataDir: string;
  jwtSecret: string;
  publicUrl?: string;
  /** Forwarded headers to believe; unset = none (see TrustProxy). */
  trustProxy?: TrustProxy;
  rateLimits: boolean;
  /**
   * Rate-limit counters in Redis (shared by instances), and the realtime adapter unless realtimeAdapter says
   * otherwise; unset: PostgreSQL table, or memory on PGlite.
   */
  redisUrl?: string;
  /**
   * What carries socket.io messages between instances on PostgreSQL: its LISTEN/NOTIFY or Redis (REDIS_URL);
   * unset: Redis when redisUrl is set (plugins/realtime-adapter.ts).
   */
  realtimeAdapter?: 'postgres' | 'redis';
  logLevel: string;
  /** Log lines for people (pino-pretty: a developer's terminal) or JSON (a log collector). */
  logPretty?: boolean;
  /** Where JSON log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** GET /metrics on the app's port answers a request bearing this token (plugins/metrics.ts). */
  metricsToken?: string;
  /** GET /metrics on a port of its own, without a token. */
  metricsPort?: number;
  /**
   * Load shedding (plugins/load-shedding.ts): the expensive routes answer 503 with Retry-After while the event loop
   * lags more than this many ms, or the process holds more than `pressureMaxRssBytes`; 0 or unset: not checked.
   */
  pressureMaxEventLoopDelayMs?: number;
  pressureMaxRssBytes?: number;
  /** Folder of the built web app; served when it exists. */
  webDist: string;
  /** The guest pages' server renderer (module path); default: dist-ssr/entry-server.js beside webDist. */
  webSsrEntry?: string;
  /** Worker threads that render guest pages; 0: on the main thread; unset: cores − 1, 1 to 4 (guest-pages). */
  guestPageWorkers?: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** The argon2id cost of new password hashes; unset (always, outside tests): production's, PASSWORD_HASH_COST. */
  passwordHashCost?: PasswordHashCost;
  /** What one restaurant may hold; unset (always, outside tests): TENANT_LIMITS (contract limits.ts). */
  tenantLimits?: TenantLimits;
  /**
   * At most this many login/registration password hashes (argon2) at once per process, as many again waiting; more
   * answer 429 at once. Unset: DEFAULT_PASSWORD_HASH_CONCURRENCY (modules/auth/passwords.ts).
   */
  passwordHashConcurrency?: number;
  /** How long a stop may take to answer the requests in flight; unset: DEFAULT_SHUTDOWN_GRACE_SECONDS. */
  shutdownGraceSeconds?: number;
  /**
   * Send print jobs to printers from this instance (modules/printing/print-worker.ts). Unset (tests): no worker; a
   * test that prints starts its own.
   */
  printWorker?: boolean;
  /** Where mail goes out (password reset links); unset: mails are written to the log instead (mail/mailer.ts). */
  smtpUrl?: string;
  /** The sender of the mails; set whenever smtpUrl is. */
  mailFrom?: string;
}

/** Reads and validates the environment once; nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, isTerminal = !!process.stdout.isTTY): AppConfig {
  // An empty variable (`PORT=` in a .env file or compose file) means unset, not "" (PORT would become 0).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new Error('Invalid configuration:\n  JWT_SECRET is required when NODE_ENV=production');
  }
  if (e.REALTIME_ADAPTER === 'redis' && !e.REDIS_URL) {
    throw new Error('Invalid configuration:\n  REALTIME_ADAPTER=redis needs REDIS_URL');
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new Error('Invalid configuration:\n  MAIL_FROM is required when SMTP_URL is set');
  }
  // Without PUBLIC_URL a reset link is built from the request's Host header, which whoever asks for the mail
  // chooses: in production it could send a real user a real token on someone else's site.
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.PUBLIC_URL) {
    throw new Error('Invalid configuration:\n  PUBLIC_URL is required when SMTP_URL is set and NODE_ENV=production');
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    rateLimits: e.RATE_LIMITS === 'on',
    printWorker: e.PRINT_WORKER === 'on',
    redisUrl: e.REDIS_URL,
    realtimeAdapter: e.REALTIME_ADAPTER,
    logLevel: e.LOG_LEVEL,
    // auto: pretty in a terminal, JSON when the output goes to a file, a pipe or a log collector.
    logPretty: e.LOG_FORMAT === 'pretty' || (e.LOG_FORMAT === 'auto' && isTerminal),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    pressureMaxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    pressureMaxRssBytes: e.PRESSURE_MAX_RSS_MB * 1024 * 1024,
    webDist: resolve(e.WEB_DIST ?? join(SERVER_DIR, '../web/dist')),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
  };
}

/**
 * Outside production a secret is generated once and kept in the data dir, so sessions survive restarts. Private
 * files: the data dir is created 0700 and the secret 0600 (one written by an older version is tightened); the
 * embedded database tightens an existing data dir at every start (db/pglite-init.ts makePrivate).
 */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const mode = statSync(file).mode;
    if (mode & 0o077) chmodSync(file, mode & 0o7700);
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
