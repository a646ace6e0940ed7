import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';

/** This build's server folder (apps/server). */
export const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  port: number;
  url: string;
  /** What it printed so far. */
  output: { stdout: string; stderr: string };
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM: the server drains and exits. */
  stop(): void;
  /** SIGKILL unless it has exited. */
  kill(): void;
}

/**
 * Starts `src/main.ts` of a server folder (this build's by default) as `npm start` does, on PostgreSQL, as its own
 * process. LOG_LEVEL=warn: a healthy start prints nothing.
 */
export async function startServerProcess(databaseUrl: string, serverDir = SERVER_DIR): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SERVER_PROCESS_JWT_SECRET,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      WEB_DIST: serverDir, // the API only: no web build needed
      DATA_DIR: serverDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
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
      if (exitCode === undefined) child.kill('SIGKILL');
    },
  };
}

/** The JWT secret of every server process started here (tests sign staff tokens with it). */
export const SERVER_PROCESS_JWT_SECRET = 'server-process-secret-server-process-secret';

/** Waits until the process answers ready (the real server: the start-up probe answers 503). */
export async function waitUntilReady(server: ServerProcess, timeout = 90_000) {
  let exited = false;
  void server.exited.then(() => (exited = true));
  await vi.waitFor(
    async () => {
      expect(exited, `the server exited: ${server.output.stderr}${server.output.stdout}`).toBe(false);
      const res = await fetch(`${server.url}/api/health/ready`);
      expect(res.status).toBe(200);
    },
    { timeout, interval: 200 },
  );
}
