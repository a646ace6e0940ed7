import { luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { KDS_PALETTES, kdsThemeVars, TEXT_PAIRS, type KitchenTheme } from './kds-theme';

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

describe.each(['dark', 'light'] as KitchenTheme[])('the %s kitchen theme', (theme) => {
  const p = KDS_PALETTES[theme];

  it.each(TEXT_PAIRS)('reads %s on %s (WCAG AA, 4.5:1)', (text, background) => {
    expect(contrast(p[text], p[background])).toBeGreaterThanOrEqual(4.5);
  });

  it('rings the chosen ticket and frames amber and red tickets visibly (3:1 against the page)', () => {
    for (const bg of [p.bg, p.surface]) expect(contrast(p.focus, bg)).toBeGreaterThanOrEqual(3);
    expect(contrast(p.amberBorder, p.bg)).toBeGreaterThanOrEqual(3);
    expect(contrast(p.redBorder, p.bg)).toBeGreaterThanOrEqual(3);
  });

  it('sets its colours as CSS variables on the screen', () => {
    const vars = kdsThemeVars(theme) as Record<string, string>;
    expect(vars['--kds-amber-text']).toBe(p.amberText);
    expect(vars['--kds-bg']).toBe(p.bg);
    // Only the dark theme repaints Mantine's page colours.
    expect('--mantine-color-body' in vars).toBe(theme === 'dark');
  });
});
