import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { dumpPglite } from './backup.js';

/**
 * Where a running server with the embedded database answers backup requests: a Unix socket in DATA_DIR, readable
 * and writable by the server's user only. Whoever may open it may read the data directory anyway; nothing is
 * exposed on the network, nothing takes a file name from a client. `npm run db:backup` calls GET /backup on it.
 */
export const backupSocketPath = (dataDir: string) => join(dataDir, 'backup.sock');

/** Unix socket paths are limited to about 104-108 bytes. */
const MAX_SOCKET_PATH = 100;

/** Starts the backup socket; null (with the reason in `warn`) when it cannot be offered. */
export async function listenForBackups(
  client: PGlite,
  dataDir: string,
  warn: (message: string) => void,
): Promise<Server | null> {
  const path = backupSocketPath(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    warn(`backups: ${path} is too long for a Unix socket; npm run db:backup is not available`);
    return null;
  }
  // A socket file left by a killed server: PGlite allows one server per data directory, so it is ours to replace.
  if (existsSync(path)) unlinkSync(path);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('only GET /backup');
      return;
    }
    dumpPglite(client).then(
      (dump) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': dump.length }).end(dump),
      (err: unknown) => {
        warn(`backups: dump failed (${String(err)})`);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('dump failed');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return server;
}

/** Stops the backup socket and removes its file. */
export async function closeBackups(server: Server | null, dataDir: string): Promise<void> {
  if (!server) return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const path = backupSocketPath(dataDir);
  if (existsSync(path)) unlinkSync(path);
}
