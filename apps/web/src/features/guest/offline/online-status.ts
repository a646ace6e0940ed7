import { useSyncExternalStore } from 'react';

/**
 * The browser's idea of being online. `navigator.onLine === false` is reliable (no network at all); `true` only
 * means some network is there, so a request may still fail and is then retried on a timer too.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser is online, re-rendering when that changes (online on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Resolves when the browser's `online` event fires, or after `timeoutMs`, whichever comes first; rejects on abort. */
export function whenOnlineOrTimeout(timeoutMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const cleanUp = () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      signal?.removeEventListener('abort', onAbort);
    };
    const onOnline = () => {
      cleanUp();
      resolve();
    };
    const onAbort = () => {
      cleanUp();
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(onOnline, timeoutMs);
    window.addEventListener('online', onOnline);
    signal?.addEventListener('abort', onAbort);
  });
}
