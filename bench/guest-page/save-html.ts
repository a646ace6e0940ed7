/**
 * Seeds the benchmark's 200-dish menu on a fresh server and writes the menu page's HTML, as the server sends it, to
 * FILE: a look at what the page carries (markup, inlined data). Not part of the benchmark.
 *   npx tsx bench/guest-page/save-html.ts FILE [port]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedMenu } from './seed.js';
import { DEFAULT_WEB_DIST, startServer } from './server.js';

const [file, port = '3282'] = process.argv.slice(2);
const origin = `http://127.0.0.1:${port}`;
const server = await startServer(Number(port), DEFAULT_WEB_DIST);
try {
  const images = fileURLToPath(new URL('../../apps/server/src/demo/fixtures/images/', import.meta.url));
  const seeded = await seedMenu(origin, images);
  const res = await fetch(`${origin}/client/eatery/${seeded.eateryId}/table/${seeded.tableId}/menu`);
  writeFileSync(file, await res.text());
} finally {
  await server.stop();
}
