import { describe, expect, it } from 'vitest';
import {
  lineColumns,
  pairLine,
  PAPER_DOTS,
  wrapText,
  type PaperWidth,
  type PrintDocument,
  type PrintLine,
  type PrinterTextMode,
} from '@qr-menu/contract';
import { CODE_PAGES, PRINTABLE } from '../src/modules/printing/escpos/codepages.js';
import { FEED_BEFORE_CUT, lineNeedsImage, renderDocument } from '../src/modules/printing/escpos/render.js';
import { decodeEscPos, type DecodedDocument } from './fake-printer.js';

/**
 * The ESC/POS renderer, read back with the fake printer's decoder: text in the code pages that have it (Russian in
 * cp866, Azerbaijani without ə in cp857), lines with ə drawn as images, IMAGE mode, and the layout in the paper's
 * columns (pairs, double size, wrapping, alignment).
 */

function print(lines: PrintLine[], paper: PaperWidth = 80, textMode: PrinterTextMode = 'CODEPAGE') {
  const bytes = renderDocument({ lines } satisfies PrintDocument, { paper, textMode });
  const docs = decodeEscPos(bytes);
  expect(docs).toHaveLength(1);
  expect(docs[0].cut).toBe(true);
  return { doc: docs[0], bytes: Buffer.from(bytes) };
}

/** The printed lines without the feed before the cut. */
const body = (doc: DecodedDocument) => doc.lines.slice(0, doc.lines.length - FEED_BEFORE_CUT);

/** ESC t n: the code page selected by its Epson number. */
const selectsPage = (bytes: Buffer, n: number) => bytes.includes(Buffer.of(0x1b, 0x74, n));

const text = (t: string, more: Partial<Extract<PrintLine, { kind: 'text' }>> = {}): PrintLine => ({
  kind: 'text',
  text: t,
  ...more,
});

describe('lineNeedsImage', () => {
  it('is false for lines a code page has and true for a letter none has', () => {
    for (const line of [
      '',
      'Table 4',
      'Борщ',
      'Стол № 4',
      'Çay',
      'Şiş kabab',
      'Qutab ğ ı ö ü İ Ğ Ş Ç Ö Ü',
      'Çay и Борщ',
    ]) {
      expect(lineNeedsImage(line), line).toBe(false);
    }
    for (const line of ['Dolma (ət)', 'Əlavə', '12.50 ₼', 'Ok 👍', '€ 5']) {
      expect(lineNeedsImage(line), line).toBe(true);
    }
  });
});

describe('renderDocument in CODEPAGE mode', () => {
  it('prints Russian lines in cp866, read back exactly', () => {
    const { doc, bytes } = print([text('Борщ'), text('Стол 4')]);
    expect(body(doc)).toEqual(['Борщ', 'Стол 4']);
    expect(doc.images).toEqual([]);
    expect(selectsPage(bytes, 17)).toBe(true);
  });

  it('prints Azerbaijani lines without ə as text in the code pages that have them', () => {
    const { doc, bytes } = print([text('Çay'), text('Şiş kabab'), text('Qutab ğ ı ö ü'), text('İÇKİ Ğ Ö Ü')]);
    expect(body(doc)).toEqual(['Çay', 'Şiş kabab', 'Qutab ğ ı ö ü', 'İÇKİ Ğ Ö Ü']);
    expect(doc.images).toEqual([]);
    expect(selectsPage(bytes, 13)).toBe(true);
  });

  it('switches code page inside a line that mixes scripts', () => {
    const { doc } = print([text('Şiş - шашлык')]);
    expect(body(doc)).toEqual(['Şiş - шашлык']);
  });

  it('draws a line with ə as an image of the paper width, the lines around it staying text', () => {
    const { doc } = print([text('Çay'), text('Dolma (ət)'), text('Əlavə'), text('Борщ')], 58);
    expect(body(doc)).toEqual(['Çay', '[image 384x24]', '[image 384x24]', 'Борщ']);
    for (const image of doc.images) {
      expect(image.width).toBe(PAPER_DOTS[58]);
      expect(image.height % 8).toBe(0);
      expect(image.blackDots).toBeGreaterThan(100);
    }
  });

  it('draws a double-size line twice as high, and bold with more black than regular', () => {
    const { doc } = print([
      text('Əlavə'),
      text('Əlavə', { bold: true }),
      text('Əlavə', { size: 2 }),
      { kind: 'pair', left: 'Dolma (ət)', right: '12.00', size: 2 },
    ]);
    expect(body(doc)).toEqual(['[image 576x24]', '[image 576x24]', '[image 576x48]', '[image 576x48]']);
    const [regular, bold, double] = doc.images;
    expect(bold.blackDots).toBeGreaterThan(regular.blackDots);
    expect(double.blackDots).toBeGreaterThan(2 * regular.blackDots);
  });

  it('aligns an image line as the text would be: left, centred or at the right edge', () => {
    const { doc } = print([
      text('Əlavə', { align: 'left' }),
      text('Əlavə', { align: 'center' }),
      text('Əlavə', { align: 'right' }),
      text('Əlavə', { invert: true }),
    ]);
    const [left, center, right, inverted] = doc.images;
    const cell = PAPER_DOTS[80] / 48;
    expect(left.bounds!.left).toBeLessThan(cell);
    expect(left.bounds!.right).toBeLessThan(5 * cell);
    // Five characters centred in 48 columns start at column 21.
    expect(center.bounds!.left).toBeGreaterThanOrEqual(21 * cell);
    expect(center.bounds!.right).toBeLessThan(26 * cell);
    expect(right.bounds!.left).toBeGreaterThanOrEqual(43 * cell);
    expect(right.bounds!.right).toBeGreaterThan(47 * cell);
    // White letters on a black band: most of the band's dots are black.
    expect(inverted.blackDots).toBeGreaterThan((5 * cell * 24) / 2);
  });

  it('keeps the bold, size and inversion of text lines', () => {
    const { doc } = print([text('Стол 4', { bold: true, size: 2 }), text('Çay', { invert: true }), text('Борщ')]);
    const [title, tea, soup] = doc.details;
    expect(title).toMatchObject({ text: 'Стол 4', bold: true, size: 2, invert: false });
    expect(tea).toMatchObject({ text: 'Çay', bold: false, size: 1, invert: true });
    expect(soup).toMatchObject({ text: 'Борщ', bold: false, size: 1, invert: false });
  });

  it('prints every character of its code pages as itself', () => {
    for (const page of CODE_PAGES) {
      const all = [...PRINTABLE[page]].join('').replace(/ /g, '');
      const rows = wrapText(all.replace(/(.{40})/gu, '$1 '), 48);
      const { doc } = print(rows.map((row) => text(row)));
      expect(body(doc), page).toEqual(rows);
      expect(doc.images, page).toEqual([]);
    }
  });

  it('turns control characters into spaces, so they never reach the printer as commands', () => {
    const { doc } = print([text('A\u001bB\u0007C'), { kind: 'pair', left: 'X\u001d', right: '1' }]);
    expect(body(doc)[0]).toBe('A B C');
    expect(body(doc)[1]).toBe(pairLine('X ', '1', 48));
  });

  it('feeds the paper before the cut', () => {
    const { doc } = print([text('Çay')]);
    expect(doc.lines).toEqual(['Çay', ...Array<string>(FEED_BEFORE_CUT).fill('')]);
  });
});

describe('renderDocument in IMAGE mode', () => {
  it('prints every text and pair line as an image, rules and feeds as commands', () => {
    const { doc } = print(
      [
        text('Table 4', { size: 2, align: 'center' }),
        { kind: 'pair', left: 'Борщ', right: '4.50' },
        { kind: 'rule' },
        { kind: 'feed' },
        text('Çay'),
      ],
      58,
      'IMAGE',
    );
    expect(body(doc)).toEqual(['[image 384x48]', '[image 384x24]', '─'.repeat(32), '', '[image 384x24]']);
    expect(doc.images.every((image) => image.blackDots > 0)).toBe(true);
  });
});

describe('the layout in columns', () => {
  for (const paper of [58, 80] as const) {
    const columns = lineColumns(paper);
    const doubleColumns = lineColumns(paper, 2);

    it(`${paper} mm: pairs fill ${columns} columns, double-size pairs ${doubleColumns}`, () => {
      const { doc } = print(
        [
          { kind: 'pair', left: 'Борщ', right: '4.50' },
          { kind: 'pair', left: 'Итого', right: '104.50', size: 2, bold: true },
          { kind: 'pair', left: 'A very long dish name that does not fit on one line at all', right: '12.00' },
          { kind: 'rule' },
        ],
        paper,
      );
      const [soup, total, long, rule] = body(doc);
      expect(soup).toBe(pairLine('Борщ', '4.50', columns));
      expect(soup).toHaveLength(columns);
      expect(soup.endsWith(' 4.50')).toBe(true);
      expect(total).toBe(pairLine('Итого', '104.50', doubleColumns));
      expect(total).toHaveLength(doubleColumns);
      expect(doc.details[1]).toMatchObject({ size: 2, bold: true });
      expect(long).toHaveLength(columns);
      expect(long.endsWith(' 12.00')).toBe(true);
      expect(rule).toBe('─'.repeat(columns));
    });

    it(`${paper} mm: long text wraps at ${columns} columns (${doubleColumns} double size) and centres`, () => {
      const long = 'Qızardılmış toyuq, kartof fri və təzə tərəvəz salatı ilə; без лука, острый соус отдельно';
      const russian = 'Суп дня с чесночными гренками и сметаной отдельно';
      const { doc } = print(
        [text(long), text(russian), text(russian, { size: 2 }), text('Стол 4', { align: 'center' })],
        paper,
        'CODEPAGE',
      );
      const lines = body(doc);
      const longRows = wrapText(long, columns);
      const russianRows = wrapText(russian, columns);
      const doubleRows = wrapText(russian, doubleColumns);
      // Rows with ə are images, the others text: one printed line per row either way.
      expect(lines).toHaveLength(longRows.length + russianRows.length + doubleRows.length + 1);
      longRows.forEach((row, i) =>
        expect(lines[i]).toBe(lineNeedsImage(row) ? `[image ${PAPER_DOTS[paper]}x24]` : row),
      );
      expect(lines.slice(longRows.length, longRows.length + russianRows.length)).toEqual(russianRows);
      expect(lines.slice(longRows.length + russianRows.length, -1)).toEqual(doubleRows);
      expect(lines.at(-1)).toBe(`${' '.repeat((columns - 6) >> 1)}Стол 4`);
    });
  }
});
