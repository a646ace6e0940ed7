import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server (apps/server/src/main.ts) as a child process, for fault tests and scripts that kill, drain or
 * back it up. It runs under `node --import tsx`, one process, so that a signal reaches the server itself and not
 * a wrapper. It listens on loopback only.
 */

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

export interface ServerOptions {
  port: number;
  /** The embedded database's folder (and the JWT secret's); ignored for the database when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** How long to wait for readiness (PGlite creating a new data directory takes a while). */
  readyTimeoutMs?: number;
}

/** Starts the server and resolves once GET /api/health/ready answers 200. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    ...opts.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${opts.port}`;
  const server: ServerProcess = { child, port: opts.port, url, exited, output: () => out };

  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (gone) throw new Error(`server exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.status === 200) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within ${opts.readyTimeoutMs ?? 120_000} ms:\n${out}`);
}

/** A free port in [from, to] on 127.0.0.1 (tried in random order). */
export async function freePort(from = 3300, to = 3399): Promise<number> {
  const ports = Array.from({ length: to - from + 1 }, (_, i) => from + i).sort(() => Math.random() - 0.5);
  for (const port of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}
