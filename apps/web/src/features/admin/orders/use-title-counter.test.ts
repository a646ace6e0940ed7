import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { titleWithCount, useTitleCounter } from './use-title-counter';

describe('tab title counter', () => {
  it('puts the count of waiting orders in front of the title, only when there are some', () => {
    expect(titleWithCount('Orders', 3)).toBe('(3) Orders');
    expect(titleWithCount('Orders', 0)).toBe('Orders');
  });

  it('follows the count and puts back the previous title on leaving', () => {
    document.title = 'QR Menu';
    const { rerender, unmount } = renderHook(({ count }) => useTitleCounter('Orders', count), {
      initialProps: { count: 2 },
    });
    expect(document.title).toBe('(2) Orders');
    rerender({ count: 5 });
    expect(document.title).toBe('(5) Orders');
    rerender({ count: 0 });
    expect(document.title).toBe('Orders');
    unmount();
    expect(document.title).toBe('QR Menu');
  });
});
