import { describe, expect, it } from 'vitest';
import { centsToDecimal, toCents } from '../src/constants.js';

describe('centsToDecimal', () => {
  it('writes exact 2-decimal strings', () => {
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(334)).toBe('3.34');
    expect(centsToDecimal(100_000)).toBe('1000.00');
    expect(centsToDecimal(99_999_999_99)).toBe('99999999.99');
  });

  it('keeps the sign of negative amounts (refunds)', () => {
    expect(centsToDecimal(-7)).toBe('-0.07');
    expect(centsToDecimal(-1250)).toBe('-12.50');
  });

  it('is read back by toCents to the same cents', () => {
    for (const cents of [0, 1, 99, 100, 1999, -150, 123_456_789]) expect(toCents(centsToDecimal(cents))).toBe(cents);
  });
});
