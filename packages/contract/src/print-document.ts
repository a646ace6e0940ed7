/**
 * What a printer prints, before it becomes bytes: a pure document of lines. The server builds it (kitchen tickets,
 * pre-bills, receipts, X/Z reports, test pages) and stores it with the print job; a renderer turns it into ESC/POS
 * bytes for one printer (its paper width and character set); the admin's preview draws the same lines in the same
 * number of columns. Free of zod: the web app reads it too.
 */

/** Paper widths in millimetres, and the characters of normal text on one line of each (Font A). */
export const PAPER_WIDTHS = [58, 80] as const;
export type PaperWidth = (typeof PAPER_WIDTHS)[number];
export const PAPER_COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };
/** Printable dots across the paper (203 dpi heads): what an image of a line is drawn to. */
export const PAPER_DOTS: Record<PaperWidth, number> = { 58: 384, 80: 576 };

/** One line of a print document. `size` 2 is double width and height: half the columns. */
export type PrintLine =
  | { kind: 'text'; text: string; size?: 1 | 2; bold?: boolean; align?: 'left' | 'center' | 'right'; invert?: boolean }
  /** Text at the left and at the right of one line (an item and its price; a label and its figure). */
  | { kind: 'pair'; left: string; right: string; bold?: boolean; size?: 1 | 2 }
  | { kind: 'rule' }
  | { kind: 'feed' };

export interface PrintDocument {
  lines: PrintLine[];
}

/**
 * What a print job is. Kitchen stations get TICKET (an order's first lines at the station), ADDON (only the lines
 * added since), VOID (lines removed that the station had), MOVED (the order changed table) and FIRE (a held course
 * fired). The till gets PREBILL, RECEIPT and REPORT (X or Z). TEST is the admin's test page.
 */
export const PRINT_JOB_KINDS = [
  'TICKET',
  'ADDON',
  'VOID',
  'MOVED',
  'FIRE',
  'PREBILL',
  'RECEIPT',
  'REPORT',
  'TEST',
] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];

/** A job waits (PENDING), is being sent (PRINTING), printed (DONE), or was given up by staff (CANCELLED). */
export const PRINT_JOB_STATUSES = ['PENDING', 'PRINTING', 'DONE', 'CANCELLED'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/**
 * What the server last saw of a printer: ONLINE (took a job or answered), OFFLINE (refused or no answer), NO_PAPER
 * (it says its paper ran out), UNKNOWN (not tried yet).
 */
export const PRINTER_STATES = ['UNKNOWN', 'ONLINE', 'OFFLINE', 'NO_PAPER'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

/**
 * How text reaches the paper. CODEPAGE: as characters in the printer's code pages, and a line with a letter no code
 * page has (the Azerbaijani ə) as an image of that line; IMAGE: every line as an image (printers without Cyrillic or
 * Turkish code pages).
 */
export const PRINTER_TEXT_MODES = ['CODEPAGE', 'IMAGE'] as const;
export type PrinterTextMode = (typeof PRINTER_TEXT_MODES)[number];

/**
 * How the server reaches a printer. DIRECT: a TCP connection to its address (raw port 9100) from the server; AGENT:
 * the restaurant's print agent, connected out to the server, prints to it on the restaurant's network.
 */
export const PRINTER_TRANSPORTS = ['DIRECT', 'AGENT'] as const;
export type PrinterTransport = (typeof PRINTER_TRANSPORTS)[number];

/** The columns of normal text on a printer's paper, halved for double-size text. */
export function lineColumns(paper: PaperWidth, size: 1 | 2 = 1): number {
  return Math.floor(PAPER_COLUMNS[paper] / size);
}

/**
 * A pair laid out on one line of `columns`: the left text cut to leave the right text and one space, the right text
 * at the right edge. The renderer and the preview both use it, so the preview shows what prints.
 */
export function pairLine(left: string, right: string, columns: number): string {
  const room = Math.max(0, columns - right.length - 1);
  const l = left.length > room ? left.slice(0, room) : left;
  return l + ' '.repeat(Math.max(1, columns - l.length - right.length)) + right;
}

/** Text cut into lines of at most `columns` characters, at spaces where it can. */
export function wrapText(text: string, columns: number): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      let w = word;
      while (w.length > columns) {
        if (line) {
          out.push(line);
          line = '';
        }
        out.push(w.slice(0, columns));
        w = w.slice(columns);
      }
      if (!line) line = w;
      else if (line.length + 1 + w.length <= columns) line += ` ${w}`;
      else {
        out.push(line);
        line = w;
      }
    }
    out.push(line);
  }
  return out;
}
