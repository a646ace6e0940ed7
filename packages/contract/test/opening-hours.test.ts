import { describe, expect, it } from 'vitest';
import {
  businessDayAt,
  dayAndTime,
  guestOrdersClosedAt,
  isOpenAt,
  nextOpeningAfter,
  openingStateAt,
  type OpeningHours,
} from '../src/constants.js';

const week = (open: string, close: string, closed = false): OpeningHours =>
  Array.from({ length: 7 }, () => ({ closed, open, close }));

// 2026-11-23 is a Monday. Asia/Baku is UTC+4 all year (no daylight saving).
const baku = (local: string) => new Date(`${local}+04:00`);
const utc = (iso: string) => new Date(`${iso}Z`);

describe('opening hours: open now, and when it opens next', () => {
  const hours = week('09:00', '23:00');

  it('opens at the open time (included) and closes at the close time (excluded)', () => {
    expect(openingStateAt(hours, 'Asia/Baku', baku('2026-11-23T08:59:00'))).toEqual({
      open: false,
      opensAt: baku('2026-11-23T09:00:00'),
    });
    expect(openingStateAt(hours, 'Asia/Baku', baku('2026-11-23T09:00:00'))).toEqual({ open: true, until: '23:00' });
    expect(openingStateAt(hours, 'Asia/Baku', baku('2026-11-23T22:59:59'))).toEqual({ open: true, until: '23:00' });
    // At the close time: the next opening is tomorrow's.
    expect(openingStateAt(hours, 'Asia/Baku', baku('2026-11-23T23:00:00'))).toEqual({
      open: false,
      opensAt: baku('2026-11-24T09:00:00'),
    });
  });

  it('past midnight: the night belongs to the day before, even when the next day is closed', () => {
    const night = week('18:00', '02:00');
    night[1] = { closed: true, open: '18:00', close: '02:00' }; // Tuesday closed
    // Monday 23:30 and Tuesday 01:59 (Monday's night): open until 02:00.
    expect(openingStateAt(night, 'Asia/Baku', baku('2026-11-23T23:30:00'))).toEqual({ open: true, until: '02:00' });
    expect(openingStateAt(night, 'Asia/Baku', baku('2026-11-24T01:59:00'))).toEqual({ open: true, until: '02:00' });
    // Tuesday 02:00, Tuesday evening and Wednesday 01:00 (Tuesday's night): closed until Wednesday 18:00.
    for (const at of ['2026-11-24T02:00:00', '2026-11-24T20:00:00', '2026-11-25T01:00:00']) {
      expect(openingStateAt(night, 'Asia/Baku', baku(at)), at).toEqual({
        open: false,
        opensAt: baku('2026-11-25T18:00:00'),
      });
    }
    expect(businessDayAt(night, 'Asia/Baku', baku('2026-11-24T01:00:00'))).toBe('2026-11-23');
    expect(businessDayAt(night, 'Asia/Baku', baku('2026-11-24T03:00:00'))).toBe('2026-11-24');
  });

  it('skips closed days to the next open one; with every day closed it never opens', () => {
    const mondayOnly = week('09:00', '17:00', true);
    mondayOnly[0] = { closed: false, open: '09:00', close: '17:00' };
    // Monday 17:00: the next Monday.
    expect(nextOpeningAfter(mondayOnly, 'Asia/Baku', baku('2026-11-23T17:00:00'))).toEqual(baku('2026-11-30T09:00:00'));
    expect(openingStateAt(week('09:00', '17:00', true), 'Asia/Baku', baku('2026-11-23T10:00:00'))).toEqual({
      open: false,
      opensAt: null,
    });
  });

  it('the same open and close time is round the clock; no hours count as open', () => {
    expect(isOpenAt(week('00:00', '00:00'), 'Asia/Baku', baku('2026-11-23T03:00:00'))).toBe(true);
    expect(isOpenAt(week('09:00', '09:00'), 'Asia/Baku', baku('2026-11-23T08:00:00'))).toBe(true);
    expect(isOpenAt(null, 'Asia/Baku', new Date())).toBe(true);
  });

  it('reads the hours on the clock of the zone given', () => {
    // Monday 07:00 UTC: 11:00 in Baku (open), 16:00 in Tokyo (open), 02:00 in New York (closed until 09:00 there).
    const at = utc('2026-11-23T07:00:00');
    expect(openingStateAt(hours, 'Asia/Baku', at).open).toBe(true);
    expect(openingStateAt(hours, 'America/New_York', at)).toEqual({
      open: false,
      opensAt: utc('2026-11-23T14:00:00'),
    });
  });

  it('with daylight saving (Europe/Berlin) the next opening is on the clock of that day', () => {
    const berlin = week('10:00', '22:00');
    // Saturday 28 March 2026 23:00 CET (UTC+1); Sunday the clocks go to CEST (UTC+2): 10:00 is 08:00 UTC.
    expect(openingStateAt(berlin, 'Europe/Berlin', utc('2026-03-28T22:00:00'))).toEqual({
      open: false,
      opensAt: utc('2026-03-29T08:00:00'),
    });
    expect(isOpenAt(berlin, 'Europe/Berlin', utc('2026-03-29T07:59:00'))).toBe(false);
    expect(isOpenAt(berlin, 'Europe/Berlin', utc('2026-03-29T08:00:00'))).toBe(true);
    // Saturday 24 October 2026 23:00 CEST; Sunday back to CET (UTC+1): 10:00 is 09:00 UTC.
    expect(openingStateAt(berlin, 'Europe/Berlin', utc('2026-10-24T21:00:00'))).toEqual({
      open: false,
      opensAt: utc('2026-10-25T09:00:00'),
    });
    // A night across the spring change: Saturday 18:00–02:00 is over at 03:00 CEST (the clock skips 02:00).
    const night = week('18:00', '02:00');
    expect(isOpenAt(night, 'Europe/Berlin', utc('2026-03-29T00:30:00'))).toBe(true);
    expect(isOpenAt(night, 'Europe/Berlin', utc('2026-03-29T01:00:00'))).toBe(false);
  });
});

describe('guest orders within opening hours', () => {
  const settings = { ordersWithinHours: true, openingHours: week('09:00', '23:00'), timeZone: 'Asia/Baku' };

  it('refuses them while closed, saying when they are taken again', () => {
    expect(guestOrdersClosedAt(settings, baku('2026-11-23T08:00:00'))).toEqual({
      opensAt: baku('2026-11-23T09:00:00'),
    });
    expect(guestOrdersClosedAt(settings, baku('2026-11-23T12:00:00'))).toBeNull();
    const allClosed = { ...settings, openingHours: week('09:00', '23:00', true) };
    expect(guestOrdersClosedAt(allClosed, baku('2026-11-23T12:00:00'))).toEqual({ opensAt: null });
  });

  it('takes them at any time when the switch is off or no hours are given', () => {
    expect(guestOrdersClosedAt({ ...settings, ordersWithinHours: false }, baku('2026-11-23T08:00:00'))).toBeNull();
    expect(guestOrdersClosedAt({ ...settings, openingHours: null }, baku('2026-11-23T08:00:00'))).toBeNull();
  });
});

describe('dayAndTime', () => {
  it('counts calendar days on the zone’s clock, not 24-hour periods', () => {
    const now = baku('2026-11-23T23:30:00');
    expect(dayAndTime(baku('2026-11-24T09:00:00'), now, 'Asia/Baku')).toEqual({ inDays: 1, weekday: 1, time: '09:00' });
    expect(dayAndTime(baku('2026-11-23T23:45:00'), now, 'Asia/Baku')).toEqual({ inDays: 0, weekday: 0, time: '23:45' });
    expect(dayAndTime(baku('2026-11-30T09:00:00'), now, 'Asia/Baku')).toEqual({ inDays: 7, weekday: 0, time: '09:00' });
    // The same instants in UTC: 19:30 Monday, and 05:00 Tuesday.
    expect(dayAndTime(baku('2026-11-24T09:00:00'), now, 'UTC')).toEqual({ inDays: 1, weekday: 1, time: '05:00' });
    // Across a daylight-saving change the day count stays whole.
    expect(dayAndTime(utc('2026-03-29T08:00:00'), utc('2026-03-28T22:00:00'), 'Europe/Berlin').inDays).toBe(1);
  });
});
