import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
/**
 * One Lighthouse run of one page: a fresh Chromium (chrome-launcher, its own temporary profile) per run, the
 * default configuration (the mobile preset: a Moto G Power-sized screen, simulated slow 4G and 4× slower CPU),
 * performance only; and the figures the benchmark prints, read from the report.
 *
 * Nothing here looks at the page's markup: a page is a URL, plus local storage and cookies to set before it loads.
 */
import { request } from 'node:http';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'];

export interface Figures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  mainThreadMs: number;
  /** JS and CSS bodies as the server sends them to a browser that accepts brotli (bytes). */
  jsBytes: number;
  cssBytes: number;
  /** What Lighthouse saw transferred, headers included, every resource type (bytes). */
  transferBytes: number;
  imageBytes: number;
  /** Bytes fetched by workers (a service worker's precache), not counted in the JS and CSS of the page. */
  workerBytes: number;
  /** Requests of the page itself. */
  requests: number;
  /** Requests the browser had started before the first contentful paint of the (unthrottled) load. */
  requestsBeforeFcp: number;
  /** Content-Encoding of the JS and CSS responses as Chromium received them. */
  encodings: string[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  /** 'page', or 'worker' / 'iframe' for requests of a service worker (e.g. its precache) or a frame. */
  sessionTargetType?: string;
  rendererStartTime?: number;
  networkRequestTime?: number;
}

async function withChrome<T>(debugPort: number, use: (chrome: LaunchedChrome) => Promise<T>): Promise<T> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, port: debugPort });
  try {
    return await use(chrome);
  } finally {
    // The next run reuses the debugging port: wait until this browser is gone.
    const exited = new Promise((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve(null);
      else chrome.process.once('exit', resolve);
    });
    chrome.kill();
    await exited;
  }
}

/** What the browser holds for the page's origin before it loads: local storage entries and cookies. */
export interface PageState {
  storage: Record<string, string>;
  /** Set-Cookie header values, as the server sent them on an earlier page (e.g. the scanned table's). */
  cookies?: string[];
}

/**
 * Writes local storage entries and cookies of the page's origin from a URL of that origin that loads no script or
 * style (so the HTTP cache stays cold). Lighthouse's storage reset clears caches and service workers but, by
 * default, not local storage or cookies, so the page finds them when it loads.
 */
async function seedState(debugPort: number, origin: string, state: PageState) {
  const cookies = state.cookies ?? [];
  if (Object.keys(state.storage).length === 0 && cookies.length === 0) return;
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${debugPort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/api/health/live`);
    await page.evaluate((values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, state.storage);
    for (const header of cookies) {
      const [pair, ...attributes] = header.split(';').map((p) => p.trim());
      const eq = pair.indexOf('=');
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      await page.setCookie({ name: pair.slice(0, eq), value: pair.slice(eq + 1), url: origin, path });
    }
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Size of a response body exactly as sent when the client accepts brotli (no decompression). */
function servedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Content-Encoding of each response, from the DevTools log Lighthouse recorded. */
function encodingsByUrl(devtoolsLog: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (!Array.isArray(devtoolsLog)) return map;
  for (const entry of devtoolsLog as { method: string; params: { response?: { url: string; headers: object } } }[]) {
    if (entry.method !== 'Network.responseReceived' || !entry.params.response) continue;
    const { url, headers } = entry.params.response;
    const found = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding');
    map.set(url, found ? String(found[1]) : 'identity');
  }
  return map;
}

/** Runs Lighthouse once on `url` in a fresh browser, after setting `state` on its origin. */
export async function lighthouseRun(url: string, debugPort: number, state: PageState): Promise<Figures> {
  return withChrome(debugPort, async (chrome) => {
    await seedState(chrome.port, new URL(url).origin, state);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    // LH_SAVE_DIR=DIR keeps each run's report (lhr JSON) for a closer look: request chain, priorities, long tasks.
    if (process.env.LH_SAVE_DIR) {
      const name = `${new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'page'}-${Date.now()}.json`;
      writeFileSync(join(process.env.LH_SAVE_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;

    const network = lhr.audits['network-requests']?.details as
      { items: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
    const all = network?.items ?? [];
    const items = all.filter((i) => (i.sessionTargetType ?? 'page') === 'page');
    const metrics = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
    // Both in microseconds on the trace clock; the items' times are milliseconds after networkStartTimeTs.
    const fcpTs = metrics?.observedFirstContentfulPaintTs ?? NaN;
    const startTs = network?.debugData?.networkStartTimeTs ?? NaN;
    const startedAt = (i: NetworkItem) => startTs + (i.networkRequestTime ?? i.rendererStartTime ?? Infinity) * 1000;

    const scripts = items.filter((i) => i.resourceType === 'Script').map((i) => i.url);
    const styles = items.filter((i) => i.resourceType === 'Stylesheet').map((i) => i.url);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const encodings = encodingsByUrl(result.artifacts.DevtoolsLog);
    return {
      score: lhr.categories.performance?.score ?? NaN,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      mainThreadMs: audit('mainthread-work-breakdown'),
      jsBytes: sum(await Promise.all(scripts.map(servedBytes))),
      cssBytes: sum(await Promise.all(styles.map(servedBytes))),
      transferBytes: sum(all.map((i) => i.transferSize ?? 0)),
      imageBytes: sum(items.filter((i) => i.resourceType === 'Image').map((i) => i.transferSize ?? 0)),
      workerBytes: sum(all.filter((i) => !items.includes(i)).map((i) => i.transferSize ?? 0)),
      requests: items.length,
      requestsBeforeFcp: items.filter((i) => startedAt(i) < fcpTs).length,
      encodings: [...new Set([...scripts, ...styles].map((u) => encodings.get(u) ?? '?'))],
    };
  });
}

/**
 * Loads `url` once in a plain browser tab (no throttling) after setting `state`, and tells whether its text shows
 * one of `expected` within 30 s of the load: a check that the page measured is the page meant (a menu with the
 * seeded dishes, a cart with something in it), whatever its markup.
 */
export async function pageShows(
  url: string,
  debugPort: number,
  state: PageState,
  expected: string[],
): Promise<boolean> {
  return withChrome(debugPort, async (chrome) => {
    await seedState(chrome.port, new URL(url).origin, state);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      // The page's script comes after the first paint, and a cart is drawn from local storage by it.
      return await page
        .waitForFunction(
          (texts: string[]) => texts.some((t) => document.body.innerText.includes(t)),
          { timeout: 30_000 },
          expected,
        )
        .then(
          () => true,
          () => false,
        );
    } finally {
      await browser.disconnect();
    }
  });
}
