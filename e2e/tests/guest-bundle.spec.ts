import type { APIRequestContext, Response } from '@playwright/test';
import { expect, guestInteractive, test, useLanguage, type Owner } from '../fixtures';

/**
 * The guest pages stay small: they load no Mantine, zod, TanStack Query or admin code; the router has its
 * HydrateFallback; the dish sheet is a real dialog for keyboard users; a chunk gone after a deploy never leaves a
 * blank page.
 */

// No service worker: page.route must see every asset request (the offline spec covers the worker).
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, serviceWorkers: 'block' });

async function buildMenu(request: APIRequestContext, owner: Owner) {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const cat = await request.post(`${base}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' }) },
  });
  expect(cat.status(), await cat.text()).toBe(201);
  const categoryId = (await cat.json()).id as number;
  for (const [i, nameEn] of ['Lentil soup', 'Dushbara', 'Piti'].entries()) {
    const res = await request.post(`${base}/category/${categoryId}/dish`, {
      headers,
      multipart: {
        data: JSON.stringify({
          nameEn,
          nameAz: nameEn,
          nameRu: nameEn,
          price: `${4 + i}.50`,
          categoryId,
          descriptionEn: `${nameEn}, as at home`,
        }),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const table = await request.post(`${base}/table`, { headers, data: { number: '3', seats: 2 } });
  expect(table.status(), await table.text()).toBe(201);
  return (await table.json()).id as number;
}

/** Markers of the libraries the guest must not load: Mantine's CSS variables, zod's issue codes, TanStack's options. */
const FORBIDDEN = [/--mantine-|data-mantine-color-scheme/, /invalid_type/, /refetchOnWindowFocus/];

test('guest pages load only the guest bundle; no HydrateFallback warning', async ({ page, owner, request }) => {
  const tableId = await buildMenu(request, owner);
  await useLanguage(page, 'en');
  const assets: string[] = [];
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    if (!/\/assets\/.*\.(js|css)$/.test(r.url())) return;
    assets.push(r.url());
    bodies.push(r.text().catch(() => ''));
  });
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });

  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
  await guestInteractive(page);
  await page.getByRole('button', { name: 'Add Piti to the cart' }).click();
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('order-number')).toBeVisible();
  await page.goto('/client/orders');
  await guestInteractive(page);
  await expect(page.getByRole('article').first()).toBeVisible();

  expect(assets.filter((u) => /\/assets\/(admin|MantineRoot|marketing|auth)/.test(u))).toEqual([]);
  // React's production build: only it has the short error messages (the development build is more than twice the size).
  expect((await Promise.all(bodies)).some((body) => body.includes('Minified React error #'))).toBe(true);
  for (const [i, body] of (await Promise.all(bodies)).entries())
    for (const marker of FORBIDDEN) expect(body, `${assets[i]} has ${marker}`).not.toMatch(marker);
  expect(warnings.filter((w) => /HydrateFallback/.test(w))).toEqual([]);
  // Nothing wider than a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

/**
 * The guest menu page's first load: its scripts and stylesheets, brotli as the server sends them. The budget is 90 KB;
 * the allergens' words, the visible filter chips and the server-decided first scan brought it to 91.3 KB (the README
 * says the budget is missed). This ceiling stops it growing further while that is worked on.
 */
const FIRST_LOAD_BUDGET_KB = 92;

test('a first visit of the guest menu page loads at most 92 KB of JS and CSS (brotli)', async ({
  page,
  owner,
  request,
}) => {
  const tableId = await buildMenu(request, owner);
  await useLanguage(page, 'en');
  const loaded: Response[] = [];
  page.on('response', (r) => {
    if (['script', 'stylesheet'].includes(r.request().resourceType())) loaded.push(r);
  });
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`, { waitUntil: 'networkidle' });
  await guestInteractive(page);
  await expect(page.getByRole('button', { name: 'Add Piti to the cart' })).toBeVisible();

  const files = await Promise.all(
    loaded.map(async (r) => ({
      url: r.url(),
      encoding: await r.headerValue('content-encoding'),
      // The body's bytes as they came over the wire, still compressed.
      bytes: (await r.request().sizes()).responseBodySize,
    })),
  );
  expect(files.length).toBeGreaterThan(0);
  // The build compresses every file of 1 KB or more; such a file sent uncompressed would not count as the budget does.
  expect(files.filter((f) => f.bytes >= 1024 && f.encoding !== 'br')).toEqual([]);
  const totalKb = files.reduce((sum, f) => sum + f.bytes, 0) / 1024;
  const list = files.map((f) => `${(f.bytes / 1024).toFixed(1)} KB ${new URL(f.url).pathname}`).join('\n');
  expect(totalKb, `first load ${totalKb.toFixed(1)} KB:\n${list}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
});

test('the dish sheet opens from its row with the keyboard, traps the focus, Escape gives it back', async ({
  page,
  owner,
  request,
}) => {
  const tableId = await buildMenu(request, owner);
  await useLanguage(page, 'en');
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await guestInteractive(page);
  const details = page.getByRole('button', { name: 'Dushbara: photo and details' });
  await details.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: 'Dushbara' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Dushbara, as at home');
  // Tab never leaves the dialog (the page behind is inert).
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(details).toBeFocused();

  // Two portions with a note, from the sheet.
  await details.click();
  await sheet.getByRole('button', { name: 'One more Dushbara' }).click();
  await sheet.getByRole('textbox', { name: 'Note for Dushbara' }).fill('No onions');
  await sheet.getByRole('button', { name: 'Add · 11.00 AZN' }).click();
  await expect(page.getByRole('button', { name: /View cart/ })).toContainText('11.00 AZN');
  await page.getByRole('button', { name: /View cart/ }).click();
  await expect(page.getByRole('textbox', { name: 'Note for Dushbara' })).toHaveValue('No onions');
});

test('a page chunk gone after a deploy reloads once, then shows a translated message with a reload button', async ({
  page,
  owner,
}) => {
  await useLanguage(page, 'ru');
  // The guest chunk of the build this page was loaded with no longer exists.
  await page.route(/\/assets\/guest-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(`/client/eatery/${owner.eateryId}/table/1/menu`);
  await expect(page.getByRole('heading', { name: 'Доступна новая версия' })).toBeVisible();
  expect(loads).toBe(2);
  const reload = page.getByRole('button', { name: 'Перезагрузить страницу' });
  await expect(reload).toBeVisible();

  // The new build is there now: the button brings the page back.
  await page.unroute(/\/assets\/guest-[^/]*\.js$/);
  await reload.click();
  await expect(page.getByRole('banner')).toBeVisible();
});
