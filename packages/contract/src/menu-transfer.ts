import type { Language } from './enums.js';

/**
 * Menu import and export as a spreadsheet (XLSX or CSV), zod-free so that the admin page reads the same columns,
 * limits and error keys as the server. One row is one dish; the sheet's first row holds the column names below,
 * written the same whatever the admin's language, so a file imports alike in az, en and ru.
 *
 * Routes (EATERY_ADMIN of the restaurant; other restaurants 404):
 * - GET  /api/eatery/{id}/menu-transfer/template?format=xlsx|csv  an empty sheet: header row and one example row
 * - GET  /api/eatery/{id}/menu-transfer/export?format=xlsx|csv[&photos=1]  the whole menu in menu order; with
 *   `photos=1` a ZIP of the sheet and the dishes' photos
 * - POST /api/eatery/{id}/menu-transfer/preview  multipart `file` (the sheet) and optional `photos` (a ZIP of
 *   images): 200 MenuImportReport, nothing written
 * - POST /api/eatery/{id}/menu-transfer/import   the same form: 200 MenuImportReport (`ok: true`) once written in
 *   one transaction; 422 with the report (and `messageKey: 'validation'`) when anything is wrong, nothing written
 */

/** The columns, in the order the template and the export write them. */
export const MENU_SHEET_COLUMNS = [
  'category_az',
  'category_en',
  'category_ru',
  'name_az',
  'name_en',
  'name_ru',
  'description_az',
  'description_en',
  'description_ru',
  'price',
  'department',
  'tags',
  'available',
  'photo',
] as const;
export type MenuSheetColumn = (typeof MENU_SHEET_COLUMNS)[number];

/** The columns of a name in each language (category, dish, description). */
export const MENU_SHEET_LANGUAGE_COLUMNS: Record<
  'category' | 'name' | 'description',
  Record<Language, MenuSheetColumn>
> = {
  category: { az: 'category_az', en: 'category_en', ru: 'category_ru' },
  name: { az: 'name_az', en: 'name_en', ru: 'name_ru' },
  description: { az: 'description_az', en: 'description_en', ru: 'description_ru' },
};

/**
 * A sheet must have `price`, at least one `category_*` and at least one `name_*` column; the others may be left
 * out (their values are then empty). Names of missing groups: 'category_*', 'name_*', 'price'.
 */
export function missingMenuColumns(present: readonly MenuSheetColumn[]): string[] {
  const has = (group: 'category' | 'name') =>
    Object.values(MENU_SHEET_LANGUAGE_COLUMNS[group]).some((c) => present.includes(c));
  return [
    ...(has('category') ? [] : ['category_*']),
    ...(has('name') ? [] : ['name_*']),
    ...(present.includes('price') ? [] : ['price']),
  ];
}

/** A header cell as a column: trimmed, any letter case ('Price ' is `price`); null for a column we do not know. */
export function menuSheetColumn(header: string): MenuSheetColumn | null {
  const name = header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
  return (MENU_SHEET_COLUMNS as readonly string[]).includes(name) ? (name as MenuSheetColumn) : null;
}

export const MENU_TRANSFER_FORMATS = ['xlsx', 'csv'] as const;
export type MenuTransferFormat = (typeof MENU_TRANSFER_FORMATS)[number];

/** Names of the XLSX sheets: the menu (read by import: the first sheet), and the explanation of the columns. */
export const MENU_SHEET_NAME = 'Menu';
export const MENU_HELP_SHEET_NAME = 'Help';

/**
 * Upload limits: the sheet (a larger one is the file problem `fileTooLarge`), the ZIP of photos (a larger upload is
 * refused as a whole: 413 `bodyTooLarge`), and the rows of one file.
 */
export const MENU_TRANSFER_LIMITS = {
  sheetBytes: 5 * 1024 * 1024,
  photosBytes: 50 * 1024 * 1024,
  rows: 1000,
} as const;

/** The words of the `available` column (any letter case); an empty cell: available (a new dish) or kept. */
export const AVAILABLE_WORDS = {
  yes: ['yes', 'bəli', 'beli', 'да', '1', 'true'],
  no: ['no', 'xeyr', 'нет', '0', 'false'],
} as const;

/** The `available` column's value: true, false, null when empty, undefined when it is not one of the words. */
export function parseAvailableCell(text: string): boolean | null | undefined {
  const word = text.trim().toLowerCase();
  if (word === '') return null;
  if ((AVAILABLE_WORDS.yes as readonly string[]).includes(word)) return true;
  if ((AVAILABLE_WORDS.no as readonly string[]).includes(word)) return false;
  return undefined;
}

/**
 * Keys of the import's own problems (the web translates them; `params` fill them in). Row problems of the dish and
 * category rules themselves come with the keys of menu.ts (`validation.price`, `validation.tooLong`,
 * `validation.dishNameRequired`, `validation.categoryNameRequired` …), so every screen says them alike.
 */
export const MENU_TRANSFER_E = {
  /** The file is neither an XLSX workbook nor a CSV text file. */
  fileType: 'menuTransfer.errors.fileType',
  /** The sheet is larger than MENU_TRANSFER_LIMITS.sheetBytes (`{ maxMb }`). */
  fileTooLarge: 'menuTransfer.errors.fileTooLarge',
  /** An XLSX that does not open (damaged, or password-protected). */
  unreadable: 'menuTransfer.errors.unreadable',
  /** No header row, or no row under it. */
  emptySheet: 'menuTransfer.errors.emptySheet',
  /** Required columns missing (`{ columns }`: 'category_*, price'). */
  missingColumns: 'menuTransfer.errors.missingColumns',
  /** A column named twice (`{ column }`). */
  duplicateColumn: 'menuTransfer.errors.duplicateColumn',
  /** More dish rows than MENU_TRANSFER_LIMITS.rows (`{ max }`). */
  tooManyRows: 'menuTransfer.errors.tooManyRows',
  /** The photos part is not a ZIP file. */
  photosType: 'menuTransfer.errors.photosType',
  /** The import would take the restaurant past its dish cap (`{ max, total }`). */
  limitDishes: 'menuTransfer.errors.limitDishes',
  /** The import would take the restaurant past its category cap (`{ max, total }`). */
  limitCategories: 'menuTransfer.errors.limitCategories',
  /** A formula: only values are imported. */
  formula: 'menuTransfer.errors.formula',
  /** A cell that is no text or number (an error value like #N/A, a date, a picture's placeholder). */
  badCell: 'menuTransfer.errors.badCell',
  /** `available` is not one of AVAILABLE_WORDS. */
  available: 'menuTransfer.errors.available',
  /** A tag that is not on the dietary list (`{ tag }`). */
  tagUnknown: 'menuTransfer.errors.tagUnknown',
  /** The photo is not in the ZIP (or no ZIP was sent) and is not the dish's current photo (`{ photo }`). */
  photoMissing: 'menuTransfer.errors.photoMissing',
  /** The photo is not an image we accept (`{ photo }`). */
  photoInvalid: 'menuTransfer.errors.photoInvalid',
  /** The photo is larger than the image limit (`{ photo, maxMb }`). */
  photoTooLarge: 'menuTransfer.errors.photoTooLarge',
  /** The same dish (category and name) is on an earlier row too (`{ row }`). */
  duplicateDish: 'menuTransfer.errors.duplicateDish',
} as const;

/** One problem: its key (MENU_TRANSFER_E or a `validation.*` key), the column, and what fills the message. */
export interface MenuImportError {
  /** Null for problems of the whole file or row. */
  column: MenuSheetColumn | null;
  key: string;
  params?: Record<string, string | number>;
}

/** Names in the three languages, as a row carries them ('' when empty). */
export type MenuImportNames = Record<Language, string>;

/**
 * What importing a row does: a `new` dish, an `update` of the dish of that category and name, `unchanged` (the
 * dish already is as the row says), `category` (a row with a category and no dish: creates or keeps it), or
 * `none` when the row has errors.
 */
export type MenuImportAction = 'new' | 'update' | 'unchanged' | 'category' | 'none';

export interface MenuImportRow {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  category: MenuImportNames;
  /** True when the category is created by this import. */
  newCategory: boolean;
  name: MenuImportNames;
  /** Null when the price is empty or wrong. */
  priceCents: number | null;
  department: string | null;
  tags: string[];
  /** Null: empty (a new dish is available; an existing one keeps its value). */
  available: boolean | null;
  photo: string | null;
  action: MenuImportAction;
  errors: MenuImportError[];
}

/** The answer of preview and import. */
export interface MenuImportReport {
  /** True when nothing is wrong (import then writes everything). */
  ok: boolean;
  /** Whether `import` wrote the menu (false for preview, and for an import with errors). */
  imported: boolean;
  format: MenuTransferFormat | null;
  /** Problems of the whole file (type, size, header, caps). */
  fileErrors: MenuImportError[];
  rows: MenuImportRow[];
  categories: { new: number; existing: number };
  dishes: { new: number; updated: number; unchanged: number };
  departments: { new: number };
  /** Rows with at least one error. */
  rowsWithErrors: number;
}
