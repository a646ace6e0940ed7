import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type GuestMenu, type GuestMenuDish } from '@qr-menu/contract';
import { images, imageVariants } from '../src/db/schema.js';
import { processImage } from '../src/modules/images/images.service.js';
import { makeMissingImageVariants } from '../src/modules/images/variants-migration.js';
import { serve } from '../src/serve.js';
import { openTestDatabase, registerOwner, setupApp, testConfig, type Owner } from './helper.js';
import { createCategory, fixtureImage, menuForm, sendForm } from './menu-fixtures.js';
import { makeTable } from './orders-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let categoryId: number;
let tableId: number;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const dishUrl = (dishId?: number) =>
  `/api/eatery/${owner.eateryId}/category/${categoryId}/dish${dishId === undefined ? '' : `/${dishId}`}`;

/** A plain picture `width` x `height` as PNG (re-encoded as webp by the upload). */
const picture = (width: number, height: number, background = '#c84') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function uploadDish(name: string, bytes: Buffer, filename = 'photo.png', contentType = 'image/png') {
  return sendForm(
    ctx.app,
    'POST',
    dishUrl(),
    owner.token,
    menuForm({ nameEn: name, price: 3 }, bytes, filename, contentType),
  );
}

async function menu(): Promise<GuestMenu> {
  ctx.app.menuCache.invalidate(owner.eateryId);
  const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(owner.eateryId, tableId) });
  expect(res.statusCode).toBe(200);
  return res.json() as GuestMenu;
}

async function menuDish(dishId: number): Promise<GuestMenuDish> {
  const dish = (await menu()).categories.flatMap((c) => c.dishes).find((d) => d.id === dishId);
  if (!dish) throw new Error(`dish ${dishId} not on the menu`);
  return dish;
}

/** The srcset's candidates: URL and width descriptor. */
const candidates = (srcSet: string) =>
  srcSet.split(', ').map((c) => {
    const [url, w] = c.split(' ');
    return { url, width: Number(w.replace(/w$/, '')) };
  });

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  owner = await registerOwner(ctx.app, { restaurant: 'Photo Cafe' });
  categoryId = (await createCategory(ctx.app, owner, { nameEn: 'Mains' })).id;
  tableId = await makeTable(ctx.app, owner.eateryId, '1');
});

describe('image variants on upload', () => {
  it('writes webp copies 160, 320 and 640 px wide with the height in proportion; the menu lists them in srcSet', async () => {
    const res = await uploadDish('Plov', fixtureImage('plov.webp'), 'plov.webp', 'image/webp'); // 1024 x 768
    expect(res.statusCode).toBe(201);
    const { id, imageId } = res.json();

    const rows = await ctx.app.db
      .select({ width: imageVariants.width, height: imageVariants.height })
      .from(imageVariants)
      .where(eq(imageVariants.imageId, imageId))
      .orderBy(imageVariants.width);
    expect(rows).toEqual([
      { width: 160, height: 120 },
      { width: 320, height: 240 },
      { width: 640, height: 480 },
    ]);

    const dish = await menuDish(id);
    expect(dish.photo).toMatchObject({ src: dish.image, width: 1024, height: 768 });
    const list = candidates(dish.photo!.srcSet);
    expect(list.map((c) => c.width)).toEqual([160, 320, 640, 1024]);
    expect(list[3].url).toBe(dish.photo!.src);
    // Every candidate is a webp exactly as wide as its descriptor says, cached for good.
    for (const c of list) {
      const got = await get(c.url);
      expect(got.statusCode, c.url).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['cache-control']).toBe(IMMUTABLE);
      const meta = await sharp(got.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(c.width);
      expect(meta.height).toBe((c.width * 3) / 4);
    }
  });

  it('never upscales: a 300 px image gets only the 160 px copy, a 150 px one none', async () => {
    const mid = (await uploadDish('Mid', await picture(300, 200))).json();
    const tiny = (await uploadDish('Tiny', await picture(150, 100, '#48c'))).json();
    const widths = async (imageId: number) =>
      (
        await ctx.app.db
          .select({ width: imageVariants.width })
          .from(imageVariants)
          .where(eq(imageVariants.imageId, imageId))
      ).map((r) => r.width);
    expect(await widths(mid.imageId)).toEqual([160]);
    expect(await widths(tiny.imageId)).toEqual([]);
    const [tinyRow] = await ctx.app.db
      .select({ variants: images.variants })
      .from(images)
      .where(eq(images.id, tiny.imageId));
    expect(tinyRow.variants).toEqual([]); // made (none needed), not pending
    expect(candidates((await menuDish(mid.id)).photo!.srcSet).map((c) => c.width)).toEqual([160, 300]);
    expect(candidates((await menuDish(tiny.id)).photo!.srcSet).map((c) => c.width)).toEqual([150]);
  });

  it('processImage returns the variants narrowest first, as webp', async () => {
    const processed = await processImage(await picture(1000, 500));
    expect(processed.variants.map((v) => [v.width, v.height])).toEqual([
      [160, 80],
      [320, 160],
      [640, 320],
    ]);
    for (const v of processed.variants) expect((await sharp(v.bytes).metadata()).format).toBe('webp');
  });

  it('fake images are still refused, and nothing (no image, no variant) is stored', async () => {
    const rows = async () => [
      (await ctx.app.db.select({ n: count() }).from(images))[0].n,
      (await ctx.app.db.select({ n: count() }).from(imageVariants))[0].n,
    ];
    const before = await rows();
    const text = await uploadDish('Fake', Buffer.from('not a picture at all, only a name'), 'cat.webp', 'image/webp');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ messageKey: 'unsupportedImage' });
    const truncated = (await picture(800, 600)).subarray(0, 300);
    expect((await uploadDish('Cut', truncated)).statusCode).toBe(415);
    expect(await rows()).toEqual(before);
  });
});

describe('hashed image URLs', () => {
  it('carry a content hash that changes when the dish gets another image; the old id URL keeps working', async () => {
    const created = (await uploadDish('Pizza', fixtureImage('pizza.webp'), 'pizza.webp', 'image/webp')).json();
    const before = await menuDish(created.id);
    expect(before.image).toMatch(/^\/api\/image\/\d+\/[0-9a-f]{16}\.webp$/);

    const put = await sendForm(
      ctx.app,
      'PUT',
      dishUrl(created.id),
      owner.token,
      menuForm({ nameEn: 'Pizza', price: 3 }, fixtureImage('burger.webp'), 'burger.webp', 'image/webp'),
    );
    expect(put.statusCode).toBe(200);
    const after = await menuDish(created.id);
    const hash = (url: string) => url.match(/([0-9a-f]{16})\.webp$/)![1];
    expect(hash(after.image!)).not.toBe(hash(before.image!));
    const beforeUrls = candidates(before.photo!.srcSet).map((c) => c.url);
    const afterUrls = candidates(after.photo!.srcSet).map((c) => c.url);
    for (const url of afterUrls) expect(beforeUrls).not.toContain(url);
    // The admin's URL by id still answers (with the same immutable caching).
    const byId = await get(put.json().image);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('are served immutable with an ETag; 304 on If-None-Match; a wrong hash or width is 404, never cached', async () => {
    const created = (await uploadDish('Salad', fixtureImage('salad.webp'), 'salad.webp', 'image/webp')).json();
    const photo = (await menuDish(created.id)).photo!;
    const variant = candidates(photo.srcSet)[1].url; // the 320 px copy
    const urlHash = photo.src.match(/([0-9a-f]{16})\.webp$/)![1];
    expect(variant).toBe(photo.src.replace(/\.webp$/, '/320.webp'));
    const etags: string[] = [];
    for (const url of [photo.src, variant]) {
      const got = await get(url);
      expect(got.statusCode).toBe(200);
      expect(got.headers['cache-control']).toBe(IMMUTABLE);
      const etag = got.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      etags.push(etag);
      const cached = await get(url, { 'if-none-match': etag });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers['cache-control']).toBe(IMMUTABLE);
    }
    // The image's ETag is its sha256 (which the URL hash begins with); the copy has its own.
    expect(etags[0].slice(1, 17)).toBe(urlHash);
    expect(etags[1]).not.toBe(etags[0]);
    const otherHash = photo.src.replace(urlHash, '0000000000000000');
    const otherHashVariant = variant.replace(urlHash, '0000000000000000');
    const wrongWidth = variant.replace('/320.webp', '/480.webp');
    const unknownVariant = variant.replace(/\/image\/\d+\//, '/image/99999999/');
    // A width the image is too narrow for (a 300 px image has no 640 px copy).
    const mid = await menuDish((await uploadDish('Narrow', await picture(300, 200, '#2a6'))).json().id);
    const missingWidth = mid.photo!.src.replace(/\.webp$/, '/640.webp');
    for (const url of [otherHash, otherHashVariant, unknownVariant, missingWidth]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
    }
    for (const url of [wrongWidth, photo.src.replace(/[0-9a-f]{16}\.webp$/, '..%2f..%2fetc.webp')]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('start-up migration of images stored before variants', () => {
  it('makes the missing variants once, logs and skips a broken image, and leaves the rest alone', async () => {
    // Two images as an older build stored them (no variants recorded), and one whose bytes are broken.
    const old = [
      await processImage(await picture(700, 350, '#151')),
      await processImage(await picture(200, 100, '#515')),
    ];
    const ids: number[] = [];
    for (const image of old) {
      const [row] = await ctx.app.db
        .insert(images)
        .values({ sha256: image.sha256, bytes: image.bytes, width: image.width, height: image.height })
        .returning({ id: images.id });
      ids.push(row.id);
    }
    const [broken] = await ctx.app.db
      .insert(images)
      .values({ sha256: 'f'.repeat(64), bytes: Buffer.from('RIFF....WEBPgarbage'), width: 900, height: 600 })
      .returning({ id: images.id });
    const [done] = await ctx.app.db
      .select({ id: images.id, variants: images.variants })
      .from(images)
      .where(isNotNull(images.variants))
      .limit(1);

    const warnings: { details: object; message: string }[] = [];
    const log = { info: () => {}, warn: (details: object, message: string) => warnings.push({ details, message }) };
    const first = await makeMissingImageVariants(ctx.app.db, log);
    expect(first).toEqual({ made: 2, broken: 1 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0].details).toMatchObject({ imageId: broken.id });

    const made = await ctx.app.db
      .select({ imageId: imageVariants.imageId, width: imageVariants.width, height: imageVariants.height })
      .from(imageVariants)
      .where(inArray(imageVariants.imageId, [...ids, broken.id]))
      .orderBy(imageVariants.imageId, imageVariants.width);
    expect(made).toEqual([
      { imageId: ids[0], width: 160, height: 80 },
      { imageId: ids[0], width: 320, height: 160 },
      { imageId: ids[0], width: 640, height: 320 },
      { imageId: ids[1], width: 160, height: 80 },
    ]);
    const recorded = await ctx.app.db
      .select({ id: images.id, variants: images.variants })
      .from(images)
      .where(inArray(images.id, [...ids, broken.id]))
      .orderBy(images.id);
    expect(recorded.map((r) => r.variants?.map((v) => v.width))).toEqual([[160, 320, 640], [160], []]);
    // An image that already had its variants is untouched.
    const [stillDone] = await ctx.app.db
      .select({ variants: images.variants })
      .from(images)
      .where(eq(images.id, done.id));
    expect(stillDone.variants).toEqual(done.variants);

    // Idempotent: a second start finds nothing to do and logs nothing more.
    expect(await makeMissingImageVariants(ctx.app.db, log)).toEqual({ made: 0, broken: 0 });
    expect(warnings).toHaveLength(1);

    // A variant made by the migration is served like one made on upload.
    const url = `/api/image/${ids[0]}/${old[0].sha256.slice(0, 16)}/320.webp`;
    const got = await get(url);
    expect(got.statusCode).toBe(200);
    expect((await sharp(got.rawPayload).metadata()).width).toBe(320);
  });

  it('an old image uploaded again gets its variants on that upload', async () => {
    const original = await picture(500, 250, '#733');
    const image = await processImage(original);
    const [row] = await ctx.app.db
      .insert(images)
      .values({ sha256: image.sha256, bytes: image.bytes, width: image.width, height: image.height })
      .returning({ id: images.id });
    const res = await uploadDish('Again', original);
    expect(res.json().imageId).toBe(row.id);
    const [after] = await ctx.app.db.select({ variants: images.variants }).from(images).where(eq(images.id, row.id));
    expect(after.variants?.map((v) => v.width)).toEqual([160, 320]);
  });
});

describe('server start-up', () => {
  it('makes the missing variants before the server listens', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'qr-menu-variants-'));
    const signalListeners = () => [...process.listeners('SIGTERM'), ...process.listeners('SIGINT')];
    const before = new Set(signalListeners());
    try {
      const image = await processImage(await picture(400, 300, '#357'));
      const [row] = await database.db
        .insert(images)
        .values({ sha256: image.sha256, bytes: image.bytes, width: image.width, height: image.height })
        .returning({ id: images.id });
      const app = await serve(testConfig({ port: 3301, dataDir }), database);
      try {
        const [after] = await database.db
          .select({ variants: images.variants })
          .from(images)
          .where(eq(images.id, row.id));
        expect(after.variants?.map((v) => v.width)).toEqual([160, 320]);
      } finally {
        await app.close();
      }
    } finally {
      // serve() drains on SIGTERM / SIGINT; those handlers belong to this test's server only.
      for (const listener of signalListeners()) {
        if (!before.has(listener)) {
          process.removeListener('SIGTERM', listener);
          process.removeListener('SIGINT', listener);
        }
      }
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
