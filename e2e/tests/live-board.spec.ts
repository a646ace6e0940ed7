import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginUI, test, useLanguage, type Owner } from '../fixtures';

/**
 * The orders board follows order events without asking for its list again: guests order through the API,
 * staff change and delete through the API, the board shows each change live, chimes and flashes for new orders,
 * and the browser makes no GET of the orders list after the first load.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A table "5" and one dish (3.50 AZN), made through the API. */
async function setUpMenu(request: APIRequestContext, owner: Owner) {
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;
  const table = await request.post(`${base}/table`, { headers, data: { number: '5', seats: 4 } });
  expect(table.status(), await table.text()).toBe(201);
  const category = await request.post(`${base}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Çaylar', nameEn: 'Teas', nameRu: 'Чаи' }) },
  });
  expect(category.status(), await category.text()).toBe(201);
  const { categoryId } = await category.json();
  const dish = await request.post(`${base}/category/${categoryId}/dish`, {
    headers,
    multipart: {
      data: JSON.stringify({ nameAz: 'Qara çay', nameEn: 'Black tea', nameRu: 'Чёрный чай', price: '3.50' }),
    },
  });
  expect(dish.status(), await dish.text()).toBe(201);
  return { tableId: (await table.json()).id as number, dishId: (await dish.json()).dishId as number };
}

/** Every GET of the restaurant's orders list the page makes (one order's URL or other methods do not count). */
function recordListRequests(page: Page, eateryId: number): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'GET' && new URL(req.url()).pathname === `/api/eatery/${eateryId}/orders`)
      seen.push(req.url());
  });
  return seen;
}

/** Counts the oscillators the page starts: the new-order chime plays two notes. */
async function countChimeNotes(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { chimeNotes: number };
    w.chimeNotes = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.chimeNotes++;
      return original.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { chimeNotes: number }).chimeNotes);
}

test('the orders board shows guest orders and status changes live, with no list request after the first load', async ({
  page,
  owner,
  request,
}) => {
  const { tableId, dishId } = await setUpMenu(request, owner);
  const lists = recordListRequests(page, owner.eateryId);
  const chimeNotes = await countChimeNotes(page);

  await useLanguage(page, 'en');
  await loginUI(page, owner.email);
  await page.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByText('No orders for these dates yet.')).toBeVisible();
  // The socket connects about a second after the screen opens.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  // Browsers allow sound only after the user touched the page: a key press unlocks the chime.
  await page.keyboard.press('Shift');
  const firstLoad = lists.length;
  expect(firstLoad).toBeGreaterThanOrEqual(1);

  // Three guests order at once, through the guest API (the server may bring their events in one message).
  const placed = await Promise.all(
    [1, 2, 3].map(async (quantity) => {
      const res = await request.post(`/api/client/eatery/${owner.eateryId}/table/${tableId}/orders`, {
        headers: { 'Idempotency-Key': `live-board-${owner.eateryId}-${quantity}` },
        data: { items: [{ dishId, quantity }], note: `Guest ${quantity}` },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number; number: number; version: number };
    }),
  );
  const card = (order: { number: number }) => page.getByRole('article', { name: `Order #${order.number}, table 5` });
  for (const order of placed) {
    await expect(card(order)).toBeVisible();
    await expect(card(order)).toHaveAttribute('data-flashing', 'true');
  }
  await expect(card(placed[2]).getByTestId('order-total')).toHaveText('10.50 AZN');
  await expect(card(placed[2])).toContainText('Guest 3');
  // Newest first, as the list itself would answer.
  const shownNumbers = (
    await page.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''))
  ).map((label) => Number(/#(\d+)/.exec(label)?.[1]));
  expect(shownNumbers).toEqual(placed.map((o) => o.number).sort((a, b) => b - a));
  await expect(page).toHaveTitle('(3) Orders');
  await expect(page.locator('[data-filter="CREATED"]')).toContainText('3');
  // Each new order chimed (two notes each).
  await expect.poll(chimeNotes).toBe(6);

  // Another screen moves an order on: the board follows; the answer's version is higher than the first.
  const [first, second] = placed;
  const moved = await request.put(`/api/eatery/${owner.eateryId}/orders/${first.id}`, {
    headers: auth(owner.token),
    data: { status: 'PREPARING' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  expect((await moved.json()).version).toBeGreaterThan(first.version);
  await expect(card(first).locator('[data-status]').first()).toHaveAttribute('data-status', 'PREPARING');
  await expect(page).toHaveTitle('(2) Orders');
  await expect(page.locator('[data-filter="PREPARING"]')).toContainText('1');

  // And deletes one: it leaves the board.
  const removed = await request.delete(`/api/eatery/${owner.eateryId}/orders/${second.id}`, {
    headers: auth(owner.token),
  });
  expect(removed.status()).toBe(204);
  await expect(card(second)).toHaveCount(0);
  await expect(page).toHaveTitle('(1) Orders');

  // All of it came from the events: the list was not asked for again. No status change chimed.
  expect(lists).toHaveLength(firstLoad);
  expect(await chimeNotes()).toBe(6);
});
