import { lineColumns, pairLine, wrapText, type PaperWidth, type PrintDocument } from '@qr-menu/contract';

/** One row of characters on the paper, as the printer lays it out. */
export interface PaperRow {
  /** Exactly as many characters as the row holds (padded with spaces), so alignment is what prints. */
  text: string;
  /** 2: double width and height, half the columns. */
  size: 1 | 2;
  bold: boolean;
  invert: boolean;
}

/** Text placed in a row of `columns`: left, right or centred (an odd space goes to the right), padded to the width. */
function align(text: string, columns: number, how: 'left' | 'center' | 'right'): string {
  const room = Math.max(0, columns - text.length);
  if (how === 'right') return ' '.repeat(room) + text;
  if (how === 'center') {
    const before = Math.floor(room / 2);
    return ' '.repeat(before) + text + ' '.repeat(room - before);
  }
  return text + ' '.repeat(room);
}

/**
 * A print document laid out in the columns of `paper`, with the contract's own `pairLine` and `wrapText` (the ones
 * the printer's renderer uses): a text wraps at its size's columns, a pair fills one row, a rule is a row of dashes,
 * a feed an empty row.
 */
export function layoutDocument(document: PrintDocument, paper: PaperWidth): PaperRow[] {
  const rows: PaperRow[] = [];
  for (const line of document.lines) {
    if (line.kind === 'rule') {
      rows.push({ text: '-'.repeat(lineColumns(paper)), size: 1, bold: false, invert: false });
    } else if (line.kind === 'feed') {
      rows.push({ text: ' '.repeat(lineColumns(paper)), size: 1, bold: false, invert: false });
    } else if (line.kind === 'pair') {
      const size = line.size ?? 1;
      const text = pairLine(line.left, line.right, lineColumns(paper, size));
      rows.push({ text, size, bold: !!line.bold, invert: false });
    } else {
      const size = line.size ?? 1;
      const columns = lineColumns(paper, size);
      for (const part of wrapText(line.text, columns)) {
        rows.push({
          text: align(part, columns, line.align ?? 'left'),
          size,
          bold: !!line.bold,
          invert: !!line.invert,
        });
      }
    }
  }
  return rows;
}
