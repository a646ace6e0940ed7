import { useSyncExternalStore } from 'react';

/**
 * Whether this device's screen is locked, kept in local storage: a reload or another tab does not get past the lock
 * screen; only a PIN does.
 */
const KEY = 'deviceLocked';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === KEY) notify();
  });
}

export const deviceLock = {
  isLocked: () => localStorage.getItem(KEY) === '1',
  lock() {
    localStorage.setItem(KEY, '1');
    notify();
  },
  unlock() {
    localStorage.removeItem(KEY);
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const useDeviceLocked = () => useSyncExternalStore(deviceLock.subscribe, deviceLock.isLocked);
