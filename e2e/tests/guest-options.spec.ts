import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, guestInteractive, test, useLanguage, type Owner } from '../fixtures';
import { useSession } from '../seed';

/**
 * Dish options end to end: a guest at 390 px picks a size and extras, sees the right unit price and total, orders, and
 * the order shows its options on the staff orders board and the kitchen screen. Also the tag filter, a search in
 * another language, a dish greyed outside its hours, axe on the option sheet and the filter, and screenshots.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'block' });

const SHOTS = process.env.GUEST_OPTIONS_SHOTS ?? 'test-results/guest-options';

/** Monday = 0, as the contract's WEEKDAYS, in Asia/Baku (the restaurant's default time zone). */
function bakuWeekday(): number {
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Baku', weekday: 'short' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(day);
}

interface Seeded {
  tableId: number;
  lemonadeId: number;
}

/** Drinks: a lemonade with a required size and up to 3 extras; Mains: a vegetarian omelette on another weekday only. */
async function seedMenu(request: APIRequestContext, owner: Owner): Promise<Seeded> {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const category = async (nameEn: string, nameAz: string, nameRu: string) => {
    const res = await request.post(`${base}/category`, {
      headers,
      multipart: { data: JSON.stringify({ nameAz, nameEn, nameRu }) },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  const dish = async (categoryId: number, data: Record<string, unknown>) => {
    const res = await request.post(`${base}/category/${categoryId}/dish`, {
      headers,
      multipart: { data: JSON.stringify({ categoryId, ...data }) },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  const drinks = await category('Drinks', 'İçkilər', 'Напитки');
  const mains = await category('Mains', 'Əsas yeməklər', 'Основные блюда');
  const lemonadeId = await dish(drinks, {
    nameAz: 'Limonad',
    nameEn: 'Lemonade',
    nameRu: 'Лимонад',
    descriptionEn: 'Fresh lemons and mint',
    price: '3.00',
    dietaryTags: ['vegan', 'glutenFree'],
    optionGroups: [
      {
        nameAz: 'Ölçü',
        nameEn: 'Size',
        nameRu: 'Размер',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { nameAz: '0,3 L', nameEn: '0.3 L', nameRu: '0,3 л', priceDelta: 0 },
          { nameAz: '0,5 L', nameEn: '0.5 L', nameRu: '0,5 л', priceDelta: '1.50' },
        ],
      },
      {
        nameAz: 'Əlavələr',
        nameEn: 'Extras',
        nameRu: 'Добавки',
        minChoices: 0,
        maxChoices: 3,
        options: [
          { nameAz: 'Nanə', nameEn: 'Mint', nameRu: 'Мята', priceDelta: '0.50' },
          { nameAz: 'Bal', nameEn: 'Honey', nameRu: 'Мёд', priceDelta: '0.50' },
          { nameAz: 'Zəncəfil', nameEn: 'Ginger', nameRu: 'Имбирь', priceDelta: '0.50' },
          { nameAz: 'Laym', nameEn: 'Lime', nameRu: 'Лайм', priceDelta: '0.50' },
        ],
      },
    ],
  });
  const otherDay = (bakuWeekday() + 3) % 7;
  await dish(mains, {
    nameAz: 'Omlet',
    nameEn: 'Omelette',
    nameRu: 'Омлет',
    price: '5.00',
    dietaryTags: ['vegetarian'],
    availableHours: { days: [otherDay], from: '08:00', to: '11:30' },
  });
  await dish(mains, {
    nameAz: 'Plov',
    nameEn: 'Pilaf',
    nameRu: 'Плов',
    descriptionEn: 'Rice with saffron and lamb',
    price: '7.35',
    dietaryTags: ['halal', 'spicy'],
  });
  const table = await request.post(`${base}/table`, { headers, data: { number: '5', seats: 4 } });
  expect(table.status(), await table.text()).toBe(201);
  return { tableId: (await table.json()).id as number, lemonadeId };
}

/**
 * Opening hours every day 00:00–23:59 (so the header says "Open until 23:59" whenever the test runs) and a logo. Orders
 * are not bound to the hours, so that a run in the last minute of the day still orders.
 */
async function setHoursAndLogo(request: APIRequestContext, owner: Owner) {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const put = await request.put(`/api/eatery/${owner.eateryId}`, {
    headers,
    data: {
      name: owner.restaurantName,
      address: 'Nizami küçəsi 10, Bakı',
      phones: ['+994 12 555 00 00'],
      openingHours: Array.from({ length: 7 }, () => ({ closed: false, open: '00:00', close: '23:59' })),
      ordersWithinHours: false,
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const image = readFileSync(new URL('../fixtures/baklava.webp', import.meta.url));
  const logo = await request.put(`/api/eatery/${owner.eateryId}/logo`, {
    headers,
    multipart: { image: { name: 'logo.webp', mimeType: 'image/webp', buffer: image } },
  });
  expect(logo.status(), await logo.text()).toBe(200);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

async function openMenu(page: Page, owner: Owner, tableId: number) {
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await guestInteractive(page);
}

test('a guest picks a size and extras, sees the right prices, orders; staff and kitchen see the options', async ({
  page,
  owner,
  request,
}) => {
  const { tableId } = await seedMenu(request, owner);
  await useLanguage(page, 'en');
  await openMenu(page, owner, tableId);

  // The row's "+" opens the sheet: the size is required.
  await page.getByRole('button', { name: 'Add Lemonade to the cart' }).click();
  const sheet = page.getByRole('dialog', { name: 'Lemonade' });
  await expect(sheet).toBeVisible();
  const add = sheet.getByTestId('sheet-add');
  await expect(add).toBeDisabled();
  await expect(sheet.getByText('Please choose: Size')).toBeVisible();
  await expect(sheet.getByText('Required · Choose 1')).toBeVisible();
  await expect(sheet.getByText('Optional · Up to 3')).toBeVisible();

  await sheet.getByRole('radio', { name: /0\.5 L/ }).check();
  await sheet.getByRole('checkbox', { name: /Mint/ }).check();
  await sheet.getByRole('checkbox', { name: /Honey/ }).check();
  await expect(sheet.getByTestId('sheet-unit-price')).toHaveText('5.50 AZN each');
  await sheet.getByRole('button', { name: 'One more Lemonade' }).click();
  await expect(add).toHaveText('Add · 11.00 AZN');
  await add.click();
  await expect(sheet).toBeHidden();

  await page.getByRole('button', { name: /View cart/ }).click();
  await expect(page.getByText('0.5 L, Mint, Honey')).toBeVisible();
  await expect(page.getByTestId('cart-unit-price')).toHaveText('5.50 AZN each');
  await expect(page.getByTestId('cart-total')).toHaveText('11.00 AZN');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('order-number')).toBeVisible();
  const orderNumber = Number(page.url().split('/').pop()); // the order's id: the confirmation page's address
  await expect(page.getByText('0.5 L, Mint, Honey')).toBeVisible();

  // The server priced it: 2 × (3.00 + 1.50 + 0.50 + 0.50).
  const orders = await request.get(`/api/eatery/${owner.eateryId}/orders/${orderNumber}`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(orders.status(), await orders.text()).toBe(200);
  const order = await orders.json();
  expect(order.orderPrice).toBe(11);
  expect(order.items[0].options.map((o: { names: { en: string } }) => o.names.en)).toEqual(['0.5 L', 'Mint', 'Honey']);

  // Staff: the orders board and the kitchen screen name the options.
  const staff = await page.context().newPage();
  await staff.setViewportSize({ width: 1366, height: 900 });
  await staff.goto('/admin/login');
  await useSession(staff, owner, owner.eateryId);
  await staff.goto('/admin/orders');
  await expect(staff.getByText(/0\.5 L/).first()).toBeVisible();
  await expect(staff.getByText(/Mint/).first()).toBeVisible();
  await staff.goto('/admin/kitchen');
  await expect(staff.getByText(/0\.5 L/).first()).toBeVisible();
  await expect(staff.getByText(/Honey/).first()).toBeVisible();
});

test('tags, a search in another language, a dish outside its hours; axe on the option sheet and the filter', async ({
  page,
  owner,
  request,
}) => {
  const { tableId } = await seedMenu(request, owner);
  await useLanguage(page, 'en');
  await openMenu(page, owner, tableId);

  // Tags on the rows, named.
  const pilaf = page.getByRole('article', { name: 'Pilaf' });
  await expect(pilaf.getByRole('list', { name: 'Diet and allergens' }).getByRole('listitem')).toHaveCount(2);
  // Never a bare icon: the word is written beside it.
  await expect(pilaf.locator('[data-tag="halal"]')).toHaveText('Halal');

  // Outside its hours: greyed, "from <weekday> 08:00", no add button.
  const omelette = page.getByRole('article', { name: 'Omelette' });
  await expect(omelette).toHaveAttribute('data-not-now', 'true');
  await expect(omelette.getByText(/^from \w{3} 08:00$/)).toBeVisible();
  await expect(omelette.getByRole('button', { name: 'Add Omelette to the cart' })).toHaveCount(0);

  // Search in Russian while the page is in English.
  const search = page.getByRole('searchbox', { name: 'Search dishes' });
  await search.fill('плов');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(pilaf).toBeVisible();
  await search.fill('');

  // The tag filter.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Filters' });
  await expect(filter).toBeVisible();
  expect(await seriousViolations(page, 'dialog[open]')).toEqual([]);
  await filter.getByRole('button', { name: 'Vegan' }).click();
  await expect(filter.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true');
  await filter.getByRole('button', { name: 'Show dishes' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Lemonade' })).toBeVisible();
  // The filter on is plain to see: the button counts it, and a pressed chip names it.
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('data-active', 'true');
  const active = page.getByRole('group', { name: 'Active filters' });
  await expect(active.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true');
  await search.fill('omlet');
  await expect(page.getByText('No dishes match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Show all dishes' }).click();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

  // axe on the option sheet, at 390 and 360 px.
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: 'Add Lemonade to the cart' }).click();
    const sheet = page.getByRole('dialog', { name: 'Lemonade' });
    await expect(sheet).toBeVisible();
    expect(await seriousViolations(page, 'dialog[open]'), `option sheet at ${width}px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();
  }
  await page.getByRole('button', { name: 'Filters' }).click();
  expect(await seriousViolations(page, 'dialog[open]'), 'filter at 360px').toEqual([]);
});

test("the QR link's key goes with the order; a rotated key asks the guest to scan the table's code again", async ({
  page,
  owner,
  request,
}) => {
  const { tableId } = await seedMenu(request, owner);
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const keysOn = await request.put(base, {
    headers,
    data: { name: owner.restaurantName, address: 'Bakı', phones: ['+994 12 555 00 00'], tableKeysRequired: true },
  });
  expect(keysOn.status(), await keysOn.text()).toBe(200);
  const tables = (await (await request.get(`${base}/table`, { headers })).json()) as { id: number; guestKey: string }[];
  const key = tables.find((t) => t.id === tableId)!.guestKey;
  expect(key).toBeTruthy();

  await useLanguage(page, 'en');
  // The QR link: the welcome page, then the menu (the key is kept for the table while the tab lives).
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu?k=${encodeURIComponent(key)}`);
  await guestInteractive(page);
  await page.getByRole('button', { name: 'Add Pilaf to the cart' }).click();
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByTestId('order-number')).toBeVisible();

  // The owner prints a new QR code: the old key no longer places orders.
  const rotated = await request.post(`${base}/table/${tableId}/key`, { headers });
  expect(rotated.status(), await rotated.text()).toBe(200);
  await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/menu`);
  await guestInteractive(page);
  await page.getByRole('button', { name: 'Add Pilaf to the cart' }).click();
  await page.getByRole('button', { name: /View cart/ }).click();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert')).toContainText('This QR code is no longer valid. Please scan the code');
  // The cart stays for after the new code is scanned.
  await expect(page.getByTestId('cart-total')).toHaveText('7.35 AZN');
});

for (const lang of ['az', 'en', 'ru'] as const) {
  test(`screenshots at 390 px (${lang}): the menu with tags, the option sheet, the cart`, async ({
    page,
    owner,
    request,
  }) => {
    const { tableId } = await seedMenu(request, owner);
    await setHoursAndLogo(request, owner);
    await useLanguage(page, lang);
    await openMenu(page, owner, tableId);
    // Hydrated: the dish outside its hours is greyed, the header says until when it is open.
    await expect(page.locator('article[data-not-now]')).toHaveCount(1);
    await expect(page.getByTestId('open-state')).toContainText('23:59');
    await expect(page.locator('header img')).toBeVisible();
    await shot(page, `${lang}-menu`);
    await page.locator('button[aria-haspopup="dialog"]:not(article *)').last().click();
    await page.locator('dialog[open] button[aria-pressed]').first().click();
    await expect(page.locator('dialog[open] button[aria-pressed="true"]')).toHaveCount(1);
    await shot(page, `${lang}-filter`);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await page.locator('article').first().locator('button[aria-haspopup="dialog"]').last().click();
    const sheet = page.locator('dialog[open]');
    await expect(sheet).toBeVisible();
    await sheet.locator('input[type="radio"]').nth(1).check();
    await sheet.locator('input[type="checkbox"]').nth(0).check();
    await sheet.locator('input[type="checkbox"]').nth(1).check();
    await shot(page, `${lang}-sheet`);
    await sheet.getByTestId('sheet-add').click();
    await expect(sheet).toBeHidden();
    await page.goto('/client/cart');
    await guestInteractive(page);
    await expect(page.getByTestId('cart-total')).toBeVisible();
    await shot(page, `${lang}-cart`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}
