import { describe, expect, it } from 'vitest';
import { centsToDecimal, lineCents, orderTotalCents, toCents } from '../src/constants.js';

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

describe('order total', () => {
  it('adds price × quantity in integer cents, without DELETED items', () => {
    const items = [
      { price: 0.1, quantity: 3, status: 'CREATED' },
      { price: '19.99', quantity: 2, status: 'READY' },
      { price: 100, quantity: 1, status: 'DELETED' },
    ];
    expect(orderTotalCents(items)).toBe(4028);
  });

  it('counts every other status, and nothing for no items', () => {
    const at = (status: string) => ({ price: '1.50', quantity: 2, status });
    expect(orderTotalCents(['CREATED', 'PREPARING', 'READY', 'SERVED'].map(at))).toBe(1200);
    expect(orderTotalCents([])).toBe(0);
  });

  it('a line is its unit price times its quantity', () => {
    expect(lineCents({ price: '0.10', quantity: 3 })).toBe(30);
    expect(lineCents({ price: 19.99, quantity: 99 })).toBe(197_901);
  });
});
