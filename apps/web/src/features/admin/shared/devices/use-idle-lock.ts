import { useEffect, useRef } from 'react';

/** What counts as someone using the screen: a touch, a click, a key, a scroll. */
const ACTIVITY = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * Calls `onIdle` once nobody touched the screen or pressed a key for `seconds`; any activity starts the wait again.
 * Off while `enabled` is false (e.g. already locked).
 */
export function useIdleLock(seconds: number, enabled: boolean, onIdle: () => void) {
  const callback = useRef(onIdle);
  callback.current = onIdle;

  useEffect(() => {
    if (!enabled || !(seconds > 0)) return;
    let timer = setTimeout(() => callback.current(), seconds * 1000);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), seconds * 1000);
    };
    for (const type of ACTIVITY) window.addEventListener(type, restart, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, restart, { capture: true });
    };
  }, [seconds, enabled]);
}
