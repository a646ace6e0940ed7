import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  dietaryTagsField,
  dishData,
  eateryBody,
  isOpenAt,
  weekdayMinuteIn,
  type OpeningHours,
} from '../src/index.js';

const week = (day: { closed?: boolean; open: string; close: string }): OpeningHours =>
  Array.from({ length: 7 }, () => ({ closed: false, ...day }));

describe('time zone', () => {
  it('accepts listed zones, other spellings the runtime resolves, and UTC; refuses the rest', () => {
    expect(canonicalTimeZone('Asia/Baku')).toBe('Asia/Baku');
    expect(canonicalTimeZone('asia/baku')).toBe('Asia/Baku');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('a blank time zone keeps the stored one; a bad one is validation.timeZone', () => {
    const base = { name: 'Nar', address: 'Nizami 10', phones: ['1'] };
    expect(eateryBody.parse({ ...base, timeZone: '' }).timeZone).toBeUndefined();
    const bad = eateryBody.safeParse({ ...base, timeZone: 'Europe/Atlantis' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['timeZone'], message: 'validation.timeZone' });
  });
});

describe('opening hours', () => {
  const body = (openingHours: unknown) =>
    eateryBody.safeParse({ name: 'Nar', address: 'Nizami 10', phones: ['1'], openingHours });

  it('needs seven days of HH:MM times', () => {
    expect(body(week({ open: '09:00', close: '23:00' })).success).toBe(true);
    expect(body(null).success).toBe(true);
    expect(body(week({ open: '09:00', close: '23:00' }).slice(1)).success).toBe(false);
    const bad = body(week({ open: '24:00', close: '23:00' }));
    expect(bad.error?.issues[0]).toMatchObject({ path: ['openingHours', 0, 'open'], message: 'validation.timeOfDay' });
    expect(body(week({ open: '9:00', close: '23:00' })).success).toBe(false);
  });

  // 2026-11-23 is a Monday. Asia/Baku is UTC+4 all year.
  const baku = (isoLocal: string) => new Date(`${isoLocal}+04:00`);

  it('reads the weekday and minute in the given zone', () => {
    expect(weekdayMinuteIn(baku('2026-11-23T00:30:00'), 'Asia/Baku')).toEqual({ weekday: 0, minute: 30 });
    // The same instant is still Sunday evening in UTC.
    expect(weekdayMinuteIn(baku('2026-11-23T00:30:00'), 'UTC')).toEqual({ weekday: 6, minute: 20 * 60 + 30 });
  });

  it('a day within the day: open at open, closed at close', () => {
    const hours = week({ open: '09:00', close: '23:00' });
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-23T08:59:00'))).toBe(false);
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-23T09:00:00'))).toBe(true);
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-23T22:59:00'))).toBe(true);
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-23T23:00:00'))).toBe(false);
  });

  it('across midnight: the early hours belong to the day before, even when that next day is closed', () => {
    const hours = week({ open: '18:00', close: '02:00' });
    hours[1] = { closed: true, open: '18:00', close: '02:00' }; // Tuesday closed
    // Monday 23:30 and Tuesday 01:30 (Monday's night): open.
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-23T23:30:00'))).toBe(true);
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-24T01:30:00'))).toBe(true);
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-24T02:00:00'))).toBe(false);
    // Tuesday 20:00: closed day. Wednesday 01:00: Tuesday's night, closed.
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-24T20:00:00'))).toBe(false);
    expect(isOpenAt(hours, 'Asia/Baku', baku('2026-11-25T01:00:00'))).toBe(false);
  });

  it('the same open and close time is round the clock; the zone decides the day', () => {
    expect(isOpenAt(week({ open: '00:00', close: '00:00' }), 'Asia/Baku', baku('2026-11-23T03:00:00'))).toBe(true);
    const mondayOnly = week({ closed: true, open: '09:00', close: '17:00' });
    mondayOnly[0] = { closed: false, open: '09:00', close: '17:00' };
    // Monday 10:00 in Baku is Monday 06:00 in UTC: open in Baku, not yet in UTC.
    expect(isOpenAt(mondayOnly, 'Asia/Baku', baku('2026-11-23T10:00:00'))).toBe(true);
    expect(isOpenAt(mondayOnly, 'UTC', baku('2026-11-23T10:00:00'))).toBe(false);
    expect(isOpenAt(null, 'UTC', new Date())).toBe(true);
  });
});

describe('dietary tags', () => {
  it('keeps known tags once, in the list order', () => {
    expect(dietaryTagsField.parse(['halal', 'vegan', 'halal'])).toEqual(['vegan', 'halal']);
  });

  it('an unknown tag is validation.dietaryTag at its index', () => {
    const r = dishData.safeParse({ nameEn: 'Soup', price: 5, dietaryTags: ['vegan', 'keto'] });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['dietaryTags', 1], message: 'validation.dietaryTag' }),
    ]);
    expect(dishData.safeParse({ nameEn: 'Soup', price: 5, dietaryTags: 'vegan' }).success).toBe(false);
  });
});
