import { fileURLToPath } from 'node:url';
import { createOwner, expect, loginUI, soupMenu, test, useLanguage } from '../fixtures';

const LOGO = fileURLToPath(new URL('../fixtures/baklava.webp', import.meta.url));

/**
 * The owner sets the time zone, currency, default guest language, opening hours and logo on the
 * restaurant form, and dietary tags on a dish; the guest menu API carries them.
 */
test('restaurant settings and dish tags reach the guest menu', async ({ page, request }) => {
  const owner = await createOwner(request, 'Nar Cafe');
  const tableId = await soupMenu(request, owner, 'S1');
  const headers = { Authorization: `Bearer ${owner.token}` };
  await useLanguage(page, 'en');
  await loginUI(page, owner.email);

  const card = page.locator('.mantine-Card-root', { hasText: 'Nar Cafe' });
  await card.getByRole('button', { name: 'Modify' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address').fill('Nizami 10, Baku');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+994 50 123 45 67');
  // The time zone list is searchable.
  await dialog.getByRole('combobox', { name: 'Time zone' }).fill('Tokyo');
  await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
  await dialog.getByRole('combobox', { name: 'Currency shown' }).click();
  await page.getByRole('option', { name: /^EUR/ }).click();
  await dialog.getByRole('combobox', { name: 'Default guest language' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await dialog.getByRole('switch', { name: 'Show opening hours' }).check({ force: true });
  await dialog.getByLabel('Friday: opens').fill('18:00');
  await dialog.getByLabel('Friday: closes').fill('02:00');
  await expect(dialog.getByText('until the next day')).toBeVisible();
  await dialog.getByLabel('Sunday: closed').check();
  await dialog.locator('input[type="file"]').setInputFiles(LOGO);
  await expect(dialog.getByRole('img', { name: 'Image preview' })).toBeVisible();
  const logoSaved = page.waitForResponse((r) => /\/logo$/.test(r.url()) && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await logoSaved).status()).toBe(200);
  await expect(dialog).toBeHidden();

  const eatery = await (await request.get(`/api/eatery/${owner.eateryId}`, { headers })).json();
  expect(eatery).toMatchObject({ timeZone: 'Asia/Tokyo', currency: 'EUR', guestLanguage: 'en' });
  expect(eatery.openingHours[4]).toEqual({ closed: false, open: '18:00', close: '02:00' });
  expect(eatery.openingHours[6].closed).toBe(true);
  expect(eatery.logo).toMatch(/^\/api\/image\/\d+\/[0-9a-f]{16}\.webp$/);

  // Reopened, the form shows what was saved.
  await card.getByRole('button', { name: 'Modify' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Asia\/Tokyo/);
  await expect(dialog.getByLabel('Friday: closes')).toHaveValue('02:00');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A dish gets two tags on its form; the card shows them.
  await page.goto('/admin/categories');
  await page
    .getByTestId('category-card')
    .filter({ hasText: 'Soups' })
    .getByRole('link', { name: 'Edit dishes' })
    .click();
  const dishCard = page.locator('.mantine-Card-root', { hasText: 'Lentil soup' });
  await expect(dishCard).toContainText('4.50 EUR');
  await dishCard.getByRole('button', { name: 'Edit' }).click();
  // A chip's input is visually hidden: the chip (its label) takes the click.
  await dialog.getByText('Vegan', { exact: true }).click();
  await dialog.getByText('Gluten-free', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Vegan' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(dishCard.getByRole('list', { name: 'Dietary and allergen tags' })).toContainText('Vegan');

  const menu = await (await request.get(`/api/client/eatery/${owner.eateryId}/table/${tableId}/menu`)).json();
  expect(menu).toMatchObject({ timeZone: 'Asia/Tokyo', currency: 'EUR', defaultLanguage: 'en' });
  expect(menu.logo.src).toBe(eatery.logo);
  expect(menu.openingHours[4]).toEqual({ closed: false, open: '18:00', close: '02:00' });
  expect(menu.categories[0].dishes[0].dietaryTags).toEqual(['vegan', 'glutenFree']);
});
