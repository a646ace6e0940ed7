import { describe, expect, it } from 'vitest';
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
