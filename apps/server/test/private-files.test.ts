import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, SERVER_DIR, type ServerProcess, waitUntilReady } from './server-process.js';

/**
 * Private files: the data directory of the embedded database is 0700 and nothing under it is open to the group or
 * to others, for a new data directory and for one left with wider modes (an older version's).
 */

/** Starts `src/main.ts` on the embedded database in `dataDir`, as `npm start` without DATABASE_URL does. */
async function startEmbedded(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // No JWT_SECRET outside production: the server keeps a generated one in DATA_DIR (jwt-secret).
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
    WEB_DIST: SERVER_DIR,
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output,
    exited,
    stop: () => child.kill('SIGTERM'),
    kill: () => {
      if (!done) child.kill('SIGKILL');
    },
  };
}

/** Every path under `root` (itself included) with its permission bits, links not followed. */
function modes(root: string): Map<string, { mode: number; dir: boolean }> {
  const found = new Map<string, { mode: number; dir: boolean }>();
  const walk = (path: string) => {
    const stat = lstatSync(path);
    found.set(relative(root, path) || '.', { mode: stat.mode & 0o7777, dir: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

function expectPrivate(dataDir: string) {
  const all = modes(dataDir);
  expect(all.get('.')?.mode.toString(8)).toBe('700');
  const open = [...all].filter(([, m]) => m.mode & 0o077).map(([p, m]) => `${p} ${m.mode.toString(8)}`);
  expect(open).toEqual([]);
  // The walk saw the database and the generated secret.
  expect(all.has(join('pglite', 'PG_VERSION'))).toBe(true);
  expect(all.has('jwt-secret')).toBe(true);
  expect([...all.keys()].filter((p) => p.startsWith(join('pglite', 'base'))).length).toBeGreaterThan(100);
}

async function stop(server: ServerProcess) {
  server.stop();
  const code = await server.exited;
  expect(code, server.output.stderr).toBe(0);
}

describe('private data directory (embedded database)', () => {
  const root = mkdtempSync(join(tmpdir(), 'qrmenu-private-'));
  // A parent that does not exist yet either: both are created by the server.
  const dataDir = join(root, 'var', 'data');
  const servers: ServerProcess[] = [];

  afterAll(() => {
    for (const s of servers) s.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it(
    'a new data dir is 0700 after start and its files are not open to group or others',
    { timeout: 180_000 },
    async () => {
      const server = await startEmbedded(dataDir);
      servers.push(server);
      await waitUntilReady(server, 150_000);
      expectPrivate(dataDir);
      expect(lstatSync(join(root, 'var')).mode & 0o077).toBe(0);
      await stop(server);
      // The shutdown (checkpoint, close) leaves nothing wider either.
      expectPrivate(dataDir);
    },
  );

  it('a data dir left with wider modes (an older version) is tightened at start', { timeout: 180_000 }, async () => {
    // As an older version left it: directories 0755, files 0644 (initdb's even 0666).
    for (const [path, m] of modes(dataDir)) {
      chmodSync(join(dataDir, path), m.dir ? 0o755 : 0o666);
    }
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o755);
    const server = await startEmbedded(dataDir);
    servers.push(server);
    await waitUntilReady(server, 150_000);
    expectPrivate(dataDir);
    await stop(server);
  });
});
