import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleLock } from './use-idle-lock';

/** Idle time is what is under test here, so the clock is a fake one. */
describe('useIdleLock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls back once the screen was idle for the given seconds; a touch or a key starts the wait again', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleLock(120, true, onIdle));
    vi.advanceTimersByTime(119_000);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(119_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(119_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('does nothing while disabled, and stops when unmounted', () => {
    const onIdle = vi.fn();
    const { rerender, unmount } = renderHook(({ on }) => useIdleLock(30, on, onIdle), { initialProps: { on: false } });
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    rerender({ on: true });
    vi.advanceTimersByTime(30_000);
    expect(onIdle).toHaveBeenCalledOnce();
    rerender({ on: true });
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('follows a new idle time (the restaurant changed it)', () => {
    const onIdle = vi.fn();
    const { rerender } = renderHook(({ s }) => useIdleLock(s, true, onIdle), { initialProps: { s: 300 } });
    vi.advanceTimersByTime(60_000);
    rerender({ s: 45 });
    vi.advanceTimersByTime(44_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledOnce();
  });
});
