import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import {
  MENU_SHEET_NAME,
  MENU_TRANSFER_E,
  MENU_TRANSFER_LIMITS,
  menuSheetColumn,
  missingMenuColumns,
  type MenuImportError,
  type MenuSheetColumn,
  type MenuTransferFormat,
} from '@qr-menu/contract';

/**
 * Reads an uploaded sheet (XLSX or CSV, told apart by content, never by name) into rows of text cells with exceljs.
 * Only values are read: a formula, an error value or a date is a problem of its cell, so what the admin sees in a
 * cell is what gets imported.
 */

/** One data row: its number in the sheet, the text of each known column, and the problems of its cells. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<MenuSheetColumn, string>>;
  errors: MenuImportError[];
}

export type SheetReading =
  | { ok: true; format: MenuTransferFormat; columns: MenuSheetColumn[]; rows: SheetRow[] }
  | { ok: false; format: MenuTransferFormat | null; errors: MenuImportError[] };

/** What an XLSX workbook may unpack to (its parts' sizes as its ZIP directory states them): a 5 MB file stays sane. */
const MAX_XLSX_UNPACKED_BYTES = 100 * 1024 * 1024;

const fileError = (key: string, params?: MenuImportError['params']): MenuImportError => ({
  column: null,
  key,
  ...(params ? { params } : {}),
});
const failed = (format: MenuTransferFormat | null, key: string, params?: MenuImportError['params']): SheetReading => ({
  ok: false,
  format,
  errors: [fileError(key, params)],
});

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
export const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** The entries of a ZIP as its directory lists them, without unpacking any; null when it is no ZIP. */
export function zipEntries(bytes: Uint8Array): { name: string; originalSize: number }[] | null {
  if (!isZip(bytes)) return null;
  const entries: { name: string; originalSize: number }[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries.push({ name: file.name, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    return null;
  }
  return entries;
}

/** An XLSX is a ZIP with the Office parts list at its root. */
export const isXlsxEntries = (entries: { name: string }[]) => entries.some((e) => e.name === '[Content_Types].xml');

/** Reads the upload: the menu sheet's header and rows, or the problems of the whole file. */
export async function readSheet(bytes: Buffer): Promise<SheetReading> {
  if (bytes.length > MENU_TRANSFER_LIMITS.sheetBytes) {
    return failed(null, MENU_TRANSFER_E.fileTooLarge, { maxMb: MENU_TRANSFER_LIMITS.sheetBytes / 1024 / 1024 });
  }
  const entries = zipEntries(bytes);
  if (entries) {
    if (!isXlsxEntries(entries)) return failed(null, MENU_TRANSFER_E.fileType);
    if (entries.reduce((sum, e) => sum + e.originalSize, 0) > MAX_XLSX_UNPACKED_BYTES) {
      return failed('xlsx', MENU_TRANSFER_E.fileTooLarge, { maxMb: MENU_TRANSFER_LIMITS.sheetBytes / 1024 / 1024 });
    }
    return readXlsx(bytes);
  }
  const text = utf8Text(bytes);
  if (text === null) return failed(null, MENU_TRANSFER_E.fileType);
  return readCsv(text);
}

async function readXlsx(bytes: Buffer): Promise<SheetReading> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  } catch {
    return failed('xlsx', MENU_TRANSFER_E.unreadable);
  }
  const sheet = workbook.getWorksheet(MENU_SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) return failed('xlsx', MENU_TRANSFER_E.emptySheet);
  return readWorksheet(sheet, 'xlsx');
}

/** UTF-8 text without NUL characters (a CSV), the BOM dropped; null for anything else (a binary file, Windows-1251). */
function utf8Text(bytes: Buffer): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/** The separator of a CSV: the one of `,` `;` and tab that its first line holds most (Excel writes `;` in az and ru). */
function csvDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

async function readCsv(text: string): Promise<SheetReading> {
  if (text.trim() === '') return failed('csv', MENU_TRANSFER_E.emptySheet);
  const workbook = new ExcelJS.Workbook();
  try {
    const sheet = await workbook.csv.read(Readable.from([text]), {
      parserOptions: { delimiter: csvDelimiter(text) },
      // Every cell stays the text it is: exceljs would read '12.50' as a number and '2024-01-02' as a date.
      map: (value: string) => value,
    } as unknown as ExcelJS.CsvReadOptions);
    return readWorksheet(sheet, 'csv');
  } catch {
    return failed('csv', MENU_TRANSFER_E.unreadable);
  }
}

type CellText = { text: string } | { error: string };

/**
 * The text of a cell. XLSX: strings, numbers (a price of 12.5), booleans, rich text and links are values; formulas,
 * error values and dates are not. CSV: a cell starting with `=` would be a formula in a spreadsheet; the `'` that the
 * export puts before text starting with = + - @ (formula-safe CSV) is taken off again.
 */
function cellText(cell: ExcelJS.Cell, format: MenuTransferFormat): CellText {
  const value = cell.type === ExcelJS.ValueType.Merge ? cell.master.value : cell.value;
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') {
    if (format === 'csv') {
      if (value.trimStart().startsWith('=')) return { error: MENU_TRANSFER_E.formula };
      if (/^'[=+\-@\t\r]/.test(value)) return { text: value.slice(1) };
    }
    return { text: value };
  }
  if (typeof value === 'number')
    return Number.isFinite(value) ? { text: String(value) } : { error: MENU_TRANSFER_E.badCell };
  if (typeof value === 'boolean') return { text: String(value) };
  if (value instanceof Date) return { error: MENU_TRANSFER_E.badCell };
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { error: MENU_TRANSFER_E.formula };
    if ('error' in value) return { error: MENU_TRANSFER_E.badCell };
    if ('richText' in value) return { text: value.richText.map((r) => r.text).join('') };
    if ('hyperlink' in value) {
      const text: unknown = value.text;
      if (typeof text === 'string') return { text };
      if (text && typeof text === 'object' && 'richText' in text) {
        return { text: (text as ExcelJS.CellRichTextValue).richText.map((r) => r.text).join('') };
      }
      return { text: '' };
    }
  }
  return { error: MENU_TRANSFER_E.badCell };
}

/** The plain text of a header cell ('' for anything that is not text). */
function headerText(cell: ExcelJS.Cell): string {
  const read = cellText(cell, 'xlsx');
  return 'text' in read ? read.text : '';
}

function readWorksheet(sheet: ExcelJS.Worksheet, format: MenuTransferFormat): SheetReading {
  // Rows holding anything, the header among them: checked before reading any, so a huge sheet is not walked.
  if (sheet.actualRowCount > MENU_TRANSFER_LIMITS.rows + 1) {
    return failed(format, MENU_TRANSFER_E.tooManyRows, { max: MENU_TRANSFER_LIMITS.rows });
  }
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (!isBlankRow(row, format)) rows.push(row);
  });
  const header = rows.shift();
  if (!header) return failed(format, MENU_TRANSFER_E.emptySheet);

  const columnAt = new Map<number, MenuSheetColumn>();
  const errors: MenuImportError[] = [];
  header.eachCell({ includeEmpty: false }, (cell, index) => {
    const column = menuSheetColumn(headerText(cell));
    if (!column) return;
    if ([...columnAt.values()].includes(column)) {
      if (!errors.some((e) => e.params?.column === column)) {
        errors.push(fileError(MENU_TRANSFER_E.duplicateColumn, { column }));
      }
      return;
    }
    columnAt.set(index, column);
  });
  const columns = [...columnAt.values()];
  const missing = missingMenuColumns(columns);
  if (missing.length > 0) errors.push(fileError(MENU_TRANSFER_E.missingColumns, { columns: missing.join(', ') }));
  if (errors.length > 0) return { ok: false, format, errors };
  if (rows.length === 0) return failed(format, MENU_TRANSFER_E.emptySheet);

  return {
    ok: true,
    format,
    columns,
    rows: rows.map((row) => {
      const cells: SheetRow['cells'] = {};
      const rowErrors: MenuImportError[] = [];
      for (const [index, column] of columnAt) {
        const read = cellText(row.getCell(index), format);
        if ('error' in read) rowErrors.push({ column, key: read.error });
        else cells[column] = read.text.trim();
      }
      return { row: row.number, cells, errors: rowErrors };
    }),
  };
}

/** A row whose cells are all empty or white space (CSV lines of separators only, rows cleared in a spreadsheet). */
function isBlankRow(row: ExcelJS.Row, format: MenuTransferFormat): boolean {
  let blank = true;
  row.eachCell({ includeEmpty: false }, (cell) => {
    const read = cellText(cell, format);
    if ('error' in read || read.text.trim() !== '') blank = false;
  });
  return blank;
}
