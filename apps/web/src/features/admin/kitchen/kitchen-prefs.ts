import { useSyncExternalStore } from 'react';
import type { KitchenTheme } from './kds-theme';
import { storedValue } from '../shared/stored-value';

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

const prefs = storedValue(KITCHEN_PREFS_KEY, parse);
const write = (change: Partial<KitchenPrefs>) => prefs.write({ ...prefs.read(), ...change });

/** The theme a screen shows: the one chosen, else dark in full-screen mode and light otherwise. */
export const shownTheme = (prefs: KitchenPrefs): KitchenTheme => prefs.theme ?? (prefs.fullScreen ? 'dark' : 'light');

/** This device's kitchen display choices, remembered in localStorage. */
export function useKitchenPrefs() {
  const current = useSyncExternalStore(prefs.subscribe, prefs.read, () => DEFAULTS);
  const theme = shownTheme(current);
  return {
    fullScreen: current.fullScreen,
    theme,
    setFullScreen: (fullScreen: boolean) => write({ fullScreen }),
    toggleTheme: () => write({ theme: theme === 'dark' ? 'light' : 'dark' }),
  };
}
