import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock } from './use-wake-lock';

/** A browser wake lock whose locks the test can release, as the browser does when the page is hidden. */
function stubWakeLock() {
  const locks: { released: boolean; release: () => Promise<void> }[] = [];
  const request = vi.fn(async () => {
    const lock = {
      released: false,
      release: async () => {
        lock.released = true;
      },
    };
    locks.push(lock);
    return lock;
  });
  Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
  return { request, locks };
}

afterEach(() => {
  delete (navigator as { wakeLock?: unknown }).wakeLock;
});

describe('wake lock', () => {
  it('keeps the screen on while active, asks again when the page is visible again, lets go when done', async () => {
    const { request, locks } = stubWakeLock();
    const { rerender } = renderHook(({ on }) => useWakeLock(on), { initialProps: { on: false } });
    expect(request).not.toHaveBeenCalled();

    rerender({ on: true });
    await vi.waitFor(() => expect(locks).toHaveLength(1));
    expect(request).toHaveBeenCalledWith('screen');

    // Hidden and shown again: the browser released the lock; the screen asks again.
    locks[0].released = true;
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(locks).toHaveLength(2));

    rerender({ on: false });
    await vi.waitFor(() => expect(locks[1].released).toBe(true));
  });

  it('does nothing where the browser has no wake lock', () => {
    expect(() => renderHook(() => useWakeLock(true))).not.toThrow();
  });
});
