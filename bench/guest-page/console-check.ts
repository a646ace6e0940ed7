/**
 * Loads the seeded menu page once in Chromium (4× CPU throttle) and prints the console messages and page errors,
 * and the long tasks: a quick look at hydration (mismatches show as console errors). Not part of the benchmark.
 *   npx tsx bench/guest-page/console-check.ts [port]
 */
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH } from './lighthouse.js';
import { seedMenu } from './seed.js';
import { DEFAULT_WEB_DIST, startServer } from './server.js';

const port = Number(process.argv[2] ?? 3281);
const server = await startServer(port, DEFAULT_WEB_DIST);
const origin = `http://127.0.0.1:${port}`;
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox'] });
try {
  const seeded = await seedMenu(
    origin,
    fileURLToPath(new URL('../../apps/server/src/demo/fixtures/images/', import.meta.url)),
  );
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 800 });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  page.on('console', (m) => console.log(`console.${m.type()}: ${m.text().slice(0, 400)}`));
  page.on('pageerror', (e) => console.log(`pageerror: ${String(e).slice(0, 400)}`));
  await page.evaluateOnNewDocument(() => {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) console.log(`longtask ${Math.round(e.startTime)} ${Math.round(e.duration)} ms`);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${origin}/client/eatery/${seeded.eateryId}/table/${seeded.tableId}/menu`, {
    waitUntil: 'networkidle0',
  });
  await new Promise((r) => setTimeout(r, 1500));
  await browser.disconnect();
} finally {
  chrome.kill();
  await server.stop();
}
