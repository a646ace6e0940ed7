import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockTime,
  dayIn,
  formatInZone,
  safeTimeZone,
  utcOffsetLabel,
  weekdayMinuteIn,
  weekdayOf,
  zonedInstant,
  zonedParts,
} from '../src/constants.js';

// Sunday 11 January 2026, 20:30 UTC: Monday 00:30 in Baku (UTC+4), still Sunday 20:30 in London.
const at = new Date('2026-01-11T20:30:00Z');

describe('zoned time', () => {
  it('reads the calendar and the clock of an instant in a time zone', () => {
    expect(dayIn(at, 'Asia/Baku')).toBe('2026-01-12');
    expect(dayIn(at, 'Europe/London')).toBe('2026-01-11');
    expect(clockTime(at, 'Asia/Baku')).toBe('00:30');
    expect(weekdayMinuteIn(at, 'Asia/Baku')).toEqual({ weekday: 0, minute: 30 });
    expect(weekdayMinuteIn(at, 'Europe/London')).toEqual({ weekday: 6, minute: 20 * 60 + 30 });
    expect(zonedParts(at, 'Asia/Baku')).toEqual({
      year: 2026,
      month: 1,
      day: 12,
      hour: 0,
      minute: 30,
      second: 0,
      weekday: 0,
    });
  });

  it('takes a zone this runtime does not know as its own', () => {
    expect(safeTimeZone('Asia/Baku')).toBe('Asia/Baku');
    expect(safeTimeZone('Mars/Olympus')).toBeUndefined();
    expect(safeTimeZone('')).toBeUndefined();
    expect(dayIn(at, 'Mars/Olympus')).toBe(dayIn(at));
  });

  it('counts calendar days across months, years and daylight-saving changes', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(weekdayOf('2026-01-12')).toBe(0);
    expect(weekdayOf('2026-01-11')).toBe(6);
  });

  it('names the instant of a local day and time, also on daylight-saving days', () => {
    expect(zonedInstant('2026-01-12', '09:00', 'Asia/Baku').toISOString()).toBe('2026-01-12T05:00:00.000Z');
    // Berlin: CET (UTC+1) until 29 March 2026 02:00, then CEST (UTC+2).
    expect(zonedInstant('2026-03-28', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(zonedInstant('2026-03-29', '10:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(zonedInstant('2026-11-24', '00:00', 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it("writes an instant as text on the zone's clock, or the runtime's for an unknown zone", () => {
    const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    expect(formatInZone(at, 'en', options, 'Asia/Baku')).toBe('00:30');
    expect(formatInZone(at, 'en', options, 'Europe/London')).toBe('20:30');
    expect(formatInZone(at, 'en', options, 'Mars/Olympus')).toBe(formatInZone(at, 'en', options));
    expect(formatInZone(at, 'en', { day: 'numeric', month: 'short' }, 'UTC')).toBe('Jan 11');
  });

  it('names the offset of a zone from UTC at an instant', () => {
    expect(utcOffsetLabel('Asia/Baku', at)).toBe('UTC+04:00');
    expect(utcOffsetLabel('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe('UTC+02:00');
    expect(utcOffsetLabel('Mars/Olympus', at)).toBe('');
  });
});
