import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether a screen asked the admin layout to hide its chrome (sidebar, header and footer): the kitchen display in
 * full-screen mode draws its own slim bar instead. A count, not a flag, so two screens asking at once (a quick route
 * change) cannot leave the chrome hidden behind them.
 */
let requests = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => requests > 0;

/** The admin layout: true while some screen wants the whole window. */
export function useAdminChromeHidden(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** A screen: hides the admin chrome while `hide` is true and the screen is mounted. */
export function useHideAdminChrome(hide: boolean) {
  useEffect(() => {
    if (!hide) return;
    requests += 1;
    notify();
    return () => {
      requests -= 1;
      notify();
    };
  }, [hide]);
}
