import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'saffron-plov-7';
let counter = 0;
export const uniqueEmail = (prefix = 'owner') => `${prefix}.${Date.now()}.${process.pid}.${counter++}@example.com`;

export interface Owner {
  email: string;
  password: string;
  userId: number;
  eateryId: number;
  token: string;
  restaurantName: string;
}

/** Registers an owner with a restaurant through the API and logs in (token for API calls). */
export async function createOwner(request: APIRequestContext, restaurantName = 'Dadlı Ev'): Promise<Owner> {
  const email = uniqueEmail();
  const reg = await request.post('/api/admin/eatery', {
    data: {
      user: { email, password: PASSWORD },
      restaurant: { name: restaurantName },
      userProfileRequest: { name: 'Test Owner', phone: null },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const { userId, eateryId } = await reg.json();
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD, eateryId: null } });
  expect(login.status()).toBe(200);
  const { jwt } = await login.json();
  return { email, password: PASSWORD, userId, eateryId, token: jwt, restaurantName };
}

/** A one-dish menu (Soups: Lentil soup, 4.50) and a table with this number, through the staff API; the table's id. */
export async function soupMenu(request: APIRequestContext, owner: Owner, tableNumber: string): Promise<number> {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const category = await request.post(`${base}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' }) },
  });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = (await category.json()).id as number;
  const dish = await request.post(`${base}/category/${categoryId}/dish`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Mərci şorbası', nameEn: 'Lentil soup', price: '4.50', categoryId }) },
  });
  expect(dish.status(), await dish.text()).toBe(201);
  const table = await request.post(`${base}/table`, { headers, data: { number: tableNumber, seats: 2 } });
  expect(table.status(), await table.text()).toBe(201);
  return (await table.json()).id as number;
}

/** Opens the user's cash drawer for today with `openingFloat` (cash payments and refunds need one). */
export async function openDrawer(
  request: APIRequestContext,
  user: { token: string },
  eateryId: number,
  openingFloat = '0',
) {
  const res = await request.post(`/api/eatery/${eateryId}/drawers`, {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { openingFloat },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The number of the day of an order (what screens show) from its id (what URLs carry), read as its owner. */
export async function orderNumberOf(
  request: APIRequestContext,
  owner: { token: string; eateryId: number },
  orderId: number,
): Promise<number> {
  const res = await request.get(`/api/eatery/${owner.eateryId}/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { number: number }).number;
}

/** Waits until a guest page's React handlers are attached (a server-rendered page shows its buttons earlier). */
export async function guestInteractive(page: Page) {
  await expect(page.locator('html[data-interactive]')).toHaveCount(1);
}

/** Sets the starting UI language before any page script runs (a later switch on the page wins). */
export async function useLanguage(page: Page, lang: 'az' | 'en' | 'ru') {
  await page.addInitScript((l) => {
    if (localStorage.getItem('language')) return;
    localStorage.setItem('language', l);
    document.cookie = `language=${l}; path=/`;
  }, lang);
}

/**
 * Logs in through the login form and waits for the start page of the role: the restaurant list (owners,
 * admins), the kitchen display (kitchen), the floor (waiters) or the orders board (cashiers). A new owner lands on
 * the start checklist (first-hour.spec.ts walks it); here they go on to the restaurant list, as its "To my
 * restaurants" link does.
 */
export async function loginUI(page: Page, email: string, password = PASSWORD) {
  await page.goto('/admin/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/(restaurants|kitchen|floor|orders|restaurant\/\d+\/setup)$/);
  if (/\/setup$/.test(page.url())) {
    await page.goto('/admin/restaurants');
    await expect(page).toHaveURL(/\/admin\/restaurants$/);
  }
}

export const test = base.extend<{ owner: Owner }>({
  owner: async ({ request }, use) => {
    await use(await createOwner(request));
  },
});

export { expect };
