import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { closeBackups, listenForBackups } from './db/backup-socket.js';
import { DEFAULT_DATABASE_WAIT_MS, openDatabase, type Database } from './db/client.js';
import { startDraining } from './modules/health/drain.js';
import { makeMissingImageVariants } from './modules/images/variants-migration.js';
import { listenWhileStarting } from './startup-probe.js';

/** A drain that takes longer than this (a request or a socket that never ends) exits with code 1. */
const DRAIN_TIMEOUT_MS = 25_000;

/**
 * Builds the app on an open database and listens on the configured port (and, with the embedded database, on the
 * backup socket in DATA_DIR). The start-up of `npm start` (main.ts) and of `npm run demo` (demo.ts).
 *
 * SIGTERM / SIGINT drain the server: readiness answers 503 at once, the HTTP server stops accepting connections,
 * requests in flight finish, realtime sockets are closed, then the database; the process exits 0. A second signal,
 * a failure or a drain longer than DRAIN_TIMEOUT_MS exits 1.
 */
export async function serve(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = await buildApp(config, database);
  // Images stored before srcset variants existed get them once, now, not on a guest's request.
  await makeMissingImageVariants(database.db, app.log);
  // `npm run db:backup` asks the running server for a dump of the embedded database (db/backup-socket.ts).
  const backups = database.pglite
    ? await listenForBackups(database.pglite, config.dataDir, (message) => app.log.warn(message))
    : null;
  app.addHook('onClose', () => closeBackups(backups, config.dataDir));
  let draining = false;
  const drain = (signal: NodeJS.Signals) => {
    if (draining) {
      app.log.warn(`${signal} again while draining: exiting now`);
      process.exit(1);
    }
    draining = true;
    app.log.info(`${signal}: draining (finishing requests in flight, then closing)`);
    startDraining(app);
    const timer = setTimeout(() => {
      app.log.error(`drain did not finish within ${DRAIN_TIMEOUT_MS} ms: exiting`);
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
    app
      .close()
      .then(() => database.close())
      .then(
        () => {
          app.log.info('drained: exiting');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'drain failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', drain);
  process.on('SIGINT', drain);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/**
 * Opens the configured database (PostgreSQL or the embedded one) and applies the migrations. Meanwhile the port
 * answers health probes as "starting" (startup-probe.ts): on PostgreSQL this can take a while, when the server is not
 * accepting connections yet or another instance is applying the migrations.
 */
export async function openDatabaseForServing(config: AppConfig): Promise<Database> {
  const probe = await listenWhileStarting(config.port, config.host);
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      waitForDatabaseMs:
        config.databaseWaitSeconds === undefined ? DEFAULT_DATABASE_WAIT_MS : config.databaseWaitSeconds * 1000,
    });
  } finally {
    await probe.close();
  }
}

/** Where the data lives, for the start-up line: "PostgreSQL" or "embedded database in <dir>". */
export function databaseLabel(config: AppConfig, database: Database): string {
  return database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
}
