import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, readableColorVariables } from './readable-colors';
import { theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = readableColorVariables(full);
const c = full.colors;

describe('readable colours', () => {
  it('dimmed text reads at 4.5:1 on white, the page backgrounds and every status card tint', () => {
    for (const bg of ['#fff', c.gray[0], c.orange[0], c.red[1], c.yellow[1], c.green[1], c.teal[1], c.gray[1]]) {
      expect(contrast(vars['--mantine-color-dimmed'], bg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('status colours read as light badges (on their own tint) and as text on white', () => {
    for (const name of ['red', 'yellow', 'green', 'teal', 'orange', 'gray', 'grape']) {
      expect(contrast(vars[`--mantine-color-${name}-light-color`], c[name][1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(vars[`--mantine-color-${name}-text`], '#fff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('filled colours get black or white text that reads at 4.5:1 (autoContrast at the WCAG threshold)', () => {
    expect(full.autoContrast).toBe(true);
    for (const name of ['red', 'yellow', 'green', 'teal', 'orange', 'gray', 'dark', 'brand']) {
      const bg = c[name][6];
      // What Mantine does with autoContrast: black text on a light colour, white on a dark one.
      const text = isLightColor(bg, full.luminanceThreshold) ? '#000' : '#fff';
      expect(contrast(bg, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
