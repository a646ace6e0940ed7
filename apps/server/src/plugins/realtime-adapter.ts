import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { createAdapter as createRedisStreamsAdapter } from '@socket.io/redis-streams-adapter';
import type { AppConfig } from '../config.js';
import type { Database } from '../db/client.js';

/**
 * The socket.io adapter that carries messages between server instances (realtime.ts: batches of order events, data
 * changes, `disconnectSockets`), and whether it hears the other instances right now.
 *
 * - `postgres`: @socket.io/postgres-adapter, LISTEN/NOTIFY on the app's own database (nothing else to run).
 * - `redis`: @socket.io/redis-streams-adapter on REDIS_URL: server-side emits travel by PUBLISH, broadcasts and
 *   `disconnectSockets` by a Redis stream (XADD, read back with XREAD), so the database does none of this work.
 * REALTIME_ADAPTER chooses; unset, `redis` when REDIS_URL is set, else `postgres` (docs/decisions/0056).
 * On the embedded database (PGlite) there is one instance only: no adapter.
 */
export type RealtimeAdapterKind = 'postgres' | 'redis';

export interface RealtimeAdapter {
  kind: RealtimeAdapterKind;
  /** For `new Server(..., { adapter })`. */
  adapter: NonNullable<Partial<ServerOptions>['adapter']>;
  /** True while messages from other instances can arrive (the listening connections are up). */
  hearing(io: Server): boolean;
  /** Waits (at most 3 s) until it hears, so that messages are received as soon as the app is ready. */
  listening(io: Server): Promise<void>;
  /** Closes its own connections (after io.close()). */
  close(): Promise<void>;
}

/** The adapter the configuration asks for: REALTIME_ADAPTER, or `redis` when REDIS_URL is set. */
export function realtimeAdapterKind(config: Pick<AppConfig, 'realtimeAdapter' | 'redisUrl'>): RealtimeAdapterKind {
  return config.realtimeAdapter ?? (config.redisUrl ? 'redis' : 'postgres');
}

/**
 * The adapter for this app, or null on PGlite. `onLost` is called when a listening connection that was up goes
 * down: messages sent meanwhile by other instances are never heard of.
 */
export function createRealtimeAdapter(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  onLost: () => void,
): RealtimeAdapter | null {
  if (database.kind !== 'postgres' || !database.pool) return null;
  if (realtimeAdapterKind(config) === 'redis') {
    if (!config.redisUrl) throw new Error('REALTIME_ADAPTER=redis needs REDIS_URL');
    return redisAdapter(config.redisUrl, clusterName(database.pool), log, onLost);
  }
  return postgresAdapter(database.pool, log, onLost);
}

/**
 * What names the instances' shared channel in Redis: the database they share (its server and name). Instances of one
 * database hear each other, and no others: one Redis may serve several deployments (or test databases), whose
 * restaurant ids overlap. PostgreSQL's NOTIFY is per database by itself.
 */
function clusterName(pool: pg.Pool): string {
  const { connectionString, host, port, database } = pool.options;
  if (!connectionString) return `${host ?? ''}:${port ?? ''}/${database ?? ''}`;
  const url = new URL(connectionString);
  return `${url.host}${url.pathname}`;
}

/** How long `listening` waits at most, and how often it looks. */
const LISTENING_WAIT_MS = 3000;
const LISTENING_POLL_MS = 50;

async function waitFor(condition: () => boolean) {
  for (let waited = 0; waited < LISTENING_WAIT_MS && !condition(); waited += LISTENING_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, LISTENING_POLL_MS));
  }
}

function postgresAdapter(pool: pg.Pool, log: FastifyBaseLogger, onLost: () => void): RealtimeAdapter {
  // The adapter's own small pool: it sends an event to this server's sockets only after its NOTIFY returns,
  // so NOTIFY must not queue behind order queries on the main pool (measured by bench/place-orders.ts).
  const adapterPool = ownPool(pool, log);
  /** The adapter's LISTEN client, read from its internals (`adapter.client.client`); without them: not heard. */
  const listenClient = (io: Server) =>
    (io.of('/').adapter as unknown as { client?: { client?: unknown } } | undefined)?.client;
  return {
    kind: 'postgres',
    adapter: createPostgresAdapter(withClientErrorHandler(adapterPool, log, onLost), {
      errorHandler: (err: Error) => log.warn({ err }, 'realtime adapter error'),
    }),
    hearing: (io) => !!listenClient(io)?.client,
    // The adapter takes a pool client for LISTEN asynchronously; closing right after start must also not leave that
    // client checked out of the pool.
    listening: (io) => waitFor(() => !listenClient(io) || !!listenClient(io)?.client),
    close: () => adapterPool.end(),
  };
}

/**
 * The postgres adapter checks a client out of the pool for LISTEN and listens for its 'end' only: a backend
 * terminated under it (database restart, admin command) would emit 'error' with no listener and crash the
 * process, and the dead client would stay checked out, so closing the pool would wait for it forever.
 * The adapter uses only `connect()` and `query()`; this pool view handles both for its clients (the adapter
 * sees 'end' and reconnects with a new one).
 */
function withClientErrorHandler(pool: pg.Pool, log: FastifyBaseLogger, onLost: () => void): pg.Pool {
  return {
    connect: async () => {
      const client = await pool.connect();
      let dropped = false;
      const drop = (err?: Error) => {
        if (dropped) return;
        dropped = true;
        onLost();
        try {
          client.release(err ?? true); // destroy it: the pool opens a fresh one when needed
        } catch {
          // already released by the adapter
        }
      };
      client.on('error', (err) => {
        log.warn({ err }, 'realtime adapter: LISTEN connection lost');
        drop(err);
      });
      client.on('end', () => drop());
      return client;
    },
    query: (...args: Parameters<pg.Pool['query']>) => pool.query(...args),
  } as unknown as pg.Pool;
}

/**
 * The adapter's pool. Its writes (NOTIFY, and the attachment rows of large messages) are messages between running
 * instances, worthless after a crash: they skip waiting for the WAL flush (synchronous_commit=off), which under load
 * otherwise puts a disk flush per batch of events in line with the orders' own commits.
 */
function ownPool(pool: pg.Pool, log: FastifyBaseLogger): pg.Pool {
  const own = new pg.Pool({ ...pool.options, max: 4, options: '-c synchronous_commit=off' });
  own.on('error', (err) => log.warn({ err }, 'realtime adapter: idle connection lost'));
  return own;
}

/**
 * The Redis streams adapter publishes with the client it is given and makes its listening connections with
 * `duplicate()` (one SUBSCRIBEs, one reads the stream with a blocking XREAD). This client watches them all:
 * - the publishing connection fails fast while Redis is down (no offline queue): a message that cannot go now is
 *   dropped, not piled up in memory; the adapter does not wait for its PUBLISH, so a failed one is caught here
 *   (an unhandled rejection would stop the process);
 * - the listening connections keep their commands until Redis is back (offline queue, no retry limit): the XREAD
 *   loop would otherwise spin on failures, and the subscription must not be dropped; ioredis reconnects them and
 *   subscribes again, and the stream is read on from the last entry seen;
 * - hearing: every connection ready; `onLost` when that stops being so.
 */
function redisAdapter(url: string, cluster: string, log: FastifyBaseLogger, onLost: () => void): RealtimeAdapter {
  const connections: Redis[] = [];
  let subscribed = false;
  let heard = false;
  let closing = false;
  const allReady = () => connections.length > 0 && connections.every((c) => c.status === 'ready');
  const update = () => {
    const now = !closing && allReady();
    if (heard && !now) {
      log.warn('realtime adapter: a Redis connection was lost, messages of other instances may be missed');
      onLost();
    }
    heard = now;
  };
  const watch = (client: Redis) => {
    connections.push(client);
    client.on('error', (err: Error) => log.debug({ err }, 'realtime adapter: Redis error'));
    client.on('ready', update);
    client.on('close', update);
    return client;
  };

  const name = `qrmenu-realtime:${cluster}`;
  // The connections carry the name too (CLIENT LIST), without the characters a connection name may not hold.
  const connectionName = name.replace(/[^\w.:/-]/g, '_');
  const publisher = watch(new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName }));
  const publish = publisher.publish.bind(publisher) as (...args: unknown[]) => Promise<number>;
  (publisher as unknown as { publish: typeof publish }).publish = (...args) => {
    const sent = publish(...args);
    sent.catch((err: unknown) => log.debug({ err }, 'realtime adapter: PUBLISH failed'));
    return sent;
  };
  const duplicate = publisher.duplicate.bind(publisher);
  (publisher as unknown as { duplicate: () => Redis }).duplicate = () => {
    const listener = watch(duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null }));
    const subscribe = listener.subscribe.bind(listener) as (...args: unknown[]) => Promise<unknown>;
    (listener as unknown as { subscribe: typeof subscribe }).subscribe = (...args) => {
      const done = subscribe(...args);
      done.then(
        () => (subscribed = true),
        (err: unknown) => log.warn({ err }, 'realtime adapter: SUBSCRIBE failed'),
      );
      return done;
    };
    return listener;
  };

  return {
    kind: 'redis',
    adapter: createRedisStreamsAdapter(publisher, { streamName: name, channelPrefix: name }),
    hearing: () => heard,
    listening: () => waitFor(() => heard && subscribed),
    close: async () => {
      closing = true;
      // The stream reader would otherwise keep its connection until its blocking XREAD returns (up to 5 s).
      for (const client of connections) client.disconnect();
    },
  };
}
