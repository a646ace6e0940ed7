/**
 * A short two-note chime for a new order, made with the Web Audio API (no audio file). Browsers only let a page
 * make sound after the user has interacted with it, so the audio context is created (or resumed) on the first
 * pointer or key press; before that a chime is silently skipped (the sound banner says so: sound-setting.ts).
 */
type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;
let unlockInstalled = false;
const audioListeners = new Set<() => void>();
const notifyAudio = () => audioListeners.forEach((l) => l());

/** Whether the browser lets the page make sound now (a user gesture unlocked it). */
export const audioRunning = () => context?.state === 'running';

/** Runs `listener` whenever `audioRunning()` may have changed; returns the unsubscribe function. */
export function subscribeAudio(listener: () => void): () => void {
  audioListeners.add(listener);
  return () => audioListeners.delete(listener);
}

/** Whether the user wants sound at all (sound-setting.ts sets it; a chime is skipped when not). */
let wanted: () => boolean = () => true;
export const setSoundWanted = (fn: () => boolean) => {
  wanted = fn;
};

function audioContextClass(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** Creates or resumes the audio context; only works inside a user gesture (a tap, a key press). */
export function unlockAudio() {
  const Ctor = audioContextClass();
  if (!Ctor) return;
  try {
    if (!context) {
      context = new Ctor();
      context.onstatechange = notifyAudio;
    }
    if (context.state === 'suspended') void context.resume().then(notifyAudio, notifyAudio);
  } catch {
    context = null;
  }
  notifyAudio();
}
const unlock = unlockAudio;

/**
 * Call once when a live screen mounts: the next click, tap or key press unlocks the sound. On the click, not on
 * pointerdown: unlocking hides the "sound is off" banner, and a layout shift between press and release would make
 * the browser drop that first tap on a button below the banner.
 */
export function prepareChime() {
  if (unlockInstalled || typeof window === 'undefined') return;
  unlockInstalled = true;
  for (const type of ['click', 'keydown', 'touchend'] as const) {
    window.addEventListener(type, unlock, { passive: true });
  }
}

/** Plays the chime (about 0.6 s) when sound is allowed; never throws. */
export function playChime() {
  if (!context || context.state !== 'running' || !wanted()) return;
  try {
    const now = context.currentTime;
    const notes: [number, number][] = [
      [880, 0],
      [1318.5, 0.16],
    ];
    for (const [frequency, offset] of notes) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.35, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.45);
      osc.connect(gain).connect(context.destination);
      osc.start(now + offset);
      osc.stop(now + offset + 0.5);
    }
  } catch {
    // Sound is a nicety; a failure must not disturb the screen.
  }
}
