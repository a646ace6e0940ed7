import pg from 'pg';

/**
 * Lost PostgreSQL connections (database restart, failover, pg_terminate_backend, network): how to recognise them
 * and what the server does about them. Nothing here is specific to a route.
 */

/** A moment for the pool to drop the other clients the same failure broke (a restart ends them all). */
const RETRY_DELAY_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SQLSTATEs of a connection the server ended or refused: admin_shutdown, crash_shutdown, cannot_connect_now. */
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);
/** Socket errors of a connection that could not be made or broke. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH']);
/** node-postgres' own messages for a connection that broke under a client. */
const LOST_MESSAGE = /Connection terminated|not queryable|timeout exceeded when trying to connect/i;

/**
 * True when `err` (or an error in its `cause` chain: drizzle wraps driver errors) says the database connection
 * was lost or could not be made — a fault of the moment, not of the request. The error handler answers these
 * with 503 so that clients retry.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (SHUTDOWN_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
    if (typeof e.message === 'string' && LOST_MESSAGE.test(e.message)) return true;
    e = (typeof e.cause === 'object' ? e.cause : null) as typeof e;
  }
  return false;
}

/**
 * The pool of the server on PostgreSQL. A client checked out of a pool has no listener of the pool's: a backend
 * terminated under a transaction emitted an unhandled 'error' and crashed the process. Here every
 * client has an 'error' listener for its whole life, and a client checked out with `connect()` (drizzle's
 * transactions) whose connection is lost goes back to the pool at once, to be discarded: drizzle does not release
 * a client whose BEGIN failed, and `end()` would then wait for it forever. Its later release is a no-op.
 */
export class GuardedPool extends pg.Pool {
  /** Told how long each pool.query took, in seconds (the metrics' query time); unset: not timed. */
  onQueryTime: ((seconds: number) => void) | null = null;

  constructor(config: pg.PoolConfig, warn: (message: string) => void) {
    super(config);
    this.on('error', (err) => warn(`database: idle connection lost (${err.message})`));
    this.on('connect', (client) => {
      client.on('error', (err) => warn(`database: connection lost (${err.message})`));
    });
    this.query = timed(retryLostReadsOnce(this.query.bind(this)), (seconds) => this.onQueryTime?.(seconds));
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback); // pool.query's path: it listens for errors itself
    return super.connect().then(releaseWhenLost);
  }
}

/**
 * pool.query (a statement outside a transaction: drizzle's queries on the database itself) run once more when
 * the connection was lost and the statement is a plain SELECT: reading again changes nothing. A write is not
 * repeated: it may have been applied before the connection broke.
 */
function retryLostReadsOnce(query: pg.Pool['query']): pg.Pool['query'] {
  return ((...args: Parameters<pg.Pool['query']>) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
    const isRead = typeof text === 'string' && /^\s*select\b/i.test(text) && !/\bfor\s+(update|share)\b/i.test(text);
    if (!isRead || typeof args[args.length - 1] === 'function') return query(...args);
    return (query(...args) as unknown as Promise<unknown>).catch(async (err: unknown) => {
      if (!isDatabaseUnavailable(err)) throw err;
      await sleep(RETRY_DELAY_MS);
      return query(...args);
    });
  }) as pg.Pool['query'];
}

/** pool.query, telling `report` how long each promise-style call took (callback-style calls are not timed). */
function timed(query: pg.Pool['query'], report: (seconds: number) => void): pg.Pool['query'] {
  return ((...args: Parameters<pg.Pool['query']>) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    const started = process.hrtime.bigint();
    const done = () => report(Number(process.hrtime.bigint() - started) / 1e9);
    const result = query(...args) as unknown as Promise<unknown>;
    result.then(done, done);
    return result;
  }) as pg.Pool['query'];
}

function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const releaseOnce = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    release(err);
  };
  const onError = (err: Error) => releaseOnce(err);
  client.on('error', onError);
  client.release = releaseOnce;
  return client;
}

type Transaction = <T>(fn: (tx: unknown) => Promise<T>, config?: unknown) => Promise<T>;

/**
 * Runs a transaction a second time (on a fresh connection) when its connection was lost before COMMIT was sent:
 * PostgreSQL rolled it back, so nothing of it was applied and running it again is safe for any transaction whose
 * callback only talks to the database (true of every one in this code base). A connection lost during COMMIT is
 * ambiguous (it may have been applied) and is not retried: the request fails with 503 and the client decides
 * (guest orders carry an Idempotency-Key for exactly that).
 */
export function retryLostTransactionsOnce<D extends { transaction: unknown }>(db: D): D {
  const run = (db.transaction as Transaction).bind(db);
  const transaction: Transaction = async (fn, config) => {
    let committing = false;
    const attempt = () =>
      run(async (tx) => {
        committing = false;
        const result = await fn(tx);
        committing = true; // drizzle sends COMMIT right after the callback returns
        return result;
      }, config);
    try {
      return await attempt();
    } catch (err) {
      if (committing || !isDatabaseUnavailable(err)) throw err;
      await sleep(RETRY_DELAY_MS);
      return attempt();
    }
  };
  db.transaction = transaction;
  return db;
}
