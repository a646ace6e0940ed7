import { chromium } from '@playwright/test';
import { baseURL, chromiumLaunch } from '../playwright.config';
import { expect, soupMenu, test } from '../fixtures';

/**
 * A phone on the restaurant's network opens the QR link over plain http on a name other than
 * localhost (http://qrmenu.lan:3000). The CSP must not carry `upgrade-insecure-requests` there, or the browser
 * rewrites every asset to https and the page stays blank. Chromium maps the name to this machine.
 */
test('a guest page opened over plain http on a LAN host name shows the menu', async ({ owner, request }) => {
  const tableId = await soupMenu(request, owner, '3');

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
    // The page's script and styles loaded over http: React drew the menu (a first scan on this phone) and its header.
    await expect(page.locator('html[data-interactive]')).toHaveCount(1);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Dadlı Ev');
    expect(failed, 'no request was rewritten to https or blocked').toEqual([]);
  } finally {
    await browser.close();
  }
});
