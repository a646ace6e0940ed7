import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { createOwner, expect, test, useLanguage, type Owner } from '../fixtures';
import { createStaff, ok, useSession, type Login } from '../seed';

/**
 * The service as a POS runs it, in Debian Chromium on a tablet-sized and a phone-sized page: a shared tablet
 * registered as a device where two waiters switch by PIN and a manager's PIN approves a void; a 5-dish order through
 * the menu grid (its taps counted); a table moved and two merged while the kitchen display shows each dish once; a
 * check split 1 + 2 on a quantity line; a pickup order from the pickup link shown "ready" on the pickup board; mains
 * held and fired. (The last portion raced by two guests is a server test with parallel requests on PostgreSQL.)
 */

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Pos {
  owner: Owner;
  waiters: [Login, Login];
  kitchen: Login;
  tables: Record<string, number>;
  dishes: Record<'dolma' | 'salad' | 'plov' | 'kebab' | 'ayran', number>;
}

const PINS = { owner: '9090', waiterA: '1111', waiterB: '2222' };

/** A restaurant with two courses (starters, mains), pickup on, four tables, two waiters and a kitchen, PINs set. */
async function setUp(request: APIRequestContext): Promise<Pos> {
  const owner = await createOwner(request, 'Nar Bağı');
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;
  await ok(
    request.put(base, {
      headers,
      data: {
        name: owner.restaurantName,
        address: 'Nizami küç. 10, Bakı',
        phones: ['+994 12 555 55 55'],
        courses: [
          { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
          { az: 'Əsas yeməklər', en: 'Mains', ru: 'Горячее' },
        ],
        courseFireMode: 'MANUAL',
        pickupEnabled: true,
      },
    }),
  );
  const category = async (nameEn: string, course: number) =>
    (
      await ok<{ id: number }>(
        request.post(`${base}/category`, {
          headers,
          multipart: { data: JSON.stringify({ nameAz: nameEn, nameEn, nameRu: nameEn, course }) },
        }),
        201,
      )
    ).id;
  const starters = await category('Starters', 1);
  const mains = await category('Mains', 2);
  const dish = async (categoryId: number, nameEn: string, price: string, extra: object = {}) =>
    (
      await ok<{ dishId: number }>(
        request.post(`${base}/category/${categoryId}/dish`, {
          headers,
          multipart: { data: JSON.stringify({ nameAz: nameEn, nameEn, nameRu: nameEn, price, categoryId, ...extra }) },
        }),
        201,
      )
    ).dishId;
  const dishes = {
    dolma: await dish(starters, 'Dolma', '8.40'),
    salad: await dish(starters, 'Salad', '5.00'),
    ayran: await dish(starters, 'Ayran', '2.00', {
      optionGroups: [
        {
          nameAz: 'Ölçü',
          nameEn: 'Size',
          nameRu: 'Размер',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { nameAz: 'Kiçik', nameEn: 'Small', nameRu: 'Маленький', priceDelta: 0 },
            { nameAz: 'Böyük', nameEn: 'Large', nameRu: 'Большой', priceDelta: '1.00' },
          ],
        },
      ],
    }),
    plov: await dish(mains, 'Plov', '12.00'),
    kebab: await dish(mains, 'Kebab', '14.00'),
  };
  const tables: Record<string, number> = {};
  for (const number of ['1', '2', '3', '4']) {
    tables[number] = (await ok<{ id: number }>(request.post(`${base}/table`, { headers, data: { number } }), 201)).id;
  }
  const waiters: [Login, Login] = [
    await createStaff(request, owner, 'WAITER', 'Elvin Quliyev'),
    await createStaff(request, owner, 'WAITER', 'Leyla Həsənova'),
  ];
  const kitchen = await createStaff(request, owner, 'KITCHEN_ADMIN', 'Rəşad Əliyev');
  const pin = (userId: number, value: string) =>
    request
      .put(`${base}/user/${userId}/pin`, { headers, data: { pin: value } })
      .then((r) => expect(r.status()).toBe(204));
  await pin(owner.userId, PINS.owner);
  await pin(waiters[0].userId, PINS.waiterA);
  await pin(waiters[1].userId, PINS.waiterB);
  return { owner, waiters, kitchen, tables, dishes };
}

async function staffPage(browser: Browser, user: { token: string; userId: number }, eateryId: number, size = TABLET) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await useLanguage(page, 'en');
  await page.goto('/admin/login');
  await useSession(page, user, eateryId);
  return page;
}

/** Places an order through the staff API (as `user`) and returns it. */
async function placeOrder(
  request: APIRequestContext,
  pos: Pos,
  user: { token: string },
  tableId: number,
  items: { dishId: number; quantity: number; course?: number }[],
) {
  return ok<{ id: number; number: number; items: { id: number; dishId: number; held: boolean }[] }>(
    request.post(`/api/eatery/${pos.owner.eateryId}/orders`, { headers: auth(user.token), data: { tableId, items } }),
    201,
  );
}

/** A dish line on the kitchen display's tickets ("3× Dolma: mark Cooking"). */
const kitchenLine = (page: Page, quantity: number, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${quantity}× ${name}: mark`) });

const signedInAs = (page: Page) => page.evaluate(() => localStorage.getItem('userId'));

/** Types a PIN on the lock screen's pad (the keyboard works like the keys) and waits for the new session. */
async function unlockWith(page: Page, pin: string, user: { userId: number }) {
  await expect(page.getByText('Enter your PIN')).toBeVisible();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect.poll(() => signedInAs(page)).toBe(String(user.userId));
}

test('a shared tablet: registered as a device, two waiters switch by PIN, a manager’s PIN approves a void', async ({
  browser,
  request,
}) => {
  const pos = await setUp(request);
  const [elvin, leyla] = pos.waiters;
  const order = await placeOrder(request, pos, elvin, pos.tables['1'], [
    { dishId: pos.dishes.dolma, quantity: 1 },
    { dishId: pos.dishes.salad, quantity: 1 },
  ]);
  const dolma = order.items.find((i) => i.dishId === pos.dishes.dolma)!;
  // The kitchen starts the dolma: voiding it now needs a manager.
  await ok(
    request.put(`/api/eatery/${pos.owner.eateryId}/orders/${order.id}/items/${dolma.id}`, {
      headers: auth(pos.kitchen.token),
      data: { status: 'PREPARING' },
    }),
  );

  // The owner registers the tablet.
  const tablet = await staffPage(browser, pos.owner, pos.owner.eateryId);
  await tablet.goto('/admin/devices');
  await tablet.getByRole('textbox', { name: 'Device name' }).fill('Bar tablet');
  await tablet.getByRole('button', { name: 'Register this browser as a device' }).click();
  await expect(tablet.getByText('This browser is now a device of the restaurant')).toBeVisible();
  expect(await seriousViolations(tablet)).toEqual([]);

  // Elvin takes the tablet with his PIN, then Leyla switches to hers.
  await tablet.getByRole('button', { name: 'Lock / switch user' }).click();
  await unlockWith(tablet, PINS.waiterA, elvin);
  await tablet.goto('/admin/orders');
  await tablet.getByRole('button', { name: 'Lock / switch user' }).click();
  expect(await seriousViolations(tablet)).toEqual([]);
  // A wrong PIN is refused with the tries left.
  await tablet.keyboard.type('4321');
  await tablet.keyboard.press('Enter');
  await expect(tablet.getByText(/Tries left before the device locks: 4/)).toBeVisible();
  await unlockWith(tablet, PINS.waiterB, leyla);

  // Leyla voids the started dolma; the owner approves with his PIN on the same tablet.
  await tablet.goto('/admin/orders');
  const card = tablet.locator(`article[data-order-id="${order.id}"]`);
  await card.getByRole('button', { name: 'Void Dolma' }).click();
  const dialog = tablet.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Guest changed their mind');
  await dialog.getByLabel('Manager PIN').fill(PINS.owner);
  await dialog.getByRole('button', { name: 'Void dish' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Voided')).toBeVisible();

  // On record as Leyla's void, approved by the owner.
  const audit = await ok<{ entries: { kind: string; actorName: string | null; approvedByName: string | null }[] }>(
    request.get(`/api/eatery/${pos.owner.eateryId}/audit?kind=VOID`, { headers: auth(pos.owner.token) }),
  );
  const entries = Array.isArray(audit) ? audit : audit.entries;
  expect(JSON.stringify(entries)).toContain('Leyla');
  expect(JSON.stringify(entries)).toContain('Test Owner');

  // A PIN does nothing without the device: the same PIN from a plain request is refused.
  const off = await request.post('/api/auth/pin', { data: { pin: PINS.waiterA } });
  expect(off.status()).toBe(401);
  await tablet.context().close();
});

test('a 5-dish order with one option through the grid, counted in taps', async ({ browser, request }) => {
  for (const size of [TABLET, PHONE]) {
    const pos = await setUp(request);
    const page = await staffPage(browser, pos.waiters[0], pos.owner.eateryId, size);
    await page.goto('/admin/floor');
    await page.getByRole('button', { name: /^Table 2:/ }).click();
    await page.getByRole('button', { name: 'New order' }).click();
    let taps = 0;
    const tap = async (name: string | RegExp) => {
      await page.getByRole('button', { name }).first().click();
      taps++;
    };
    await tap('Add Dolma');
    await tap('Add Dolma');
    await tap('Add Salad');
    await tap('Add Ayran');
    await page.getByRole('dialog').getByText('Large').click();
    taps++;
    await tap('Add to ticket');
    await tap('Mains');
    await tap('Add Plov');
    await tap('Send');
    await expect(page.getByText(/Sent: order #\d+/)).toBeVisible();
    // 5 dishes (two dolma, salad, a large ayran, plov) in 9 taps, on a tablet and on a phone alike (the phone's
    // ticket bar sends without opening the ticket).
    expect(taps).toBe(9);
    const orders = await ok<
      { tableId: number; items: { name: string; quantity: number; price: number; held: boolean }[] }[]
    >(request.get(`/api/eatery/${pos.owner.eateryId}/orders`, { headers: auth(pos.owner.token) }));
    const placed = orders.find((o) => o.tableId === pos.tables['2'])!;
    expect(placed.items.map((i) => [i.name, i.quantity, i.price, i.held]).sort()).toEqual(
      [
        ['Ayran', 1, 3, false],
        ['Dolma', 2, 8.4, false],
        ['Plov', 1, 12, true],
        ['Salad', 1, 5, false],
      ].sort(),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  }
});

test('tables moved and merged: the kitchen shows every dish once; a check split 1 + 2', async ({
  browser,
  request,
}) => {
  const pos = await setUp(request);
  const [elvin] = pos.waiters;
  const first = await placeOrder(request, pos, elvin, pos.tables['1'], [{ dishId: pos.dishes.dolma, quantity: 3 }]);
  const second = await placeOrder(request, pos, elvin, pos.tables['2'], [{ dishId: pos.dishes.salad, quantity: 2 }]);
  const kitchen = await staffPage(browser, pos.kitchen, pos.owner.eateryId, { width: 1366, height: 768 });
  await kitchen.goto('/admin/kitchen');
  await expect(kitchenLine(kitchen, 3, 'Dolma')).toHaveCount(1);

  const floor = await staffPage(browser, elvin, pos.owner.eateryId, PHONE);
  await floor.goto('/admin/floor');
  // Table 1's order moves to table 3.
  await floor.getByRole('button', { name: /^Table 1:/ }).click();
  await floor.getByRole('button', { name: `Move, merge or split order #${first.number}` }).click();
  await floor.getByRole('menuitem', { name: 'Move to table…' }).click();
  const move = floor.getByRole('dialog', { name: /Move order/ });
  await move.getByRole('radio', { name: /^3/ }).click();
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(floor.getByText('Moved to table 3')).toBeVisible();
  await floor.keyboard.press('Escape');

  // Table 2's order merges into it.
  await floor.getByRole('button', { name: /^Table 2:/ }).click();
  await floor.getByRole('button', { name: `Move, merge or split order #${second.number}` }).click();
  await floor.getByRole('menuitem', { name: 'Merge with…' }).click();
  const merge = floor.getByRole('dialog', { name: /Merge order/ });
  await merge.getByText(`Table 3 · order #${first.number}`).click();
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(floor.getByText(`Merged into order #${first.number}`)).toBeVisible();

  // The kitchen: the notice of the move, and each dish on one ticket only.
  await expect(kitchen.getByText(new RegExp(`moved from table 1 to table 3`))).toBeVisible();
  await expect(kitchenLine(kitchen, 3, 'Dolma')).toHaveCount(1);
  await expect(kitchenLine(kitchen, 2, 'Salad')).toHaveCount(1);
  expect(await seriousViolations(kitchen)).toEqual([]);

  // The check of table 3 splits 1 + 2 on the dolma line.
  await floor.keyboard.press('Escape');
  await floor.getByRole('button', { name: /^Table 3:/ }).click();
  await floor.getByRole('button', { name: `Move, merge or split order #${first.number}` }).click();
  await floor.getByRole('menuitem', { name: 'Split check…' }).click();
  const split = floor.getByRole('dialog', { name: /Split check/ });
  await split.getByRole('button', { name: 'One more Dolma' }).click();
  await split.getByRole('button', { name: 'Split', exact: true }).click();
  await expect(floor.getByText(/New check #\d+ at table 3/)).toBeVisible();
  expect(await seriousViolations(floor)).toEqual([]);
  const orders = await ok<
    { tableId: number; status: string; items: { name: string; quantity: number; status: string }[] }[]
  >(request.get(`/api/eatery/${pos.owner.eateryId}/orders`, { headers: auth(pos.owner.token) }));
  const atThree = orders.filter((o) => o.tableId === pos.tables['3']);
  const dolmaLines = atThree.flatMap((o) => o.items.filter((i) => i.name === 'Dolma').map((i) => i.quantity)).sort();
  expect(dolmaLines).toEqual([1, 2]);
  expect(orders.filter((o) => o.tableId === pos.tables['2'])).toEqual([]);
  // Nothing was duplicated in the kitchen by the split either.
  await expect(kitchenLine(kitchen, 2, 'Dolma')).toHaveCount(1);
  await expect(kitchenLine(kitchen, 1, 'Dolma')).toHaveCount(1);
  await expect(kitchenLine(kitchen, 3, 'Dolma')).toHaveCount(0);
});

test('mains are held until the waiter fires them; a pickup order shows ready on the pickup board', async ({
  browser,
  request,
}) => {
  const pos = await setUp(request);
  const [elvin] = pos.waiters;
  const order = await placeOrder(request, pos, elvin, pos.tables['4'], [
    { dishId: pos.dishes.salad, quantity: 1 },
    { dishId: pos.dishes.kebab, quantity: 1 },
  ]);
  expect(order.items.map((i) => i.held).sort()).toEqual([false, true]);
  const kitchen = await staffPage(browser, pos.kitchen, pos.owner.eateryId, { width: 1366, height: 768 });
  await kitchen.goto('/admin/kitchen');
  const heldKebab = kitchen.locator('[data-held="true"]', { hasText: 'Kebab' });
  await expect(heldKebab).toBeVisible();

  const floor = await staffPage(browser, elvin, pos.owner.eateryId, TABLET);
  await floor.goto('/admin/floor');
  await floor.getByRole('button', { name: /^Table 4:/ }).click();
  await floor.getByRole('button', { name: `Fire Mains of order #${order.number}` }).click();
  await expect(heldKebab).toHaveCount(0);
  await expect(kitchenLine(kitchen, 1, 'Kebab')).toBeVisible();

  // A guest orders for pickup from the restaurant's pickup link; the counter's board shows the number.
  const board = await browser.newContext({ viewport: { width: 1366, height: 768 } }).then((c) => c.newPage());
  await board.goto(`/client/eatery/${pos.owner.eateryId}/pickup-board?lang=en`);
  const guestContext = await browser.newContext({ viewport: PHONE });
  const guest = await guestContext.newPage();
  await useLanguage(guest, 'en');
  await guest.goto(`/client/eatery/${pos.owner.eateryId}/pickup`);
  await guest.getByRole('button', { name: 'Add Plov to the cart' }).click();
  await guest.getByRole('button', { name: /View cart/ }).click();
  await guest.getByRole('textbox', { name: 'Your name' }).fill('Kamran');
  await guest.getByRole('button', { name: 'Order for pickup' }).click();
  const yourNumber = guest.getByRole('heading', { level: 1, name: /Your number \d+/ });
  await expect(yourNumber).toBeVisible();
  const number = /(\d+)/.exec((await yourNumber.textContent()) ?? '')![1];
  expect(await seriousViolations(guest)).toEqual([]);
  await expect(board.getByTestId('board-preparing')).toContainText(number);
  await expect(board.getByTestId('board-ready')).not.toContainText(number);
  // The kitchen's ticket names whom to call instead of a table.
  await expect(kitchen.getByRole('article', { name: `Ticket: Pickup · Kamran, order #${number}` })).toBeVisible();
  // The kitchen bumps it: ready on the board, live, with no name shown.
  const pickup = (
    await ok<{ id: number; number: number; kind: string; items: { id: number }[] }[]>(
      request.get(`/api/eatery/${pos.owner.eateryId}/orders`, { headers: auth(pos.owner.token) }),
    )
  ).find((o) => o.kind === 'PICKUP' && String(o.number) === number)!;
  await ok(
    request.put(`/api/eatery/${pos.owner.eateryId}/orders/${pickup.id}/items/${pickup.items[0].id}`, {
      headers: auth(pos.kitchen.token),
      data: { status: 'READY' },
    }),
  );
  await expect(board.getByTestId('board-ready')).toContainText(number);
  await expect(board.getByTestId('board-preparing')).not.toContainText(number);
  await expect(board.getByText('Kamran')).toHaveCount(0);
  expect(await seriousViolations(board)).toEqual([]);
});
