import type { CSSProperties } from 'react';

export type KitchenTheme = 'dark' | 'light';

/**
 * The kitchen display's colours in each theme. Every text colour is at least 4.5:1 on the backgrounds it sits on
 * (kds-theme.test.ts checks the pairs), the amber and red ticket ages included, so the pass reads them in both.
 * The screen sets them as CSS variables on its own root: the rest of the admin (and dialogs) stay as they are.
 */
export interface KdsPalette {
  /** The page behind the tickets, and its text. */
  bg: string;
  text: string;
  /** Secondary text (order number, hints) on the page, a ticket or an item. */
  dim: string;
  border: string;
  /** A ticket. */
  surface: string;
  /** An item's tap area on a ticket. */
  itemBg: string;
  itemHover: string;
  itemBorder: string;
  /** A ticket waiting long (amber) or overdue (red): its background, border and the colour of its age. */
  amberBg: string;
  amberBorder: string;
  amberText: string;
  redBg: string;
  redBorder: string;
  redText: string;
  /** The status pills: New, Cooking, Ready. */
  newBg: string;
  newText: string;
  cookingBg: string;
  cookingText: string;
  readyBg: string;
  readyText: string;
  /** Notes (the order's and an item's), the ADD-ON mark. */
  noteBg: string;
  noteText: string;
  addOnBg: string;
  addOnText: string;
  /** The ring of the ticket chosen with the bump bar. */
  focus: string;
}

/** Pills, notes and the ADD-ON mark bring their own background: the same in both themes. */
const shared = {
  newBg: '#b02525',
  newText: '#ffffff',
  cookingBg: '#fcc419',
  cookingText: '#1a1a1a',
  readyBg: '#237032',
  readyText: '#ffffff',
  noteBg: '#ffec99',
  noteText: '#2b1d00',
  addOnBg: '#6741d9',
  addOnText: '#ffffff',
};

export const KDS_PALETTES: Record<KitchenTheme, KdsPalette> = {
  dark: {
    ...shared,
    bg: '#0b0c0e',
    text: '#f8f9fa',
    dim: '#c1c7cf',
    border: '#5c636e',
    surface: '#1b1d21',
    itemBg: '#26292e',
    itemHover: '#30343a',
    itemBorder: '#5c636e',
    amberBg: '#3a2a00',
    amberBorder: '#fab005',
    amberText: '#ffd43b',
    redBg: '#45100f',
    redBorder: '#ff6b6b',
    redText: '#ffa8a8',
    focus: '#4dabf7',
  },
  light: {
    ...shared,
    bg: '#eef0f3',
    text: '#15171a',
    dim: '#474d55',
    border: '#adb5bd',
    surface: '#ffffff',
    itemBg: '#f8f9fa',
    itemHover: '#edf0f3',
    itemBorder: '#ced4da',
    amberBg: '#fff3bf',
    amberBorder: '#c75b00',
    amberText: '#7a4100',
    redBg: '#ffe3e3',
    redBorder: '#e03131',
    redText: '#a50e0e',
    focus: '#1864ab',
  },
};

/**
 * The CSS variables of a theme for the screen's root: the palette as --kds-*, and in the dark theme Mantine's own
 * page, text and default-button colours, so the buttons and texts inside read on the dark page too.
 */
export function kdsThemeVars(theme: KitchenTheme): CSSProperties {
  const p = KDS_PALETTES[theme];
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(p))
    vars[`--kds-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  if (theme === 'dark') {
    Object.assign(vars, {
      '--mantine-color-body': p.bg,
      '--mantine-color-text': p.text,
      '--mantine-color-dimmed': p.dim,
      '--mantine-color-default': p.itemBg,
      '--mantine-color-default-hover': p.itemHover,
      '--mantine-color-default-color': p.text,
      '--mantine-color-default-border': p.border,
      '--mantine-color-placeholder': p.dim,
      // Alerts (an error, an unknown station) in light tints of their colour, as Mantine's own dark scheme has them.
      '--mantine-color-red-light': 'rgba(250, 82, 82, 0.15)',
      '--mantine-color-red-light-color': p.redText,
      '--mantine-color-yellow-light': 'rgba(250, 176, 5, 0.15)',
      '--mantine-color-yellow-light-color': p.amberText,
    });
  }
  return vars as CSSProperties;
}

/** Text / background pairs of a palette that must read (4.5:1); kds-theme.test.ts checks them. */
export const TEXT_PAIRS: [keyof KdsPalette, keyof KdsPalette][] = [
  ['text', 'bg'],
  ['dim', 'bg'],
  ['text', 'surface'],
  ['dim', 'surface'],
  ['text', 'itemBg'],
  ['text', 'itemHover'],
  ['dim', 'itemBg'],
  ['text', 'amberBg'],
  ['dim', 'amberBg'],
  ['amberText', 'amberBg'],
  ['text', 'redBg'],
  ['dim', 'redBg'],
  ['redText', 'redBg'],
  ['newText', 'newBg'],
  ['cookingText', 'cookingBg'],
  ['readyText', 'readyBg'],
  ['noteText', 'noteBg'],
  ['addOnText', 'addOnBg'],
];
