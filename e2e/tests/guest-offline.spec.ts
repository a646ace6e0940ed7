import type { APIRequestContext, Page } from '@playwright/test';
import { expect, soupMenu, test, useLanguage, type Owner } from '../fixtures';

// A guest's phone.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });

const OFFLINE_MESSAGE = 'You are offline — we will send it when the connection is back.';

/** The restaurant's orders as staff see them. */
async function staffOrders(request: APIRequestContext, owner: Owner): Promise<{ id: number }[]> {
  const res = await request.get(`/api/eatery/${owner.eateryId}/orders`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** The guest service worker controls the page and has kept this table's menu. */
async function waitForOfflineReady(page: Page, menuApi: string) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 15_000 });
  await page.waitForFunction(async (url) => !!(await caches.match(url)), menuApi, { timeout: 15_000 });
}

test('a guest without a connection: the order waits and is placed once when the connection is back; the menu reloads offline', async ({
  page,
  context,
  owner,
  request,
}) => {
  const tableId = await soupMenu(request, owner, '5');
  const menuUrl = `/client/eatery/${owner.eateryId}/table/${tableId}/menu`;
  await useLanguage(page, 'en');
  await page.goto(menuUrl);
  await expect(page.getByText('Lentil soup').first()).toBeVisible();
  await waitForOfflineReady(page, `/api/client/eatery/${owner.eateryId}/table/${tableId}/menu`);

  // Order with no connection: a clear message, nothing reaches the restaurant, the cart stays.
  await page.getByRole('button', { name: 'Add Lentil soup to the cart' }).click();
  await page.getByRole('button', { name: /View cart/ }).click();
  await expect(page).toHaveURL(/\/client\/cart$/);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  expect(await staffOrders(request, owner)).toHaveLength(0);

  // The connection is back: the order goes by itself, once.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/client\/order-confirmation\/\d+$/, { timeout: 20_000 });
  const orderId = Number(page.url().split('/').pop());
  await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0);
  const orders = await staffOrders(request, owner);
  expect(orders.map((o) => o.id)).toEqual([orderId]);

  // A reload without a connection still shows the menu (the worker's shell and the last menu of this table).
  await page.goto(menuUrl);
  await expect(page.getByText('Lentil soup').first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Lentil soup').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Lentil soup to the cart' })).toBeVisible();
  await context.setOffline(false);
  expect(await staffOrders(request, owner)).toHaveLength(1);
});

test('the guest worker keeps only guest files and leaves admin pages alone', async ({ page, owner, request }) => {
  const tableId = await soupMenu(request, owner, '5');
  const loaded = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/assets/')) loaded.add(path);
  });
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await waitForOfflineReady(page, `/api/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  const cached = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((k) => k.startsWith('guest-shell-'));
    const urls = await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)));
    return urls.flat().map((u) => new URL(u).pathname);
  });
  expect(cached).toContain('/index.html');
  // Everything the menu page loaded is in the shell (so it loads offline too).
  expect(loaded.size).toBeGreaterThan(0);
  expect([...loaded].filter((u) => !cached.includes(u))).toEqual([]);
  expect(cached.filter((u) => /\/assets\/(admin|auth|marketing)-/.test(u))).toEqual([]);

  await page.goto('/admin/login');
  await expect(page.locator('input[type="email"]')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname),
  );
  expect(scopes).toEqual(['/client/']);
});
