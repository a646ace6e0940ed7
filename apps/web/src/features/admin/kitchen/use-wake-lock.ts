import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (a kitchen display in full-screen mode must not dim or lock): asks for a screen
 * wake lock where the browser has one, and asks again when the page becomes visible, since the browser releases the
 * lock whenever the page is hidden. Without the API, or refused (battery saver), nothing happens.
 */
export function useWakeLock(active: boolean) {
  useEffect(() => {
    const wakeLock = typeof navigator !== 'undefined' ? navigator.wakeLock : undefined;
    if (!active || !wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await wakeLock.request('screen');
        if (stopped) void lock.release().catch(() => {});
        else sentinel = lock;
      } catch {
        // Refused: the screen may dim; the display still works.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => {});
    };
  }, [active]);
}
