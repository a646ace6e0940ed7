import { describe, expect, it } from 'vitest';
import { percentOf, proportion } from '@qr-menu/contract';
import { allocateOverDues, shareInProportion } from '../src/modules/bills/bill-math.js';

describe('bill arithmetic (integer cents)', () => {
  it('percentOf rounds half-up to the cent', () => {
    expect(percentOf(5, 10_00)).toBe(1); // 10 % of 0.05 = 0.005 → 0.01
    expect(percentOf(4, 10_00)).toBe(0); // 0.004 → 0.00
    expect(percentOf(334, 12_50)).toBe(42); // 0.4175 → 0.42
    expect(percentOf(1000, 100_00)).toBe(1000);
    expect(percentOf(99_999_999_99, 100_00)).toBe(99_999_999_99);
    expect(percentOf(1234, 0)).toBe(0);
  });

  it('proportion rounds half-up and is 0 of nothing', () => {
    expect(proportion(100, 900, 935)).toBe(96); // 96.26
    expect(proportion(1, 1, 2)).toBe(1); // 0.5 → 1
    expect(proportion(100, 5, 0)).toBe(0);
  });

  it('shareInProportion rounds down and puts the leftover cents on the last part, never above a weight', () => {
    expect(shareInProportion(101, [300, 700])).toEqual([30, 71]);
    expect(shareInProportion(100, [500, 500, 500])).toEqual([33, 33, 34]);
    expect(shareInProportion(1000, [1000])).toEqual([1000]);
    // 0.02 over three orders of 0.01: the last cannot take both leftover cents.
    expect(shareInProportion(2, [1, 1, 1])).toEqual([0, 1, 1]);
    expect(shareInProportion(0, [0, 0])).toEqual([0, 0]);
    for (const [cents, weights] of [
      [997, [333, 333, 334]],
      [12345, [1, 99, 5000, 7245]],
    ] as const) {
      const shares = shareInProportion(cents, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(cents);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]));
    }
    expect(() => shareInProportion(11, [5, 5])).toThrow();
  });

  it('allocateOverDues fills the orders in turn', () => {
    expect(allocateOverDues(500, [300, 700])).toEqual([300, 200]);
    expect(allocateOverDues(500, [0, 700])).toEqual([0, 500]);
    expect(allocateOverDues(0, [300])).toEqual([0]);
  });
});
