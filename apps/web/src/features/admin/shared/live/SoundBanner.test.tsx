import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { SoundBanner, SoundToggle } from './SoundBanner';
import { SOUND_KEY } from './sound-setting';

/** A browser audio context that starts suspended (the autoplay rule) and runs once resumed in a tap. */
class FakeAudioContext {
  state: AudioContextState = 'suspended';
  onstatechange: (() => void) | null = null;
  resume() {
    this.state = 'running';
    this.onstatechange?.();
    return Promise.resolve();
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
  // One story: the module keeps the page's audio context, as the browser does.
  it('says sound is off until a tap, remembers "off", and turns sound on from the banner', async () => {
    const first = await renderAdmin(
      <>
        <SoundToggle />
        <SoundBanner />
      </>,
    );
    expect(screen.getByText(BANNER)).toBeTruthy();

    // Turned off on purpose: no banner, and the choice survives a reload.
    fireEvent.click(screen.getByRole('button', { name: 'Turn sound off' }));
    expect(localStorage.getItem(SOUND_KEY)).toBe('off');
    expect(screen.queryByText(BANNER)).toBeNull();
    first.unmount();
    await renderAdmin(<SoundBanner />);
    expect(screen.queryByText(BANNER)).toBeNull();

    // Back on: remembered; the browser still blocks sound until a tap, so the banner shows; its button is the tap.
    act(() => localStorage.setItem(SOUND_KEY, 'on'));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: SOUND_KEY })));
    expect(screen.getByText(BANNER)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Turn sound on' }));
    });
    expect(screen.queryByText(BANNER)).toBeNull();
    expect(localStorage.getItem(SOUND_KEY)).toBe('on');
  });

  it('speaks Azerbaijani', async () => {
    await renderAdmin(<SoundToggle />, 'az');
    expect(screen.getByRole('button', { name: 'Səsi söndür' })).toBeTruthy();
  });
});
