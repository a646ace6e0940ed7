import { useSyncExternalStore } from 'react';
import { audioRunning, prepareChime, setSoundWanted, subscribeAudio, unlockAudio } from './chime';

/** localStorage key of the staff's sound choice: 'off' when they turned it off; anything else means on. */
export const SOUND_KEY = 'qrmenu.staffSound';

const settingListeners = new Set<() => void>();

const readOn = (): boolean => {
  try {
    return localStorage.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
};
// The chime asks this before every sound, so a screen that turned sound off stays quiet everywhere.
setSoundWanted(readOn);

function writeOn(on: boolean) {
  try {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  settingListeners.forEach((l) => l());
}

export type SoundState =
  /** The user turned sound off (remembered). */
  | 'off'
  /** Wanted, but the browser still blocks it until a tap on the page (the autoplay rule). */
  | 'blocked'
  /** Chimes play. */
  | 'on';

const subscribe = (listener: () => void) => {
  settingListeners.add(listener);
  const stopAudio = subscribeAudio(listener);
  // Another tab changing the choice.
  const onStorage = (e: StorageEvent) => e.key === SOUND_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    settingListeners.delete(listener);
    stopAudio();
    window.removeEventListener('storage', onStorage);
  };
};

const snapshot = (): SoundState => (!readOn() ? 'off' : audioRunning() ? 'on' : 'blocked');

/**
 * The staff's sound choice, remembered in localStorage, and whether the browser lets it play yet.
 * `turnOn` must run inside a tap or key press (it unlocks the audio); `turnOff` just remembers the choice.
 */
export function useSound(): { state: SoundState; turnOn: () => void; turnOff: () => void } {
  const state = useSyncExternalStore(subscribe, snapshot, () => 'blocked' as const);
  return {
    state,
    turnOn: () => {
      prepareChime();
      unlockAudio();
      writeOn(true);
    },
    turnOff: () => writeOn(false),
  };
}
