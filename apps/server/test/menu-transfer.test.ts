import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { MENU_SHEET_COLUMNS, type MenuImportReport } from '@qr-menu/contract';
import { auditLog } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { addStaff, createCategory, fixtureImage, menuForm, sendForm } from './menu-fixtures.js';
import {
  download,
  menuOf,
  menuRows,
  readXlsx,
  row,
  sendSheet,
  transferUrl,
  xlsxSheet,
} from './menu-transfer-fixtures.js';

/** Menu import and export as a spreadsheet: round trips, idempotent re-import, updates, access. */

const ctx = setupApp();

async function department(owner: Owner, name: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${owner.eateryId}/kitchen-department`,
    headers: bearer(owner.token),
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function dish(owner: Owner, categoryId: number, data: Record<string, unknown>, image?: Buffer) {
  const res = await sendForm(
    ctx.app,
    'POST',
    `/api/eatery/${owner.eateryId}/category/${categoryId}/dish`,
    owner.token,
    menuForm(data, image),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/**
 * A menu with what a sheet has to carry: three languages, descriptions, prices of 0.05 and 123.45, departments, tags,
 * a dish sold out, photos, text a spreadsheet would take for a formula, and an empty category.
 */
async function buildMenu(owner: Owner) {
  const hot = await department(owner, 'Hot kitchen');
  const bar = await department(owner, 'Bar');
  const soups = await createCategory(ctx.app, owner, { nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' });
  const drinks = await createCategory(ctx.app, owner, { nameAz: 'İçkilər', nameEn: 'Drinks', nameRu: 'Напитки' });
  await createCategory(ctx.app, owner, { nameEn: 'Seasonal' });
  await dish(
    owner,
    soups.id,
    {
      nameAz: 'Mərci şorbası',
      nameEn: 'Lentil soup',
      nameRu: 'Чечевичный суп',
      descriptionAz: 'Limonla',
      descriptionEn: 'With lemon, "croutons"; and mint',
      descriptionRu: 'С лимоном',
      price: '123.45',
      kitchenDepartmentId: hot,
      dietaryTags: ['vegan', 'glutenFree'],
    },
    fixtureImage('lentil_soup.webp'),
  );
  await dish(owner, soups.id, { nameEn: 'Bread', price: '0.05', available: false, kitchenDepartmentId: hot });
  await dish(
    owner,
    drinks.id,
    {
      nameAz: 'Çay',
      nameRu: 'Чай',
      descriptionEn: '=2+2 is not a formula',
      price: '2.50',
      kitchenDepartmentId: bar,
      dietaryTags: ['halal'],
    },
    fixtureImage('drinks.webp'),
  );
  await dish(owner, drinks.id, { nameEn: '-20% lemonade', descriptionEn: '@home', price: '4' });
}

const report = (res: { json(): unknown }) => res.json() as MenuImportReport;

describe('menu export and import', () => {
  it('template: the columns in a fixed spelling, one example row, a help sheet; CSV alike', async () => {
    const owner = await registerOwner(ctx.app);
    const xlsx = await download(ctx.app, owner, `${transferUrl(owner.eateryId, 'template')}?format=xlsx`);
    const { sheets, rows } = await readXlsx(xlsx);
    expect(sheets).toEqual(['Menu', 'Help']);
    expect(rows[0]).toEqual([...MENU_SHEET_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Lentil soup');

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `${transferUrl(owner.eateryId, 'template')}?format=csv`,
      headers: bearer(owner.token),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('menu-template.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(MENU_SHEET_COLUMNS.join(','));
    expect(lines[1]).toContain('4.50');

    // The template imports as it is: its example dish.
    const imported = await sendSheet(ctx.app, owner, 'import', xlsx);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(report(imported).dishes).toEqual({ new: 1, updated: 0, unchanged: 0 });
    const menu = await menuOf(ctx.app, owner.eateryId);
    expect(menu[0].dishes[0]).toMatchObject({ price: '4.50', tags: ['vegetarian', 'glutenFree'], available: true });
  });

  it('XLSX export with photos imports into another restaurant as the same menu', async () => {
    const a = await registerOwner(ctx.app);
    await buildMenu(a);
    const before = await menuOf(ctx.app, a.eateryId);

    const sheet = await download(ctx.app, a, `${transferUrl(a.eateryId, 'export')}?format=xlsx`);
    const { rows } = await readXlsx(sheet);
    expect(rows[0]).toEqual([...MENU_SHEET_COLUMNS]);
    // Menu order: Soups (2 dishes), Drinks (2), then the empty category's own row.
    expect(rows.slice(1).map((r) => r[4] ?? r[3])).toEqual(['Lentil soup', 'Bread', 'Çay', '-20% lemonade', undefined]);
    expect(rows[1][9]).toBe(123.45);
    expect(rows[2][9]).toBe(0.05);

    const zip = await download(ctx.app, a, `${transferUrl(a.eateryId, 'export')}?format=xlsx&photos=1`);
    const b = await registerOwner(ctx.app);
    const preview = await sendSheet(ctx.app, b, 'preview', sheet, zip);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report(preview)).toMatchObject({
      ok: true,
      imported: false,
      format: 'xlsx',
      categories: { new: 3, existing: 0 },
      dishes: { new: 4, updated: 0, unchanged: 0 },
      departments: { new: 2 },
      rowsWithErrors: 0,
    });
    expect(report(preview).rows[0]).toMatchObject({
      row: 2,
      category: { az: 'Şorbalar', en: 'Soups', ru: 'Супы' },
      name: { az: 'Mərci şorbası', en: 'Lentil soup', ru: 'Чечевичный суп' },
      priceCents: 12345,
      tags: ['vegan', 'glutenFree'],
      action: 'new',
      newCategory: true,
      errors: [],
    });
    expect(await menuOf(ctx.app, b.eateryId)).toEqual([]);

    const imported = await sendSheet(ctx.app, b, 'import', sheet, zip);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(report(imported)).toMatchObject({ ok: true, imported: true });
    expect(await menuOf(ctx.app, b.eateryId)).toEqual(before);
  });

  it('CSV export (the ZIP with photos as the one file) imports as the same menu', async () => {
    const a = await registerOwner(ctx.app);
    await buildMenu(a);
    const csv = await download(ctx.app, a, `${transferUrl(a.eateryId, 'export')}?format=csv`);
    const text = csv.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    // Formula-safe: text starting with = - @ gets a leading quote in the file, and loses it on import.
    expect(text).toContain("'=2+2 is not a formula");
    expect(text).toContain("'-20% lemonade");
    expect(text).toContain('0.05');

    const bundle = await download(ctx.app, a, `${transferUrl(a.eateryId, 'export')}?format=csv&photos=1`);
    const b = await registerOwner(ctx.app);
    const imported = await sendSheet(ctx.app, b, 'import', bundle, undefined, 'menu.zip');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(report(imported).format).toBe('csv');
    expect(await menuOf(ctx.app, b.eateryId)).toEqual(await menuOf(ctx.app, a.eateryId));
  });

  it('importing an unchanged export again changes nothing; an edited row updates its dish and is audited', async () => {
    const owner = await registerOwner(ctx.app);
    await buildMenu(owner);
    const sheet = await download(ctx.app, owner, `${transferUrl(owner.eateryId, 'export')}?format=xlsx`);
    const before = await menuRows(ctx.app, owner.eateryId);

    const published = vi.spyOn(ctx.app.realtime, 'publish');
    // The photo column names each dish's own photo: no ZIP needed to keep it.
    const again = await sendSheet(ctx.app, owner, 'import', sheet);
    expect(again.statusCode, again.body).toBe(200);
    expect(report(again)).toMatchObject({
      categories: { new: 0, existing: 3 },
      dishes: { new: 0, updated: 0, unchanged: 4 },
      departments: { new: 0 },
    });
    expect(report(again).rows.map((r) => r.action)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
      'category',
    ]);
    expect(await menuRows(ctx.app, owner.eateryId)).toBe(before);
    // Twice: still nothing.
    await sendSheet(ctx.app, owner, 'import', sheet);
    expect(await menuRows(ctx.app, owner.eateryId)).toBe(before);
    expect(published).not.toHaveBeenCalled();

    // Bread: 0.05 → 0,10 (comma decimal), back on sale with "bəli", names matched in any letter case.
    const columns = MENU_SHEET_COLUMNS.filter((c) => !['department', 'tags', 'photo'].includes(c));
    const edited = await xlsxSheet(
      [
        row({ category_en: 'SOUPS', name_en: 'bread', price: '0,10', available: 'bəli' }, columns),
        row({ category_ru: 'напитки', name_ru: 'Чай', name_en: 'Tea', price: 2.5 }, columns),
      ],
      columns,
    );
    const updated = await sendSheet(ctx.app, owner, 'import', edited);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(report(updated).dishes).toEqual({ new: 0, updated: 2, unchanged: 0 });
    // The same change a dish edit publishes: guests' menus and the staff screens read the menu again.
    expect(published.mock.calls).toEqual([[{ kind: 'menu', eateryId: owner.eateryId }]]);
    published.mockRestore();
    const menu = await menuOf(ctx.app, owner.eateryId);
    expect(menu[0].dishes[1]).toMatchObject({ price: '0.10', available: true, department: 'Hot kitchen' });
    // Columns the sheet left out (department, tags, photo) are kept; its empty cells (descriptions) are written.
    expect(menu[1].dishes[0]).toMatchObject({
      texts: ['', 'Tea', 'Чай', '', '', ''],
      department: 'Bar',
      tags: ['halal'],
    });
    expect(menu[1].dishes[0].photo).not.toBeNull();
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.eateryId, owner.eateryId));
    expect(audit.map((e) => [e.kind, e.before, e.after])).toEqual(
      expect.arrayContaining([
        ['PRICE', { price: '0.05' }, { price: '0.10' }],
        ['AVAILABILITY', { available: false }, { available: true }],
      ]),
    );
    expect(audit.every((e) => e.userId === owner.userId)).toBe(true);
  });

  it('reads a CSV with ; between cells, yes/no words of every language and tags by their names', async () => {
    const owner = await registerOwner(ctx.app);
    const csv = [
      'category_az;name_az;name_ru;price;tags;available;department',
      'Salatlar;Çoban salatı;Пастуший салат;"7,20";Веганское, acılı;нет;Soyuq sex',
      'Salatlar;Sezar;Цезарь;9;;XEYR;soyuq SEX',
      'Salatlar;Paytaxt;Столичный;8.5;halal;1;',
    ].join('\r\n');
    const res = await sendSheet(ctx.app, owner, 'import', Buffer.from(csv), undefined, 'menu.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(report(res)).toMatchObject({ categories: { new: 1 }, dishes: { new: 3 }, departments: { new: 1 } });
    const [salads] = await menuOf(ctx.app, owner.eateryId);
    expect(salads.dishes.map((d) => [d.texts[0], d.price, d.tags, d.available, d.department])).toEqual([
      ['Çoban salatı', '7.20', ['vegan', 'spicy'], false, 'Soyuq sex'],
      ['Sezar', '9.00', [], false, 'Soyuq sex'],
      ['Paytaxt', '8.50', ['halal'], true, null],
    ]);
  });

  it('photos of a ZIP are stored through the image checks; the same photo twice is stored once', async () => {
    const owner = await registerOwner(ctx.app);
    const zip = zipSync({ 'pics/Plov.WEBP': fixtureImage('plov.webp'), 'readme.txt': strToU8('hello') });
    const sheet = await xlsxSheet([
      row({ category_en: 'Mains', name_en: 'Plov', price: 12, photo: 'plov.webp' }),
      row({ category_en: 'Mains', name_en: 'Plov for two', price: 22, photo: 'PLOV.webp' }),
    ]);
    const res = await sendSheet(ctx.app, owner, 'import', sheet, zip);
    expect(res.statusCode, res.body).toBe(200);
    const [mains] = await menuOf(ctx.app, owner.eateryId);
    expect(mains.dishes[0].photo).toBeTruthy();
    expect(mains.dishes[1].photo).toBe(mains.dishes[0].photo);
  });
});

describe('menu transfer access', () => {
  it('only the restaurant admin: other roles 403, another restaurant 404', async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    const sheet = await xlsxSheet([row({ category_en: 'Soups', name_en: 'Borsch', price: 5 })]);
    for (const roles of [['WAITER'], ['KITCHEN_ADMIN'], ['CASHIER']] as const) {
      const staff = await addStaff(ctx.app, owner.eateryId, [...roles]);
      const who = { eateryId: owner.eateryId, token: staff.token };
      for (const url of [transferUrl(owner.eateryId, 'template'), transferUrl(owner.eateryId, 'export')]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(staff.token) });
        expect(res.statusCode, `${roles[0]} ${url}`).toBe(403);
      }
      for (const what of ['preview', 'import'] as const) {
        const res = await sendSheet(ctx.app, who, what, sheet);
        expect(res.statusCode, `${roles[0]} ${what}`).toBe(403);
        expect(res.json().messageKey).toBe('accessDenied');
      }
    }
    const intruder = { eateryId: owner.eateryId, token: other.token };
    for (const what of ['preview', 'import'] as const) {
      const res = await sendSheet(ctx.app, intruder, what, sheet);
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    const exported = await ctx.app.inject({
      method: 'GET',
      url: transferUrl(owner.eateryId, 'export'),
      headers: bearer(other.token),
    });
    expect(exported.statusCode).toBe(404);
    expect(await menuOf(ctx.app, owner.eateryId)).toEqual([]);
  });
});
