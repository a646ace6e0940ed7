import { describe, expect, it } from 'vitest';
import { amountField, businessDayOf } from '../src/index.js';

describe('businessDayOf', () => {
  // Baku is UTC+4 all year.
  it('is the date on the restaurant clock when the day starts at midnight', () => {
    expect(businessDayOf(new Date('2026-01-11T19:30:00Z'), 'Asia/Baku', 0)).toBe('2026-01-11');
    expect(businessDayOf(new Date('2026-01-11T20:30:00Z'), 'Asia/Baku', 0)).toBe('2026-01-12');
  });

  it('counts the hours before the day start to the day before', () => {
    // 02:00 on the 12th in Baku, a day starting at 05:00: still the 11th.
    expect(businessDayOf(new Date('2026-01-11T22:00:00Z'), 'Asia/Baku', 5)).toBe('2026-01-11');
    // 04:59 still the 11th, 05:00 the 12th.
    expect(businessDayOf(new Date('2026-01-12T00:59:00Z'), 'Asia/Baku', 5)).toBe('2026-01-11');
    expect(businessDayOf(new Date('2026-01-12T01:00:00Z'), 'Asia/Baku', 5)).toBe('2026-01-12');
  });

  it('goes back across a month and a year', () => {
    expect(businessDayOf(new Date('2025-12-31T21:00:00Z'), 'Asia/Baku', 3)).toBe('2025-12-31');
  });
});

describe('amountField', () => {
  it.each([
    ['50', 5000],
    ['50.5', 5050],
    ['50,50', 5050],
    [' 0,05 ', 5],
    [12.5, 1250],
  ])('reads %j as %i cents', (input, cents) => {
    expect(amountField.parse(input)).toBe(cents);
  });

  it.each(['', '-1', '1,000.50', '1.234', '1,2,3', 'abc'])('refuses %j', (input) => {
    expect(amountField.safeParse(input).success).toBe(false);
  });
});
