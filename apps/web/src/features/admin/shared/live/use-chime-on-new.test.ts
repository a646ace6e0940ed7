import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { playChime } from './chime';
import { useChimeOnNew } from './use-chime-on-new';

vi.mock('./chime', () => ({ playChime: vi.fn() }));

describe('useChimeOnNew', () => {
  it('stays quiet for what the first answer holds, and chimes once per batch of new keys', () => {
    const { rerender } = renderHook(({ keys }) => useChimeOnNew(keys), {
      initialProps: { keys: undefined as number[] | undefined },
    });
    rerender({ keys: [1, 2] });
    expect(playChime).not.toHaveBeenCalled();
    rerender({ keys: [2] });
    expect(playChime).not.toHaveBeenCalled();
    rerender({ keys: [2, 3, 4] });
    expect(playChime).toHaveBeenCalledTimes(1);
    // A key seen before coming back is not news.
    rerender({ keys: [1, 3] });
    expect(playChime).toHaveBeenCalledTimes(1);
  });
});
