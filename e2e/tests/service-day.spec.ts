import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import {
  expect,
  guestInteractive,
  openDrawer,
  orderNumberOf,
  type Owner,
  PASSWORD,
  test,
  uniqueEmail,
  useLanguage,
} from '../fixtures';
import { login, useSession, type Login, type StaffRole } from '../seed';

/**
 * The service day from the first order to the receipt, each person in their own browser and every
 * screen updating live (nobody reloads): a guest orders and then adds a dish; the kitchen sees two tickets (the
 * second an ADD-ON) and bumps them; the waiter serves the food from the floor view; the guest asks for the bill
 * (card); the cashier acknowledges the call, splits the bill in two with a tip on one part, and prints the receipt.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const TABLET: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, hasTouch: true };

interface Setup {
  tableId: number;
  staff: Record<StaffRole, Login>;
}

/** Menu (a soup without a department, a kebab for the grill), table 5 with its waiter, kitchen and cashier. */
async function setUp(request: APIRequestContext, owner: Owner): Promise<Setup> {
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;
  const post = async (url: string, data: object) => {
    const res = await request.post(`${base}${url}`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const grill = await post('/kitchen-department', { name: 'Manqal' });
  const category = await request.post(`${base}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Yeməklər', nameEn: 'Dishes', nameRu: 'Блюда' }) },
  });
  expect(category.status()).toBe(201);
  const categoryId = (await category.json()).id as number;
  const dish = async (fields: object) => {
    const res = await request.post(`${base}/category/${categoryId}/dish`, {
      headers,
      multipart: { data: JSON.stringify({ ...fields, categoryId }) },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await dish({ nameAz: 'Mərci şorbası', nameEn: 'Lentil soup', nameRu: 'Чечевичный суп', price: '4.50' });
  await dish({
    nameAz: 'Tikə kabab',
    nameEn: 'Lamb kebab',
    nameRu: 'Шашлык',
    price: '12.00',
    kitchenDepartmentId: grill.id,
  });
  const table = await post('/table', { number: '5', seats: 4 });

  const staff = {} as Record<StaffRole, Login>;
  const names = { WAITER: 'Leyla Waiter', KITCHEN_ADMIN: 'Rashad Cook', CASHIER: 'Aygun Cashier' };
  for (const role of ['WAITER', 'KITCHEN_ADMIN', 'CASHIER'] as const) {
    const email = uniqueEmail(role.toLowerCase());
    await post('/user', {
      user: { email, password: PASSWORD, roles: [role] },
      restaurant: { eateryId: owner.eateryId, name: null },
      userProfileRequest: { name: names[role], phone: null },
    });
    staff[role] = await login(request, email);
  }
  await post('/table-assignment', { waiterId: staff.WAITER.userId, tableId: table.id });
  await openDrawer(request, staff.CASHIER, owner.eateryId);
  return { tableId: table.id, staff };
}

/** A browser of its own for one staff member, signed in, on `path`, in English. */
async function staffPage(browser: Browser, user: Login, owner: Owner, path: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await useLanguage(page, 'en');
  await page.goto('/admin/login');
  await useSession(page, user, owner.eateryId);
  await page.goto(path);
  return page;
}

/** The kitchen display on a tablet and the waiter's floor on a phone, both empty: table 5 is free. */
async function kitchenAndFloor(browser: Browser, staff: Record<StaffRole, Login>, owner: Owner) {
  const kitchen = await staffPage(browser, staff.KITCHEN_ADMIN, owner, '/admin/kitchen', TABLET);
  await expect(kitchen.getByText('No tickets — all caught up')).toBeVisible();
  const waiter = await staffPage(browser, staff.WAITER, owner, '/admin/floor', PHONE);
  const tile = waiter.getByRole('button', { name: /^Table 5: / });
  await expect(tile).toHaveAccessibleName('Table 5: Free');
  return { kitchen, waiter, tile };
}

async function expectNoSeriousViolations(page: Page, name: string) {
  expect.soft(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

test('a service day: order and add-on, two kitchen tickets bumped, served from the floor, the bill requested, split in two with a tip, receipt', async ({
  browser,
  request,
  owner,
}) => {
  test.setTimeout(180_000);
  const { tableId, staff } = await setUp(request, owner);

  // Staff screens open before the guest orders: everything after this arrives live.
  const { kitchen, waiter, tile } = await kitchenAndFloor(browser, staff, owner);
  const cashier = await staffPage(browser, staff.CASHIER, owner, '/admin/orders', {
    viewport: { width: 1366, height: 900 },
  });
  await expect(cashier.getByText('Live', { exact: true })).toBeVisible();

  // The guest orders a soup.
  const guestContext = await browser.newContext(PHONE);
  const guest = await guestContext.newPage();
  await useLanguage(guest, 'en');
  await guest.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
  await guestInteractive(guest);
  await guest.getByRole('button', { name: 'Add Lentil soup to the cart' }).click();
  await guest.getByRole('button', { name: /View cart/ }).click();
  await guest.getByRole('button', { name: 'Place order' }).click();
  await expect(guest).toHaveURL(/\/client\/order-confirmation\/\d+$/);
  const orderId = Number(guest.url().split('/').pop());
  const number = await orderNumberOf(request, owner, orderId);

  // The kitchen sees the first ticket; the floor shows the table ordering.
  const ticket1 = kitchen.getByRole('article', { name: `Ticket: table 5, order #${number}` }).first();
  await expect(ticket1).toContainText('Lentil soup');
  await expect(tile).toHaveAccessibleName('Table 5: Ordering');

  // The guest adds a kebab: only the kebab comes as a second, ADD-ON ticket.
  await guest.getByRole('button', { name: 'Add dishes' }).click();
  await guest.getByRole('button', { name: 'Add Lamb kebab to the cart' }).click();
  await guest.getByRole('button', { name: /View cart/ }).click();
  await guest.getByRole('button', { name: `Add to order #${number}` }).click();
  await expect(guest).toHaveURL(new RegExp(`/client/order-confirmation/${orderId}$`));
  const tickets = kitchen.getByRole('article', { name: `Ticket: table 5, order #${number}` });
  await expect(tickets).toHaveCount(2);
  const addOn = tickets.filter({ hasText: 'ADD-ON' });
  await expect(addOn).toContainText('Lamb kebab');
  await expect(addOn).not.toContainText('Lentil soup');
  await expectNoSeriousViolations(kitchen, 'kitchen display with two tickets');

  // The grill station shows only the kebab.
  await kitchen.getByRole('link', { name: 'Manqal' }).click();
  await expect(kitchen).toHaveURL(/\/admin\/kitchen\/\d+$/);
  await expect(tickets).toHaveCount(1);
  await expect(tickets).toContainText('Lamb kebab');
  await kitchen.getByRole('link', { name: 'All' }).click();
  await expect(tickets).toHaveCount(2);

  // The kitchen bumps both tickets: the queue empties, the floor shows food ready, the guest sees "Ready".
  await tickets.first().getByRole('button', { name: 'Bump' }).click();
  await expect(tickets).toHaveCount(1);
  await tickets.first().getByRole('button', { name: 'Bump' }).click();
  await expect(kitchen.getByText('No tickets — all caught up')).toBeVisible();
  await expect(tile).toHaveAccessibleName('Table 5: Food ready');
  const currentStep = guest.locator('[aria-current="step"]');
  await expect(currentStep).toHaveText(/Ready/);

  // The waiter serves both dishes from the floor; the guest's progress reaches "Served".
  await tile.click();
  await waiter.getByRole('button', { name: 'Mark Lentil soup served' }).click();
  await waiter.getByRole('button', { name: 'Mark Lamb kebab served' }).click();
  await expect(currentStep).toHaveText(/Served/);
  await expectNoSeriousViolations(waiter, 'floor view with the table panel');
  await waiter.keyboard.press('Escape');

  // The guest asks for the bill, paying by card; the cashier's board hears it and answers.
  await guest.getByRole('button', { name: 'Call the waiter or request the bill' }).click();
  const sheet = guest.getByRole('dialog');
  await sheet.getByRole('button', { name: 'Request the bill' }).click();
  await sheet.getByRole('button', { name: 'Card', exact: true }).click();
  await expect(guest.getByTestId('call-notice')).toContainText('The bill has been requested · paying by card');
  await expect(tile).toHaveAccessibleName('Table 5: Bill requested');
  await expect(cashier.getByText('asks for the bill — card')).toBeVisible();
  await cashier.getByRole('button', { name: 'On my way' }).click();
  await expect(guest.getByTestId('call-notice')).toContainText('The waiter is on the way with the bill');

  // The cashier closes the bill: 16.50 in two equal parts, a 10 % tip on the first.
  await cashier.goto(`/admin/bill?orderIds=${orderId}`);
  await expect(cashier.getByTestId('bill-due')).toHaveText('16.50 AZN');
  // The bill belongs to the orders' work: the header says so.
  await expect(cashier.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await cashier.getByRole('radiogroup', { name: 'Split' }).getByText('Equally').click();
  await cashier.getByRole('textbox', { name: 'Number of guests' }).fill('2');
  const parts = cashier.getByTestId('split-part');
  await expect(parts).toHaveCount(2);
  const first = parts.nth(0);
  await first.getByRole('radiogroup', { name: 'Tip' }).getByText('%').click();
  await first.getByRole('textbox', { name: 'Tip in percent' }).fill('10');
  await first.getByRole('button', { name: /^Record part 1/ }).click();
  await expect(cashier.getByTestId('bill-due')).toHaveText('8.25 AZN');
  // A recorded part folds into a note; the second part is the one left to record.
  await expect(cashier.getByText('Part 1 recorded · 8.25 AZN')).toBeVisible();
  await cashier.getByRole('button', { name: /^Record part 2/ }).click();
  await expect(cashier.getByTestId('bill-paid')).toBeVisible();
  await expectNoSeriousViolations(cashier, 'closed bill');

  // The receipt: the restaurant, the items, the total, the tip, the way it was paid — in the restaurant's language
  // (az by default), whatever the cashier's interface language.
  await cashier.getByRole('link', { name: 'Print receipt' }).click();
  const receipt = cashier.locator('[data-receipt]');
  await expect(receipt).toContainText(owner.restaurantName);
  await expect(receipt).toContainText('Mərci şorbası');
  await expect(receipt).toContainText('Tikə kabab');
  await expect(receipt).toContainText('16.50');
  await expect(receipt).toContainText('0.83');
  await expectNoSeriousViolations(cashier, 'receipt');

  // The guest's order is paid; no more dishes can be added.
  // Paid is the last step: done, no step in progress any more.
  await expect(guest.locator('li[data-done="true"]').last()).toHaveText(/Paid/);
  await expect(currentStep).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Add dishes' })).toHaveCount(0);
});

test('a bill paid before the kitchen starts: the kitchen still cooks and bumps every dish, the waiter serves them, the guest sees where they are', async ({
  browser,
  request,
  owner,
}) => {
  test.setTimeout(120_000);
  const { tableId, staff } = await setUp(request, owner);
  const { kitchen, waiter, tile } = await kitchenAndFloor(browser, staff, owner);

  // The guest orders a soup and a kebab.
  const guest = await (await browser.newContext(PHONE)).newPage();
  await useLanguage(guest, 'en');
  await guest.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
  await guestInteractive(guest);
  await guest.getByRole('button', { name: 'Add Lentil soup to the cart' }).click();
  await guest.getByRole('button', { name: 'Add Lamb kebab to the cart' }).click();
  await guest.getByRole('button', { name: /View cart/ }).click();
  await guest.getByRole('button', { name: 'Place order' }).click();
  await expect(guest).toHaveURL(/\/client\/order-confirmation\/\d+$/);
  const orderId = Number(guest.url().split('/').pop());
  const number = await orderNumberOf(request, owner, orderId);
  const ticket = kitchen.getByRole('article', { name: `Ticket: table 5, order #${number}` });
  await expect(ticket).toContainText('Lamb kebab');

  // The cashier takes the card at once, before the kitchen has started.
  const paid = await request.post(`/api/eatery/${owner.eateryId}/bill/payments`, {
    headers: auth(staff.CASHIER.token),
    data: { orderIds: [orderId], method: 'CARD' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  expect((await paid.json()).status).toBe('PAID');

  // Nothing is lost: the ticket stays, the table waits for its food, the guest sees "paid" and the dishes' real step.
  await expect(tile).toHaveAccessibleName('Table 5: Paid, food coming');
  await expect(ticket).toContainText('Lentil soup');
  const currentStep = guest.locator('[aria-current="step"]');
  await expect(guest.locator('li[data-done="true"]').last()).toHaveText(/Paid/);
  await expect(currentStep).toHaveText(/Accepted/);

  // The kitchen bumps it: the floor shows food ready, the guest "Ready".
  await ticket.getByRole('button', { name: 'Bump' }).click();
  await expect(kitchen.getByText('No tickets — all caught up')).toBeVisible();
  await expect(tile).toHaveAccessibleName('Table 5: Food ready');
  await expect(currentStep).toHaveText(/Ready/);

  // The waiter serves both dishes from the floor: the table is free, every step of the guest's order done.
  await tile.click();
  await expect(waiter.getByRole('dialog').getByText('Paid', { exact: true })).toBeVisible();
  await expect(waiter.getByRole('link', { name: 'Close the bill' })).toHaveCount(0);
  await waiter.getByRole('button', { name: 'Mark Lentil soup served' }).click();
  await waiter.getByRole('button', { name: 'Mark Lamb kebab served' }).click();
  await waiter.keyboard.press('Escape');
  await expect(tile).toHaveAccessibleName('Table 5: Free');
  await expect(currentStep).toHaveCount(0);
  await expect(guest.locator('li[data-done="true"]')).toHaveCount(5);
});
