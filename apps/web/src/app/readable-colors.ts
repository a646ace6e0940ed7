import { darken, isLightColor, luminance, type MantineTheme } from '@mantine/core';

/** WCAG AA for normal text is 4.5:1; a little margin absorbs rounding in browsers and axe. */
const MIN_CONTRAST = 4.6;

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The first shade that reads on every background, else the last one darkened in 5 % steps until it does. */
export function readable(shades: string[], backgrounds: string[]): string {
  const reads = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= MIN_CONTRAST);
  const found = shades.find(reads);
  if (found) return found;
  const last = shades[shades.length - 1];
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(last, amount);
    if (reads(darker)) return darker;
  }
  return '#000';
}

/** Every background coloured text sits on: white, the light page backgrounds and the tints of status cards. */
function textBackgrounds(theme: MantineTheme): string[] {
  const other = theme.other as { statusColors: Record<string, string> };
  const statusColors = new Set(Object.values(other.statusColors));
  // `dark` marks cancelled orders, whose cards are not tinted (and dark.1 is no light tint).
  const tints = [...statusColors].filter((name) => name !== 'dark').map((name) => theme.colors[name][1]);
  return [theme.white, theme.colors.gray[0], theme.colors.orange[0], ...tints];
}

/**
 * CSS variables that make Mantine's colours readable (WCAG AA contrast), for the light scheme:
 * - `dimmed` (gray.6 is 3.3:1 on white, 2.7:1 on a red card) becomes a darker grey;
 * - coloured text, outline and light-variant text (`c="red"`, outline badges, light badges whose shade 9 is 2.7:1
 *   on yellow.1) become the lightest shade that reads on white, on the page backgrounds and on every status tint;
 * - a light filled colour keeps a light hover, so its dark text (autoContrast in the theme) stays readable.
 */
export function readableColorVariables(theme: MantineTheme): Record<string, string> {
  const backgrounds = textBackgrounds(theme);
  const vars: Record<string, string> = {
    '--mantine-color-dimmed': readable([theme.colors.gray[6]], backgrounds),
    '--mantine-color-error': readable(theme.colors.red.slice(6), backgrounds),
  };
  const isLight = (c: string) => isLightColor(c, theme.luminanceThreshold);
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const own = [...backgrounds, shades[1]];
    const text = readable(shades.slice(6), own);
    vars[`--mantine-color-${name}-text`] = text;
    vars[`--mantine-color-${name}-outline`] = text;
    vars[`--mantine-color-${name}-light-color`] = readable(shades.slice(9), own);
    if (isLight(shades[6]) && !isLight(shades[7])) vars[`--mantine-color-${name}-filled-hover`] = shades[5];
  }
  return vars;
}

/** The variables as a CSS rule as specific as Mantine's own light-scheme rule; rendered after it, it wins. */
export function readableColorsCss(theme: MantineTheme): string {
  const body = Object.entries(readableColorVariables(theme))
    .map(([k, v]) => `${k}: ${v};`)
    .join(' ');
  return `:root[data-mantine-color-scheme='light'] { ${body} }`;
}
