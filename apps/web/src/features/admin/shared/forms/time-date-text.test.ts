import { describe, expect, it } from 'vitest';
import { formatDayText, parseDayText, parseTimeText, typedDate, typedTime } from './time-date-text';

describe('typed times', () => {
  it.each([
    ['9', '09:00'],
    ['09', '09:00'],
    ['9:', '09:00'],
    ['9:30', '09:30'],
    ['09.30', '09:30'],
    ['9 30', '09:30'],
    ['930', '09:30'],
    ['0930', '09:30'],
    ['1830', '18:30'],
    [' 23:59 ', '23:59'],
    ['0', '00:00'],
  ])('%j is %s on the 24-hour clock', (text, time) => {
    expect(parseTimeText(text)).toBe(time);
  });

  it.each(['24:00', '12:60', '9:5', '6:30 PM', 'noon', '', '12345', '1:2:3'])('%j is no time', (text) => {
    expect(parseTimeText(text)).toBeNull();
  });

  it('adds the colon after two typed hour digits, not when deleting or past 23', () => {
    expect(typedTime('0', '09')).toBe('09:');
    expect(typedTime('09:', '09')).toBe('09');
    expect(typedTime('9', '93')).toBe('93');
    expect(typedTime('09:', '09::')).toBe('09:');
    expect(typedTime('', '1a8:3x0')).toBe('18:30');
  });
});

describe('typed dates', () => {
  it.each([
    ['28.11.2026', '2026-11-28'],
    ['28/11/2026', '2026-11-28'],
    ['28-11-2026', '2026-11-28'],
    ['8.3.2026', '2026-03-08'],
    ['28.11.26', '2026-11-28'],
    ['28112026', '2026-11-28'],
    ['2026-11-28', '2026-11-28'],
    ['29.02.2028', '2028-02-29'],
  ])('%j is the day %s', (text, day) => {
    expect(parseDayText(text)).toBe(day);
  });

  it.each(['31.02.2026', '29.02.2026', '11/28/2026', '00.01.2026', '28.13.2026', '28.11', 'today', ''])(
    '%j is no day',
    (text) => {
      expect(parseDayText(text)).toBeNull();
    },
  );

  it('shows a stored day as dd.mm.yyyy and anything else as it is', () => {
    expect(formatDayText('2026-11-28')).toBe('28.11.2026');
    expect(formatDayText('28.1')).toBe('28.1');
    expect(formatDayText('')).toBe('');
  });

  it('adds the dots after a typed day and month', () => {
    expect(typedDate('2', '28')).toBe('28.');
    expect(typedDate('28.1', '28.11')).toBe('28.11.');
    expect(typedDate('28.', '28')).toBe('28');
    expect(typedDate('28.', '28./')).toBe('28.');
    expect(typedDate('28.11.', '28.11.2026x')).toBe('28.11.2026');
  });
});
