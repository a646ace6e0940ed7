import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE, LANGUAGE_COOKIE, REFRESH_COOKIE, TABLE_COOKIE } from '../src/constants.js';

describe('cookie names', () => {
  it('stay the names browsers already hold (a rename would drop every guest device, cart table and session)', () => {
    expect({ DEVICE_COOKIE, TABLE_COOKIE, LANGUAGE_COOKIE, REFRESH_COOKIE }).toEqual({
      DEVICE_COOKIE: 'device_id',
      TABLE_COOKIE: 'guest_table',
      LANGUAGE_COOKIE: 'language',
      REFRESH_COOKIE: 'refresh_token',
    });
  });

  it('are distinct', () => {
    expect(new Set([DEVICE_COOKIE, TABLE_COOKIE, LANGUAGE_COOKIE, REFRESH_COOKIE]).size).toBe(4);
  });
});
