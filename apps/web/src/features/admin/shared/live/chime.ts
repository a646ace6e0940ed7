/**
 * A short two-note chime for a new order, made with the Web Audio API (no audio file). Browsers only let a page
 * make sound after the user has interacted with it, so the audio context is created (or resumed) on the first
 * pointer or key press; before that a chime is silently skipped.
 */
type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;
let unlockInstalled = false;

function audioContextClass(): AudioContextCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

function unlock() {
  const Ctor = audioContextClass();
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume();
  } catch {
    context = null;
  }
}

/** Call once when the orders screen mounts: the next click or key press unlocks the sound. */
export function prepareChime() {
  if (unlockInstalled || typeof window === 'undefined') return;
  unlockInstalled = true;
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, unlock, { passive: true });
  }
}

/** Plays the chime (about 0.6 s) when sound is allowed; never throws. */
export function playChime() {
  if (!context || context.state !== 'running') return;
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
