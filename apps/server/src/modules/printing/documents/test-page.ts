import {
  lineColumns,
  type Language,
  type PaperWidth,
  type PrintDocument,
  type PrinterTextMode,
} from '@qr-menu/contract';
import { formatStamp } from './stamp.js';
import { pairLines, textLines } from './till-documents.js';
import { TILL_LABELS } from './till-labels.js';

/** The printer a test page is printed on, as its settings name it. */
export interface TestPagePrinter {
  name: string;
  paper: PaperWidth;
  textMode: PrinterTextMode;
  language: Language;
}

/**
 * Letters a restaurant in Azerbaijan prints, whatever the printer's language: if a line of them comes out wrong, the
 * printer's code pages (or IMAGE mode) need looking at before a real receipt shows it.
 */
export const AZERBAIJANI_SAMPLE = 'Azərbaycan: ə ğ ı ş ç ö ü Ə Ğ I İ Ş Ç Ö Ü';
export const RUSSIAN_SAMPLE = 'Русский: Ёё Щщ Ъъ Ыы Юю Яя';

/** "1234567890123…" exactly `columns` long: shows whether the paper width setting matches the printer. */
export const ruler = (columns: number): string =>
  Array.from({ length: columns }, (_, i) => String((i + 1) % 10)).join('');

/**
 * The admin's test page of a printer: which printer it is (name, paper, text mode), when it printed on the
 * restaurant's clock, a ruler of exactly the paper's columns, each kind of line the till's paper uses (double size,
 * bold, a pair at both edges) and the Azerbaijani and Russian letters.
 */
export function testPageDocument(printer: TestPagePrinter, now: Date, timeZone: string): PrintDocument {
  const { paper } = printer;
  const l = TILL_LABELS[printer.language];
  const mode = printer.textMode === 'CODEPAGE' ? l.modeCodepage : l.modeImage;
  return {
    lines: [
      ...textLines(l.testTitle, paper, { size: 2, bold: true, align: 'center' }),
      { kind: 'rule' },
      ...pairLines(l.printer, printer.name, paper),
      ...pairLines(l.paper, `${paper} mm (${lineColumns(paper)})`, paper),
      ...pairLines(l.textMode, mode, paper),
      ...pairLines(l.date, formatStamp(now, timeZone), paper),
      { kind: 'rule' },
      { kind: 'text', text: ruler(lineColumns(paper)) },
      ...textLines(l.doubleSize, paper, { size: 2 }),
      ...textLines(l.boldLine, paper, { bold: true }),
      ...pairLines(l.pairLeft, l.pairRight, paper),
      { kind: 'rule' },
      ...textLines(AZERBAIJANI_SAMPLE, paper),
      ...textLines(RUSSIAN_SAMPLE, paper),
      { kind: 'feed' },
    ],
  };
}
