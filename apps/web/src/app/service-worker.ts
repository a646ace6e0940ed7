/** Where the build writes the guest service worker (vite.config.ts) and the pages it looks after. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/client/';

/**
 * Registers the guest pages' service worker (features/guest/offline/sw.ts: the guest shell and the last menu of
 * each table stay available offline). Only in the production build, only on guest pages (admin pages are outside
 * its scope and never register it), only where the browser has service workers (secure origins: https,
 * localhost). Registered after the page has loaded, so installing it never competes with the first paint.
 */
export function registerGuestServiceWorker(): void {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'test') return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!location.pathname.startsWith(SERVICE_WORKER_SCOPE)) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: 'none' })
      .catch(() => {
        // No worker (private mode, storage full): the pages work as before, only not offline.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
