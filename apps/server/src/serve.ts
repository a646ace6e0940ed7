import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS, type AppConfig } from './config.js';
import { closeBackups, listenForBackups } from './db/backup-socket.js';
import { DEFAULT_DATABASE_WAIT_MS, openDatabase, type Database } from './db/client.js';
import { LISTEN_BACKLOG, trackRequests } from './http-drain.js';
import { startDraining } from './modules/health/drain.js';
import { makeMissingImageVariants } from './modules/images/variants-migration.js';
import { listenWhileStarting } from './startup-probe.js';

/**
 * Builds the app on an open database and listens on the configured port (and, with the embedded database, on the
 * backup socket in DATA_DIR). The start-up of `npm start` (main.ts) and of `npm run demo` (demo.ts).
 *
 * SIGTERM / SIGINT stop the server cleanly, in this order: readiness answers 503 at once; the server takes the
 * connections already waiting in its listen queue, stops accepting and closes the idle ones; every request sent
 * before is answered, including those waiting on the database (each answer closes its connection); then the
 * realtime sockets, the app and last the database close, and the process exits 0. A drain that has not finished within the grace period
 * (SHUTDOWN_GRACE_SECONDS) exits 1 and logs how many requests it cut; so do a second signal and a failure.
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
  const requests = trackRequests(app.server);
  const graceSeconds = config.shutdownGraceSeconds ?? DEFAULT_SHUTDOWN_GRACE_SECONDS;
  let draining = false;
  const stop = (signal: NodeJS.Signals) => {
    if (draining) {
      app.log.warn(`${signal} again while draining: exiting now (${cutRequests(requests.inFlight())})`);
      process.exit(1);
    }
    draining = true;
    app.log.info(`${signal}: draining (answering the requests in flight, then closing)`);
    startDraining(app);
    // Not unref'd: a drain stuck with nothing else left to run must still end here, with code 1.
    setTimeout(() => {
      app.log.error(`drain did not finish within ${graceSeconds} s: exiting (${cutRequests(requests.inFlight())})`);
      process.exit(1);
    }, graceSeconds * 1000);
    requests
      .drain()
      // The database closes last: no request is left that could still wait on it.
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => {
          app.log.info('drained: exiting');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, `drain failed (${cutRequests(requests.inFlight())})`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  return app;
}

const cutRequests = (count: number) => `${count} ${count === 1 ? 'request' : 'requests'} cut`;

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
