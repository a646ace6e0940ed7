import { chromium } from '@playwright/test';
import { baseURL, chromiumLaunch } from '../playwright.config';
import { expect, test } from '../fixtures';

/**
 * Issue #12: a phone on the restaurant's network opens the QR link over plain http on a name other than
 * localhost (http://qrmenu.lan:3000). The CSP must not carry `upgrade-insecure-requests` there, or the browser
 * rewrites every asset to https and the page stays blank. Chromium maps the name to this machine.
 */
test('a guest page opened over plain http on a LAN host name shows the menu', async ({ owner, request }) => {
  const headers = { Authorization: `Bearer ${owner.token}` };
  const base = `/api/eatery/${owner.eateryId}`;
  const category = await request.post(`${base}/category`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' }) },
  });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = (await category.json()).id as number;
  const dish = await request.post(`${base}/category/${categoryId}/dish`, {
    headers,
    multipart: { data: JSON.stringify({ nameAz: 'Mərci şorbası', nameEn: 'Lentil soup', price: '4.50', categoryId }) },
  });
  expect(dish.status(), await dish.text()).toBe(201);
  const table = await request.post(`${base}/table`, { headers, data: { number: '3', seats: 2 } });
  expect(table.status(), await table.text()).toBe(201);
  const tableId = (await table.json()).id as number;

  const lanOrigin = baseURL.replace('127.0.0.1', 'qrmenu.lan');
  const browser = await chromium.launch({
    ...chromiumLaunch,
    args: [...chromiumLaunch.args, '--host-resolver-rules=MAP qrmenu.lan 127.0.0.1'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    const response = await page.goto(`${lanOrigin}/client/eatery/${owner.eateryId}/table/${tableId}/add/false/menu`);
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // The page's script and styles loaded over http: React drew the guest's welcome (or the menu).
    await expect(page.getByRole('heading', { level: 1, name: /Dadlı Ev/ })).toBeVisible();
    expect(failed, 'no request was rewritten to https or blocked').toEqual([]);
  } finally {
    await browser.close();
  }
});
