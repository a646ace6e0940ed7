import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, guestInteractive, test, useLanguage } from '../fixtures';
import { clearSession, seedRestaurant, useSession, type Restaurant } from '../seed';

/**
 * axe (WCAG 2.0 A/AA, 2.1 AA) finds no serious or critical violation on any page or modal, in
 * Azerbaijani, on a phone and on a desktop. One test per size, each in one browser context walking every
 * screen once: public pages, the guest's order from scan to "my orders", the owner's screens and modals, and
 * the orders board as waiter, kitchen and cashier. A failing page does not stop the walk (soft assertions),
 * so one run lists every page that still fails, with the rule, the element and the measured colours. The same
 * walk is the check that no page logs an error to the console.
 */

const SIZES = [
  { name: 'phone 390px', viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'desktop 1366px', viewport: { width: 1366, height: 900 }, hasTouch: false },
];

test.describe.configure({ mode: 'parallel' });
test.use({ actionTimeout: 10_000, navigationTimeout: 20_000 });

/**
 * A refusal the walk asks for on purpose (a reset link that does not work, a wrong PIN): Chromium itself logs the
 * 4xx answer as a console error. The page did not: those lines are not counted.
 */
const refusedRequest = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Runs `open` (which waits for the page or modal it shows), then axe on the page or on the open dialog. No page
 * may log an error to the console or throw while it opens (hydration mismatches and React's warnings are errors).
 */
function checker(page: Page) {
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !refusedRequest.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  return async (name: string, open: () => Promise<void>, scope?: 'dialog') => {
    await test.step(name, async () => {
      try {
        await open();
      } catch (error) {
        expect.soft(String(error).split('\n')[0], `${name}: the page or modal did not open`).toBe('');
        return;
      }
      // Everything logged since the last step's check counts for this page.
      expect.soft(consoleErrors.splice(0), `console errors on ${name}`).toEqual([]);
      // A Mantine modal has role="dialog"; the guest pages use the native <dialog> element (an implicit role).
      const include = scope === 'dialog' ? '[role="dialog"], dialog[open]' : undefined;
      const violations = await seriousViolations(page, include).catch((error: unknown) => [
        `axe could not run (the page never settled?): ${String(error).split('\n')[0]}`,
      ]);
      expect.soft(violations, `axe on ${name}`).toEqual([]);
    });
  };
}

/**
 * Turns on "staff confirm guest orders" for the seeded restaurant and places a guest order at its table through the
 * guest API: the order waits in NEEDS_CONFIRMATION. Its id.
 */
/** A guest order waiting for staff confirmation; its number of the day. */
async function waitingGuestOrder(request: APIRequestContext, r: Restaurant): Promise<number> {
  const { owner } = r;
  const headers = { Authorization: `Bearer ${owner.token}` };
  const put = await request.put(`/api/eatery/${owner.eateryId}`, {
    headers,
    data: { name: owner.restaurantName, address: 'Nizami 10', phones: ['+994 50 123 45 67'], confirmGuestOrders: true },
  });
  expect(put.status(), await put.text()).toBe(200);
  const menu = await request.get(`/api/eatery/${owner.eateryId}/category/${r.categoryId}`, { headers });
  const dishes = (await menu.json()).dishes as { id: number; dishId?: number; available: boolean }[];
  const dish = dishes.find((d) => d.available)!;
  const placed = await request.post(`/api/client/eatery/${owner.eateryId}/table/${r.tableId}/orders`, {
    data: { items: [{ dishId: dish.dishId ?? dish.id, quantity: 1 }] },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number; number: number; status: string };
  expect(order.status).toBe('NEEDS_CONFIRMATION');
  return order.number;
}

/** Closes the open dialog with Escape (the way a keyboard user does); a dialog that stays is a failure. */
async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect.soft(page.getByRole('dialog'), 'Escape closes the dialog').toHaveCount(0);
  if ((await page.getByRole('dialog').count()) > 0) await page.reload();
}

async function openDialog(page: Page, trigger: Locator) {
  await trigger.click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

for (const size of SIZES) {
  test(`axe: every page and modal in az at ${size.name}`, async ({ browser, request }) => {
    // About 1.8 min alone on the 2-core machine, 3.5-4 min in CI beside the other e2e worker (the two walks and the
    // server share two cores); the margin is for a loaded machine.
    test.setTimeout(480_000);
    const r: Restaurant = await seedRestaurant(request);
    const { owner } = r;
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch, locale: 'az' });
    const page = await context.newPage();
    await useLanguage(page, 'az');
    const check = checker(page);
    const dialog = page.getByRole('dialog');
    try {
      // ---- Public pages ----
      for (const path of ['/landing', '/business', '/partnership']) {
        await check(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        });
      }
      await check('/admin/login with field errors', async () => {
        await page.goto('/admin/login');
        await page.locator('form button[type="submit"]').click();
        await expect(page.getByText('Məcburi sahə').first()).toBeVisible();
      });
      await check('/admin/register (filled in)', async () => {
        await page.goto('/admin/register');
        await page.getByLabel('Adınız').fill('Aysel Məmmədova');
        await page.getByLabel('E-poçt').fill('axe@example.com');
        await page.getByRole('textbox', { name: 'Şifrə', exact: true }).fill('saffron-plov-7');
        await page.getByLabel('Şifrəni təsdiqləyin').fill('saffron-plov-7');
        await page.getByLabel('Restoranın adı').fill('Dadlı Ev');
        await expect(page.getByRole('button', { name: 'Qeydiyyatdan keç' })).toBeEnabled();
      });
      await check('/admin/forgot-password (link asked for)', async () => {
        await page.goto('/admin/login');
        await page.getByRole('link', { name: 'Şifrəni unutmusunuz?' }).click();
        await page.getByLabel('E-poçt').fill('nobody@example.com');
        await page.getByRole('button', { name: 'Linki göndər' }).click();
        await expect(page.getByText(/Bu ünvanla hesab varsa/)).toBeVisible();
      });
      await check('/reset-password with a link that does not work', async () => {
        await page.goto('/reset-password?token=not-a-real-token-not-a-real-token-00');
        await page.getByRole('textbox', { name: 'Yeni şifrə', exact: true }).fill('a-new-pass-2026');
        await page.getByLabel('Yeni şifrəni təkrarlayın').fill('a-new-pass-2026');
        await page.getByRole('button', { name: 'Yeni şifrəni saxla' }).click();
        await expect(page.getByText(/Bu şifrə yeniləmə linki işləmir/)).toBeVisible();
      });

      // ---- Guest: scan, menu, cart, order, confirmation, my orders ----
      // A first scan on this phone opens the menu itself.
      await check('guest menu (a dish in the cart)', async () => {
        await page.goto(`/client/eatery/${owner.eateryId}/table/${r.tableId}/add/false/menu`);
        await guestInteractive(page);
        await page.getByRole('button', { name: 'Mərci şorbası səbətə əlavə et' }).click();
        await expect(page.getByRole('button', { name: /Səbətə bax/ })).toBeVisible();
      });
      await check('guest cart', async () => {
        await page.getByRole('button', { name: /Səbətə bax/ }).click();
        await expect(page).toHaveURL(/\/client\/cart$/);
        await expect(page.getByRole('button', { name: 'Sifariş ver' })).toBeEnabled();
      });
      await check('guest cart, loaded from the server', async () => {
        await page.reload();
        await guestInteractive(page);
        await expect(page.getByRole('button', { name: 'Sifariş ver' })).toBeEnabled();
      });
      await check('guest order confirmation', async () => {
        await page.getByRole('button', { name: 'Sifariş ver' }).click();
        await expect(page).toHaveURL(/\/client\/order-confirmation\/\d+$/);
        await expect(page.getByTestId('order-number')).toBeVisible();
      });
      await check(
        'guest: call the waiter / request the bill sheet',
        () => openDialog(page, page.getByRole('button', { name: 'Ofisiantı çağırın və ya hesabı istəyin' })),
        'dialog',
      );
      await closeDialog(page);
      await check('guest: a call made (notice)', async () => {
        await page.getByRole('button', { name: 'Ofisiantı çağırın və ya hesabı istəyin' }).click();
        await page.getByRole('button', { name: 'Ofisiantı çağır', exact: true }).click();
        await expect(page.getByTestId('call-notice')).toContainText('Ofisiant çağırıldı');
      });
      await check('guest my orders', async () => {
        await page.goto('/client/orders');
        await guestInteractive(page);
        await expect(page.getByRole('article').first()).toBeVisible();
      });
      await check('guest decision page (this phone has an order at the table)', async () => {
        await page.goto(`/client/eatery/${owner.eateryId}/table/${r.tableId}/add/false/menu`);
        await guestInteractive(page);
        await expect(page.getByRole('heading', { name: `${owner.restaurantName} sizi salamlayır!` })).toBeVisible();
      });

      // ---- Owner screens and their modals ----
      // The restaurant has staff confirm guest orders; one guest order waits for them (the reject dialog needs it).
      const waitingNumber = await waitingGuestOrder(request, r);
      await useSession(page, owner, owner.eateryId);
      await check('owner: restaurants', async () => {
        await page.goto('/admin/restaurants');
        await expect(page.getByRole('link', { name: owner.restaurantName })).toBeVisible();
      });
      await check(
        'owner: add restaurant modal',
        () => openDialog(page, page.getByRole('button', { name: 'Restoran əlavə et' })),
        'dialog',
      );
      await closeDialog(page);
      await check('owner: restaurant details', async () => {
        await page.goto(`/admin/restaurant/${owner.eateryId}`);
        await expect(page.getByRole('heading', { name: owner.restaurantName, level: 2 })).toBeVisible();
      });

      const categoryCards = page.getByTestId('category-card');
      await check('owner: categories', async () => {
        await page.goto('/admin/categories');
        await expect(categoryCards).toHaveCount(2);
      });
      await check(
        'owner: add category modal',
        () => openDialog(page, page.getByRole('button', { name: 'Kateqoriya əlavə et' })),
        'dialog',
      );
      await check(
        'owner: add category modal, ready-made tab',
        async () => {
          await dialog.getByRole('tab', { name: 'Hazır siyahı' }).click();
          await expect(dialog.getByRole('checkbox').first()).toBeVisible();
        },
        'dialog',
      );
      await closeDialog(page);
      await check(
        'owner: delete confirmation modal',
        () => openDialog(page, categoryCards.first().getByRole('button', { name: 'Sil' })),
        'dialog',
      );
      await closeDialog(page);

      await check('owner: menu (dishes)', async () => {
        await page.goto(`/admin/menu?categoryId=${r.categoryId}&restaurantId=${owner.eateryId}`);
        await expect(page.getByTestId('dish-card')).toHaveCount(3);
      });
      await check(
        'owner: add dish modal',
        () => openDialog(page, page.getByRole('button', { name: 'Yemək əlavə et' }).first()),
        'dialog',
      );
      await check(
        'owner: add dish modal, ready-made tab',
        async () => {
          await dialog.getByRole('tab', { name: 'Hazır siyahı' }).click();
          await expect(dialog.getByRole('checkbox').first()).toBeVisible();
        },
        'dialog',
      );
      await closeDialog(page);

      await check('owner: tables', async () => {
        await page.goto('/admin/tables');
        await expect(page.getByRole('img', { name: '2 nömrəli masanın QR kodu' })).toBeVisible();
      });
      await check('owner: add table form', async () => {
        await page.getByRole('button', { name: 'Masa əlavə et', exact: true }).first().click();
        await expect(page.getByLabel('Masa nömrəsi')).toBeVisible();
      });
      await check(
        'owner: assign waiter modal',
        async () => {
          await page.goto('/admin/tables');
          await openDialog(page, page.getByRole('button', { name: 'Ofisiant təyin et' }).last());
        },
        'dialog',
      );
      await closeDialog(page);
      await check(
        'owner: new QR code dialog',
        () => openDialog(page, page.getByRole('button', { name: '1 masası üçün yeni QR kod' })),
        'dialog',
      );
      await closeDialog(page);

      await check('owner: users', async () => {
        await page.goto('/admin/users');
        await expect(page.getByText(r.staff.CASHIER.email)).toBeVisible();
      });
      await check(
        'owner: add user modal',
        () => openDialog(page, page.getByRole('button', { name: 'İstifadəçi əlavə et' })),
        'dialog',
      );
      await closeDialog(page);

      await check('owner: departments', async () => {
        await page.goto('/admin/departments');
        await expect(page.getByTestId('department-card')).toHaveCount(1);
      });
      await check(
        'owner: add department modal',
        () => openDialog(page, page.getByRole('button', { name: 'Şöbə əlavə et' }).first()),
        'dialog',
      );
      await closeDialog(page);

      const orderCard = (status: string) =>
        page.getByRole('article', { name: new RegExp(`^Sifariş #${r.numbers[status]},`) });
      const waitingCard = () => page.getByRole('article', { name: new RegExp(`^Sifariş #${waitingNumber},`) });
      const openOrders = async () => {
        await page.goto('/admin/orders');
        await expect(orderCard('PREPARING')).toBeVisible();
      };
      await check('owner: orders board', openOrders);
      await check(
        'owner: order status modal',
        () => openDialog(page, orderCard('CREATED').getByRole('button', { name: 'Status' })),
        'dialog',
      );
      await closeDialog(page);
      await check(
        'owner: new order modal',
        () => openDialog(page, page.getByRole('button', { name: 'Yeni sifariş' }).first()),
        'dialog',
      );
      await closeDialog(page);
      await check(
        'owner: order item modal (add a dish)',
        () => openDialog(page, orderCard('PREPARING').getByRole('button', { name: 'Yemək əlavə et' })),
        'dialog',
      );
      await closeDialog(page);
      await check('owner: orders board, closed orders', async () => {
        await page.locator('[data-filter="closed"]').click();
        await expect(orderCard('PAID')).toBeVisible();
      });
      await check(
        'owner: order details modal (paid order)',
        () => openDialog(page, orderCard('PAID').getByRole('button', { name: 'Ətraflı' })),
        'dialog',
      );
      await closeDialog(page);
      await check('owner: bill with the discount form', async () => {
        await page.goto(`/admin/bill?orderIds=${r.orders.READY}`);
        await expect(page.getByTestId('bill-due')).toBeVisible();
      });
      await check('owner: receipt of a paid order', async () => {
        await page.goto(`/admin/receipt?orderIds=${r.orders.PAID}`);
        await expect(page.locator('[data-receipt]')).toBeVisible();
      });
      await check('owner: the day report (X) with the drawers', async () => {
        await page.goto('/admin/reports/z');
        await expect(page.locator('[data-z-report]')).toBeVisible();
      });
      await check('owner: cash drawer (open) with the day’s drawers', async () => {
        await page.goto('/admin/drawer');
        await expect(page.getByTestId('drawer-figures')).toBeVisible();
      });
      await check('owner: devices (this browser not registered)', async () => {
        await page.goto('/admin/devices');
        await expect(page.getByRole('button', { name: 'Bu brauzeri cihaz kimi qeydiyyata al' })).toBeVisible();
      });
      await check('owner: printers (none yet)', async () => {
        await page.goto('/admin/printers');
        await expect(page.getByRole('button', { name: 'Printer əlavə et' }).first()).toBeVisible();
      });
      await check('pickup board at the counter', async () => {
        await page.goto(`/client/eatery/${owner.eateryId}/pickup-board`);
        await expect(page.getByTestId('board-preparing')).toBeVisible();
      });

      // ---- Staff: the orders board as each role sees it ----
      await check('waiter: orders board', async () => {
        await useSession(page, r.staff.WAITER, owner.eateryId);
        await openOrders();
      });
      await check('waiter: orders board with a guest order waiting for confirmation', async () => {
        await expect(waitingCard()).toContainText('Təsdiq gözləyir');
      });
      await check(
        'waiter: reject order dialog (reason missing)',
        async () => {
          await openDialog(page, waitingCard().getByRole('button', { name: `#${waitingNumber} sifarişini rədd et` }));
          await dialog.getByRole('button', { name: 'Sifarişi rədd et' }).click();
          await expect(dialog.getByText('Zəhmət olmasa, səbəbi yazın')).toBeVisible();
        },
        'dialog',
      );
      await closeDialog(page);
      await check(
        'waiter: order status modal',
        () => openDialog(page, orderCard('READY').getByRole('button', { name: 'Status' })),
        'dialog',
      );
      await closeDialog(page);
      await check('waiter: floor', async () => {
        await page.goto('/admin/floor');
        await expect(page.getByRole('button', { name: /^Masa 1: / })).toBeVisible();
      });
      await check(
        'waiter: floor table panel',
        () => openDialog(page, page.getByRole('button', { name: /^Masa 1: / })),
        'dialog',
      );
      await closeDialog(page);
      await check('kitchen: orders board', async () => {
        await useSession(page, r.staff.KITCHEN_ADMIN, owner.eateryId);
        await openOrders();
      });
      await check('kitchen: kitchen display', async () => {
        await page.goto('/admin/kitchen');
        await expect(page.getByRole('article').first()).toBeVisible();
      });
      await check(
        'kitchen: sold out dialog',
        () => openDialog(page, page.getByRole('button', { name: 'Bitib', exact: true })),
        'dialog',
      );
      await check(
        'kitchen: sold out dialog, a dish off until the next opening',
        async () => {
          await dialog.getByRole('switch', { name: /^Düşbərə/ }).click({ force: true });
          await expect(dialog.getByTestId('back-at')).toBeVisible();
        },
        'dialog',
      );
      await closeDialog(page);
      await check('cashier: orders board', async () => {
        await useSession(page, r.staff.CASHIER, owner.eateryId);
        await openOrders();
      });
      await check(
        'cashier: order status modal',
        () => openDialog(page, orderCard('READY').getByRole('button', { name: 'Status' })),
        'dialog',
      );
      await closeDialog(page);
      await check('cashier: cash drawer not open yet', async () => {
        await page.goto('/admin/drawer');
        await expect(page.getByRole('button', { name: 'Kassanı aç' })).toBeVisible();
      });
      await clearSession(page);
    } finally {
      await context.close();
    }
  });
}
