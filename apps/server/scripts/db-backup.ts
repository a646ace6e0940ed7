/**
 * `npm run db:backup [FILE]`: a consistent dump of the embedded database (PGlite) of the server running on DATA_DIR
 * (default ./data), written to FILE (default qrmenu-backup-<date-time>.tar.gz in the current folder). The running
 * server takes the dump itself: the script asks it over the Unix socket DATA_DIR/backup.sock. Restore with
 * `npm run db:restore FILE [NEW_DATA_DIR]`. On PostgreSQL (DATABASE_URL) use pg_dump instead (README).
 */
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { backupSocketPath } from '../src/db/backup-socket.js';

const dataDir = resolve(process.env.DATA_DIR?.trim() || './data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
// File names on the command line are relative to the folder npm was run from (npm runs scripts at the root).
const file = resolve(process.env.INIT_CWD ?? '.', process.argv[2] ?? `qrmenu-backup-${stamp}.tar.gz`);
const socketPath = backupSocketPath(dataDir);

if (process.env.DATABASE_URL?.trim()) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README), not with this script.');
  process.exit(1);
}
if (existsSync(file)) {
  console.error(`${file} exists already; choose another file name.`);
  process.exit(1);
}

const dump = await new Promise<Buffer>((done, fail) => {
  const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (b: Buffer) => chunks.push(b));
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      if (res.statusCode === 200) done(body);
      else fail(new Error(`the server answered ${res.statusCode}: ${body.toString()}`));
    });
    res.on('error', fail);
  });
  req.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
      fail(
        new Error(
          `no running server answers on ${socketPath}. Start it on this DATA_DIR (npm start) and retry; ` +
            `or, with the server stopped, copy the folder ${dataDir}/pglite.`,
        ),
      );
    } else fail(err);
  });
  req.end();
}).catch((err: Error) => {
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
});

// Written under a temporary name first, so that a half-written file never looks like a backup.
writeFileSync(`${file}.part`, dump, { mode: 0o600 });
renameSync(`${file}.part`, file);
console.log(`Backup of ${dataDir} written to ${file} (${(dump.length / 1024).toFixed(0)} KB).`);
