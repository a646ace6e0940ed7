import { describe, expect, it } from 'vitest';
import { formatBackAt } from './SoldOutModal';
import { formatAge, nextKitchenStatus, ticketLevel } from './ticket-format';

describe('kitchen ticket format', () => {
  it('one tap moves an item CREATED → PREPARING → READY, and no further', () => {
    expect(nextKitchenStatus('CREATED')).toBe('PREPARING');
    expect(nextKitchenStatus('PREPARING')).toBe('READY');
    expect(nextKitchenStatus('READY')).toBeNull();
    expect(nextKitchenStatus('SERVED')).toBeNull();
  });

  it('turns amber and red exactly at the thresholds', () => {
    const min = 60_000;
    expect(ticketLevel(10 * min - 1, 10, 20)).toBe('fresh');
    expect(ticketLevel(10 * min, 10, 20)).toBe('amber');
    expect(ticketLevel(20 * min - 1, 10, 20)).toBe('amber');
    expect(ticketLevel(20 * min, 10, 20)).toBe('red');
  });

  it('shows ages as m:ss, then h:mm:ss, never negative', () => {
    expect(formatAge(65_000)).toBe('1:05');
    expect(formatAge(3_600_000 + 61_000)).toBe('1:01:01');
    expect(formatAge(-5000)).toBe('0:00');
  });
});

describe('when a sold-out dish comes back', () => {
  const t = (key: string, values?: Record<string, string>) => `${key.split('.').pop()} ${JSON.stringify(values)}`;
  // 22:30 in Baku (UTC+4) on 24 November.
  const now = new Date('2026-11-24T18:30:00.000Z');

  it('says today, tomorrow or the date on the restaurant clock', () => {
    expect(formatBackAt(t, '2026-11-24T19:00:00.000Z', now, 'Asia/Baku')).toBe('today {"time":"23:00"}');
    // 00:30 UTC on the 25th is already 04:30 in Baku: tomorrow there.
    expect(formatBackAt(t, '2026-11-25T00:30:00.000Z', now, 'Asia/Baku')).toBe('tomorrow {"time":"04:30"}');
    expect(formatBackAt(t, '2026-11-27T04:00:00.000Z', now, 'Asia/Baku')).toBe('date {"date":"27.11","time":"08:00"}');
    // The same instants in UTC: 19:00 is today, and 00:30 on the 25th tomorrow.
    expect(formatBackAt(t, '2026-11-25T00:30:00.000Z', now, 'UTC')).toBe('tomorrow {"time":"00:30"}');
  });
});
