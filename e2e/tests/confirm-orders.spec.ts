import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, loginUI, PASSWORD, soupMenu, test, uniqueEmail, useLanguage, type Owner } from '../fixtures';

/**
 * Safe ordering from the table: the owner turns on staff confirmation and table keys; a guest orders from
 * the table's current QR link; the order waits on the board ("Waiting for confirmation") and not in the kitchen;
 * the waiter rejects it with a reason the guest sees, accepts the next one (which reaches the kitchen); after "New
 * QR code" the old link cannot order any more.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function createWaiter(request: APIRequestContext, owner: Owner) {
  const email = uniqueEmail('waiter');
  const res = await request.post(`/api/eatery/${owner.eateryId}/user`, {
    headers: auth(owner.token),
    data: {
      user: { email, password: PASSWORD, roles: ['WAITER'] },
      restaurant: { eateryId: owner.eateryId, name: null },
      userProfileRequest: { name: 'Leyla Hüseynova', phone: '+994 55 111 22 33' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** A page of its own (its own storage: a guest's phone, a waiter's tablet), in English. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, 'en');
  return page;
}

/** The guest menu link of the table's QR code as the tables screen shows it, as a path on this server. */
async function qrLink(page: Page, table: string): Promise<string> {
  const href = await page.getByRole('link', { name: `Open the guest menu of table ${table}` }).getAttribute('href');
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

/**
 * The guest scans `link` and orders one lentil soup (already in the cart when an earlier try failed); the answer of
 * the order request.
 */
/**
 * The guest scans `link` and orders a lentil soup (or what is already in the cart). A phone with an open order at the
 * table first sees the welcome page ("New order"); otherwise the scan opens the menu itself.
 */
async function guestOrders(guest: Page, link: string, { inCart = false, hasOpenOrder = false } = {}) {
  await guest.goto(link);
  if (hasOpenOrder) await guest.getByRole('button', { name: 'New order' }).click();
  if (!inCart) await guest.getByRole('button', { name: 'Add Lentil soup to the cart' }).click();
  await guest.getByRole('button', { name: /View cart/ }).click();
  const placed = guest.waitForResponse(
    (r) => /\/api\/client\/eatery\/\d+\/table\/\d+\/orders$/.test(r.url()) && r.request().method() === 'POST',
  );
  await guest.getByRole('button', { name: 'Place order' }).click();
  return placed;
}

test('staff confirm guest orders from the table’s current QR code; a new code stops the old one', async ({
  page,
  owner,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await soupMenu(request, owner, '3');
  const waiterEmail = await createWaiter(request, owner);

  // ---- The owner turns both switches on in the restaurant form ----
  await useLanguage(page, 'en');
  await loginUI(page, owner.email);
  await page
    .locator('.mantine-Card-root', { hasText: owner.restaurantName })
    .getByRole('button', { name: 'Modify' })
    .click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Address').fill('Nizami 10, Baku');
  await form.getByRole('textbox', { name: 'Phone' }).fill('+994 50 123 45 67');
  await form.getByRole('switch', { name: /^Guests must scan the table's current QR code/ }).check({ force: true });
  await expect(form.getByTestId('table-keys-note')).toBeVisible();
  await form.getByRole('switch', { name: /^Staff confirm guest orders/ }).check({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const eatery = await (await request.get(`/api/eatery/${owner.eateryId}`, { headers: auth(owner.token) })).json();
  expect(eatery).toMatchObject({ tableKeysRequired: true, confirmGuestOrders: true });

  // The table got a key: its QR link carries it.
  await page.goto('/admin/tables');
  const tableCard = page.locator('.mantine-Card-root', { hasText: 'Table 3' });
  await expect(tableCard.getByTestId('qr-key')).toHaveText("Ordering needs this table's QR code");
  const firstLink = await qrLink(page, '3');
  expect(firstLink).toMatch(/\/menu\?k=[^&]+$/);

  // ---- A guest orders from the current QR link: the order waits ----
  const guest = await newPage(browser);
  const first = await guestOrders(guest, firstLink);
  expect(first.status(), await first.text()).toBe(201);
  const firstOrder = (await first.json()) as { id: number; number: number; status: string };
  expect(firstOrder.status).toBe('NEEDS_CONFIRMATION');
  await expect(guest).toHaveURL(new RegExp(`/client/order-confirmation/${firstOrder.id}$`));
  await expect(guest.getByText('Waiting for the waiter to confirm').first()).toBeVisible();

  // The kitchen does not see it.
  await page.goto('/admin/kitchen');
  await expect(page.getByText('No tickets — all caught up')).toBeVisible();

  // ---- The waiter sees it on the floor and the board, and rejects it with a reason ----
  const waiter = await newPage(browser);
  await loginUI(waiter, waiterEmail);
  await waiter.goto('/admin/floor');
  await waiter.getByRole('switch', { name: /^My tables/ }).uncheck({ force: true });
  await expect(waiter.getByRole('button', { name: 'Table 3: Waiting for confirmation' })).toBeVisible();
  await waiter.goto('/admin/orders');
  const firstCard = waiter.getByRole('article', { name: `Order #${firstOrder.number}, table 3` });
  await expect(firstCard).toContainText('Waiting for confirmation');
  await firstCard.getByRole('button', { name: `Reject order #${firstOrder.number}` }).click();
  const reject = waiter.getByRole('dialog');
  // A reason is required.
  await reject.getByRole('button', { name: 'Reject order' }).click();
  await expect(reject.getByText('Please give a reason')).toBeVisible();
  await reject.getByText('Sorry, the kitchen is closing.').click();
  await reject.getByRole('button', { name: 'Reject order' }).click();
  await expect(reject).toBeHidden();
  await expect(firstCard).toBeHidden();

  // The guest's page says so, with the reason.
  await expect(guest.getByText('Reason: Sorry, the kitchen is closing.').first()).toBeVisible({ timeout: 20_000 });

  // ---- The next order is accepted and reaches the kitchen ----
  const second = await guestOrders(guest, firstLink);
  expect(second.status(), await second.text()).toBe(201);
  const secondOrder = (await second.json()) as { id: number; number: number };
  const secondCard = waiter.getByRole('article', { name: `Order #${secondOrder.number}, table 3` });
  await expect(secondCard).toContainText('Waiting for confirmation');
  await secondCard.getByRole('button', { name: `Accept order #${secondOrder.number}` }).click();
  await expect(secondCard).toContainText('New');
  await expect(secondCard.getByRole('button', { name: `Accept order #${secondOrder.number}` })).toHaveCount(0);
  await page.goto('/admin/kitchen');
  await expect(page.getByRole('article', { name: `Ticket: table 3, order #${secondOrder.number}` })).toBeVisible();
  await expect(page.getByText('No tickets — all caught up')).toHaveCount(0);

  // ---- "New QR code": the old printed link can no longer order ----
  await page.goto('/admin/tables');
  await tableCard.getByRole('button', { name: 'New QR code for table 3' }).click();
  const newQr = page.getByRole('dialog');
  await expect(newQr).toContainText('stops taking orders at once');
  await newQr.getByRole('button', { name: 'Make a new QR code' }).click();
  await expect(newQr.getByRole('button', { name: 'Print the new QR code' })).toBeVisible();
  await newQr.getByRole('button', { name: 'Later' }).click();
  await expect(newQr).toBeHidden();
  const secondLink = await qrLink(page, '3');
  expect(secondLink).toMatch(/\/menu\?k=[^&]+$/);
  expect(secondLink).not.toBe(firstLink);

  const stale = await guestOrders(guest, firstLink, { hasOpenOrder: true });
  expect(stale.status()).toBe(403);
  await expect(
    guest.getByText('This QR code is no longer valid. Please scan the code on your table again.').first(),
  ).toBeVisible();

  // The new link orders again (the order waits for the waiter).
  const fresh = await guestOrders(guest, secondLink, { inCart: true, hasOpenOrder: true });
  expect(fresh.status(), await fresh.text()).toBe(201);

  await guest.context().close();
  await waiter.context().close();
});
