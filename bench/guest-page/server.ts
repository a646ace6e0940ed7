/**
 * The production server of the guest page benchmark: `apps/server/src/main.ts` (what `npm start` runs) in a child
 * process, serving the built web app, on the embedded database (PGlite) in a temporary data directory that is
 * removed when it stops.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/src/main.ts');
export const DEFAULT_WEB_DIST = join(ROOT, 'apps/web/dist');

export interface RunningServer {
  origin: string;
  stop: () => Promise<void>;
}

/** Runs `npm run build` when the web build is missing (or when asked to). */
export function ensureWebBuild(webDist: string, force: boolean) {
  if (!force && existsSync(join(webDist, 'index.html'))) return;
  if (webDist !== DEFAULT_WEB_DIST) throw new Error(`no web build in ${webDist} (WEB_DIST)`);
  console.log(force ? 'building the web app (--build)…' : 'apps/web/dist is missing: building the web app…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

async function waitReady(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health/ready`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
}

/** Starts the production server on 127.0.0.1:`port` and waits until it is ready. */
export async function startServer(port: number, webDist: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qrmenu-bench-guest-page-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-guest-page-secret-bench-guest-page-secret',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    // Seeding makes hundreds of admin requests in a few seconds.
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
  };
  // Always the embedded database, and links relative to this server.
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'REDIS_URL', 'TRUST_PROXY']) delete env[name];
  const child = fork(MAIN, [], {
    cwd: ROOT,
    // The tsx loader this script runs under.
    execArgv: process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const origin = `http://127.0.0.1:${port}`;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    // Once: a second SIGTERM would cut the server's drain short.
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    })());
  try {
    await waitReady(origin, child, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { origin, stop };
}
