import { execFile } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) in a data directory. A new directory needs PostgreSQL's initdb, which PGlite runs
 * in a second WebAssembly instance: ~800 MB of RSS that the process keeps afterwards. So the server never runs it:
 * a short-lived child process (bare node, pglite-init-child.mjs) initialises the directory and exits, and the
 * server opens the result. A worker thread was measured to leave ~130 MB behind in the parent; a child leaves none.
 */

const CHILD_SCRIPT = fileURLToPath(new URL('./pglite-init-child.mjs', import.meta.url));
/** initdb takes ~10 s on a small machine; allow for a much slower disk before giving up. */
const CHILD_TIMEOUT_MS = 300_000;
/** The child initialises `<dir>.init-<pid of the server>`. */
const TEMP_INFIX = '.init-';

/**
 * PostgreSQL takes all of shared_buffers at start, and initdb writes 128MB. 16MB holds the hot pages of the order
 * path (the OS page cache keeps the rest of the files) and saves ~120 MB of RSS.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Private files. The embedded database holds every order, the staff's e-mails and password hashes: its directory
 * (DATA_DIR and DATA_DIR/pglite) is 0700 and its files 0600, as PostgreSQL itself wants a data directory.
 * A process umask cannot do it: PGlite's file layer (Emscripten's NODEFS) sets the modes itself, so initdb's files
 * come out 0666 and the relcache init files PostgreSQL rewrites at every start 0644 whatever the umask (measured).
 * So the modes are tightened with chmod: DATA_DIR when it is created and at every start (directories of older
 * versions, restored backups), the database files after initdb, after PGlite started and after the migrations
 * (openDatabase). Files PostgreSQL creates later (tables, WAL) are 0600 already, and whatever is written meanwhile
 * sits in a 0700 directory nobody else may enter.
 */
export function makePrivate(path: string, recursive = true): void {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  // Never follow a link: it may point outside the data directory.
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.mode & 0o077) chmodSync(path, stat.mode & 0o7700);
  if (recursive && stat.isDirectory()) {
    for (const name of readdirSync(path)) makePrivate(join(path, name), true);
  }
}

/** Creates `dir` (and missing parents) 0700, or takes group's and others' access away from an existing one. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  makePrivate(dir, false);
}

/** Opens the PGlite database in `dir` (private files: makePrivate), initialising a new one in a child process first. */
export async function openPgliteDir(dir: string): Promise<PGlite> {
  makePrivateDir(dirname(dir));
  await initPgliteDir(dir);
  const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  makePrivate(dir);
  return client;
}

const isInitialised = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes `dir` a PGlite data directory if it is not one yet. Returns true when it initialised it, false when it
 * found one. The child works in a temporary directory next to `dir` that is renamed to `dir` only once initdb
 * succeeded, so a failed or killed first start never leaves a `dir` that a later start would trust.
 * `childScript` is for tests (a child that fails).
 */
export async function initPgliteDir(dir: string, childScript = CHILD_SCRIPT): Promise<boolean> {
  if (isInitialised(dir)) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(
      `${dir} holds files but no database (no PG_VERSION), e.g. from an interrupted first start of an older ` +
        'version: move it away to start with a new database, or restore a backup into a new DATA_DIR',
    );
  }
  makePrivateDir(dirname(dir));
  removeAbandonedTempDirs(dir);
  const temp = `${dir}${TEMP_INFIX}${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { mode: 0o700 });
  try {
    await promisify(execFile)(process.execPath, [childScript, temp], { timeout: CHILD_TIMEOUT_MS });
    if (!isInitialised(temp)) throw new Error('the child process ended without creating PG_VERSION');
    // initdb's files are 0666 (makePrivate): private before they appear under the database's name.
    makePrivate(temp);
    // Replaces `dir` if it is an empty directory (rename(2)).
    renameSync(temp, dir);
    return true;
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(
      `could not initialise the embedded database in ${dir}: ${stderr ? stderr.slice(-2000) : String(err)}`,
      { cause: err },
    );
  }
}

/** Removes the temporary directories of first starts that were killed (their process is gone). */
function removeAbandonedTempDirs(dir: string) {
  const prefix = basename(dir) + TEMP_INFIX;
  for (const name of readdirSync(dirname(dir))) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    rmSync(join(dirname(dir), name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
