import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, guestInteractive, type Owner, test, useLanguage } from '../fixtures';
import { useSession } from '../seed';

/**
 * A guest orders and an owner adds a dish with the keyboard only (Tab, Shift+Tab, arrows, Enter,
 * Space), and after every key press the focus is on something, never dropped to <body>.
 */

test.use({ actionTimeout: 10_000 });

/** What has the focus, as a short readable string ("body" when the focus is lost). */
const focusOf = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 50) ?? '';
    return `${el.tagName.toLowerCase()} "${name}"`;
  });

/**
 * The focus settles on an element (effects that move it run after the key press). Soft, so that one walk
 * reports every step that loses the focus.
 */
async function expectFocusKept(page: Page, after: string) {
  await expect.soft
    .poll(() => focusOf(page), { message: `focus after ${after} is not lost to <body>`, timeout: 2_000 })
    .not.toBe('body');
}

/** Presses a key; once `outcome` shows its effect (a new page, an open dialog), the focus must be somewhere. */
async function press(page: Page, key: string, after = key, outcome?: () => Promise<void>) {
  await page.keyboard.press(key);
  await outcome?.();
  await expectFocusKept(page, after);
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement, undefined, { timeout: 2_000 }).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 25, back = false } = {}) {
  const key = back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < max && !(await isFocused(target)); i++) await press(page, key);
  await expect(target, `${target} is reached within ${max} × ${key}`).toBeFocused({ timeout: 1 });
}

/**
 * The focused element, or the box drawn around it (a password input sits inside its visible frame), shows a
 * visible ring: a 2 px (or wider) outline, or a box shadow on the element itself.
 */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'no focus';
    const style = getComputedStyle(focused);
    if (style.boxShadow && style.boxShadow !== 'none') return 'ring';
    for (let el: Element | null = focused, depth = 0; el && depth < 3; el = el.parentElement, depth++) {
      const s = getComputedStyle(el);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) return 'ring';
    }
    return `no ring (outline ${style.outlineStyle} ${style.outlineWidth}, border ${style.borderColor})`;
  });

/** Two categories of three dishes and a table, through the API. */
async function buildMenu(request: APIRequestContext, owner: Owner) {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const menu: Record<string, string[]> = {
    Soups: ['Lentil soup', 'Dushbara', 'Piti'],
    Desserts: ['Baklava', 'Shekerbura', 'Halva'],
  };
  for (const [category, dishes] of Object.entries(menu)) {
    const res = await request.post(`${base}/category`, {
      headers,
      multipart: { data: JSON.stringify({ nameEn: category }) },
    });
    expect(res.status(), await res.text()).toBe(201);
    const body = await res.json();
    const categoryId = body.id ?? body.categoryId;
    for (const [i, name] of dishes.entries()) {
      const dish = await request.post(`${base}/category/${categoryId}/dish`, {
        headers,
        multipart: { data: JSON.stringify({ nameEn: name, price: `${4 + i}.50`, categoryId }) },
      });
      expect(dish.status(), await dish.text()).toBe(201);
    }
  }
  const table = await request.post(`${base}/table`, { headers, data: { number: '5', seats: 4 } });
  expect(table.status(), await table.text()).toBe(201);
  return { tableId: (await table.json()).id as number };
}

test.describe('guest on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('orders with Tab, arrows, Enter and Space only; the focus is never lost', async ({ page, owner, request }) => {
    const { tableId } = await buildMenu(request, owner);
    await useLanguage(page, 'en');

    // Scan: a first scan on this phone opens the menu itself.
    await page.goto(`/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
    await guestInteractive(page);
    await expect(page).toHaveURL(new RegExp(`/table/${tableId}/menu$`));

    // The category chips are one tab stop; the arrow keys move between them, Enter jumps to the category.
    const chips = page.getByRole('navigation', { name: 'Menu categories' }).getByRole('button');
    await tabTo(page, chips.filter({ hasText: 'Soups' }));
    await press(page, 'ArrowRight', 'ArrowRight in the category chips');
    await expect(chips.filter({ hasText: 'Desserts' })).toBeFocused();
    await press(page, 'Enter', 'Enter on the "Desserts" chip', () =>
      expect(chips.filter({ hasText: 'Desserts' })).toHaveAttribute('aria-current', 'true'),
    );

    // Add a dish of that category: "+" becomes a stepper and the focus stays on it.
    const add = page.getByRole('button', { name: 'Add Baklava to the cart' });
    await tabTo(page, add, { max: 6 });
    const stepper = page.getByRole('group', { name: 'Quantity of Baklava' });
    await press(page, 'Enter', 'Enter on "Add Baklava to the cart"', () => expect(stepper).toContainText('1'));
    await expect
      .poll(() => stepper.evaluate((el) => el.contains(document.activeElement)), {
        message: 'the focus moves onto the stepper that replaced "+"',
      })
      .toBe(true);
    await tabTo(page, stepper.getByRole('button', { name: 'One more Baklava' }), { max: 3 });
    await press(page, 'Space', 'Space on "One more Baklava"', () => expect(stepper).toContainText('2'));

    // The cart bar comes early in the tab order (right after the chips), not after every dish: back from the
    // stepper over the three soups' rows (each row: its details button and its "+") is nine Shift+Tabs.
    const cartBar = page.getByRole('button', { name: /View cart/ });
    await tabTo(page, cartBar, { back: true, max: 9 });
    await press(page, 'Enter', 'Enter on "View cart"', () => expect(page).toHaveURL(/\/client\/cart$/));

    // Place the order with Space.
    const place = page.getByRole('button', { name: 'Place order' });
    await tabTo(page, place);
    await press(page, 'Space', 'Space on "Place order"', () => expect(page.getByTestId('order-number')).toBeVisible());

    // The confirmation puts the focus on its heading and announces status changes politely.
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              /^H[1-6]$/.test(document.activeElement?.tagName ?? '') ||
              document.activeElement?.getAttribute('role') === 'heading',
          ),
        { message: 'the focus is on the confirmation heading' },
      )
      .toBe(true);
    await expect(page.locator('[aria-live="polite"], [role="status"]').first()).toBeAttached();
  });
});

test('owner adds a dish with the keyboard only', async ({ page, owner, request }) => {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const category = await request.post(`/api/eatery/${owner.eateryId}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameEn: 'Soups' }) },
  });
  expect(category.status(), await category.text()).toBe(201);
  await useLanguage(page, 'en');
  await page.goto('/admin/login');
  await useSession(page, owner, owner.eateryId);
  await page.goto('/admin/restaurants');
  await expect(page.getByRole('link', { name: owner.restaurantName })).toBeVisible();

  // Open the menu screen from the sidebar and pick the category.
  await tabTo(page, page.getByRole('link', { name: 'Menu Management' }));
  await press(page, 'Enter', 'Enter on "Menu Management"', () => expect(page).toHaveURL(/\/admin\/menu/));
  await tabTo(page, page.getByRole('button', { name: 'Soups', exact: true }));
  await press(page, 'Enter', 'Enter on the category "Soups"', () =>
    expect(page.getByText('No dishes in this category yet')).toBeVisible(),
  );

  // "Add dish", fill the form, save.
  await tabTo(page, page.getByRole('button', { name: 'Add dish' }).first());
  const dialog = page.getByRole('dialog');
  await press(page, 'Enter', 'Enter on "Add dish"', () => expect(dialog).toBeVisible());
  await tabTo(page, dialog.getByLabel('Name in Azerbaijani'));
  await page.keyboard.type('Mərci şorbası');
  await tabTo(page, dialog.getByLabel('Name in English'));
  await page.keyboard.type('Lentil soup');
  await tabTo(page, dialog.getByLabel('Price'));
  await page.keyboard.type('4.25');
  // Past the department, the diet and allergen tags (20), the hours, the options and the photo.
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }), { max: 50 });
  const created = page.waitForResponse((r) => /\/dish$/.test(r.url()) && r.request().method() === 'POST');
  await press(page, 'Enter', 'Enter on "Save"', async () => {
    expect((await created).status()).toBe(201);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('dish-card').filter({ hasText: 'Lentil soup' })).toContainText('4.25 AZN');
  });
});

test('owner logs in with the keyboard: a visible focus ring on inputs, the password toggle is a tab stop', async ({
  page,
  owner,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/admin/login');
  const form = page.locator('form');
  const email = form.getByRole('textbox', { name: 'Email' });
  // Keys pressed before the form is drawn go nowhere (the admin pages load their code first).
  await expect(email).toBeVisible();
  await tabTo(page, email);
  await expect.poll(() => focusRing(page), { message: 'the focused e-mail input shows a ring' }).toBe('ring');
  await page.keyboard.type(owner.email);
  const password = form.locator('input[autocomplete="current-password"]');
  await tabTo(page, password, { max: 1 });
  await expect.poll(() => focusRing(page), { message: 'the focused password input shows a ring' }).toBe('ring');
  await page.keyboard.type(owner.password);

  // The show/hide toggle comes right after the password and works with Space.
  const toggle = form.getByRole('button', { name: /password/i });
  await tabTo(page, toggle, { max: 1 });
  await expect.poll(() => focusRing(page), { message: 'the focused toggle shows a ring' }).toBe('ring');
  await press(page, 'Space', 'Space on the password toggle', () => expect(password).toHaveAttribute('type', 'text'));

  await tabTo(page, form.getByRole('button', { name: 'Log in' }));
  // Logging in opens a new screen, which starts from the top like a page load.
  await page.keyboard.press('Enter');
  // A new owner's restaurant is not set up yet: the start checklist.
  await expect(page).toHaveURL(/\/admin\/restaurant\/\d+\/setup$/);
});
