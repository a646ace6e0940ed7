// The config runs in Node before any build: it reads the contract's file itself (the package's entry is TypeScript).
import { STAFF_ONLY_ERROR_KEYS } from '../../packages/contract/src/errors.js';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

const SW_SOURCE = fileURLToPath(new URL('./src/features/guest/offline/sw.ts', import.meta.url));
const SW_FILE = 'sw.js';
const BOOT_SOURCE = fileURLToPath(new URL('./src/features/guest/boot.ts', import.meta.url));
const BOOT_FILE = 'guest-boot.js';
/** The string in sw.ts the build replaces with the shell's file list. */
const SW_PLACEHOLDER = /(["'`])__GUEST_SHELL__\1/;
/** Guest code: the guest feature and the guest app's entry and root (guest-main.tsx, guest-app.tsx). */
const isGuestModule = (id: string) => id.includes('/src/features/guest/') || /\/src\/guest-(main|app)\.tsx$/.test(id);
/** Never in the guest shell, even when a guest chunk mentions them. */
const NOT_GUEST = /\/src\/features\/(admin|auth|marketing)\//;

/**
 * The files a guest page loads: the entry chunk (every page loads it) and every chunk holding guest code, with what
 * they import statically, plus what guest chunks import lazily unless it holds admin, auth or marketing code; their
 * CSS and assets; index.html.
 */
function guestShellFiles(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName) || chunk.fileName === SW_FILE) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
    for (const name of chunk.imports) visit(byName.get(name)!);
    if (chunk.isEntry || !chunk.moduleIds.some(isGuestModule)) return;
    for (const name of chunk.dynamicImports) {
      const lazy = byName.get(name);
      if (lazy && !lazy.moduleIds.some((id) => NOT_GUEST.test(id))) visit(lazy);
    }
  };
  for (const c of chunks) if (c.isEntry) visit(c);
  for (const c of chunks) if (c.moduleIds.some(isGuestModule)) visit(c);
  if (bundle['index.html']) files.add('index.html');
  return [...files].sort().map((f) => `/${f}`);
}

/**
 * Builds the guest service worker (src/features/guest/offline/sw.ts) into dist/sw.js, a fixed name the browser
 * re-checks on every visit, with the list of the guest shell's files written in. Any change of those files changes
 * sw.js, so the browser installs the new worker (the guest menu works offline).
 */
function guestServiceWorker(): Plugin {
  return {
    name: 'qr-menu:guest-service-worker',
    // The browser build only, not the server renderer's (vite build --ssr).
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_SOURCE, fileName: SW_FILE });
    },
    generateBundle(_options, bundle) {
      const sw = bundle[SW_FILE];
      if (!sw || sw.type !== 'chunk') return;
      const files = guestShellFiles(bundle);
      const hash = createHash('sha256');
      for (const f of files) {
        const out = bundle[f.slice(1)];
        hash.update(f).update(out.type === 'chunk' ? out.code : out.source);
      }
      const shell = { version: hash.digest('hex').slice(0, 16), files };
      if (!SW_PLACEHOLDER.test(sw.code)) this.error(`${SW_FILE}: the shell placeholder is missing`);
      if (/^\s*(import|export)\b/m.test(sw.code)) this.error(`${SW_FILE} must be a classic script (no import/export)`);
      sw.code = sw.code.replace(SW_PLACEHOLDER, () => JSON.stringify(JSON.stringify(shell)));
    },
  };
}

/**
 * Builds the loader of a server-rendered guest page's script (src/features/guest/boot.ts) into dist/guest-boot.js,
 * the name the server's guest-pages module looks for: a classic script, so it may not import anything.
 */
function guestBootScript(): Plugin {
  return {
    name: 'qr-menu:guest-boot-script',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      this.emitFile({ type: 'chunk', id: BOOT_SOURCE, fileName: BOOT_FILE });
    },
    generateBundle(_options, bundle) {
      const boot = bundle[BOOT_FILE];
      if (boot?.type === 'chunk' && /^\s*(import|export)\b/m.test(boot.code)) {
        this.error(`${BOOT_FILE} must be a classic script (no import/export)`);
      }
    },
  };
}

/** `src/i18n/<lang>.json?guest`: the app's shared strings a guest page uses, not the admin's (validation, sign-up…). */
const GUEST_STRINGS = /\/src\/i18n\/(az|en|ru)\.json\?guest$/;
const GUEST_SECTIONS = ['common', 'errors', 'errorBoundary', 'chunkError'];
// The errors only staff get stay out of the guest's strings.

/**
 * Serves `src/i18n/<lang>.json?guest` as a module of those sections only (the guest pages load one
 * language's strings; the admin's half of the shared file was 1.2 KB of their first load). A module of its own,
 * so the admin's import of the whole file is not affected.
 */
export function guestAppStrings(): Plugin {
  return {
    name: 'qr-menu:guest-app-strings',
    enforce: 'pre',
    load(id) {
      if (!GUEST_STRINGS.test(id)) return null;
      const all = JSON.parse(readFileSync(id.slice(0, id.indexOf('?')), 'utf8')) as Record<string, unknown>;
      const picked: Record<string, unknown> = Object.fromEntries(GUEST_SECTIONS.map((k) => [k, all[k]]));
      const errors = { ...(picked.errors as Record<string, string>) };
      for (const key of STAFF_ONLY_ERROR_KEYS) delete errors[key];
      picked.errors = errors;
      return { code: `export default ${JSON.stringify(picked)};`, moduleType: 'js' };
    },
  };
}

export default defineConfig({
  plugins: [guestAppStrings(), react(), guestServiceWorker(), guestBootScript()],
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_TARGET ?? 'http://localhost:3000', ws: true } },
  },
  // The manifest tells the server which stylesheets and chunks a server-rendered guest page links (guest-pages module).
  // No modulepreload polyfill: every browser the guest pages support has <link rel="modulepreload">.
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the guest pages' first load (small chunks compress worse): React in one, the
        // guest app's shared code in one; the pages loaded on demand keep their own.
        advancedChunks: {
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            // What the entry (main.tsx) shares with the guest app, in a chunk of its own: a group takes the modules
            // its modules import too, so without this the entry would import the whole guest shell.
            {
              name: 'entry-shared',
              test: /packages[\\/]contract[\\/]src[\\/](enums|limits)\.ts$|src[\\/](i18n[\\/]saved-language|api[\\/]session|api[\\/]report-error)\.ts$|preload-helper/,
              priority: 2,
            },
            {
              name: 'guest-shell',
              priority: 1,
              test: /src[\\/]features[\\/]guest[\\/](?!i18n[\\/]|pickup[\\/]|pages[\\/](CartPage|ConfirmationPage|OrdersPage)\.|components[\\/](HeldCourses|DishSheet|FilterSheet|OptionGroups|StatusSteps|StatusAnnouncer|StatusBadge)\.|lib[\\/](place-order|submit-errors)\.|offline[\\/](sw|order-outbox)\.|boot\.)/,
            },
          ],
        },
      },
    },
  },
});
