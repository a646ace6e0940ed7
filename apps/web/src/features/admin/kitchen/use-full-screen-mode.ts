import { useEffect, useRef } from 'react';
import { useHideAdminChrome } from '../shared/admin-chrome';
import { useWakeLock } from './use-wake-lock';

/** Asks the browser to fill the screen (only works inside a tap or key press); silently nothing where it cannot. */
export function requestBrowserFullScreen(): Promise<void> {
  const root = document.documentElement;
  if (document.fullscreenElement || typeof root.requestFullscreen !== 'function') return Promise.resolve();
  return root.requestFullscreen().catch(() => {});
}

/** Leaves the browser's full screen if the page is in it. */
export function exitBrowserFullScreen() {
  if (document.fullscreenElement && typeof document.exitFullscreen === 'function') {
    void document.exitFullscreen().catch(() => {});
  }
}

/**
 * The kitchen display's full-screen mode while `on`: the admin's sidebar, header and footer hidden, the screen kept
 * awake, and the browser's full screen where it allows. Leaving the browser's full screen (Esc, the browser's own
 * bar) leaves the mode (`leave`). After a reload the mode is remembered but the browser needs a tap before it fills
 * the screen again: the first tap on the page asks.
 */
export function useFullScreenMode(on: boolean, leave: () => void) {
  useHideAdminChrome(on);
  useWakeLock(on);
  const latest = useRef({ on, leave });
  latest.current = { on, leave };

  useEffect(() => {
    if (!on) return;
    let wasFull = !!document.fullscreenElement;
    const onChange = () => {
      const full = !!document.fullscreenElement;
      if (wasFull && !full) latest.current.leave();
      wasFull = full;
    };
    const resume = () => {
      // The mode may be left by this very tap (its exit button): then the screen leaves the full screen again.
      void requestBrowserFullScreen().then(() => {
        if (!latest.current.on) exitBrowserFullScreen();
      });
    };
    document.addEventListener('fullscreenchange', onChange);
    if (!wasFull && document.fullscreenEnabled) window.addEventListener('pointerup', resume, { once: true });
    return () => {
      document.removeEventListener('fullscreenchange', onChange);
      window.removeEventListener('pointerup', resume);
    };
  }, [on]);
}
