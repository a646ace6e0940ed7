import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOrderFilters } from './use-order-filters';

const BAKU = 'Asia/Baku'; // UTC+4
const NOW = new Date('2025-03-10T10:00:00Z'); // 14:00 on 10 March in Baku

const setup = (now = NOW) => renderHook(({ now }) => useOrderFilters(now, BAKU), { initialProps: { now } });

describe('orders board filters', () => {
  it('starts with the open orders of today', () => {
    const { result } = setup();
    expect(result.current.status).toBe('open');
    expect(result.current.range).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(result.current.shortcut).toBe('today');
    expect(result.current.rangeInvalid).toBe(false);
  });

  it('a shortcut follows the clock over midnight; typed days stay put', () => {
    const { result, rerender } = setup();
    act(() => result.current.setShortcut('last7'));
    expect(result.current.range).toEqual({ from: '2025-03-04', to: '2025-03-10' });
    rerender({ now: new Date('2025-03-10T21:00:00Z') }); // 01:00 on the 11th in Baku
    expect(result.current.range).toEqual({ from: '2025-03-05', to: '2025-03-11' });

    act(() => result.current.setDay('from', '2025-03-01'));
    expect(result.current.range).toEqual({ from: '2025-03-01', to: '2025-03-11' });
    expect(result.current.shortcut).toBeNull();
    rerender({ now: new Date('2025-03-12T10:00:00Z') });
    expect(result.current.range).toEqual({ from: '2025-03-01', to: '2025-03-11' });
  });

  it('presses the shortcut that typed days happen to match', () => {
    const { result } = setup();
    act(() => result.current.setDay('from', '2025-03-09'));
    expect(result.current.shortcut).toBeNull();
    act(() => result.current.setDay('to', '2025-03-09'));
    expect(result.current.shortcut).toBe('yesterday');
  });

  it('an empty day or a start after the end is invalid', () => {
    const { result } = setup();
    act(() => result.current.setDay('to', ''));
    expect(result.current.rangeInvalid).toBe(true);
    act(() => result.current.setDay('to', '2025-03-08'));
    expect(result.current.range).toEqual({ from: '2025-03-10', to: '2025-03-08' });
    expect(result.current.rangeInvalid).toBe(true);
    act(() => result.current.setDay('from', '2025-03-07'));
    expect(result.current.rangeInvalid).toBe(false);
  });

  it('a half-typed or impossible day is invalid until it is a real one', () => {
    const { result } = setup();
    act(() => result.current.setDay('from', '05.03.202'));
    expect(result.current.rangeInvalid).toBe(true);
    act(() => result.current.setDay('from', '2025-02-30'));
    expect(result.current.rangeInvalid).toBe(true);
    act(() => result.current.setDay('from', '2025-03-05'));
    expect(result.current.rangeInvalid).toBe(false);
  });

  it('showToday goes back to the open orders of today', () => {
    const { result } = setup();
    act(() => {
      result.current.setStatus('closed');
      result.current.setShortcut('yesterday');
    });
    expect(result.current.status).toBe('closed');
    act(() => result.current.showToday());
    expect(result.current.status).toBe('open');
    expect(result.current.shortcut).toBe('today');
    expect(result.current.range).toEqual({ from: '2025-03-10', to: '2025-03-10' });
  });
});
