import { expect, guestInteractive, soupMenu, test, useLanguage } from '../fixtures';

/**
 * The guest menu page comes from the server with the menu in it. The HTML alone has the dishes (no
 * JavaScript, no API request), and the client hydrates it without a mismatch and without asking for the menu again.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('the HTML the server sends has the menu: dish names, prices, the restaurant', async ({ request, owner }) => {
  const tableId = await soupMenu(request, owner, '12');
  const url = `/client/eatery/${owner.eateryId}/table/${tableId}/menu`;
  const az = await request.get(url);
  expect(az.status()).toBe(200);
  const html = await az.text();
  expect(html).toContain('Mərci şorbası');
  expect(html).toContain('4,50 AZN');
  expect(html).toContain('id="guest-data"');
  const en = await (await request.get(url, { headers: { cookie: 'language=en' } })).text();
  expect(en).toContain('Lentil soup');
  expect(en).toContain('4.50 AZN');
  // The QR code's decision page carries the menu too.
  const decision = await request.get(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
  expect(await decision.text()).toContain('Mərci şorbası');
});

test('the menu page hydrates the server HTML: no hydration error, no menu request, the page works', async ({
  page,
  request,
  owner,
}) => {
  const tableId = await soupMenu(request, owner, '13');
  await useLanguage(page, 'en');
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  const menuRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/client\/eatery\/\d+\/table\/\d+\/menu/.test(r.url())) menuRequests.push(r.url());
  });

  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await guestInteractive(page);
  await expect(page.getByRole('article', { name: 'Lentil soup' })).toBeVisible();
  // Hydrated: the add button works (React's handlers are attached) and the cart bar appears.
  await page.getByRole('button', { name: 'Add Lentil soup to the cart' }).click();
  await expect(page.getByRole('button', { name: /View cart/ })).toContainText('4.50 AZN');

  // A returning guest (stored cart, another language) hydrates cleanly too.
  await page.reload();
  await guestInteractive(page);
  await expect(page.getByRole('button', { name: /View cart/ })).toContainText('4.50 AZN');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
  await page.reload();
  await guestInteractive(page);
  await expect(page.getByRole('heading', { name: 'Супы' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Корзина/ })).toContainText('4,50 AZN');

  expect(problems).toEqual([]);
  expect(menuRequests).toEqual([]);
});

test("the cart page comes from the server for the cart's table and hydrates to the stored cart", async ({
  page,
  request,
  owner,
}) => {
  const tableId = await soupMenu(request, owner, '15');
  await useLanguage(page, 'en');
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  const menuRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/client\/eatery\/\d+\/table\/\d+\/menu/.test(r.url())) menuRequests.push(r.url());
  });

  // The scanned page tells the server the cart's table (a cookie); the cart itself stays in the phone.
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await guestInteractive(page);
  await page.getByRole('button', { name: 'Add Lentil soup to the cart' }).click();
  await expect(page.getByRole('button', { name: /View cart/ })).toContainText('4.50 AZN');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'guest_table');
  expect(cookie?.value).toBe(`${owner.eateryId}.${tableId}`);

  // What the server sends for /client/cart: the restaurant, the table and the page, the menu inlined; not the
  // dishes in the cart (it cannot see them).
  const html = await (
    await request.get('/client/cart', { headers: { cookie: `guest_table=${cookie!.value}; language=en` } })
  ).text();
  expect(html).toContain('id="guest-data"');
  expect(html).toContain('Table 15');
  expect(html).not.toContain('class="boot-stalled"');

  // A reload of the cart: the server's page hydrates, then shows the stored cart; no menu request, no mismatch.
  await page.goto('/client/cart');
  await guestInteractive(page);
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('4.50 AZN');
  await page.getByRole('button', { name: 'One more Lentil soup' }).click();
  await expect(page.getByTestId('cart-total')).toHaveText('9.00 AZN');
  expect(problems).toEqual([]);
  expect(menuRequests).toEqual([]);
});

test.describe('without JavaScript', () => {
  // A phone set to Azerbaijani (its Accept-Language) gets the page in Azerbaijani without a language cookie.
  test.use({ javaScriptEnabled: false, locale: 'az' });

  test('a guest still sees the menu, styled', async ({ page, request, owner }) => {
    const tableId = await soupMenu(request, owner, '14');
    await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
    const row = page.getByRole('article', { name: 'Mərci şorbası' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('4,50 AZN');
    await expect(page.getByRole('heading', { name: 'Şorbalar' })).toBeVisible();
    // The guest stylesheet is linked by the server page: the row is laid out as a card, not unstyled text.
    expect(await row.evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
    expect(await row.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
  });
});
