import { expect, loginUI, PASSWORD, test, uniqueEmail, useLanguage } from '../fixtures';

test('owner manages tables with QR codes and a waiter; the waiter sees only what a waiter may', async ({
  page,
  context,
  browser,
  owner,
}) => {
  await useLanguage(page, 'en');
  await loginUI(page, owner.email);
  await page.getByRole('link', { name: 'Tables & QR Codes' }).click();
  await expect(page).toHaveURL(/\/admin\/tables$/);
  await expect(page.getByText('No tables yet. Add your first table to get its QR code.')).toBeVisible();

  // The add form (also offered by the empty state) replaces the list; its rules come first.
  await expect(page.getByRole('button', { name: 'Add table' })).toHaveCount(2);
  await page.getByRole('button', { name: 'Add table' }).last().click();
  await expect(page.getByPlaceholder('Search by table number')).toBeHidden();
  await page.getByLabel('Seats').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Table number is required')).toBeVisible();
  await expect(page.getByText('Number of seats is required')).toBeVisible();
  await page.getByLabel('Table number').fill('1');
  await page.getByLabel('Seats').fill('2');
  await page.getByLabel('Note').fill('By the window');
  await page.getByRole('button', { name: 'Save' }).click();
  const table1 = page.locator('.mantine-Card-root', { hasText: 'Table 1' });
  await expect(table1).toContainText('Seats: 2');
  await expect(table1).toContainText('By the window');

  await page.getByRole('button', { name: 'Add table' }).click();
  await page.getByLabel('Table number').fill('2');
  await page.getByRole('button', { name: 'Save' }).click();
  const table2 = page.locator('.mantine-Card-root', { hasText: 'Table 2' });
  await expect(table2).toContainText('Seats: 4'); // the default

  // A taken number is refused by the server, under the field.
  await page.getByRole('button', { name: 'Add table' }).click();
  await page.getByLabel('Table number').fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A table with this number already exists.')).toBeVisible();
  // A number was typed: Cancel asks before throwing it away.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard changes' }).click();

  // Search and status filter.
  await page.getByPlaceholder('Search by table number').fill('2');
  await expect(table1).toHaveCount(0);
  await expect(table2).toBeVisible();
  await page.getByPlaceholder('Search by table number').fill('');
  const statusFilter = page.getByRole('radiogroup', { name: 'Status filter' });
  await statusFilter.getByText('Inactive only', { exact: true }).click();
  await expect(page.getByText('No tables match your search.')).toBeVisible();
  await statusFilter.getByText('Active only', { exact: true }).click();
  await expect(table1).toBeVisible();
  await statusFilter.getByText('All', { exact: true }).click();

  // The QR code links to the guest menu of the table.
  const qr = table1.getByRole('img', { name: 'QR code of table 1' });
  await expect(qr).toBeVisible();
  await expect(table1.getByRole('link', { name: 'Open the guest menu of table 1' })).toHaveAttribute(
    'href',
    new RegExp(`/client/eatery/${owner.eateryId}/table/\\d+/add/false/menu$`),
  );

  // Print one QR code: a popup window with the restaurant, the table and the code.
  const popupPromise = context.waitForEvent('page');
  await table1.getByRole('button', { name: 'Print QR' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('img', { name: 'QR code of table 1' })).toBeVisible();
  await expect(popup.locator('body')).toContainText(owner.restaurantName);
  await expect(popup).toHaveTitle(`${owner.restaurantName} — Table 1`);
  await popup.close();

  // Print all: one page, one card per table.
  const allPromise = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Print all QR codes' }).click();
  const all = await allPromise;
  await expect(all.getByRole('img')).toHaveCount(2);
  await expect(all.locator('body')).toContainText('Table 2');
  await all.close();

  // A blocked popup is explained.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await table2.getByRole('button', { name: 'Print QR' }).click();
  await expect(page.getByText('Cant print, Please allow popup windows in the browser.')).toBeVisible();

  // Users screen: create a waiter (the form's rules first).
  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.locator('.mantine-Card-root', { hasText: owner.email })).toContainText('Owner');
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Username is required')).toBeVisible();
  await expect(dialog.getByText('Password is required for new users')).toBeVisible();
  await expect(dialog.getByText('At least one role must be selected')).toBeVisible();
  const waiterEmail = uniqueEmail('waiter');
  await dialog.getByLabel('Email (username)').fill(waiterEmail);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Leyla Huseynova');
  await dialog.getByLabel('Phone').fill('+994 55 111 22 33');
  await dialog.getByLabel('Roles').click();
  await page.getByRole('option', { name: 'Waiter' }).click();
  await dialog.getByText('New user').click(); // closes the role list
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const waiterCard = page.locator('.mantine-Card-root', { hasText: waiterEmail });
  await expect(waiterCard).toContainText('Waiter');
  await expect(waiterCard).toContainText('+994 55 111 22 33');

  // The admin cannot drop their own admin role: the server says so, translated.
  await page.locator('.mantine-Card-root', { hasText: owner.email }).getByRole('button', { name: 'Edit' }).click();
  await dialog.locator('.mantine-MultiSelect-input').click();
  await page.getByRole('option', { name: 'Eatery Admin' }).click();
  await page.getByRole('option', { name: 'Waiter' }).click();
  await dialog.getByText('Edit user').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('You cannot remove your own Eatery Admin role.')).toBeVisible();
  // The roles were changed: Cancel asks before throwing the change away.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Assign the waiter to table 1 (a waiter must be chosen), then unassign after confirming.
  await page.getByRole('link', { name: 'Tables & QR Codes' }).click();
  await table1.getByRole('button', { name: 'Assign waiter' }).click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog.getByText('Please choose a waiter')).toBeVisible();
  await dialog.getByLabel('Waiter').click();
  await page.getByRole('option', { name: /Leyla Huseynova/ }).click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await expect(table1).toContainText('Leyla Huseynova');
  await table1.getByRole('button', { name: 'Unassign Leyla Huseynova' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(table1).toContainText('Leyla Huseynova');
  await table1.getByRole('button', { name: 'Unassign Leyla Huseynova' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unassign' }).click();
  await expect(table1).toContainText('No waiter assigned');

  // Assigned to table 2 for what follows.
  await table2.getByRole('button', { name: 'Assign waiter' }).click();
  await dialog.getByLabel('Waiter').click();
  await page.getByRole('option', { name: /Leyla Huseynova/ }).click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(table2).toContainText('Leyla Huseynova');

  // The waiter, in a browser of their own: Orders and Tables, no admin screens, tables read-only.
  const waiterContext = await browser.newContext();
  const waiterPage = await waiterContext.newPage();
  await useLanguage(waiterPage, 'en');
  await loginUI(waiterPage, waiterEmail);
  const nav = waiterPage.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Tables & QR Codes' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Category Management' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Tables & QR Codes' }).click();
  const waiterTable2 = waiterPage.locator('.mantine-Card-root', { hasText: 'Table 2' });
  await expect(waiterTable2).toContainText('Leyla Huseynova');
  await expect(waiterPage.getByRole('img', { name: 'QR code of table 1' })).toBeVisible();
  await expect(waiterPage.getByRole('button', { name: 'Add table' })).toHaveCount(0);
  await expect(waiterPage.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(waiterPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(waiterPage.getByRole('button', { name: 'Assign waiter' })).toHaveCount(0);
  await expect(waiterPage.getByRole('button', { name: /Unassign/ })).toHaveCount(0);
  await waiterContext.close();

  // Back to the owner: delete a table after confirming.
  await table1.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table1).toHaveCount(0);
  await expect(table2).toBeVisible();
});
