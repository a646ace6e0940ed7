import ExcelJS from 'exceljs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MENU_TRANSFER_E, MENU_TRANSFER_LIMITS, MENU_V, V, type MenuImportReport } from '@qr-menu/contract';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { createCategory, createDish, fixtureImage, multipart } from './menu-fixtures.js';
import { menuRows, row, sendSheet, transferUrl, xlsxSheet } from './menu-transfer-fixtures.js';

/** Menu import: every bad input is a translated problem with its row and column, and nothing is written. */

const ctx = setupApp();
const capped = setupApp({ tenantLimits: { dishes: 3, categories: 2, tables: 500, staff: 200 } });

const report = (res: { json(): unknown }) => res.json() as MenuImportReport;

/** A restaurant with a small menu, so that "nothing written" is seen against rows that exist. */
async function withMenu(app = ctx.app): Promise<Owner> {
  const owner = await registerOwner(app);
  const soups = await createCategory(app, owner, { nameEn: 'Soups' });
  await createDish(app, owner, soups.id, { nameEn: 'Borsch', price: 6 });
  return owner;
}

/** Preview and import both refuse: the preview lists the problems, the import answers 422 and writes nothing. */
async function expectRefused(owner: Owner, file: Uint8Array, photos?: Uint8Array, app = ctx.app) {
  const before = await menuRows(app, owner.eateryId);
  const preview = await sendSheet(app, owner, 'preview', file, photos);
  expect(preview.statusCode, preview.body).toBe(200);
  expect(report(preview).ok).toBe(false);
  const imported = await sendSheet(app, owner, 'import', file, photos);
  expect(imported.statusCode, imported.body).toBe(422);
  expect(imported.json()).toMatchObject({ messageKey: 'validation', ok: false, imported: false });
  // Like every error body, it names its request.
  expect(imported.json().requestId).toBe(imported.headers['x-request-id']);
  expect(await menuRows(app, owner.eateryId)).toBe(before);
  // The same problems whether previewed or refused.
  const { rows, fileErrors } = report(imported);
  expect({ rows, fileErrors }).toEqual({ rows: report(preview).rows, fileErrors: report(preview).fileErrors });
  return report(imported);
}

describe('row problems', () => {
  it('a sheet with two bad rows: both problems with their row numbers and columns, nothing written', async () => {
    const owner = await withMenu();
    const sheet = await xlsxSheet([
      row({ category_en: 'Salads', name_en: 'Caesar', price: 9 }),
      row({ category_en: 'Salads', name_en: 'Greek', price: 'abc' }),
      row({ category_en: 'Salads', name_en: 'Shepherd', price: 7 }),
      row({ category_en: 'Soups', name_en: 'x'.repeat(256), price: 5, tags: 'vegan, keto' }),
    ]);
    const result = await expectRefused(owner, sheet);
    expect(result.rowsWithErrors).toBe(2);
    expect(result.rows.filter((r) => r.errors.length > 0).map((r) => [r.row, r.errors])).toEqual([
      [3, [{ column: 'price', key: MENU_V.price }]],
      [
        5,
        [
          { column: 'tags', key: MENU_TRANSFER_E.tagUnknown, params: { tag: 'keto' } },
          { column: 'name_en', key: V.tooLong },
        ],
      ],
    ]);
    expect(result.rows.map((r) => r.action)).toEqual(['new', 'none', 'new', 'none']);
    // The summary counts what the good rows would do; a refused row creates nothing.
    expect(result).toMatchObject({
      categories: { new: 1, existing: 0 },
      dishes: { new: 2, updated: 0, unchanged: 0 },
      rowsWithErrors: 2,
    });
    const details = (await sendSheet(ctx.app, owner, 'import', sheet)).json().details;
    expect(details).toContainEqual({ field: '3.price', messageKey: MENU_V.price });
    expect(details).toContainEqual({ field: '5.tags', messageKey: MENU_TRANSFER_E.tagUnknown });
  });

  it('formulas, error values and dates are not read; names, category and availability follow the dish rules', async () => {
    const owner = await withMenu();
    const sheet = await xlsxSheet([
      row({ category_en: 'Salads', name_en: 'Greek', price: { formula: '2+3', result: 5 } }),
      row({ category_en: 'Salads', name_en: { error: ExcelJS.ErrorValue.NotApplicable }, price: 5 }),
      row({ category_en: 'Salads', name_en: new Date('2024-01-02'), price: 5 }),
      row({ category_en: 'Salads', price: 5 }),
      row({ name_en: 'Orphan', price: 5 }),
      row({ category_en: 'Salads', name_en: 'Cobb', price: 0, available: 'maybe' }),
      row({ category_en: 'Salads', name_en: 'Nicoise', price: 12.345 }),
    ]);
    const result = await expectRefused(owner, sheet);
    expect(result.rows.map((r) => r.errors)).toEqual([
      [{ column: 'price', key: MENU_TRANSFER_E.formula }],
      [{ column: 'name_en', key: MENU_TRANSFER_E.badCell }],
      [{ column: 'name_en', key: MENU_TRANSFER_E.badCell }],
      [{ column: 'name_az', key: MENU_V.dishNameRequired }],
      [{ column: 'category_az', key: MENU_V.categoryNameRequired }],
      [
        { column: 'available', key: MENU_TRANSFER_E.available },
        { column: 'price', key: MENU_V.price },
      ],
      [{ column: 'price', key: MENU_V.price }],
    ]);
  });

  it('the same dish twice in a sheet is refused on the second row, naming the first', async () => {
    const owner = await withMenu();
    const sheet = await xlsxSheet([
      row({ category_en: 'Soups', name_en: 'borsch ', price: 6 }),
      row({ category_en: 'Salads', name_en: 'Greek', price: 8 }),
      row({ category_en: 'SOUPS', name_en: 'Borsch', price: 7 }),
      row({ category_en: 'Salads', name_az: 'Yunan', name_en: 'greek', price: 8 }),
    ]);
    const result = await expectRefused(owner, sheet);
    expect(result.rows.map((r) => [r.row, r.errors])).toEqual([
      [2, []],
      [3, []],
      [4, [{ column: null, key: MENU_TRANSFER_E.duplicateDish, params: { row: 2 } }]],
      [5, [{ column: null, key: MENU_TRANSFER_E.duplicateDish, params: { row: 3 } }]],
    ]);
  });

  it('a CSV cell starting with = is a formula', async () => {
    const owner = await withMenu();
    const csv = 'category_en,name_en,price\nSoups,=HYPERLINK("http://x"),5\n';
    const result = await expectRefused(owner, Buffer.from(csv));
    expect(result.format).toBe('csv');
    expect(result.rows[0].errors).toEqual([{ column: 'name_en', key: MENU_TRANSFER_E.formula }]);
  });
});

describe('photos', () => {
  it('a fake image, a photo not in the ZIP, and a ZIP that is no ZIP are refused; nothing written', async () => {
    const owner = await withMenu();
    const zip = zipSync({
      'fake.jpg': strToU8('<?php echo "not an image"; ?>'),
      'plov.webp': fixtureImage('plov.webp'),
    });
    const sheet = await xlsxSheet([
      row({ category_en: 'Mains', name_en: 'Plov', price: 12, photo: 'plov.webp' }),
      row({ category_en: 'Mains', name_en: 'Kebab', price: 10, photo: 'fake.jpg' }),
      row({ category_en: 'Mains', name_en: 'Dolma', price: 9, photo: 'dolma.jpg' }),
    ]);
    const result = await expectRefused(owner, sheet, zip);
    expect(result.rows.map((r) => r.errors)).toEqual([
      [],
      [{ column: 'photo', key: MENU_TRANSFER_E.photoInvalid, params: { photo: 'fake.jpg', maxMb: 3 } }],
      [{ column: 'photo', key: MENU_TRANSFER_E.photoMissing, params: { photo: 'dolma.jpg' } }],
    ]);

    const notZip = await expectRefused(owner, sheet, Buffer.from('just text'));
    expect(notZip.fileErrors).toEqual([{ column: null, key: MENU_TRANSFER_E.photosType }]);
  });
});

describe('file problems', () => {
  async function fileErrors(owner: Owner, file: Buffer) {
    return (await expectRefused(owner, file)).fileErrors;
  }

  it('a file that is no spreadsheet is refused with a translated problem', async () => {
    const owner = await withMenu();
    const oldExcel = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
    const windows1251 = Buffer.from([0x63, 0x61, 0x74, 0x65, 0x67, 0xee, 0xf0, 0xe8, 0xff, 0x0a]);
    for (const file of [
      fixtureImage('plov.webp'),
      oldExcel,
      windows1251,
      Buffer.from(zipSync({ 'a.txt': strToU8('a') })),
    ]) {
      expect(await fileErrors(owner, file)).toEqual([{ column: null, key: MENU_TRANSFER_E.fileType }]);
    }
    // A workbook whose sheet is damaged.
    const parts = unzipSync(await xlsxSheet([row({ category_en: 'Soups', name_en: 'Borsch', price: 5 })]));
    const broken = Buffer.from(zipSync({ ...parts, 'xl/worksheets/sheet1.xml': strToU8('<<garbage') }));
    expect(await fileErrors(owner, broken)).toEqual([{ column: null, key: MENU_TRANSFER_E.unreadable }]);
  });

  it('an empty sheet, a header without rows, missing or doubled columns', async () => {
    const owner = await withMenu();
    const one = (key: string, params?: Record<string, string | number>) => [
      { column: null, key, ...(params ? { params } : {}) },
    ];
    expect(await fileErrors(owner, Buffer.from('\uFEFF\r\n  \r\n'))).toEqual(one(MENU_TRANSFER_E.emptySheet));
    expect(await fileErrors(owner, await xlsxSheet([]))).toEqual(one(MENU_TRANSFER_E.emptySheet));
    expect(await fileErrors(owner, Buffer.from('dish,cost\nBorsch,5\n'))).toEqual(
      one(MENU_TRANSFER_E.missingColumns, { columns: 'category_*, name_*, price' }),
    );
    expect(await fileErrors(owner, Buffer.from('Category_EN;Name_En\nSoups;Borsch\n'))).toEqual(
      one(MENU_TRANSFER_E.missingColumns, { columns: 'price' }),
    );
    expect(await fileErrors(owner, Buffer.from('category_en,name_en,price,price\nSoups,Borsch,5,6\n'))).toEqual(
      one(MENU_TRANSFER_E.duplicateColumn, { column: 'price' }),
    );
  });

  it('too many rows, a sheet too large', async () => {
    const owner = await withMenu();
    const lines = Array.from({ length: MENU_TRANSFER_LIMITS.rows + 1 }, (_, i) => `Soups,Dish ${i},5`);
    const many = Buffer.from(['category_en,name_en,price', ...lines].join('\n'));
    expect(await fileErrors(owner, many)).toEqual([
      { column: null, key: MENU_TRANSFER_E.tooManyRows, params: { max: MENU_TRANSFER_LIMITS.rows } },
    ]);
    const huge = Buffer.from(`category_en,name_en,price\n${'x'.repeat(MENU_TRANSFER_LIMITS.sheetBytes)}`);
    expect(await fileErrors(owner, huge)).toEqual([
      { column: null, key: MENU_TRANSFER_E.fileTooLarge, params: { maxMb: 5 } },
    ]);
  });

  it('no file part is 400, a JSON body 415, a file over the upload limit 413', async () => {
    const owner = await withMenu();
    const url = transferUrl(owner.eateryId, 'import');
    const noFile = multipart([{ name: 'photos', value: Buffer.from('x'), filename: 'p.zip' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: noFile.payload,
      headers: { ...noFile.headers, ...bearer(owner.token) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'file', messageKey: V.required }]);
    const json = await ctx.app.inject({ method: 'POST', url, payload: { rows: [] }, headers: bearer(owner.token) });
    expect(json.statusCode).toBe(415);
    expect(json.json().messageKey).toBe('unsupportedMediaType');
    const tooBig = await sendSheet(ctx.app, owner, 'import', Buffer.alloc(MENU_TRANSFER_LIMITS.photosBytes + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().messageKey).toBe('bodyTooLarge');
  });
});

describe('caps', () => {
  it('an import past the dish or category cap is refused as a whole with one clear problem', async () => {
    const owner = await withMenu(capped.app);
    const tooManyDishes = await xlsxSheet([
      row({ category_en: 'Soups', name_en: 'Lentil', price: 5 }),
      row({ category_en: 'Soups', name_en: 'Tomato', price: 5 }),
      row({ category_en: 'Soups', name_en: 'Onion', price: 5 }),
      row({ category_en: 'Soups', name_en: 'Borsch', price: 7 }),
    ]);
    const dishesResult = await expectRefused(owner, tooManyDishes, undefined, capped.app);
    expect(dishesResult.fileErrors).toEqual([
      { column: null, key: MENU_TRANSFER_E.limitDishes, params: { max: 3, total: 3 + 1 } },
    ]);
    expect(dishesResult.rows.every((r) => r.errors.length === 0)).toBe(true);

    const tooManyCategories = await xlsxSheet([
      row({ category_en: 'Salads', name_en: 'Greek', price: 8 }),
      row({ category_en: 'Drinks' }),
    ]);
    const categoriesResult = await expectRefused(owner, tooManyCategories, undefined, capped.app);
    expect(categoriesResult.fileErrors).toEqual([
      { column: null, key: MENU_TRANSFER_E.limitCategories, params: { max: 2, total: 3 } },
    ]);

    // Within the caps it goes through: one new dish (3 of 3) and an update.
    const fits = await xlsxSheet([
      row({ category_en: 'Soups', name_en: 'Lentil', price: 5 }),
      row({ category_en: 'Soups', name_en: 'Borsch', price: 7 }),
    ]);
    const ok = await sendSheet(capped.app, owner, 'import', fits);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(report(ok).dishes).toEqual({ new: 1, updated: 1, unchanged: 0 });
  });
});
