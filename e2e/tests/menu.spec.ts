import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, loginUI, test, useLanguage } from '../fixtures';

/** A placeholder dish photo kept beside the e2e suite. */
const BAKLAVA_IMAGE = fileURLToPath(new URL('../fixtures/baklava.webp', import.meta.url));

const categoryTitles = (page: Page) => page.getByTestId('category-card').getByRole('heading').allTextContents();

/** Drags a card by its handle onto another card, the way a mouse does (dnd-kit needs real pointer moves). */
async function dragOnto(page: Page, handle: Locator, target: Locator) {
  await handle.hover();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 4, to.y + to.height / 2, { steps: 15 });
  await page.mouse.move(to.x + to.width / 4 + 2, to.y + to.height / 2, { steps: 2 });
  await page.mouse.up();
}

test('owner builds a menu: ready-made categories, reorder, department, dish with photo, template dishes', async ({
  page,
  owner,
}) => {
  test.setTimeout(120_000); // one long story on a shared 2-core machine
  await useLanguage(page, 'en');
  await loginUI(page, owner.email);

  // Empty categories screen teaches both ways to start.
  await page.goto('/admin/categories');
  await expect(page.getByText('No categories yet — add your own or pick from ready-made ones')).toBeVisible();
  await page.getByRole('button', { name: 'Pick ready-made' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add selected (0)' }).click();
  await expect(dialog.getByText('Please select at least one category')).toBeVisible();
  for (const name of ['Salads', 'Soups', 'Desserts']) {
    await dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) }).click();
  }
  await dialog.getByRole('button', { name: 'Add selected (3)' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => categoryTitles(page)).toEqual(['Salads', 'Soups', 'Desserts']);

  const cards = page.getByTestId('category-card');

  // The manual form needs at least one name.
  await page.getByRole('button', { name: 'Add category' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please fill at least one language name')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A PNG picked for a category is converted to webp in the browser before the upload.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#e8590c';
    ctx.fillRect(0, 0, 64, 48);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  await cards.filter({ hasText: 'Salads' }).getByRole('button', { name: 'Edit' }).click();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'salads.png',
    mimeType: 'image/png',
    buffer: Buffer.from(png, 'base64'),
  });
  await expect(dialog.getByRole('img', { name: 'Image preview' })).toBeVisible();
  // Record what the page sends (Playwright does not expose multipart bodies with files).
  await page.evaluate(() => {
    const w = window as unknown as { __sent?: string; fetch: typeof fetch };
    const original = w.fetch.bind(window);
    w.fetch = (input, init) => {
      const image = init?.body instanceof FormData ? init.body.get('image') : null;
      if (image instanceof File) w.__sent = `${image.name} ${image.type}`;
      return original(input, init);
    };
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __sent?: string }).__sent))
    .toBe('salads.webp image/webp');
  await expect(dialog).toBeHidden();
  await expect(cards.filter({ hasText: 'Salads' }).getByRole('img', { name: 'Salads' })).toHaveAttribute(
    'src',
    /^\/api\/image\/\d+\.webp$/,
  );

  // Search filters by a name in any language.
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('супы');
  await expect.poll(() => categoryTitles(page)).toEqual(['Soups']);
  await page.getByRole('searchbox', { name: 'Search categories' }).fill('');

  // Drag Desserts before Salads: saved on the server, kept after a reload.
  const saved = page.waitForResponse((r) => r.url().endsWith('/category/order') && r.request().method() === 'PUT');
  await dragOnto(
    page,
    page.getByRole('button', { name: 'Drag to reorder “Desserts”' }),
    cards.filter({ hasText: 'Salads' }),
  );
  expect((await saved).status()).toBe(200);
  await expect.poll(() => categoryTitles(page)).toEqual(['Desserts', 'Salads', 'Soups']);
  await page.reload();
  await expect.poll(() => categoryTitles(page)).toEqual(['Desserts', 'Salads', 'Soups']);

  // When the server refuses an order, the previous order comes back.
  await page.route('**/category/order', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: '{"messageKey":"validation","message":"x"}' }),
  );
  await dragOnto(
    page,
    page.getByRole('button', { name: 'Drag to reorder “Soups”' }),
    cards.filter({ hasText: 'Desserts' }),
  );
  await expect(page.getByText('The new order could not be saved, so the previous order is back.')).toBeVisible();
  await expect.poll(() => categoryTitles(page)).toEqual(['Desserts', 'Salads', 'Soups']);
  await page.unroute('**/category/order');

  // A kitchen department.
  await page.goto('/admin/departments');
  await expect(page.getByText('No departments yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add department' }).first().click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('  Pastry  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('department-card')).toHaveText(/Pastry/);
  await page.getByRole('button', { name: 'Add department' }).click();
  await dialog.getByLabel('Name').fill('pastry');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A department with this name already exists.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Dishes of Desserts, reached from its card.
  await page.goto('/admin/categories');
  await cards.filter({ hasText: 'Desserts' }).getByRole('link', { name: 'Edit dishes' }).click();
  await expect(page).toHaveURL(/\/admin\/menu\?categoryId=\d+&restaurantId=\d+$/);
  await expect(page.getByRole('navigation', { name: 'You are here' })).toContainText('Desserts');
  await expect(page.getByText('No dishes in this category yet')).toBeVisible();

  // A dish with an uploaded photo and the department; validation first.
  await page.getByRole('button', { name: 'Add dish' }).first().click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please fill at least one language name')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid price')).toBeVisible();
  await dialog.getByLabel('Name in Azerbaijani').fill('Nənə paxlavası');
  await dialog.getByLabel('Name in English').fill('Grandma’s baklava');
  await dialog.getByLabel('Description in English').fill('Filo pastry with walnuts and syrup');
  await dialog.getByLabel('Price').fill('4.5');
  await dialog.getByLabel('Kitchen department').click();
  await page.getByRole('option', { name: 'Pastry' }).click();
  // Over 3 MB is refused before any upload.
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(3_145_729, 1),
  });
  await expect(dialog.getByText('Image size exceeds 3 MB limit. Please select a smaller image.')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(BAKLAVA_IMAGE);
  await expect(dialog.getByRole('img', { name: 'Image preview' })).toBeVisible();
  const created = page.waitForResponse((r) => /\/dish$/.test(r.url()) && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  const baklava = page.getByTestId('dish-card').filter({ hasText: 'Grandma’s baklava' });
  await expect(baklava).toContainText('4.50 AZN');
  await expect(baklava).toContainText('Pastry');
  const photo = baklava.getByRole('img', { name: 'Grandma’s baklava' });
  await expect(photo).toHaveAttribute('src', /^\/api\/image\/\d+\.webp$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Two template dishes of the catalogue's desserts.
  await page.getByRole('button', { name: 'Add dish' }).click();
  await dialog.getByRole('tab', { name: 'Ready-made' }).click();
  await dialog.getByRole('button', { name: 'Add Selected Dishes (0)' }).click();
  await expect(dialog.getByText('Please select at least one dish')).toBeVisible();
  await dialog.getByRole('checkbox').nth(0).click();
  await dialog.getByRole('checkbox').nth(1).click();
  await dialog.getByRole('button', { name: 'Add Selected Dishes (2)' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('dish-card')).toHaveCount(3);

  // Mark one template dish unavailable and give it the department too.
  const template = page.getByTestId('dish-card').nth(1);
  const templateName = (await template.getByRole('heading').textContent())!;
  await template.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Available to order').uncheck();
  await dialog.getByLabel('Kitchen department').click();
  await page.getByRole('option', { name: 'Pastry' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // After a reload everything is still there.
  await page.reload();
  const reloaded = page
    .getByTestId('dish-card')
    .filter({ has: page.getByRole('heading', { name: templateName, exact: true }) });
  await expect(reloaded).toHaveAttribute('data-available', 'false');
  await expect(reloaded).toContainText('Unavailable');
  await expect(reloaded).toContainText('Pastry');
  await expect(page.getByTestId('dish-card').filter({ hasText: 'Grandma’s baklava' })).toContainText('Pastry');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(/Desserts/);

  // Dishes reorder with the keyboard too (space, arrow, space); the order is saved.
  const dishTitles = () => page.getByTestId('dish-card').getByRole('heading').allTextContents();
  const before = await dishTitles();
  const dishSaved = page.waitForResponse((r) => r.url().endsWith('/dish/order') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: `Drag to reorder “${before[0]}”` }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`${before[0]} is now at position 1 of 3.`)).toBeAttached();
  // dnd-kit measures the droppable cards in the frames after pick-up; an arrow pressed before that is
  // ignored (seen as a flaky CI failure on a loaded machine): let two frames pass.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(`${before[0]} is now at position 2 of 3.`)).toBeAttached();
  await page.keyboard.press('Space');
  expect((await dishSaved).status()).toBe(200);
  const after = [before[1], before[0], before[2]];
  await expect.poll(dishTitles).toEqual(after);
  await page.reload();
  await expect.poll(dishTitles).toEqual(after);

  // Deleting a category with dishes names their number; cancel keeps it.
  await page.goto('/admin/categories');
  await cards.filter({ hasText: 'Desserts' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Delete category “Desserts”? Its dishes (3) will be deleted too.',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await cards.filter({ hasText: 'Soups' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete category “Soups”?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => categoryTitles(page)).toEqual(['Desserts', 'Salads']);
});
