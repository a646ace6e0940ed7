import { createRequire } from 'node:module';
import path from 'node:path';
import * as PImage from 'pureimage';
import { PAPER_COLUMNS, PAPER_DOTS, type PaperWidth } from '@qr-menu/contract';

/**
 * A line of text drawn as a black-and-white image the width of the paper, for the printer to print as a picture
 * (a line with a letter none of its code pages has, or every line of a printer in IMAGE mode). It looks like the
 * printer's own text: a monospaced font (DejaVu Sans Mono) sized so that the paper's columns of characters fill the
 * width, 24 dots high (48 for double size), bold and inverted like the text, aligned by whole columns as the
 * encoder aligns text.
 */

/** The look of a line. */
export interface LineStyle {
  paper: PaperWidth;
  size?: 1 | 2;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  invert?: boolean;
}

/** RGBA pixels, white or black, in the plain shape the encoder's image() takes. */
export interface LineImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** The height of a line of normal text in dots, as the printer's Font A (12×24); double size is twice that. */
export const LINE_DOTS = 24;

const FONT_FAMILY = { regular: 'QrMenuPrintMono', bold: 'QrMenuPrintMonoBold' } as const;

/** The fonts come with the dejavu-fonts-ttf package; its folder is found from this module, whatever the cwd. */
function fontPath(file: string): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', file);
}

interface Fonts {
  /** The font's units per em, ascender and descender (font units), and the advance of one character. */
  unitsPerEm: number;
  ascender: number;
  descender: number;
  advance: number;
}

let fonts: Fonts | null = null;

/** Loads the two fonts once, on the first line drawn (about 0.1 s). */
function loadFonts(): Fonts {
  if (fonts) return fonts;
  const regular = PImage.registerFont(fontPath('DejaVuSansMono.ttf'), FONT_FAMILY.regular).loadSync();
  PImage.registerFont(fontPath('DejaVuSansMono-Bold.ttf'), FONT_FAMILY.bold).loadSync();
  const font = regular.font;
  fonts = {
    unitsPerEm: font.unitsPerEm,
    ascender: font.ascender,
    descender: font.descender,
    advance: font.charToGlyph('M').advanceWidth ?? font.unitsPerEm * 0.6,
  };
  return fonts;
}

/** One character drawn once and kept: which dots of its box are black. */
interface GlyphMask {
  width: number;
  height: number;
  /** Where the character's column starts inside the box (the box reaches past it on both sides for overhangs). */
  left: number;
  black: Uint8Array;
}

/** Glyphs drawn so far, by weight, size and character. Drawing a glyph is slow; copying its mask is not. */
const glyphCache = new Map<string, GlyphMask>();
const GLYPH_CACHE_MAX = 4000;

function glyphMask(ch: string, bold: boolean, cell: number, height: number): GlyphMask {
  const key = `${bold ? 'b' : 'r'}${cell}:${ch}`;
  const cached = glyphCache.get(key);
  if (cached) return cached;

  const f = loadFonts();
  // The font size at which one character advances exactly one column.
  const px = Math.round((cell * f.unitsPerEm) / f.advance);
  const ascent = (f.ascender * px) / f.unitsPerEm;
  const descent = (-f.descender * px) / f.unitsPerEm;
  // The font's ascent and descent centred in the line's height.
  const baseline = Math.round((height - ascent - descent) / 2 + ascent);

  const left = Math.ceil(cell / 2);
  const width = cell + 2 * left;
  const bitmap = PImage.make(width, height);
  const ctx = bitmap.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000000';
  ctx.font = `${px}px ${bold ? FONT_FAMILY.bold : FONT_FAMILY.regular}`;
  ctx.fillText(ch, left, baseline);

  // Threshold, not dithering: a dot is black where the glyph covers at least half of it.
  const black = new Uint8Array(width * height);
  for (let i = 0; i < black.length; i++) black[i] = bitmap.data[i * 4] < 128 ? 1 : 0;

  const mask = { width, height, left, black };
  if (glyphCache.size >= GLYPH_CACHE_MAX) glyphCache.clear();
  glyphCache.set(key, mask);
  return mask;
}

/**
 * Draws `text` (one line, at most the line's columns: longer text is cut) as an image PAPER_DOTS[paper] wide and
 * 24 × size dots high.
 */
export function drawTextLine(text: string, style: LineStyle): LineImage {
  const size = style.size ?? 1;
  const paperColumns = PAPER_COLUMNS[style.paper];
  const width = PAPER_DOTS[style.paper];
  const height = LINE_DOTS * size;
  const baseCell = Math.floor(width / paperColumns);
  const cell = baseCell * size;

  const chars = Array.from(text).slice(0, Math.floor(paperColumns / size));
  // Aligned by whole single-size columns, as the encoder pads text with spaces.
  const free = paperColumns - chars.length * size;
  const startColumn = style.align === 'right' ? free : style.align === 'center' ? free >> 1 : 0;
  const startX = startColumn * baseCell;

  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const paint = (x: number, y: number, value: number) => {
    const i = (y * width + x) * 4;
    data[i] = data[i + 1] = data[i + 2] = value;
  };

  // Inverted text is white on a black band under its characters, as the printer inverts only what it prints.
  const ink = style.invert ? 255 : 0;
  if (style.invert) {
    for (let y = 0; y < height; y++) {
      for (let x = startX; x < Math.min(width, startX + chars.length * cell); x++) paint(x, y, 0);
    }
  }

  chars.forEach((ch, i) => {
    if (ch === ' ') return;
    const mask = glyphMask(ch, style.bold ?? false, cell, height);
    const originX = startX + i * cell - mask.left;
    for (let y = 0; y < mask.height; y++) {
      for (let mx = 0; mx < mask.width; mx++) {
        const x = originX + mx;
        if (x < 0 || x >= width || !mask.black[y * mask.width + mx]) continue;
        paint(x, y, ink);
      }
    }
  });

  return { width, height, data };
}
