import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { seriousViolations } from '../axe';
import { expect, soupMenu, test, useLanguage, type Owner } from '../fixtures';
import { useSession } from '../seed';

/**
 * The owner's reports page renders its figures and charts in az, en and ru, the orders CSV downloads
 * (UTF-8 with a BOM, the language's separators), the Z report of the day opens, and a waiter is kept out.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Two orders on the owner's table paid today (one with a 1.00 tip), and one cancelled. */
async function sales(request: APIRequestContext, owner: Owner) {
  const tableId = await soupMenu(request, owner, '3');
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;
  const dishes = await (await request.get(`${base}/category`, { headers })).json();
  const full = await (
    await request.get(`${base}/category/${dishes[0].categoryId ?? dishes[0].id}`, { headers })
  ).json();
  const dishId = full.dishes[0].dishId ?? full.dishes[0].id;
  const order = async (quantity: number) => {
    const res = await request.post(`${base}/orders`, { headers, data: { tableId, items: [{ dishId, quantity }] } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as number;
  };
  const pay = async (orderId: number, tip?: object) => {
    const res = await request.post(`${base}/bill/payments`, {
      headers,
      data: { orderIds: [orderId], method: 'CARD', ...(tip ? { tip } : {}) },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await pay(await order(2), { amount: '1.00' });
  await pay(await order(1));
  const cancelled = await order(1);
  const res = await request.put(`${base}/orders/${cancelled}`, { headers, data: { status: 'CANCELLED' } });
  expect(res.status()).toBe(200);
}

const TEXTS = {
  az: { title: 'Hesabatlar', csv: 'Sifarişləri CSV kimi yüklə', closeDay: 'Günü bağla', separator: ';' },
  en: { title: 'Reports', csv: 'Download orders CSV', closeDay: 'Close the day', separator: ',' },
  ru: { title: 'Отчёты', csv: 'Скачать заказы (CSV)', closeDay: 'Закрыть день', separator: ';' },
} as const;

for (const lang of ['az', 'en', 'ru'] as const) {
  test(`reports in ${lang}: figures, charts, the orders CSV and the Z report`, async ({ page, owner, request }) => {
    await sales(request, owner);
    const text = TEXTS[lang];
    await useLanguage(page, lang);
    await page.goto('/admin/login');
    await useSession(page, owner, owner.eateryId);
    await page.goto('/admin/reports');
    await expect(page.getByRole('heading', { level: 2, name: text.title })).toBeVisible();

    // Revenue 13.50 (4.50 × 3) from two paid orders; the cancelled one is counted apart.
    await expect(page.getByTestId('report-figure').first()).toContainText(/13[.,]50/);
    for (const chart of ['chart-by-day', 'chart-by-hour', 'chart-dishes', 'chart-by-table']) {
      await expect(page.getByTestId(chart).locator('svg').first()).toBeVisible();
    }
    expect(await seriousViolations(page), `axe on /admin/reports (${lang})`).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text.csv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).trim().split(/\r\n/);
    expect(lines).toHaveLength(4); // header + 3 orders placed today
    expect(lines[0].split(text.separator).length).toBeGreaterThan(5);

    await page
      .getByRole('link', { name: text.closeDay })
      .or(page.getByRole('button', { name: text.closeDay }))
      .click();
    await expect(page).toHaveURL(/\/admin\/reports\/z\?day=\d{4}-\d\d-\d\d(&restaurantId=\d+)?$/);
    await expect(page.locator('[data-z-report]')).toContainText(owner.restaurantName);
    await expect(page.locator('[data-z-report]')).toContainText(/13[.,]50/);
    expect(await seriousViolations(page), `axe on the Z report (${lang})`).toEqual([]);
  });
}

test('a waiter is told the reports are the admin’s, and the API refuses them', async ({ page, owner, request }) => {
  const email = `waiter.${Date.now()}@example.com`;
  const created = await request.post(`/api/eatery/${owner.eateryId}/user`, {
    headers: auth(owner.token),
    data: {
      user: { email, password: 'saffron-plov-7', roles: ['WAITER'] },
      restaurant: { eateryId: owner.eateryId, name: null },
      userProfileRequest: { name: 'Leyla Waiter', phone: null },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const login = await (
    await request.post('/api/auth/login', { data: { email, password: 'saffron-plov-7', eateryId: null } })
  ).json();
  const refused = await request.get(`/api/eatery/${owner.eateryId}/reports?from=2026-01-01&to=2026-01-31`, {
    headers: auth(login.jwt),
  });
  expect(refused.status()).toBe(403);

  await useLanguage(page, 'en');
  await page.goto('/admin/login');
  await useSession(page, { token: login.jwt, userId: login.userId }, owner.eateryId);
  await page.goto('/admin/reports');
  await expect(page.getByTestId('reports-admin-only')).toBeVisible();
});
