import { describe, expect, it } from 'vitest';
import { acceptedLanguage, guestPageLanguage } from '../src/constants.js';

describe('acceptedLanguage (Accept-Language → az, en or ru)', () => {
  it('takes the first of ours, regional variants counting as their language', () => {
    expect(acceptedLanguage('en-US,en;q=0.9')).toBe('en');
    expect(acceptedLanguage('ru-RU')).toBe('ru');
    expect(acceptedLanguage('az-Latn-AZ,az;q=0.9,en;q=0.8')).toBe('az');
    expect(acceptedLanguage('tr-TR,tr;q=0.9,ru;q=0.8,en;q=0.7')).toBe('ru');
    expect(acceptedLanguage('EN-gb')).toBe('en');
  });

  it('respects q-values, whatever the order they are written in; ties keep the header order', () => {
    expect(acceptedLanguage('az;q=0.5, en;q=0.8')).toBe('en');
    expect(acceptedLanguage('ru;q=0.3,de,en;q=0.7')).toBe('en');
    expect(acceptedLanguage('ru;q=0.8,en;q=0.8')).toBe('ru');
    expect(acceptedLanguage('en ; q = 0.2 , ru;Q=0.4')).toBe('ru');
  });

  it('none of ours, only refused ones (q=0), a wildcard, nothing or garbage: null', () => {
    expect(acceptedLanguage('tr')).toBeNull();
    expect(acceptedLanguage('de-DE,de;q=0.9,*;q=0.5')).toBeNull();
    expect(acceptedLanguage('en;q=0,tr')).toBeNull();
    expect(acceptedLanguage('*')).toBeNull();
    expect(acceptedLanguage('')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
    expect(acceptedLanguage(null)).toBeNull();
    expect(acceptedLanguage(';;,,q=1')).toBeNull();
    expect(acceptedLanguage('en;q=abc')).toBeNull();
  });
});

describe('guestPageLanguage', () => {
  it('the cookie (the guest’s own choice) wins over the phone and the restaurant', () => {
    expect(guestPageLanguage({ cookie: 'ru', acceptLanguage: 'en-US', restaurant: 'az' })).toBe('ru');
  });

  it('without a cookie of ours: the phone’s language, else the restaurant’s, else az', () => {
    expect(guestPageLanguage({ acceptLanguage: 'en-US,en;q=0.9', restaurant: 'ru' })).toBe('en');
    expect(guestPageLanguage({ cookie: 'de', acceptLanguage: 'ru', restaurant: 'en' })).toBe('ru');
    expect(guestPageLanguage({ acceptLanguage: 'de', restaurant: 'en' })).toBe('en');
    expect(guestPageLanguage({ acceptLanguage: 'tr', restaurant: null })).toBe('az');
    expect(guestPageLanguage({})).toBe('az');
  });
});
