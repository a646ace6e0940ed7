import { describe, expect, it } from 'vitest';
import { compare, formatChange, formatMoney } from './report-format';
import { addDays, dayIn } from '@qr-menu/contract';
import { isoWeekday, presetRange, rangeError } from './report-range';

describe('report ranges in the restaurant time zone', () => {
  // Sunday 11 January 2026, 23:30 in Baku (UTC+4) — still Sunday there, already Monday nowhere near.
  const sundayLateInBaku = new Date('2026-01-11T19:30:00Z');
  // Half an hour later in UTC terms it is Monday 00:30 in Baku, but still Sunday 20:30 in London.
  const mondayInBaku = new Date('2026-01-11T20:30:00Z');

  it('today is the restaurant’s date, not UTC’s', () => {
    expect(dayIn(mondayInBaku, 'Asia/Baku')).toBe('2026-01-12');
    expect(dayIn(mondayInBaku, 'Europe/London')).toBe('2026-01-11');
  });

  it('"this week" on a Sunday in Asia/Baku is Monday to that Sunday', () => {
    const today = dayIn(sundayLateInBaku, 'Asia/Baku');
    expect(isoWeekday(today)).toBe(7);
    expect(presetRange('week', today)).toEqual({ from: '2026-01-05', to: '2026-01-11' });
  });

  it('"this week" right after midnight on Monday in Baku is the new week', () => {
    expect(presetRange('week', dayIn(mondayInBaku, 'Asia/Baku'))).toEqual({ from: '2026-01-12', to: '2026-01-18' });
  });

  it('today, yesterday (across a month and a year) and this month (leap February, December)', () => {
    expect(presetRange('today', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(presetRange('yesterday', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(presetRange('month', '2028-02-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('a custom range follows the contract: real dates, from ≤ to, at most 366 days', () => {
    expect(rangeError({ from: '2026-01-01', to: '2026-01-31' })).toBeNull();
    expect(rangeError({ from: '', to: '2026-01-31' })).toBe('reports.range.invalidDay');
    expect(rangeError({ from: '2026-02-30', to: '2026-03-01' })).toBe('reports.range.invalidDay');
    expect(rangeError({ from: '2026-13-01', to: '2026-13-02' })).toBe('reports.range.invalidDay');
    expect(rangeError({ from: '2026-02-02', to: '2026-02-01' })).toBe('reports.range.fromAfterTo');
    expect(rangeError({ from: '2025-01-01', to: '2026-01-01' })).toBeNull();
    expect(rangeError({ from: '2024-01-01', to: '2025-01-01' })).toBe('reports.range.tooLong');
  });
});

describe('comparison with the previous period', () => {
  it('money is compared in cents: 0.1 + 0.2 is no change from 0.3', () => {
    expect(compare(0.1 + 0.2, 0.3, true)).toEqual({ trend: 'same', percent: 0 });
  });

  it('up and down in percent with one decimal; nothing before is "new"', () => {
    expect(compare(150, 100, true)).toEqual({ trend: 'up', percent: 50 });
    expect(compare(2, 3)).toEqual({ trend: 'down', percent: -33.3 });
    expect(compare(5, 0)).toEqual({ trend: 'new', percent: null });
  });

  it('the sign is always written, in the language’s number format', () => {
    expect(formatChange(12.5, 'ru')).toBe('+12,5 %');
    expect(formatChange(-3, 'en')).toBe('−3 %');
    expect(formatChange(0, 'az')).toBe('±0 %');
  });

  it('money has 2 decimals and AZN', () => {
    expect(formatMoney(1234.5, 'en')).toBe('1,234.50 AZN');
    expect(formatMoney(7, 'az')).toBe('7,00 AZN');
  });
});
