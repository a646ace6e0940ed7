import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pageEtag } from '../src/modules/guest-pages/page-cache.js';
import { PageTemplate } from '../src/modules/guest-pages/page-template.js';
import { renderTablePage, type GuestRenderer } from '../src/modules/guest-pages/render-page.js';
import { RenderPool, RenderRefused } from '../src/modules/guest-pages/render-pool.js';

/**
 * The guest page render workers (RenderPool), with a small renderer in plain JavaScript standing in for the built
 * apps/web/dist-ssr/entry-server.js (the workers load only plain JavaScript renderers) and a small index.html.
 */
const webDist = mkdtempSync(join(tmpdir(), 'qrmenu-render-pool-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html>\n<html lang="az">\n  <head>\n    <title>QR Menu</title>\n  </head>\n  <body>\n' +
    '    <div id="root"><p class="boot-stalled">The page did not load.</p></div>\n  </body>\n</html>\n',
);
const entry = join(webDist, 'entry-server.mjs');
writeFileSync(
  entry,
  `export async function renderGuestPage(path, { lang, menu }) {
    if (path === '/none') return null;
    if (path === '/throw') throw new Error('the renderer broke');
    if (path === '/exit') process.exit(3);
    if (path === '/hang') for (;;);
    const names = menu.categories.flatMap((c) => c.dishes.map((d) => d.nameEn.replace(/</g, '&lt;')));
    return '<link rel="preload" as="image" href="/p.webp"><main lang="' + lang + '">' + names.join(', ') + '</main>';
  }\n`,
);

const menu = {
  eateryId: 1,
  tableId: 2,
  eateryName: 'Sahil',
  categories: [
    {
      id: 1,
      nameEn: 'Soups',
      dishes: [
        { id: 1, nameEn: 'Lentil</script><script>alert(1)</script>', image: '/i/1', photo: { src: '/i/1' } },
        { id: 2, nameEn: 'Dushbara', image: null, photo: null },
      ],
    },
  ],
};
const menuJson = JSON.stringify(menu);
const job = { path: '/client/eatery/1/table/2/menu', lang: 'en' as const, menu: Buffer.from(menuJson) };

const pools: RenderPool[] = [];
const newPool = (size = 1, maxQueue?: number, timeoutMs?: number) => {
  const pool = new RenderPool(size, { entry, webDist }, maxQueue, timeoutMs);
  pools.push(pool);
  return pool;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe('guest page render workers', () => {
  it('render the same page as the main thread, with its ETag and compressed copies', async () => {
    const renderer = (await import(pathToFileURL(entry).href)) as GuestRenderer;
    const inline = await renderTablePage(renderer, new PageTemplate(webDist), { ...job, menuJson });
    // The page around the markup: the hints moved to the head, the menu inlined and escaped.
    expect(inline).toContain('<link rel="preload" as="image" href="/p.webp"></head>');
    expect(inline).toContain('<div id="root"><main lang="en">Lentil&lt;/script>');
    expect(inline).toContain('"nameEn":"Lentil\\u003c/script\\u003e');

    const page = (await newPool().render(job))!;
    expect(page.html.toString('utf8')).toBe(inline);
    expect(page.etag).toBe(pageEtag(Buffer.from(inline!)));
    expect(brotliDecompressSync(page.br).toString('utf8')).toBe(inline);
    expect(gunzipSync(page.gz).toString('utf8')).toBe(inline);
  });

  it('answer null when the renderer has no page, and go on after a render fails or a worker exits', async () => {
    const pool = newPool();
    expect(await pool.render({ ...job, path: '/none' })).toBeNull();
    await expect(pool.render({ ...job, path: '/throw' })).rejects.toThrow('the renderer broke');
    expect((await pool.render(job))?.html.toString()).toContain('Dushbara');
    await expect(pool.render({ ...job, path: '/exit' })).rejects.toThrow('exited');
    expect((await pool.render(job))?.html.toString()).toContain('Dushbara');
    expect(pool.workers).toBe(1);
  });

  it('end a render that takes too long', async () => {
    const pool = newPool(1, undefined, 300);
    await expect(pool.render({ ...job, path: '/hang' })).rejects.toThrow('longer than 300 ms');
    expect(pool.workers).toBe(0);
  });

  it('refuse pages past the queue bound and after closing, and end their workers on close', async () => {
    const pool = newPool(1, 1);
    // One page goes to the worker, one waits, the third finds the queue full.
    const running = pool.render(job);
    const waiting = pool.render({ ...job, lang: 'ru' });
    await expect(pool.render({ ...job, lang: 'az' })).rejects.toBeInstanceOf(RenderRefused);
    expect((await running)?.html.toString()).toContain('<main lang="en">');
    expect((await waiting)?.html.toString()).toContain('<main lang="ru">');
    await pool.close();
    expect(pool.workers).toBe(0);
    await expect(pool.render(job)).rejects.toBeInstanceOf(RenderRefused);
  });
});
