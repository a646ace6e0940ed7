import { useSyncExternalStore } from 'react';
import type { KitchenTheme } from './kds-theme';

/** localStorage key of this device's kitchen display choices (JSON `KitchenPrefs`). */
export const KITCHEN_PREFS_KEY = 'qrmenu.kitchenDisplay';

/** What a kitchen screen remembers across reloads: each screen at the pass keeps its own. */
export interface KitchenPrefs {
  /** Full-screen mode: no sidebar and header, the screen kept awake. */
  fullScreen: boolean;
  /** The theme chosen; null: none yet (dark in full-screen mode, else light). */
  theme: KitchenTheme | null;
}

const DEFAULTS: KitchenPrefs = { fullScreen: false, theme: null };
const listeners = new Set<() => void>();
/** The choices when the browser keeps no storage (private mode): they last for this page. */
let inMemory: KitchenPrefs = DEFAULTS;
let cachedRaw: string | null = null;
let cached: KitchenPrefs = DEFAULTS;

function parse(raw: string | null): KitchenPrefs {
  try {
    const value = JSON.parse(raw ?? '{}') as Partial<KitchenPrefs>;
    return {
      fullScreen: value.fullScreen === true,
      theme: value.theme === 'dark' || value.theme === 'light' ? value.theme : null,
    };
  } catch {
    return DEFAULTS;
  }
}

/** The current choices; the same object until they change (what useSyncExternalStore needs). */
function read(): KitchenPrefs {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KITCHEN_PREFS_KEY);
  } catch {
    return inMemory;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parse(raw);
  }
  return cached;
}

function write(change: Partial<KitchenPrefs>) {
  const next = { ...read(), ...change };
  inMemory = next;
  try {
    localStorage.setItem(KITCHEN_PREFS_KEY, JSON.stringify(next));
  } catch {
    // No storage: `inMemory` keeps them for this page.
  }
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The theme a screen shows: the one chosen, else dark in full-screen mode and light otherwise. */
export const shownTheme = (prefs: KitchenPrefs): KitchenTheme => prefs.theme ?? (prefs.fullScreen ? 'dark' : 'light');

/** This device's kitchen display choices, remembered in localStorage. */
export function useKitchenPrefs() {
  const prefs = useSyncExternalStore(subscribe, read, () => DEFAULTS);
  const theme = shownTheme(prefs);
  return {
    fullScreen: prefs.fullScreen,
    theme,
    setFullScreen: (fullScreen: boolean) => write({ fullScreen }),
    toggleTheme: () => write({ theme: theme === 'dark' ? 'light' : 'dark' }),
  };
}
