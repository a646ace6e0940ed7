import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { MENU_SHEET_COLUMNS } from '@qr-menu/contract';
import type { Page } from '@playwright/test';
import { expect, guestInteractive, PASSWORD, test, uniqueEmail, useLanguage } from '../fixtures';
import { FIRST_HOUR_MENU, type MenuRow } from '../first-hour-menu';
import { countedText, text, type Lang } from '../texts';

/**
 * A new owner's first hour, as they live it: register, follow the start checklist, import the menu from a
 * spreadsheet (44 dishes in three languages; two rows in error, fixed and imported again), give a dish a photo
 * straight from a phone (a 12 MB JPEG the browser shrinks), add ten tables in one step, and place a test order from a
 * phone-sized page until the checklist says "All set". Walked in Azerbaijani on a desktop and in Russian on a phone.
 * The walk's time (the owner's clicks plus the app's answers, not the owner's reading) is written to the report.
 * With SHOTS_DIR set, every step leaves a screenshot there.
 */

const WALKS: { lang: Lang; viewport: { width: number; height: number }; restaurant: string }[] = [
  { lang: 'az', viewport: { width: 1280, height: 900 }, restaurant: 'Çay Evi "Nərgiz" & Grill' },
  { lang: 'ru', viewport: { width: 390, height: 844 }, restaurant: 'Sultan (Old City) / 2!' },
];

test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 15_000 });

/** The sheet an owner fills in: one row per dish, the contract's columns. `broken` rows carry the two mistakes. */
async function menuSheet(rows: MenuRow[], broken: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Menu');
  sheet.addRow([...MENU_SHEET_COLUMNS]);
  rows.forEach((row, i) => {
    const values: Record<(typeof MENU_SHEET_COLUMNS)[number], string> = {
      category_az: row.category[0],
      category_en: row.category[1],
      category_ru: row.category[2],
      name_az: row.name[0],
      name_en: row.name[1],
      name_ru: row.name[2],
      description_az: row.description?.[0] ?? '',
      description_en: row.description?.[1] ?? '',
      description_ru: row.description?.[2] ?? '',
      price: row.price,
      department: '',
      tags: row.tags ?? '',
      available: row.available === false ? 'no' : 'yes',
      photo: '',
    };
    // The mistakes a person makes: a price typed with a letter, and a tag the list does not have.
    if (broken && i === 5) values.price = '5.0o';
    if (broken && i === 20) values.tags = 'glutenous';
    sheet.addRow(MENU_SHEET_COLUMNS.map((c) => values[c]));
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A photo as a phone takes it: 4032×3024 JPEG of about 14 MB, made by the browser's own encoder. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4032;
    canvas.height = 3024;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, canvas.width, canvas.height);
    gradient.addColorStop(0, '#c96');
    gradient.addColorStop(1, '#364');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // Sensor noise: what makes a real photo this large.
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = ((seed >> 16) % 160) - 80;
      image.data[i] += n;
      image.data[i + 1] -= n;
      image.data[i + 2] += n >> 1;
    }
    ctx.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 1));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

for (const walk of WALKS) {
  test(`a new owner's first hour in ${walk.lang} at ${walk.viewport.width}px`, async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    const { lang } = walk;
    const t = (key: string, params?: Record<string, string | number>) => text(lang, key, params);
    const shotsDir = process.env.SHOTS_DIR;
    if (shotsDir) mkdirSync(shotsDir, { recursive: true });
    let shot = 0;
    const context = await browser.newContext({ viewport: walk.viewport, locale: lang });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    await useLanguage(page, lang);
    const snap = async (name: string, target: Page = page) => {
      if (!shotsDir) return;
      shot += 1;
      const file = `${shotsDir}/first-hour-${lang}-${String(shot).padStart(2, '0')}-${name}.png`;
      await target.screenshot({ path: file, fullPage: true });
    };
    const checklist = page.getByTestId('setup-checklist');
    const step = (id: string) => page.getByTestId(`setup-step-${id}`);
    const toChecklist = async () => {
      await page.goto('/admin');
      await expect(checklist).toBeVisible();
    };
    const started = Date.now();

    // ---- Register; the success page leads to the login form with the e-mail filled in ----
    const email = uniqueEmail('first-hour');
    await page.goto('/admin/register');
    await page.getByLabel(t('register.name')).fill('Aysel Məmmədova');
    await page.getByLabel(t('register.email')).fill(email);
    await page.getByRole('textbox', { name: t('register.password'), exact: true }).fill(PASSWORD);
    await page.getByLabel(t('register.confirmPassword')).fill(PASSWORD);
    await page.getByLabel(t('register.restaurantName')).fill(walk.restaurant);
    await snap('register');
    await page.getByRole('button', { name: t('register.submit') }).click();
    await expect(page.getByText(t('admin.registerSuccess.title'))).toBeVisible();
    await snap('registered');
    await page.getByTestId('register-success-login').click();
    await expect(page.getByTestId('login-registered')).toBeVisible();
    await expect(page.getByLabel(t('admin.login.email'))).toHaveValue(email);
    await page.getByRole('textbox', { name: t('admin.login.password') }).fill(PASSWORD);
    await snap('login-prefilled');
    await page.getByRole('button', { name: t('admin.login.submit') }).click();

    // ---- The checklist is the first thing the new owner sees ----
    await expect(checklist).toBeVisible();
    await expect(checklist).toHaveAttribute('data-complete', 'false');
    await expect(page.getByTestId('setup-progress-count')).toHaveText(t('setup.progress', { done: 0, total: 5 }));
    await expect(page.getByText(walk.restaurant).first()).toBeVisible();
    await snap('checklist-start');

    // Step 1: the address and the phone, in place.
    await page.getByRole('button', { name: t('setup.details.action') }).click();
    const details = page.getByTestId('setup-details-dialog');
    await details.getByRole('textbox', { name: t('setup.details.address') }).fill('Nizami küç. 10, Bakı');
    await details.getByRole('textbox', { name: t('setup.details.phone') }).fill('+994 50 123 45 67');
    await snap('details');
    await details.getByRole('button', { name: t('common.save') }).click();
    await expect(step('details')).toHaveAttribute('data-done', 'true');

    // Step 2: the menu from a spreadsheet. The first file has two mistakes: both are shown, nothing is written.
    await page.getByRole('link', { name: t('setup.menu.import') }).click();
    await expect(page.getByRole('heading', { name: t('menuTransfer.title') })).toBeVisible();
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'menu.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await menuSheet(FIRST_HOUR_MENU, true),
    });
    await page.getByRole('button', { name: t('menuTransfer.upload.check') }).click();
    const errorRows = page.locator('[data-testid="import-row"][data-error]');
    await expect(errorRows).toHaveCount(2);
    await expect(errorRows.nth(0)).toHaveAttribute('data-row', '7'); // the header is row 1
    await expect(errorRows.nth(1)).toHaveAttribute('data-row', '22');
    await expect(errorRows.nth(1)).toContainText('glutenous');
    if (walk.viewport.width < 576) {
      // On a phone the problems are listed above the table, whose last column is off screen.
      await expect(page.getByTestId('row-problems')).toContainText('glutenous');
    }
    await expect(page.getByTestId('import-summary')).toContainText(
      t('menuTransfer.summary.rowsWithErrors', { count: 2 }),
    );
    await expect(page.getByRole('button', { name: t('menuTransfer.upload.import'), exact: true })).toBeDisabled();
    await snap('import-errors');
    // The owner fixes the two cells and checks the file again: 6 categories and 44 dishes, then imports.
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'menu.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await menuSheet(FIRST_HOUR_MENU, false),
    });
    await page.getByRole('button', { name: t('menuTransfer.upload.check') }).click();
    await expect(page.getByText(t('menuTransfer.summary.ready'))).toBeVisible();
    await expect(page.getByTestId('import-summary')).toContainText(t('menuTransfer.summary.newDishes', { count: 44 }));
    await snap('import-ready');
    await page.getByRole('button', { name: t('menuTransfer.upload.import'), exact: true }).click();
    await expect(page.getByText(t('menuTransfer.done.title'))).toBeVisible();
    await snap('imported');

    // A photo straight from the phone: 12 MB and more goes through, shrunk in the browser.
    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(12_000_000);
    await toChecklist();
    await expect(step('menu')).toHaveAttribute('data-done', 'true');
    await page.getByRole('link', { name: t('setup.menu.add') }).click();
    await openDishForm(page, lang, lang === 'ru' ? 'Шах плов' : 'Şah plov');
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(dialog.getByRole('img', { name: t('imagePicker.preview') })).toBeVisible();
    await snap('dish-photo');
    const saved = page.waitForResponse((r) => /\/dish\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await dialog.getByRole('button', { name: t('common.save') }).click();
    const savedDish = (await (await saved).json()) as { imageUrl?: string | null; image?: string | null };
    expect(savedDish.imageUrl ?? savedDish.image).toBeTruthy();
    await expect(dialog).toHaveCount(0);

    // Step 3: ten tables in one step.
    await toChecklist();
    await page.getByRole('link', { name: t('setup.tables.action') }).click();
    await page.getByTestId('add-several-tables').click();
    const bulk = page.getByTestId('bulk-tables-dialog');
    await bulk.getByRole('textbox', { name: t('tables.bulk.from') }).fill('1');
    await bulk.getByRole('textbox', { name: t('tables.bulk.to') }).fill('10');
    await snap('bulk-tables');
    await bulk.getByRole('button', { name: countedText(lang, 'tables.bulk.submit', 10) }).click();
    await expect(bulk).toHaveCount(0);
    await expect(page.getByTestId('table-card')).toHaveCount(10);
    await snap('tables');

    // Step 4: the owner works alone for now.
    await toChecklist();
    await page.getByRole('button', { name: t('setup.staff.workAlone') }).click();
    await expect(step('staff')).toHaveAttribute('data-done', 'true');

    // Step 5: a test order from a phone: the code's link opens the menu itself (a first scan on this phone).
    const link = await page.getByTestId('setup-test-order-link').getAttribute('href');
    expect(link).toMatch(/\/client\/eatery\/\d+\/table\/\d+\//);
    await snap('test-order-qr');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: lang, hasTouch: true });
    const guest = await phone.newPage();
    guest.on('console', (m) => m.type() === 'error' && consoleErrors.push(`guest: ${m.text()}`));
    await useLanguage(guest, lang);
    await guest.goto(new URL(link!).pathname);
    await guestInteractive(guest);
    const dishName = lang === 'ru' ? 'Чечевичный суп' : 'Mərci şorbası';
    await guest.getByRole('button', { name: t('client.add', { name: dishName }) }).click();
    await snap('guest-menu', guest);
    await guest.getByRole('button', { name: new RegExp(t('client.cartBar.viewCart')) }).click();
    await guest.getByRole('button', { name: t('client.cart.placeOrder') }).click();
    await expect(guest).toHaveURL(/\/client\/order-confirmation\/\d+$/);
    await snap('guest-confirmation', guest);
    await phone.close();

    // The checklist ticks the last step by itself.
    await expect(step('testOrder')).toHaveAttribute('data-done', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('setup-done')).toBeVisible();
    await expect(checklist).toHaveAttribute('data-complete', 'true');
    const seconds = Math.round((Date.now() - started) / 1000);
    await snap('all-set');
    testInfo.annotations.push({ type: 'walk time', description: `${seconds} s (${lang}, ${walk.viewport.width}px)` });
    console.log(`first hour walk in ${lang} at ${walk.viewport.width}px: ${seconds} s`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
}

/** Opens the edit form of a dish from the whole-menu list (a menu of 44 dishes opens as the list). */
async function openDishForm(page: Page, lang: Lang, name: string) {
  await expect(page.getByTestId('menu-list')).toBeVisible();
  await page.getByRole('button', { name: text(lang, 'dishes.list.editOf', { name }) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}
