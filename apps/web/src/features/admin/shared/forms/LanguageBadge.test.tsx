import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { LanguageBadge, LanguageLabel, NameInLanguage } from './LanguageBadge';

/** Regional indicator symbols: what flag emoji are made of. */
const FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

describe('language badge', () => {
  it.each([
    ['en', 'English'],
    ['ru', 'Английский'],
    ['az', 'İngilis dili'],
  ] as const)('shows "EN" as text, named for screen readers in %s', async (lang, name) => {
    const code = 'EN';
    await renderAdmin(<NameInLanguage lng="en" name="Salads" />, lang);
    const badge = screen.getByTestId('language-badge');
    expect(badge.textContent).toContain(code);
    expect(badge.textContent).not.toMatch(FLAG);
    expect(badge.getAttribute('aria-hidden')).toBeNull();
    // The two letters are hidden from screen readers, the language's name is read instead.
    expect(screen.getByText(code).getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText(name)).toBeTruthy();
    expect(screen.getByText('Salads').getAttribute('lang')).toBe('en');
  });

  it('is hidden from screen readers beside a label that names the language', async () => {
    await renderAdmin(
      <label>
        <LanguageLabel lng="ru">Name in Russian</LanguageLabel>
        <input />
      </label>,
    );
    const badge = screen.getByTestId('language-badge');
    expect(badge.textContent).toBe('RU');
    expect(badge.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('textbox', { name: /Name in Russian/ })).toBeTruthy();
  });

  it('has one look per language', async () => {
    await renderAdmin(
      <>
        <LanguageBadge lng="az" />
        <LanguageBadge lng="en" />
        <LanguageBadge lng="ru" />
      </>,
    );
    expect(screen.getAllByTestId('language-badge').map((b) => b.getAttribute('data-lang'))).toEqual(['az', 'en', 'ru']);
  });
});
