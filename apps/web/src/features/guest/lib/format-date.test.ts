import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './format-date';

const NOW = new Date('2025-03-10T10:00:00Z'); // 14:00 on 10 March in Baku (UTC+4), 06:00 in New York (UTC-4)

describe('order times on the restaurant clock', () => {
  it("shows today's orders as a time on the restaurant's clock, naming its zone", () => {
    expect(formatOrderDate('2025-03-10T09:05:00Z', 'en', 'Asia/Baku', NOW)).toBe('13:05 (Asia/Baku)');
    expect(formatOrderDate('2025-03-10T09:05:00Z', 'ru', 'Asia/Baku', NOW)).toBe('13:05 (Asia/Baku)');
  });

  it('tells today from an older day on the restaurant clock, not the phone one', () => {
    // 21:30 UTC on the 9th is 01:30 on the 10th in Baku: today there, yesterday in New York.
    expect(formatOrderDate('2025-03-09T21:30:00Z', 'en', 'Asia/Baku', NOW)).toBe('01:30 (Asia/Baku)');
    expect(formatOrderDate('2025-03-09T21:30:00Z', 'en', 'America/New_York', NOW)).toBe(
      'Mar 9, 17:30 (America/New York)',
    );
  });

  it('falls back to the phone clock without a name when the zone is missing or unknown', () => {
    const phone = formatOrderDate('2025-03-10T09:05:00Z', 'en', 'Mars/Olympus', NOW);
    expect(phone).toMatch(/^(\w+ \d+, )?\d\d:\d\d$/);
    expect(formatOrderDate('2025-03-10T09:05:00Z', 'en', undefined, NOW)).toBe(phone);
    expect(formatOrderDate('not a date', 'en', 'Asia/Baku', NOW)).toBe('');
  });
});
