import { describe, expect, it } from 'vitest';
import { newerCopy } from '../src/constants.js';

describe('newerCopy: the higher version wins', () => {
  const copy = (version: number, status: string) => ({ id: 7, version, status });

  it('keeps the held copy against an older or a repeated one', () => {
    const held = copy(3, 'READY');
    expect(newerCopy(held, copy(2, 'PREPARING'))).toBe(held);
    expect(newerCopy(held, copy(3, 'PREPARING'))).toBe(held);
  });

  it('takes a higher version, or any copy when none is held', () => {
    const live = copy(4, 'PAID');
    expect(newerCopy(copy(3, 'READY'), live)).toBe(live);
    expect(newerCopy(undefined, live)).toBe(live);
  });
});
