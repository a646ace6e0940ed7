import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_DIR } from './server-process.js';

const JOURNAL = 'apps/server/src/db/migrations/meta/_journal.json';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const git2 = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 });

export interface PreviousBuild {
  /** The commit the previous build comes from. */
  commit: string;
  /** How many migrations it has. */
  migrations: number;
  /** Its server folder, ready to start with startServerProcess. */
  serverDir: string;
  /** Deletes the extracted files. */
  remove(): void;
}

/**
 * The server of the previous release, from the repository's history: the last commit before the newest migration
 * was added (or HEAD itself while new migrations are not committed yet). Its apps/server and packages/contract
 * are extracted to a temporary folder that uses this checkout's installed packages, except @qr-menu/contract, which is
 * its own. Throws when there is no git history to take it from: the rolling-deploy test needs a clone, not a copy.
 */
export function previousBuild(currentMigrations: number): PreviousBuild {
  let root: string;
  try {
    root = git(SERVER_DIR, 'rev-parse', '--show-toplevel');
  } catch {
    throw new Error('the previous build comes from git history: run this test in a git clone of the repository');
  }
  const migrationsAt = (commit: string) => {
    try {
      return (JSON.parse(git(root, 'show', `${commit}:${JOURNAL}`)) as { entries: unknown[] }).entries.length;
    } catch {
      return 0;
    }
  };
  let commit = 'HEAD';
  if (migrationsAt('HEAD') >= currentMigrations) {
    // The commits that changed the journal, newest first: the oldest with every migration added the newest one.
    const touching = git(root, 'log', '--format=%H', '--', JOURNAL).split('\n');
    const added = touching.filter((c) => migrationsAt(c) >= currentMigrations).at(-1);
    if (!added) throw new Error('no commit in the history adds the newest migration');
    commit = `${added}^`;
  }
  const sha = git(root, 'rev-parse', commit);
  const migrations = migrationsAt(sha);
  if (migrations === 0 || migrations >= currentMigrations) {
    throw new Error(`the previous build ${sha} has ${migrations} migrations: no earlier schema to deploy over`);
  }

  const dir = mkdtempSync(join(tmpdir(), `qrmenu-previous-${sha.slice(0, 8)}-`));
  const archive = git2(root, ['archive', '--format=tar', sha, 'apps/server', 'packages/contract']);
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  // Its own contract; every other package from this checkout's node_modules (resolved through symlinks).
  const modules = join(root, 'node_modules');
  mkdirSync(join(dir, 'node_modules', '@qr-menu'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name !== '@qr-menu' && name !== '.bin') symlinkSync(join(modules, name), join(dir, 'node_modules', name));
  }
  symlinkSync(join(dir, 'packages', 'contract'), join(dir, 'node_modules', '@qr-menu', 'contract'));
  const serverDir = join(dir, 'apps', 'server');
  if (!existsSync(join(serverDir, 'src', 'main.ts'))) throw new Error(`no server in ${sha}`);
  return { commit: sha, migrations, serverDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
