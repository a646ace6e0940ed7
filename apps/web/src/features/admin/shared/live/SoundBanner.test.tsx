import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { playChime } from './chime';
import { SoundBanner, SoundToggle } from './SoundBanner';
import { SOUND_KEY } from './sound-setting';

/** A browser audio context that starts suspended (the autoplay rule) and runs once resumed in a tap. */
class FakeAudioContext {
  static oscillators = 0;
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  onstatechange: (() => void) | null = null;
  resume() {
    this.state = 'running';
    this.onstatechange?.();
    return Promise.resolve();
  }
  createOscillator() {
    FakeAudioContext.oscillators += 1;
    const node = { type: '', frequency: { value: 0 }, connect: () => node, start: () => {}, stop: () => {} };
    return node;
  }
  createGain() {
    const node = {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: () => node,
    };
    return node;
  }
}

const w = window as unknown as { AudioContext?: unknown };
beforeAll(() => {
  w.AudioContext = FakeAudioContext;
  localStorage.removeItem(SOUND_KEY);
});
afterAll(() => {
  delete w.AudioContext;
});

const BANNER = 'Sound is off — tap to turn it on';

describe('sound banner', () => {
  // The module keeps the page's audio context, as the browser does: the first test is the page before any tap.
  it('says sound is off until a tap; its button turns sound on and remembers it', async () => {
    await renderAdmin(<SoundBanner />);
    expect(screen.getByText(BANNER)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Turn sound on' }));
    });
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
  });

  it('remembers "off" across a reload, and shows no banner for sound turned off on purpose', async () => {
    const first = await renderAdmin(
      <>
        <SoundToggle />
        <SoundBanner />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound off' }));
    expect(localStorage.getItem(SOUND_KEY)).toBe('off');
    first.unmount();

    await renderAdmin(
      <>
        <SoundToggle />
        <SoundBanner />
      </>,
    );
    expect(screen.queryByText(BANNER)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Turn sound on' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(toggle);
    });
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
    expect(screen.getByRole('button', { name: 'Turn sound off' })).toBeTruthy();
  });

  it('chimes only while sound is on', async () => {
    await renderAdmin(<SoundToggle />);
    // Unlocked by the earlier tests' taps.
    FakeAudioContext.oscillators = 0;
    playChime();
    expect(FakeAudioContext.oscillators).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound off' }));
    playChime();
    expect(FakeAudioContext.oscillators).toBe(2);
  });

  it('speaks Azerbaijani', async () => {
    // Sound is off after the test before.
    await renderAdmin(<SoundToggle />, 'az');
    expect(screen.getByRole('button', { name: 'Səsi yandır' })).toBeTruthy();
  });
});
