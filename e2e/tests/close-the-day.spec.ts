import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { createOwner, expect, PASSWORD, test, uniqueEmail, useLanguage, type Owner } from '../fixtures';
import { login, useSession, type Login } from '../seed';

/**
 * A whole drawer day in the restaurant's language (az, then ru), in the browser: the cashier opens a drawer with a
 * 50.00 float; three tables eat with a 10 % service charge (one order from a guest's phone); one pays cash with a
 * tip and gets change, one pays by card and has a dish refunded and voided, one has a dish voided before paying cash;
 * 5.00 is paid out; the drawer is counted 1.00 over; the day is closed with a Z report. Every figure of the Z report
 * equals sums computed here from the prices, the drawer reads +1.00, and the closed day takes no more payments.
 */

type Lang = 'az' | 'ru';
const I18N = (feature: string, lang: Lang) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL(`../../apps/web/src/features/admin/${feature}/i18n/${lang}.json`, import.meta.url)),
      'utf8',
    ),
  );

/** A translation of `key` ("a.b.c") with its {{vars}} filled in. */
function tr(dict: Record<string, unknown>, key: string, vars: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dict);
  if (typeof text !== 'string') throw new Error(`no text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
}

/** An amount as the screens may write it: 3.85 or 3,85. */
const shown = (cents: number) => new RegExp(`${Math.floor(cents / 100)}[.,]${String(cents % 100).padStart(2, '0')}`);

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** Prices in cents. */
const PLOV = 1200;
const TEA = 250;
const DOLMA = 840;
const BAKLAVA = 450;
const RATE = 1000; // 10 %

/** The contract's rules, written out here on their own so the test checks the app against them. */
const charge = (cents: number) => Math.floor((cents * RATE + 5000) / 10000);
const withCharge = (cents: number) => cents + charge(cents);
const vatIn = (gross: number) => Math.floor((2 * gross * 1800 + 11800) / (2 * 11800));

interface Day {
  owner: Owner;
  cashier: Login;
  tables: number[];
  dishes: { plov: number; tea: number; dolma: number; baklava: number };
}

async function setUp(request: APIRequestContext, lang: Lang): Promise<Day> {
  const owner = await createOwner(request, lang === 'az' ? 'Sultan Çay Evi' : 'Султан');
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;
  await ok(
    request.put(base, {
      headers,
      data: {
        name: owner.restaurantName,
        address: 'Nizami küç. 10, Bakı',
        phones: ['+994 12 555 55 55'],
        language: lang,
        serviceChargePercent: 10,
        vatPayer: true,
        taxId: '1234567890',
        receiptFooter: 'Təşəkkür edirik! Wi-Fi: sultan2026',
      },
    }),
  );
  const category = await ok<{ id: number }>(
    request.post(`${base}/category`, {
      headers,
      multipart: { data: JSON.stringify({ nameAz: 'Yeməklər', nameEn: 'Dishes', nameRu: 'Блюда' }) },
    }),
    201,
  );
  const dish = async (nameAz: string, nameRu: string, cents: number) =>
    (
      await ok<{ dishId: number }>(
        request.post(`${base}/category/${category.id}/dish`, {
          headers,
          multipart: {
            data: JSON.stringify({
              nameAz,
              nameEn: nameAz,
              nameRu,
              price: (cents / 100).toFixed(2),
              categoryId: category.id,
            }),
          },
        }),
        201,
      )
    ).dishId;
  const dishes = {
    plov: await dish('Şah plov', 'Шах-плов', PLOV),
    tea: await dish('Çay', 'Чай', TEA),
    dolma: await dish('Yarpaq dolması', 'Долма', DOLMA),
    baklava: await dish('Paxlava', 'Пахлава', BAKLAVA),
  };
  const tables: number[] = [];
  for (const number of ['1', '2', '3']) {
    tables.push((await ok<{ id: number }>(request.post(`${base}/table`, { headers, data: { number } }), 201)).id);
  }
  const email = uniqueEmail('cashier');
  await ok(
    request.post(`${base}/user`, {
      headers,
      data: {
        user: { email, password: PASSWORD, roles: ['CASHIER'] },
        restaurant: { eateryId: owner.eateryId, name: null },
        userProfileRequest: { name: lang === 'az' ? 'Aygün Əliyeva' : 'Айгюн Алиева', phone: null },
      },
    }),
    201,
  );
  return { owner, cashier: await login(request, email), tables, dishes };
}

async function staffPage(page: Page, user: { token: string; userId: number }, owner: Owner, lang: Lang) {
  await useLanguage(page, lang);
  await page.goto('/admin/login');
  await useSession(page, user, owner.eateryId);
}

/** A screenshot of what the page prints, 80 mm wide, for a person to look at (kept with the test's output). */
async function printed80mm(page: Page, name: string) {
  await page.setViewportSize({ width: 302, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1366, height: 900 });
}

for (const lang of ['az', 'ru'] as const) {
  test(`a drawer day closed by a Z report that matches the drawer (${lang})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const drawers = I18N('drawers', lang);
    const bills = I18N('bills', lang);
    const reports = I18N('reports', lang);
    const day = await setUp(request, lang);
    const { owner, cashier, tables, dishes } = day;
    const base = `/api/eatery/${owner.eateryId}`;

    const cashierContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const till = await cashierContext.newPage();
    await staffPage(till, cashier, owner, lang);

    // The cashier opens the drawer with a 50.00 float.
    await till.goto('/admin/drawer');
    await till.getByRole('textbox', { name: tr(drawers, 'drawers.open.float') }).fill('50');
    await till.getByRole('button', { name: tr(drawers, 'drawers.open.submit') }).click();
    await expect(till.getByRole('button', { name: tr(drawers, 'drawers.close.button') })).toBeVisible();
    expect(await seriousViolations(till)).toEqual([]);

    // Three tables: 2 plov + tea (staff), dolma + baklava (from a guest's phone), plov + dolma (staff).
    const staffOrder = (tableId: number, items: { dishId: number; quantity: number }[]) =>
      ok<{ id: number; items: { id: number; dishId: number }[] }>(
        request.post(`${base}/orders`, { headers: auth(owner.token), data: { tableId, items } }),
        201,
      );
    const t1 = await staffOrder(tables[0], [
      { dishId: dishes.plov, quantity: 2 },
      { dishId: dishes.tea, quantity: 1 },
    ]);
    const t2 = await ok<{ id: number; items: { id: number; dishId: number }[] }>(
      request.post(`/api/client/eatery/${owner.eateryId}/table/${tables[1]}/orders`, {
        data: {
          items: [
            { dishId: dishes.dolma, quantity: 1 },
            { dishId: dishes.baklava, quantity: 1 },
          ],
        },
      }),
      201,
    );
    const t3 = await staffOrder(tables[2], [
      { dishId: dishes.plov, quantity: 1 },
      { dishId: dishes.dolma, quantity: 1 },
    ]);

    // Table 1 pays cash with a 2.00 tip, hands over 35.00 and gets the change.
    const t1Cost = withCharge(2 * PLOV + TEA);
    await till.goto(`/admin/bill?orderIds=${t1.id}`);
    await expect(till.getByTestId('bill-due')).toContainText(shown(t1Cost));
    await till
      .getByRole('radiogroup', { name: tr(bills, 'bills.tip.label') })
      .getByText(tr(bills, 'bills.tip.amount'))
      .click();
    await till.getByRole('textbox', { name: tr(bills, 'bills.tip.amountLabel') }).fill('2');
    await till.getByRole('textbox', { name: tr(bills, 'bills.cash.tendered') }).fill('35');
    const t1Change = 3500 - t1Cost - 200;
    await expect(till.getByText(shown(t1Change)).first()).toBeVisible();
    await till.getByRole('button', { name: new RegExp(shown(t1Cost + 200).source) }).click();
    await expect(till.getByTestId('bill-paid')).toBeVisible();
    await till.getByRole('link', { name: tr(bills, 'bills.printReceipt') }).click();
    const receipt = till.locator('[data-receipt]');
    await expect(receipt).toContainText('1234567890');
    await expect(receipt).toContainText(tr(bills, 'bills.receipt.notFiscal'));
    await expect(receipt).toContainText(shown(charge(2 * PLOV + TEA)));
    await expect(receipt).toContainText(shown(t1Change));
    expect(await seriousViolations(till)).toEqual([]);
    await printed80mm(till, `receipt-${lang}`);

    // Table 2 pays by card; then the baklava comes back: refunded by the owner, and voided.
    const t2Cost = withCharge(DOLMA + BAKLAVA);
    await ok(
      request.post(`${base}/bill/payments`, {
        headers: auth(cashier.token),
        data: { orderIds: [t2.id], method: 'CARD' },
      }),
    );
    const refund = withCharge(DOLMA + BAKLAVA) - withCharge(DOLMA);
    const ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const office = await ownerContext.newPage();
    await staffPage(office, owner, owner, lang);
    await office.goto(`/admin/bill?orderIds=${t2.id}`);
    await office.getByRole('button', { name: tr(bills, 'bills.refund.open') }).click();
    const refundDialog = office.getByRole('dialog');
    await refundDialog.getByRole('textbox', { name: tr(bills, 'bills.refund.amount') }).fill((refund / 100).toFixed(2));
    await refundDialog.getByText(tr(bills, 'bills.method.CARD')).click();
    await refundDialog.getByText(tr(bills, 'bills.refund.reasons.dishReturned')).click();
    await refundDialog.getByRole('button', { name: tr(bills, 'bills.refund.submit') }).click();
    await expect(refundDialog).toBeHidden();
    const baklavaLine = t2.items.find((i) => i.dishId === dishes.baklava)!;
    await ok(
      request.delete(`${base}/orders/${t2.id}/items/${baklavaLine.id}`, {
        headers: auth(owner.token),
        data: { reason: 'Qonaq qaytardı' },
      }),
    );

    // Table 3: the dolma is voided before paying; the pre-bill is printed; cash, 20.00 handed over.
    const dolmaLine = t3.items.find((i) => i.dishId === dishes.dolma)!;
    await ok(
      request.delete(`${base}/orders/${t3.id}/items/${dolmaLine.id}`, {
        headers: auth(owner.token),
        data: { reason: 'Bitib' },
      }),
    );
    const t3Cost = withCharge(PLOV);
    await till.goto(`/admin/bill?orderIds=${t3.id}`);
    await expect(till.getByTestId('bill-due')).toContainText(shown(t3Cost));
    await till.getByRole('link', { name: tr(bills, 'bills.preBill.print') }).click();
    await expect(till.locator('[data-receipt]')).toContainText(tr(bills, 'bills.receipt.preBillTitle'));
    await printed80mm(till, `pre-bill-${lang}`);
    await till.goBack();
    await till.getByRole('textbox', { name: tr(bills, 'bills.cash.tendered') }).fill('20');
    await till.getByRole('button', { name: new RegExp(shown(t3Cost).source) }).click();
    await expect(till.getByTestId('bill-paid')).toBeVisible();

    // 5.00 paid out of the drawer, then the count: 1.00 more than expected.
    const expected = 5000 + t1Cost + 200 + t3Cost - 500;
    await till.goto('/admin/drawer');
    await till.getByRole('button', { name: tr(drawers, 'drawers.payOut'), exact: true }).click();
    const movement = till.getByRole('dialog');
    await movement.getByRole('textbox', { name: tr(drawers, 'drawers.movement.amount') }).fill('5');
    await movement.getByRole('textbox', { name: tr(drawers, 'drawers.movement.reason') }).fill('Çörək alındı');
    await movement.getByRole('button', { name: tr(drawers, 'drawers.movement.submit') }).click();
    await expect(movement).toBeHidden();
    await expect(till.getByRole('main')).toContainText(shown(expected));
    await till.getByRole('button', { name: tr(drawers, 'drawers.close.button') }).click();
    const count = till.getByRole('dialog');
    await count
      .getByRole('textbox', { name: tr(drawers, 'drawers.close.counted') })
      .fill(((expected + 100) / 100).toFixed(2));
    await count.getByRole('button', { name: tr(drawers, 'drawers.close.submit') }).click();
    await expect(till.getByRole('main')).toContainText(/\+\s?1[.,]00/);
    expect(await seriousViolations(till)).toEqual([]);

    // The cashier closes the day.
    await till.goto('/admin/reports/z');
    await till.getByRole('button', { name: tr(reports, 'reports.z.close') }).click();
    await till
      .getByRole('dialog')
      .getByRole('button', { name: tr(reports, 'reports.z.closeConfirm') })
      .click();
    await expect(till.getByText(tr(reports, 'reports.z.statusClosed', { number: 1 }))).toBeVisible();
    const sheet = till.locator('[data-z-report]');
    await expect(sheet).toContainText(/\+\s?1[.,]00/);
    expect(await seriousViolations(till)).toEqual([]);
    await printed80mm(till, `z-report-${lang}`);

    // Every figure equals the sums of the day, counted here from the prices.
    const items = 2 * PLOV + TEA + DOLMA + PLOV; // live items of the paid orders (baklava and one dolma voided)
    const serviceCharge = charge(2 * PLOV + TEA) + charge(DOLMA) + charge(PLOV);
    const gross = items + serviceCharge;
    const report = await ok<{
      z: { number: number } | null;
      sales: Record<string, number>;
      byOrigin: { guest: { count: number; amount: number }; staff: { count: number; amount: number } };
      byMethod: { method: string; count: number; amount: number; refunds: number; tips: number }[];
      payments: number;
      tips: number;
      voids: { count: number; amount: number };
      refunds: { count: number; amount: number };
      drawers: { openingFloat: number; payOuts: number; expected: number; counted: number; difference: number }[];
      cash: { expected: number; counted: number; difference: number };
    }>(request.get(`${base}/reports/day?day=${await closedDay(request, owner)}`, { headers: auth(owner.token) }));
    const c = (amount: number) => Math.round(amount * 100);
    expect(report.z?.number).toBe(1);
    expect(Object.fromEntries(Object.entries(report.sales).map(([k, v]) => [k, k === 'orders' ? v : c(v)]))).toEqual({
      orders: 3,
      items,
      discounts: 0,
      serviceCharge,
      gross,
      vatRatePercent: 1800,
      vat: vatIn(gross),
      net: gross - vatIn(gross),
    });
    expect({ count: report.byOrigin.guest.count, amount: c(report.byOrigin.guest.amount) }).toEqual({
      count: 1,
      amount: withCharge(DOLMA),
    });
    expect(c(report.byOrigin.staff.amount)).toBe(t1Cost + t3Cost);
    const byMethod = Object.fromEntries(
      report.byMethod.map((m) => [m.method, [m.count, c(m.amount), c(m.refunds), c(m.tips)]]),
    );
    expect(byMethod).toEqual({ CASH: [2, t1Cost + t3Cost, 0, 200], CARD: [1, t2Cost - refund, refund, 0] });
    expect(c(report.payments)).toBe(gross);
    expect(c(report.tips)).toBe(200);
    expect({ count: report.voids.count, amount: c(report.voids.amount) }).toEqual({
      count: 2,
      amount: BAKLAVA + DOLMA,
    });
    expect({ count: report.refunds.count, amount: c(report.refunds.amount) }).toEqual({ count: 1, amount: refund });
    expect(report.drawers).toHaveLength(1);
    expect(report.drawers.map((d) => [c(d.openingFloat), c(d.payOuts), c(d.expected), c(d.counted)])).toEqual([
      [5000, 500, expected, expected + 100],
    ]);
    expect(c(report.cash.difference)).toBe(100);
    // The printed sheet shows the same figures.
    await expect(sheet).toContainText(shown(gross));
    await expect(sheet).toContainText(shown(vatIn(gross)));
    await expect(sheet).toContainText(shown(serviceCharge));

    // The day is locked: no payment of it can be taken any more.
    const late = await staffOrder(tables[0], [{ dishId: dishes.tea, quantity: 1 }]);
    const refused = await request.post(`${base}/bill/payments`, {
      headers: auth(cashier.token),
      data: { orderIds: [late.id], method: 'CARD' },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).messageKey).toBe('dayClosed');

    await Promise.all([cashierContext.close(), ownerContext.close()]);
  });
}

/** The business day the Z report No. 1 of the owner's restaurant closed (from the list of the days around today). */
async function closedDay(request: APIRequestContext, owner: Owner): Promise<string> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const list = await ok<{ number: number; day: string }[]>(
    request.get(`/api/eatery/${owner.eateryId}/reports/z/list?from=${day(-2)}&to=${day(2)}`, {
      headers: auth(owner.token),
    }),
  );
  return list.find((z) => z.number === 1)!.day;
}
