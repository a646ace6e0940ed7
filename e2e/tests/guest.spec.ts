import type { APIRequestContext, Page } from '@playwright/test';
import { expect, guestInteractive, openDrawer, orderNumberOf, type Owner, test, useLanguage } from '../fixtures';

// A guest's phone.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

interface GuestMenu {
  categoryId: number;
  tableId: number;
}

/** Owner builds a small menu (multipart forms as the admin sends them) and a table through the API. */
async function buildMenu(request: APIRequestContext, owner: Owner): Promise<GuestMenu> {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const cat = await request.post(`${base}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Pizzalar', nameEn: 'Pizza', nameRu: 'Пицца' }) },
  });
  expect(cat.status(), await cat.text()).toBe(201);
  const categoryId = (await cat.json()).id as number;
  const dishes = [
    {
      nameAz: 'Marqarita',
      nameEn: 'Margherita',
      nameRu: 'Маргарита',
      price: '8.50',
      descriptionEn: 'Tomato, mozzarella',
    },
    { nameAz: 'Pepperoni', nameEn: 'Pepperoni', nameRu: 'Пепперони', price: '10.25', descriptionEn: 'Spicy salami' },
  ];
  for (const d of dishes) {
    const res = await request.post(`${base}/category/${categoryId}/dish`, {
      headers,
      multipart: { data: JSON.stringify({ ...d, categoryId }) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const table = await request.post(`${base}/table`, { headers, data: { number: '7', seats: 4 } });
  expect(table.status(), await table.text()).toBe(201);
  return { categoryId, tableId: (await table.json()).id as number };
}

/** Fails the test if the page ever asks for an admin chunk (guest pages are their own lazy chunk). */
function watchAdminChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/admin')) seen.push(r.url());
  });
  return seen;
}

const staffSetsStatus = async (request: APIRequestContext, owner: Owner, orderId: number, status: string) => {
  const res = await request.put(`/api/eatery/${owner.eateryId}/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { status },
  });
  expect(res.status(), await res.text()).toBe(200);
};

test('guest scans, orders with notes, sees READY live, adds dishes and finds the order in My orders', async ({
  page,
  owner,
  request,
}) => {
  const { tableId } = await buildMenu(request, owner);
  const adminChunks = watchAdminChunks(page);
  await useLanguage(page, 'en');

  // A first scan on this phone (no order of its own here yet) opens the menu itself, with no welcome page between.
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
  await guestInteractive(page);
  await expect(page.getByRole('banner')).toContainText('Table 7');
  await expect(page.getByRole('heading', { name: `Welcome to ${owner.restaurantName}!` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'My orders' })).toHaveCount(0);

  // Menu: tab with the category's drawn icon (not an emoji a phone may lack), cards, the cart bar once something
  // is added.
  await expect(page).toHaveURL(new RegExp(`/client/eatery/${owner.eateryId}/table/${tableId}/menu$`));
  const tab = page.getByRole('navigation', { name: 'Menu categories' }).getByRole('button');
  await expect(tab).toHaveText('Pizza');
  await expect(tab.locator('svg')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Margherita' })).toContainText('8.50 AZN');
  await expect(page.getByRole('button', { name: /View cart/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Margherita to the cart' }).click();
  await page.getByRole('button', { name: 'One more Margherita' }).click();
  await page.getByRole('button', { name: 'Add Pepperoni to the cart' }).click();
  const cartBar = page.getByRole('button', { name: /View cart/ });
  await expect(cartBar).toContainText('27.25 AZN');
  await expect(cartBar).toContainText('3');
  await cartBar.click();

  // Cart: minus disabled at 1, a note per dish, an order note, exact total.
  await expect(page).toHaveURL(/\/client\/cart$/);
  await expect(page.getByRole('button', { name: 'One less Pepperoni' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'One less Margherita' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Note for Margherita' }).fill('Extra basil');
  await page.getByRole('textbox', { name: 'Note for the whole order' }).fill('Window seat, please');
  await expect(page.getByTestId('cart-total')).toHaveText('27.25 AZN');
  await page.getByRole('button', { name: 'Place order' }).click();

  // Confirmation: number, stepper, notes, total.
  await expect(page).toHaveURL(/\/client\/order-confirmation\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  // The guest sees the order's number of the day, not its id.
  const number = await orderNumberOf(request, owner, orderId);
  await expect(page.getByTestId('order-number')).toHaveText(`#${number}`);
  await expect(page.getByText('Extra basil')).toBeVisible();
  await expect(page.getByText('Window seat, please')).toBeVisible();
  await expect(page.getByText('27.25 AZN')).toBeVisible();
  const currentStep = page.locator('[aria-current="step"]');
  await expect(currentStep).toHaveText(/Accepted/);

  // Staff marks it READY; the guest sees it without reloading (socket, else the 10 s poll).
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await staffSetsStatus(request, owner, orderId, 'READY');
  await expect(currentStep).toHaveText(/Ready/, { timeout: 15_000 });
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

  // Add dishes to the same order: menu in "add to order #N" mode, then the cart sends them to the order.
  await page.getByRole('button', { name: 'Add dishes' }).click();
  await expect(page.getByText(`Adding dishes to order #${number}`)).toBeVisible();
  await page.getByRole('button', { name: 'Add Pepperoni to the cart' }).click();
  await expect(page.getByRole('button', { name: /View cart/ })).toContainText(`To order #${number}`);
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.getByRole('button', { name: `Add to order #${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/client/order-confirmation/${orderId}$`));
  await expect(page.getByText('37.50 AZN')).toBeVisible();
  // New items start CREATED, so a READY order goes back to PREPARING.
  await expect(currentStep).toHaveText(/Preparing/);

  // My orders lists it, with "Add dishes" while it is open.
  await page.getByRole('button', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/client\/orders$/);
  const card = page.getByRole('article', { name: `Order #${number}` });
  await expect(card).toContainText('37.50 AZN');
  await expect(card).toContainText('Preparing');
  await expect(card.getByRole('button', { name: 'Add dishes' })).toBeVisible();

  // Scanning again offers "My orders" now that this phone has an open order here.
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
  await guestInteractive(page);
  await expect(page.getByRole('button', { name: 'My orders' })).toBeVisible();
  await page.getByRole('button', { name: 'My orders' }).click();

  // Once paid, dishes can no longer be added.
  await openDrawer(request, owner, owner.eateryId);
  await staffSetsStatus(request, owner, orderId, 'PAID');
  await expect(card).toContainText('Paid', { timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Add dishes' })).toHaveCount(0);

  expect(adminChunks).toEqual([]);
});

test('a failed order keeps the cart for a retry; the language choice persists', async ({ page, owner, request }) => {
  const { tableId } = await buildMenu(request, owner);
  const adminChunks = watchAdminChunks(page);
  await useLanguage(page, 'az');
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await guestInteractive(page);
  await expect(page.getByRole('article', { name: 'Marqarita' })).toBeVisible();

  // Switch to Russian in the header; it survives a reload.
  await page.getByRole('combobox', { name: 'Dil' }).selectOption('ru');
  await expect(page.getByRole('article', { name: 'Маргарита' })).toBeVisible();
  await page.reload();
  await guestInteractive(page);
  await expect(page.getByRole('article', { name: 'Маргарита' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Язык' }).selectOption('en');

  await page.getByRole('button', { name: 'Add Margherita to the cart' }).click();
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.getByRole('textbox', { name: 'Note for Margherita' }).fill('No olives');

  // The table stops taking orders: the server refuses, the guest keeps the cart.
  const headers = { Authorization: `Bearer ${owner.token}` };
  const setTable = (status: string) =>
    request.put(`/api/eatery/${owner.eateryId}/table/${tableId}`, { headers, data: { number: '7', seats: 4, status } });
  expect((await setTable('INACTIVE')).status()).toBe(200);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('This table is not taking orders right now.');
  await expect(page.getByRole('textbox', { name: 'Note for Margherita' })).toHaveValue('No olives');
  await expect(page.getByTestId('cart-total')).toHaveText('8.50 AZN');

  // Back in service: the same cart goes through.
  expect((await setTable('ACTIVE')).status()).toBe(200);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/client\/order-confirmation\/\d+$/);
  await expect(page.getByText('No olives')).toBeVisible();

  // The cart is emptied after a successful order, keeping the table.
  await page.goto('/client/cart');
  await guestInteractive(page);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Table 7');

  // Unknown guest paths show page-not-found.
  await page.goto('/client/nowhere');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  expect(adminChunks).toEqual([]);
});
