import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nginx configuration operators use (deploy/nginx.conf); the tests run it with the lines below changed. */
export const NGINX_CONF = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));

/** The instances the committed file names, and its listen line: what a test (and an operator) changes. */
export const CONF_BACKENDS = ['127.0.0.1:3001', '127.0.0.1:3002'];
const CONF_LISTEN = 'listen 80;';

/**
 * The nginx binary: NGINX_PATH, else Debian's /usr/sbin/nginx. Missing, it throws (a test that needs nginx fails,
 * it never skips: CI installs nginx).
 */
export function nginxBinary(): string {
  const path = process.env.NGINX_PATH || '/usr/sbin/nginx';
  if (!existsSync(path)) {
    throw new Error(
      `nginx not found at ${path}: install it (apt-get install nginx) or set NGINX_PATH to its binary. ` +
        'The multi-instance test runs the instances behind deploy/nginx.conf.',
    );
  }
  return path;
}

/** `text` with `from` replaced by `to`; throws unless `from` occurs exactly once (the committed file changed shape). */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2)
    throw new Error(`deploy/nginx.conf: expected "${from}" once, found it ${parts.length - 1} times`);
  return parts.join(to);
}

/** deploy/nginx.conf with the two instances at `backends` (host:port) and nginx listening on `port` (loopback). */
export function renderNginxConf(backends: string[], port: number): string {
  let conf = readFileSync(NGINX_CONF, 'utf8');
  CONF_BACKENDS.forEach((named, i) => {
    conf = replaceOnce(conf, `server ${named} `, `server ${backends[i]} `);
  });
  return replaceOnce(conf, CONF_LISTEN, `listen 127.0.0.1:${port};`);
}

/** A prefix directory for one nginx (pid, logs, cache and temporary files: the file's relative paths). */
function newPrefix(): string {
  const prefix = mkdtempSync(join(tmpdir(), 'qr-menu-nginx-'));
  mkdirSync(join(prefix, 'logs'));
  return prefix;
}

/**
 * Arguments common to every run: the prefix, the start-up error log inside it (not the built-in path), and, when
 * the test runs as root, workers that stay root (nginx would switch them to `nobody`, who cannot write into the
 * private temporary prefix).
 */
function baseArgs(prefix: string, confPath: string, globals: string[] = []): string[] {
  const user = process.getuid?.() === 0 ? [`user ${userInfo().username};`] : [];
  const g = [...globals, ...user];
  return [
    '-p',
    prefix,
    '-c',
    confPath,
    '-e',
    join(prefix, 'logs', 'error.log'),
    ...(g.length ? ['-g', g.join(' ')] : []),
  ];
}

/** `nginx -t` on a configuration file: its exit code and output. */
export function nginxCheck(confPath: string): { status: number | null; output: string } {
  const prefix = newPrefix();
  try {
    const run = spawnSync(nginxBinary(), ['-t', ...baseArgs(prefix, confPath)], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(prefix, { recursive: true, force: true });
  }
}

/** A port free right now on loopback (nginx binds it a moment later). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningNginx {
  url: string;
  /** The rendered configuration and everything nginx writes. */
  prefix: string;
  close(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * nginx in the foreground (`daemon off;`) on deploy/nginx.conf in front of `backends`; resolves once it answers
 * GET /api/health/live through an instance, rejects with its output when it stops or does not answer in 10 s.
 */
export async function startNginx(backends: string[]): Promise<RunningNginx> {
  const binary = nginxBinary();
  const prefix = newPrefix();
  const port = await freePort();
  const confPath = join(prefix, 'nginx.conf');
  writeFileSync(confPath, renderNginxConf(backends, port));
  const child = spawn(binary, baseArgs(prefix, confPath, ['daemon off;']), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  // A test run that dies must not leave nginx holding the port.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    const path = join(prefix, 'logs', 'error.log');
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  };
  const start = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`nginx stopped (${child.exitCode ?? child.signalCode}): ${output}${errorLog()}`);
    }
    const res = await fetch(`${url}/api/health/live`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() - start > 10_000) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not answer within 10 s: ${output}${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    url,
    prefix,
    close: async () => {
      process.removeListener('exit', killOnExit);
      // SIGTERM: a fast shutdown that closes open WebSockets (SIGQUIT would wait for them).
      child.kill('SIGTERM');
      await exited(child);
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
