import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  lineColumns,
  pairLine,
  PAPER_COLUMNS,
  wrapText,
  type PaperWidth,
  type PrintDocument,
  type PrintLine,
  type PrinterTextMode,
} from '@qr-menu/contract';
import { codePageRuns } from './codepages.js';
import { drawTextLine } from './text-image.js';

export { lineNeedsImage } from './codepages.js';

/** The printer a document is rendered for: its paper and how its text reaches the paper. */
export interface RenderTarget {
  paper: PaperWidth;
  textMode: PrinterTextMode;
}

/** Empty lines fed before the cut, so the last printed line clears the cutter (it sits that far above the head). */
export const FEED_BEFORE_CUT = 4;

/** The look of one row of text (a wrapped piece of a text line, or a pair). */
interface RowStyle {
  size: 1 | 2;
  bold: boolean;
  align: 'left' | 'center' | 'right';
  invert: boolean;
}

/**
 * A print document as ESC/POS bytes for one printer: the printer is reset, each line printed in the paper's
 * columns (double size: half as many), the paper fed and cut at the end. In CODEPAGE mode a row is sent as text
 * in the code pages that have its characters, and a row with a character none has (ə) as an image of the row; in
 * IMAGE mode every row of text is an image. Rules and feeds are always plain commands.
 */
export function renderDocument(doc: PrintDocument, target: RenderTarget): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: PAPER_COLUMNS[target.paper],
    codepageMapping: 'epson',
    // GS v 0: one command per image, which every ESC/POS printer of this century prints.
    imageMode: 'raster',
    // An image moves the paper by its own height: no line feed after it, so rows drawn as images stay compact.
    feedAfterBlock: false,
    feedBeforeCut: FEED_BEFORE_CUT,
  });
  encoder.initialize();
  for (const line of doc.lines) renderLine(encoder, line, target);
  encoder.cut('partial');
  return encoder.encode();
}

function renderLine(encoder: ReceiptPrinterEncoder, line: PrintLine, target: RenderTarget): void {
  switch (line.kind) {
    case 'rule':
      encoder.rule();
      return;
    case 'feed':
      encoder.newline();
      return;
    case 'text': {
      const size = line.size ?? 1;
      const style: RowStyle = {
        size,
        bold: line.bold ?? false,
        align: line.align ?? 'left',
        invert: line.invert ?? false,
      };
      for (const row of wrapText(clean(line.text, { keepNewlines: true }), lineColumns(target.paper, size))) {
        renderRow(encoder, row, style, target);
      }
      return;
    }
    case 'pair': {
      const size = line.size ?? 1;
      const columns = lineColumns(target.paper, size);
      // A right text wider than the line would push past the edge: the row is cut to the line.
      const row = pairLine(clean(line.left), clean(line.right), columns).slice(0, columns);
      renderRow(encoder, row, { size, bold: line.bold ?? false, align: 'left', invert: false }, target);
      return;
    }
  }
}

/**
 * Control characters would reach the printer as commands: they become spaces (a text's newlines stay, wrapText
 * breaks the text there); invisible format marks (soft hyphens, zero-width spaces) go.
 */
function clean(text: string, opts: { keepNewlines?: boolean } = {}): string {
  return text.replace(/\p{Cf}/gu, '').replace(/\p{Cc}/gu, (c) => (c === '\n' && opts.keepNewlines ? c : ' '));
}

/** One row of at most the line's columns, as text in code pages or as an image of the row. */
function renderRow(encoder: ReceiptPrinterEncoder, row: string, style: RowStyle, target: RenderTarget): void {
  if (row === '') {
    encoder.newline();
    return;
  }
  const runs = target.textMode === 'CODEPAGE' ? codePageRuns(row) : null;
  if (!runs) {
    const image = drawTextLine(row, { paper: target.paper, ...style });
    encoder.image(image, { width: image.width, height: image.height, algorithm: 'threshold', threshold: 128 });
    return;
  }
  encoder.align(style.align).bold(style.bold).invert(style.invert).size(style.size, style.size);
  for (const run of runs) encoder.codepage(run.page).text(run.text);
  encoder.newline();
  // Back to plain text, so the next line starts from the printer's defaults whatever it is.
  encoder.align('left').bold(false).invert(false).size(1, 1);
}
