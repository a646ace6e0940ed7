// The production build: the web app (Vite: the browser bundle, the guest pages' server renderer, .br/.gz copies) and
// the server compiled to JavaScript (esbuild, one output file per source file, so that files found next to their
// module — migrations, the render worker, the PGlite init child — keep their relative places).
//
//   node scripts/build.mjs             builds everything (`npm run build`)
//   node scripts/build.mjs --if-stale  builds only when a source changed since the last build (`npm start` does this)
//
// Outputs: apps/web/dist, apps/web/dist-ssr, apps/server/dist (src/ and scripts/ compiled; the contract compiled into
// dist/node_modules/@qr-menu/contract, where Node finds it from the compiled server without any loader), and
// apps/server/dist/build-stamp.json: the hash of every build input, which tells whether the build is current.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'apps/server');
export const SERVER_DIST = join(SERVER, 'dist');
const STAMP_FILE = join(SERVER_DIST, 'build-stamp.json');

/** What the build reads: a change to any of these files makes the build stale. Tests are not inputs. */
const INPUTS = [
  'package-lock.json',
  'scripts/build.mjs',
  'packages/contract/src',
  'packages/contract/package.json',
  'apps/server/src',
  'apps/server/scripts',
  'apps/server/package.json',
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/postcss.config.cjs',
  'apps/web/tsconfig.json',
  'tsconfig.base.json',
];
const NOT_INPUT = /(\.test\.[cm]?[jt]sx?|\.d\.ts)$|(^|\/)(node_modules|dist|dist-ssr)(\/|$)/;

function* filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full) || NOT_INPUT.test(path)) return;
  if (!statSync(full).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* filesUnder(root, `${path}/${name}`);
}

/** The hash of every build input's path and content under `root` (a checkout), and of the VITE_* variables. */
export function inputsHash(root = ROOT, env = process.env) {
  const hash = createHash('sha256');
  // The web build writes VITE_* variables into the bundle (README: configuration).
  for (const name of Object.keys(env)
    .filter((n) => n.startsWith('VITE_'))
    .sort())
    hash.update(`${name}=${env[name]}\0`);
  for (const input of INPUTS) {
    for (const path of filesUnder(root, input)) {
      hash.update(`${path}\0`);
      hash.update(readFileSync(join(root, path)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when the last build's stamp names the inputs as they are now and its outputs are there. */
export function isBuildCurrent(root = ROOT) {
  const stampFile = join(root, relative(ROOT, STAMP_FILE));
  if (!existsSync(stampFile) || !existsSync(join(root, 'apps/web/dist/index.html'))) return false;
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).inputs === inputsHash(root);
  } catch {
    return false;
  }
}

/**
 * The build's environment: NODE_ENV is always production. Vite builds React's development version when NODE_ENV says
 * development (twice the size, a slow page), and a developer's shell or a .env file often does.
 */
export function buildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

function run(command, args, cwd) {
  if (process.env.NODE_ENV && process.env.NODE_ENV !== 'production') {
    console.log(`build: NODE_ENV=${process.env.NODE_ENV} is ignored; the build is always a production build`);
  }
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: buildEnv() });
  if (result.status !== 0) throw new Error(`build: ${command} ${args.join(' ')} failed (exit ${result.status})`);
}

function typeScriptFiles(dir) {
  return [...filesUnder(dir, '.')].filter((p) => /\.tsx?$/.test(p) && !NOT_INPUT.test(p)).map((p) => join(dir, p));
}

/** The server (src and scripts) and the contract, TypeScript to JavaScript; no bundling, no type check (`npm run check`). */
async function compileServer() {
  const { build } = await import('esbuild');
  rmSync(SERVER_DIST, { recursive: true, force: true });
  const common = { format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' };
  await build({
    ...common,
    entryPoints: [...typeScriptFiles(join(SERVER, 'src')), ...typeScriptFiles(join(SERVER, 'scripts'))],
    outbase: SERVER,
    outdir: SERVER_DIST,
  });
  const contractSrc = join(ROOT, 'packages/contract/src');
  const contractOut = join(SERVER_DIST, 'node_modules/@qr-menu/contract');
  await build({ ...common, entryPoints: typeScriptFiles(contractSrc), outbase: contractSrc, outdir: contractOut });
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/contract/package.json'), 'utf8'));
  const exports = Object.fromEntries(
    Object.entries(manifest.exports).map(([key, path]) => [
      key,
      path.replace(/^\.\/src\//, './').replace(/\.ts$/, '.js'),
    ]),
  );
  writeFileSync(
    join(contractOut, 'package.json'),
    JSON.stringify({ name: manifest.name, type: 'module', exports, sideEffects: false }, null, 2),
  );
  // Files the compiled modules read beside themselves. The .mjs render-worker shim loads TypeScript through tsx
  // (development and tests only): the compiled pool starts render-worker.js itself.
  for (const path of [...filesUnder(join(SERVER, 'src'), '.')]) {
    if (/\.tsx?$/.test(path) || path.endsWith('render-worker.mjs')) continue;
    const to = join(SERVER_DIST, 'src', path);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(SERVER, 'src', path), to);
  }
}

export async function buildAll() {
  const started = Date.now();
  const inputs = inputsHash();
  run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'apps/web'], ROOT);
  await compileServer();
  writeFileSync(STAMP_FILE, JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2));
  console.log(`build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && isBuildCurrent()) {
    console.log('build: current (no source changed since the last build)');
  } else {
    await buildAll();
  }
}
