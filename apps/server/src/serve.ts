import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';

/**
 * Builds the app on an open database and listens on the configured port; SIGINT / SIGTERM close the app, then
 * the database. The start-up of `npm start` (main.ts) and of `npm run demo` (demo.ts).
 */
export async function serve(config: AppConfig, database: Database): Promise<FastifyInstance> {
  const app = await buildApp(config, database);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void app
        .close()
        .then(() => database.close())
        .finally(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  return app;
}

/** Where the data lives, for the start-up line: "PostgreSQL" or "embedded database in <dir>". */
export function databaseLabel(config: AppConfig, database: Database): string {
  return database.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
}
