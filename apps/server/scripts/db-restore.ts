/**
 * `npm run db:restore FILE [DATA_DIR]`: unpacks a dump written by `npm run db:backup` into a new data directory
 * (default: $DATA_DIR or ./data), which must not hold a database yet, and checks that it opens. Then start the
 * server on it (DATA_DIR=<dir> npm start); migrations newer than the backup run at start-up.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { restorePglite } from '../src/db/backup.js';

const [fileArg, dirArg] = process.argv.slice(2);
if (!fileArg) {
  console.error('Usage: npm run db:restore FILE [DATA_DIR]');
  process.exit(1);
}
// Paths on the command line are relative to the folder npm was run from (npm runs scripts at the root).
const here = process.env.INIT_CWD ?? '.';
const file = resolve(here, fileArg);
const dataDir = dirArg ? resolve(here, dirArg) : resolve(process.env.DATA_DIR?.trim() || './data');
if (!existsSync(file)) {
  console.error(`${file} does not exist.`);
  process.exit(1);
}

try {
  const { orders } = await restorePglite(file, dataDir);
  console.log(`Restored ${file} into ${dataDir} (${orders} orders). Start it with: DATA_DIR=${dataDir} npm start`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
