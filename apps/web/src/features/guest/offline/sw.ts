/**
 * The guest pages' service worker (a reload without a connection shows the menu). Built by vite.config.ts
 * into dist/sw.js, which writes the guest shell's file list over the placeholder below; registered with the scope
 * /client/ (app/service-worker.ts), so admin pages are never under it. No imports: it is a classic worker script.
 *
 * - Guest shell (index.html, the JS and CSS the guest pages load): cached on install, served from the cache.
 * - Guest pages (navigations under /client/) and the menu of each table: network first, the last answer kept.
 * - Everything else (orders, socket.io, images, POSTs) goes to the network as if there were no worker.
 *
 * A new deploy's worker installs, takes over at once (skipWaiting + clients.claim) and keeps the previous build's
 * shell for pages still running it (their lazy chunks may be gone from the server); older shells are deleted.
 */

interface Shell {
  /** Changes with any file of the shell. */
  version: string;
  /** Absolute paths: /index.html, /assets/... */
  files: string[];
}

interface SwExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SwFetchEvent extends SwExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface SwScope {
  addEventListener(type: 'install' | 'activate', listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: SwFetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ url: string }[]>;
  };
  location: Location;
}

const scope = self as unknown as SwScope;
// Written by the build (vite.config.ts, guestServiceWorker); the placeholder string must stay as it is.
const SHELL = JSON.parse('__GUEST_SHELL__') as Shell;

const SHELL_PREFIX = 'guest-shell-';
const SHELL_CACHE = SHELL_PREFIX + SHELL.version;
const PAGES_CACHE = 'guest-pages';
const MENUS_CACHE = 'guest-menus';
/** Pages and menus kept (the most recently fetched ones): a guest visits a handful of tables. */
const KEEP_ENTRIES = 20;

const MENU_API = /^\/api\/client\/eatery\/\d+\/table\/\d+\/(menu|device-orders)$/;
/** A scanned table's page: /client/eatery/{id}/table/{tableId}/... */
const TABLE_PAGE = /^\/client\/eatery\/(\d+)\/table\/(\d+)\//;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.files))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  const activation = (async () => {
    // Keep this build's shell and the one before it (listed in creation order); delete older ones.
    const shells = (await caches.keys()).filter((k) => k.startsWith(SHELL_PREFIX) && k !== SHELL_CACHE);
    await Promise.all(shells.slice(0, -1).map((k) => caches.delete(k)));
    await scope.clients.claim();
  })();
  event.waitUntil(activation);
  // Not part of the activation: the pages' own requests wait until it is over.
  void activation.then(warmUp);
});

/**
 * On a guest's first visit the page and its menu were fetched before this worker existed: fetch them again now, so
 * a reload without a connection right after the first visit still has them.
 */
async function warmUp() {
  const pages = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(
    pages.map(async ({ url }) => {
      const { pathname } = new URL(url);
      const table = TABLE_PAGE.exec(pathname);
      const requests = [pathname.startsWith('/client/') ? page(new Request(url)) : null];
      if (table)
        requests.push(networkFirst(new Request(`/api/client/eatery/${table[1]}/table/${table[2]}/menu`), MENUS_CACHE));
      await Promise.all(requests.map((r) => r?.catch(() => undefined)));
    }),
  );
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/client/')) event.respondWith(page(request));
    return;
  }
  if (MENU_API.test(url.pathname)) event.respondWith(networkFirst(request, MENUS_CACHE));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(fromCache(request));
});

/** A guest page: the network's answer, else the one kept for this address, else the shell (the app renders it). */
async function page(request: Request): Promise<Response> {
  try {
    return await networkFirst(request, PAGES_CACHE);
  } catch (err) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw err;
  }
}

/** The network's answer (kept for next time when it is a success), or the last kept one when the network fails. */
async function networkFirst(request: Request, cacheName: string): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') void keep(cacheName, request, response.clone());
    return response;
  } catch (err) {
    const kept = await caches.match(request, { cacheName });
    if (kept) return kept;
    throw err;
  }
}

/** Stores an answer, dropping the oldest entries beyond KEEP_ENTRIES (a put moves the address to the end). */
async function keep(cacheName: string, request: Request, response: Response) {
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - KEEP_ENTRIES)).map((k) => cache.delete(k)));
}

/** Hashed build files never change: any shell's copy (this build's or the previous one's), else the network. */
async function fromCache(request: Request): Promise<Response> {
  return (await caches.match(request)) ?? fetch(request);
}
