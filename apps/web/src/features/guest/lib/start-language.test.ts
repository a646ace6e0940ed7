import { afterEach, describe, expect, it } from 'vitest';
import { startLanguage } from './i18n';

/**
 * The language the guest app starts in: the guest's own choice, else the one the server rendered the page in
 * (<html lang>: the phone's Accept-Language, the restaurant's, az), so hydration never flips it.
 */
const setCookie = (value: string) => (document.cookie = `language=${value}; path=/`);

afterEach(() => {
  localStorage.clear();
  document.cookie = 'language=; path=/; max-age=0';
  document.documentElement.lang = 'az';
});

describe('startLanguage', () => {
  it('without a choice of the guest: the server’s language on <html>', () => {
    document.documentElement.lang = 'en';
    expect(startLanguage()).toBe('en');
    document.documentElement.lang = 'ru';
    expect(startLanguage()).toBe('ru');
  });

  it('the guest’s own choice wins: local storage, else the cookie', () => {
    document.documentElement.lang = 'en';
    setCookie('ru');
    expect(startLanguage()).toBe('ru');
    localStorage.setItem('language', 'az');
    expect(startLanguage()).toBe('az');
  });

  it('neither a choice nor a language of ours on <html>: az', () => {
    document.documentElement.lang = 'de';
    expect(startLanguage()).toBe('az');
    document.documentElement.lang = '';
    expect(startLanguage()).toBe('az');
    // A cookie of another language is no choice of ours either.
    setCookie('de');
    document.documentElement.lang = 'en';
    expect(startLanguage()).toBe('en');
  });
});
