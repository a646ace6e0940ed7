import ExcelJS from 'exceljs';
import {
  centsToDecimal,
  csvSafe,
  LANGUAGES,
  MENU_HELP_SHEET_NAME,
  MENU_SHEET_COLUMNS,
  MENU_SHEET_NAME,
  type MenuSheetColumn,
  type MenuTransferFormat,
} from '@qr-menu/contract';
import { COLUMN_HELP, GENERAL_HELP, HELP_HEADER } from './sheet-help.js';

/**
 * Writes the menu sheet with exceljs: the header row of MENU_SHEET_COLUMNS, then one row per dish. XLSX: prices as
 * numbers shown with 2 decimals, and a second sheet explaining the columns. CSV: UTF-8 with a BOM (Excel then reads
 * az and ru letters), `,` between cells, prices as '12.50', and text that a spreadsheet would take for a formula
 * written formula-safe (the import reads it back as it was).
 */

/** One row of the sheet: texts by column, the price in cents (null: empty). */
export type SheetLine = Partial<Record<Exclude<MenuSheetColumn, 'price'>, string>> & { priceCents: number | null };

const WIDTHS: Partial<Record<MenuSheetColumn, number>> = { price: 10, available: 10, tags: 24, photo: 16 };

export async function writeSheet(lines: SheetLine[], format: MenuTransferFormat): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(MENU_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = MENU_SHEET_COLUMNS.map((c) => ({ header: c, key: c, width: WIDTHS[c] ?? 22 }));
  const priceOf = (cents: number | null) =>
    cents === null ? null : format === 'xlsx' ? cents / 100 : centsToDecimal(cents);
  for (const line of lines) {
    const cells = Object.fromEntries(
      MENU_SHEET_COLUMNS.map((c) => {
        const value = c === 'price' ? priceOf(line.priceCents) : line[c];
        // CSV lines keep every column; XLSX leaves empty cells out.
        return [c, value === null || value === undefined || value === '' ? (format === 'csv' ? '' : null) : value];
      }),
    );
    sheet.addRow(cells);
  }

  if (format === 'csv') {
    const bytes = await workbook.csv.writeBuffer({
      sheetName: MENU_SHEET_NAME,
      formatterOptions: { writeBOM: true, delimiter: ',' },
      map: (value: unknown) => (typeof value === 'string' ? csvSafe(value) : (value ?? '')),
    } as unknown as ExcelJS.CsvWriteOptions);
    return Buffer.from(bytes as unknown as ArrayBuffer);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('price').numFmt = '0.00';
  addHelpSheet(workbook);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

function addHelpSheet(workbook: ExcelJS.Workbook) {
  const help = workbook.addWorksheet(MENU_HELP_SHEET_NAME);
  help.columns = [
    { header: HELP_HEADER.column, key: 'column', width: 16 },
    ...LANGUAGES.map((l) => ({ header: HELP_HEADER[l], key: l, width: 60 })),
  ];
  help.getRow(1).font = { bold: true };
  for (const column of MENU_SHEET_COLUMNS) help.addRow({ column, ...COLUMN_HELP[column] });
  help.addRow({});
  const lines = GENERAL_HELP.en.length;
  for (let i = 0; i < lines; i++) {
    help.addRow({ column: '', ...Object.fromEntries(LANGUAGES.map((l) => [l, GENERAL_HELP[l][i]])) });
  }
  help.eachRow((row) => {
    row.alignment = { wrapText: true, vertical: 'top' };
  });
}
