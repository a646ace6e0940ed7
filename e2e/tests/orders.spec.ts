import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginUI, openDrawer, PASSWORD, test, uniqueEmail, useLanguage, type Owner } from '../fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A table, a category and a dish (4.25 AZN), made through the API. */
async function setUpMenu(request: APIRequestContext, owner: Owner) {
  const headers = auth(owner.token);
  const table = await request.post(`/api/eatery/${owner.eateryId}/table`, { headers, data: { number: '7', seats: 4 } });
  expect(table.status(), await table.text()).toBe(201);
  const category = await request.post(`/api/eatery/${owner.eateryId}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' }) },
  });
  expect(category.status(), await category.text()).toBe(201);
  const { categoryId } = await category.json();
  const dish = await request.post(`/api/eatery/${owner.eateryId}/category/${categoryId}/dish`, {
    headers,
    multipart: {
      data: JSON.stringify({ nameAz: 'Mərci şorbası', nameEn: 'Lentil soup', nameRu: 'Чечевичный суп', price: '4.25' }),
    },
  });
  expect(dish.status(), await dish.text()).toBe(201);
  // The owner takes cash at the till in these tests: their drawer is open.
  await openDrawer(request, owner, owner.eateryId);
  return { tableId: (await table.json()).id as number, dishId: (await dish.json()).dishId as number };
}

/** A waiter of the owner's restaurant. */
async function createWaiter(request: APIRequestContext, owner: Owner) {
  const email = uniqueEmail('waiter');
  const res = await request.post(`/api/eatery/${owner.eateryId}/user`, {
    headers: auth(owner.token),
    data: {
      user: { email, password: PASSWORD, roles: ['WAITER'] },
      restaurant: { eateryId: owner.eateryId, name: null },
      userProfileRequest: { name: 'Rəşad Waiter', phone: null },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD, eateryId: null } });
  return { email, token: (await login.json()).jwt as string };
}

async function openOrders(page: Page, email: string) {
  await useLanguage(page, 'en');
  await loginUI(page, email);
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  // The socket connects about a second after the screen opens.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
}

async function quickStatus(page: Page, orderCard: string, button: string, expected: string) {
  const card = page.getByRole('article', { name: orderCard });
  await card.getByRole('button', { name: 'Status' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', expected);
}

test('staff see a new order live and close its bill; a waiter serves but cannot mark it paid', async ({
  browser,
  owner,
  request,
}) => {
  const { tableId, dishId } = await setUpMenu(request, owner);
  const waiter = await createWaiter(request, owner);

  const staffContext = await browser.newContext();
  const waiterContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const waiterPage = await waiterContext.newPage();
  try {
    await openOrders(staff, owner.email);
    await expect(staff.getByText('No orders for these dates yet.')).toBeVisible();
    await openOrders(waiterPage, waiter.email);

    // A guest-like order arrives through the API: it appears without a reload, with its fire mark and total.
    const created = await request.post(`/api/eatery/${owner.eateryId}/orders`, {
      headers: auth(owner.token),
      data: { tableId, note: 'No onions', items: [{ dishId, quantity: 2 }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id: orderId, number } = (await created.json()) as { id: number; number: number };
    const name = `Order #${number}, table 7`;
    const card = staff.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('data-flashing', 'true');
    await expect(card.getByTestId('table-number')).toHaveText('7');
    await expect(card.getByTestId('fire-mark')).toBeVisible();
    await expect(card.getByTestId('order-total')).toHaveText('8.50 AZN');
    // Dish names in the interface language, from the az name the dish was created with.
    await expect(card).toContainText('2 × Lentil soup');
    await expect(card).toContainText('No onions');
    await expect(card).toContainText(/Today \d\d:\d\d/);
    await expect(staff.locator('[data-filter="CREATED"]')).toContainText('1');
    await expect(staff).toHaveTitle('(1) Orders');
    await expect(waiterPage.getByRole('article', { name })).toBeVisible();

    // A second order through the order grid: a takeaway for a customer, three lentil soups sent at once.
    await staff.getByRole('button', { name: 'Takeaway' }).click();
    const grid = staff.getByRole('dialog', { name: 'Takeaway' });
    await grid.getByRole('textbox', { name: 'Customer name' }).fill('Kamran');
    for (let i = 0; i < 3; i++) await grid.getByRole('button', { name: 'Add Lentil soup' }).click();
    await grid.getByRole('button', { name: 'Send' }).click();
    await expect(grid).toBeHidden();
    const second = staff.getByRole('article', { name: /^Order #\d+, Takeaway · Kamran$/ });
    const secondNumber = Number(/#(\d+)/.exec((await second.getAttribute('aria-label')) ?? '')?.[1]);
    await expect(second.getByTestId('order-total')).toHaveText('12.75 AZN');
    await expect(staff).toHaveTitle('(2) Orders');
    // Deleting asks first.
    await second.getByRole('button', { name: `Delete order #${secondNumber}` }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(second).toHaveCount(0);
    await expect(staff).toHaveTitle('(1) Orders');

    // Through the status modal's quick buttons: PREPARING, READY.
    await quickStatus(staff, name, 'Mark preparing', 'PREPARING');
    await expect(card.getByTestId('fire-mark')).toHaveCount(0);
    await expect(staff).toHaveTitle('Orders');
    await quickStatus(staff, name, 'Mark ready', 'READY');

    // The waiter's board followed live; the waiter is not offered PAID, and the server refuses it too.
    const waiterCard = waiterPage.getByRole('article', { name });
    await expect(waiterCard.locator('[data-status]').first()).toHaveAttribute('data-status', 'READY');
    await waiterCard.getByRole('button', { name: 'Status' }).click();
    const waiterDialog = waiterPage.getByRole('dialog');
    await expect(waiterDialog.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    await expect(waiterDialog.getByRole('button', { name: 'Mark served' })).toBeVisible();
    await expect(waiterDialog.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
    await expect(waiterDialog.getByRole('link', { name: /Close (the )?bill/ })).toHaveCount(0);
    await waiterDialog.getByRole('combobox', { name: 'New status' }).click();
    await expect(waiterPage.getByRole('option', { name: 'Served' })).toBeVisible();
    await expect(waiterPage.getByRole('option', { name: 'Paid' })).toHaveCount(0);
    await waiterPage.keyboard.press('Escape');
    // The footer's "Close" (the X in the corner is named "Close" too).
    await waiterDialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    const refused = await request.put(`/api/eatery/${owner.eateryId}/orders/${orderId}`, {
      headers: auth(waiter.token),
      data: { status: 'PAID' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).messageKey).toBe('accessDenied');

    // The owner closes the bill (the one way to mark an order paid); the waiter's board follows and the
    // paid order leaves the open ones for the "Closed" filter.
    await card.getByRole('link', { name: `Close the bill of order #${number}` }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/bill\\?orderIds=${orderId}$`));
    await expect(staff.getByTestId('bill-due')).toHaveText('8.50 AZN');
    await staff.getByRole('button', { name: /^Record payment/ }).click();
    await expect(staff.getByTestId('bill-paid')).toBeVisible();
    await expect(waiterCard).toHaveCount(0);
    await waiterPage.locator('[data-filter="closed"]').click();
    await expect(waiterCard.locator('[data-status]').first()).toHaveAttribute('data-status', 'PAID');
  } finally {
    await staffContext.close();
    await waiterContext.close();
  }
});
