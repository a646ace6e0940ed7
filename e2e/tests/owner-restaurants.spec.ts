import { expect, loginUI, test, uniqueEmail, useLanguage } from '../fixtures';

test('owner registers, logs in, adds, edits and deletes a restaurant, switches language', async ({ page }) => {
  await useLanguage(page, 'en');
  const email = uniqueEmail('reg');

  // Register: the submit button stays disabled until every field is valid.
  await page.goto('/admin/register');
  const submit = page.getByRole('button', { name: 'Register' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Your name').fill('Aysel Mammadova');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('saffron-plov-7');
  await page.getByLabel('Confirm password').fill('secret124');
  await page.getByLabel('Confirm password').blur();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill('saffron-plov-7');
  await page.getByLabel('Restaurant name').fill('Dadlı Ev');
  await expect(submit).toBeEnabled();
  await submit.click();

  // Success page counts down to the login page.
  await expect(page).toHaveURL(/\/admin\/register\/success$/);
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await page.getByRole('button', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // A wrong password shows the translated server message.
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill('wrongpass1');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText('The password you entered is incorrect.')).toBeVisible();

  await loginUI(page, email);
  await expect(page.getByRole('link', { name: 'Dadlı Ev' })).toBeVisible();

  // Add a restaurant with two phones; blank fields are refused first.
  await page.getByRole('button', { name: 'Add restaurant' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required field').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Çay Evi');
  await dialog.getByLabel('Address').fill('Nizami küç. 10, Bakı');
  await dialog.getByRole('textbox', { name: 'Phone' }).fill('+994 50 123 45 67');
  await dialog.getByRole('button', { name: 'Add phone' }).click();
  await dialog.getByLabel('Phone 2').fill('+994 55 765 43 21');
  await dialog.getByLabel('Latitude').fill('40.3776');
  await dialog.getByLabel('Longitude').fill('49.8925');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.locator('.mantine-Card-root', { hasText: 'Çay Evi' });
  await expect(card).toContainText('+994 50 123 45 67, +994 55 765 43 21');
  // The place on a map, not its two numbers.
  await expect(card.getByTestId('restaurant-map-link')).toHaveAttribute('href', /40\.3776.*49\.8925/);

  // Edit it.
  await card.getByRole('button', { name: 'Modify' }).click();
  await dialog.getByLabel('Address').fill('Fountain Square 1, Baku');
  await dialog.getByRole('button', { name: 'Remove phone' }).first().click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Fountain Square 1, Baku');
  await expect(card).not.toContainText('+994 50 123 45 67');

  // Reload: the change is on the server.
  await page.reload();
  await expect(page.locator('.mantine-Card-root', { hasText: 'Çay Evi' })).toContainText('Fountain Square 1, Baku');

  // Delete asks first; cancel keeps it, confirm removes it.
  await page.locator('.mantine-Card-root', { hasText: 'Çay Evi' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.mantine-Card-root', { hasText: 'Çay Evi' })).toBeVisible();
  await page.locator('.mantine-Card-root', { hasText: 'Çay Evi' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('.mantine-Card-root', { hasText: 'Çay Evi' })).toHaveCount(0);

  // Language switch: the whole screen follows, and the choice survives a reload.
  await page.getByLabel('Language').selectOption('ru');
  await expect(page.getByRole('heading', { name: 'Рестораны', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Добавить ресторан' })).toBeVisible();
  await page.getByLabel('Язык').selectOption('az');
  await expect(page.getByRole('heading', { name: 'Restoranlar', exact: true })).toBeVisible();

  // Logout goes to the login page; admin pages then send the visitor to the landing page.
  await page.getByRole('button', { name: 'Çıxış' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/restaurants');
  await expect(page).toHaveURL(/\/landing$/);
});

test('a login in one tab is seen by another tab', async ({ context, owner }) => {
  const first = await context.newPage();
  await first.goto('/admin/login');
  const second = await context.newPage();
  await loginUI(second, owner.email);
  // The other tab leaves the login form for the start page (a new owner's start checklist).
  await expect(first).toHaveURL(/\/admin\/(restaurants|restaurant\/\d+\/setup)$/);
});

test('registration shows the server error for a taken e-mail, in Russian', async ({ page, owner }) => {
  await useLanguage(page, 'ru');
  await page.goto('/admin/register');
  await page.getByLabel('Ваше имя').fill('Иван Петров');
  await page.getByLabel('Email').fill(owner.email.toUpperCase());
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill('saffron-plov-7');
  await page.getByLabel('Подтвердите пароль').fill('saffron-plov-7');
  await page.getByLabel('Название ресторана').fill('Второй ресторан');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('alert')).toContainText('Аккаунт с этим email уже существует.');
  await expect(page).toHaveURL(/\/admin\/register$/);
});
