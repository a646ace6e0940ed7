/**
 * Guest page benchmark: Lighthouse (npm `lighthouse` 12, Debian's Chromium, the default mobile preset,
 * performance only) on the guest menu page and on the cart page of the production build.
 *
 *   1. builds the web app if apps/web/dist is missing (`--build` rebuilds it anyway; WEB_DIST points elsewhere);
 *   2. starts `apps/server/src/main.ts` on 127.0.0.1:PORT (default 3350) with the embedded database in a temporary
 *      data directory (removed at the end), serving the build;
 *   3. seeds, through the HTTP API, a restaurant with 10 categories × 20 dishes, each with its own photo uploaded
 *      as a file (the in-repository demo pictures, recoloured for later rounds; `--images DIR` for others);
 *   4. runs Lighthouse `--runs` times (default 3) per page, each in a fresh browser profile, and prints the median
 *      of each figure with every run beside it, then a verdict per budget. Exit code 1 when over a budget.
 *
 * Pages, by URL only (the markup may change freely):
 *   - menu page: /client/eatery/{id}/table/{tableId}/menu, the scanned table's menu, first visit (empty storage);
 *   - cart page: /client/cart, with three dishes (one of them twice) in the cart. The cart lives in local storage
 *     (key `cart`, apps/web/src/features/guest/cart): the bench builds it with the web app's own cart functions
 *     from the dishes of the menu API, and writes it on the origin from a URL that loads no script (so the HTTP
 *     cache stays cold) before Lighthouse loads the page; Lighthouse's storage reset keeps local storage. With it,
 *     the cookies the scanned table's menu page sets (as a guest who scanned, then opened the cart, has them: the
 *     server learns the cart's table from one and draws the cart page).
 *   Before measuring, one plain load of each page checks that its text shows the seeded dishes.
 *
 * Figures: performance score, FCP, LCP, TBT, CLS (Lighthouse's simulated mobile figures), main-thread work, JS and
 * CSS bytes (the bodies the server sends for the page's scripts and styles to a client accepting brotli: each
 * URL Lighthouse saw the page load is fetched again with `Accept-Encoding: br`; KB = 1024 bytes), images, bytes
 * fetched by workers (a service worker's precache, kept out of the page's JS and CSS), all bytes Lighthouse saw
 * transferred, the page's requests, and "requests started before FCP": requests the browser had started before
 * the first contentful paint of the observed (unthrottled) load, a proxy for the requests before the first paint.
 * It also says whether the menu page's HTML, as the server sends it, holds the dish names (server rendering).
 *
 * Usage: npm run bench:guest-page -- [--runs 3] [--port 3350] [--build] [--images DIR] [--pages menu,cart]
 * Ports: PORT for the server, PORT + 1 for Chromium's debugging port. CHROMIUM_PATH overrides /usr/bin/chromium.
 * A benchmark, never a test: figures vary with the machine's load.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GUEST_ROUTES } from '@qr-menu/contract/constants';
import type { GuestMenu } from '@qr-menu/contract';
import { addDish, emptyCart, setTableAndEatery } from '../apps/web/src/features/guest/cart/cart.js';
import { CART_STORAGE_KEY } from '../apps/web/src/features/guest/cart/cart-store.js';
import { machine } from './common.js';
import { CHROMIUM_PATH, lighthouseRun, pageShows, type Figures, type PageState } from './guest-page/lighthouse.js';
import { printTable, printVerdicts, type PageRuns } from './guest-page/report.js';
import { CATEGORIES, DISHES_PER_CATEGORY, dishNames, seedMenu, type SeededMenu } from './guest-page/seed.js';
import { DEFAULT_WEB_DIST, ensureWebBuild, startServer } from './guest-page/server.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3350' },
    build: { type: 'boolean', default: false },
    images: {
      type: 'string',
      default: fileURLToPath(new URL('../apps/server/src/demo/fixtures/images/', import.meta.url)),
    },
    pages: { type: 'string', default: 'menu,cart' },
  },
});

interface PageToMeasure extends PageState {
  name: string;
  path: string;
  /** Texts of which the loaded page must show one. */
  expect: string[];
}

const namesOf = (d: { nameAz: string; nameEn: string; nameRu: string }) => [d.nameAz, d.nameEn, d.nameRu];

/** The pages to measure, the cart filled from the menu the server gives guests. */
async function pagesOf(origin: string, seeded: SeededMenu, wanted: string[]): Promise<PageToMeasure[]> {
  const res = await fetch(origin + GUEST_ROUTES.menu(seeded.eateryId, seeded.tableId));
  if (!res.ok) throw new Error(`menu API answered ${res.status}`);
  const menu = (await res.json()) as GuestMenu;
  const dishes = menu.categories.flatMap((c) => c.dishes);
  if (dishes.length !== CATEGORIES * DISHES_PER_CATEGORY) throw new Error(`the menu API lists ${dishes.length} dishes`);
  let cart = setTableAndEatery(emptyCart(), {
    eateryId: seeded.eateryId,
    tableId: seeded.tableId,
    tableNumber: seeded.tableNumber,
    eateryName: seeded.eateryName,
  });
  const inCart = [dishes[0], dishes[1], dishes[1], dishes[25]];
  for (const dish of inCart) cart = addDish(cart, dish);
  // What the scanned table's page leaves in the browser besides the cart (the table cookie).
  const cookies = (await fetch(origin + seeded.menuPath)).headers.getSetCookie();
  const pages: PageToMeasure[] = [
    { name: 'menu page', path: seeded.menuPath, storage: {}, expect: namesOf(dishes[0]) },
    {
      name: 'cart page',
      path: '/client/cart',
      storage: { [CART_STORAGE_KEY]: JSON.stringify(cart) },
      cookies,
      expect: inCart.flatMap(namesOf),
    },
  ];
  return pages.filter((p) => wanted.includes(p.name.split(' ')[0]));
}

/** One Lighthouse run; a failed recording (Lighthouse says "run again", e.g. NO_NAVSTART) is tried twice more. */
async function measure(url: string, debugPort: number, state: PageState): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, debugPort, state);
    } catch (err) {
      if (attempt === 3) throw err;
      console.log(`  ${String(err)}: once more`);
    }
  }
}

async function main() {
  const runs = Number(args.runs);
  const port = Number(args.port);
  if (!(runs >= 1) || !(port > 0)) throw new Error('--runs and --port take positive numbers');
  const debugPort = port + 1;
  const webDist = process.env.WEB_DIST ?? DEFAULT_WEB_DIST;
  ensureWebBuild(webDist, args.build);
  console.log(`guest page benchmark: ${machine()}, Chromium ${CHROMIUM_PATH}, ${runs} run(s) per page`);

  const server = await startServer(port, webDist);
  // Ctrl-C: stop the server so its temporary data directory goes too.
  const interrupt = () => void server.stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  const pass = await measurePages(server.origin, debugPort, runs).finally(server.stop);
  process.exit(pass ? 0 : 1);
}

/** Seeds, checks and measures the pages on the running server; prints the table; tells whether all passed. */
async function measurePages(origin: string, debugPort: number, runs: number): Promise<boolean> {
  const started = performance.now();
  const seeded = await seedMenu(origin, args.images);
  const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `seeded through the API in ${seedSeconds} s: ${CATEGORIES} categories × ${DISHES_PER_CATEGORY} dishes, ` +
      `${seeded.photos} photos uploaded; QR link ${seeded.qrContent}`,
  );
  const pages = await pagesOf(origin, seeded, args.pages.split(','));

  // Is the menu in the HTML the server sends (server rendering)? Informational.
  const html = await (await fetch(origin + seeded.menuPath)).text();
  const inHtml = Object.values(dishNames(0)).some((name) => html.includes(name));
  console.log(`menu page HTML: ${(html.length / 1024).toFixed(1)} KB, dish names in it: ${inHtml ? 'yes' : 'no'}`);

  for (const page of pages) {
    const shown = await pageShows(origin + page.path, debugPort, page, page.expect);
    if (!shown) throw new Error(`${page.name} (${page.path}) does not show the seeded dishes: nothing to measure`);
  }

  const results: PageRuns[] = pages.map((p) => ({ name: p.name, runs: [] }));
  // Pages alternate, so a burst of load on the machine hits both alike.
  for (let run = 1; run <= runs; run++) {
    for (const [i, page] of pages.entries()) {
      const figures = await measure(origin + page.path, debugPort, page);
      results[i].runs.push(figures);
      console.log(
        `  run ${run} ${page.name}: score ${figures.score.toFixed(2)}, LCP ${(figures.lcpMs / 1000).toFixed(2)} s, ` +
          `TBT ${Math.round(figures.tbtMs)} ms (JS/CSS received as ${figures.encodings.join(', ')})`,
      );
    }
  }
  console.log('');
  printTable(results);
  console.log('');
  return printVerdicts(results);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
