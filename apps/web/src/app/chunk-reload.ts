/**
 * A deploy replaces the hashed script files: a page loaded before it asks for a lazy chunk that no longer exists.
 * The page then reloads once to get the new build; if the chunk is still missing right after such a reload (a broken
 * deploy, the network), it shows a message with a reload button instead of reloading in a loop.
 */
const KEY = 'chunk-reload-at';
/** A second failure within this time after the automatic reload shows the message. */
const WINDOW_MS = 30_000;

/** The messages browsers give a failed dynamic import (Chromium, Firefox, Safari) and Vite's preload error. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_ERROR.test(message));
}

/**
 * Reloads the page unless it already did so in the last 30 s; returns whether it reloads. `storage` and `reload`
 * are parameters for the tests.
 */
export function reloadOnce(
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => window.location.reload(),
  now = Date.now(),
): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(KEY)) || 0;
  } catch {
    // No session storage (privacy mode): one try, no loop guard needed beyond the message.
  }
  if (now - last < WINDOW_MS) return false;
  try {
    storage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Vite's event for a lazy chunk (or its CSS) that failed to load: reload once to pick up the new build. */
export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
}
