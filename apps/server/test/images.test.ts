import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { images } from '../src/db/schema.js';
import { processImage } from '../src/modules/images/images.service.js';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { createCategory, fixtureImage, hugePngHeader, menuForm, sendForm } from './menu-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let categoryId: number;

const imageCount = async () => (await ctx.app.db.select({ n: count() }).from(images))[0].n;

/** Uploads `bytes` as a new dish image; answers the response. */
function uploadDish(bytes: Buffer, filename = 'photo.webp', contentType = 'image/webp') {
  return sendForm(
    ctx.app,
    'POST',
    `/api/eatery/${owner.eateryId}/category/${categoryId}/dish`,
    owner.token,
    menuForm({ nameEn: 'Pictured', price: 3 }, bytes, filename, contentType),
  );
}

beforeAll(async () => {
  owner = await registerOwner(ctx.app);
  categoryId = (await createCategory(ctx.app, owner, { nameEn: 'Gallery' })).id;
});

describe('uploaded images', () => {
  it('a real webp is stored and served as webp with immutable caching, ETag and 304', async () => {
    const res = await uploadDish(fixtureImage('salad.webp'));
    expect(res.statusCode).toBe(201);
    const { image, imageId } = res.json();
    expect(image).toBe(`/api/image/${imageId}.webp`);

    const got = await ctx.app.inject({ method: 'GET', url: image });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/webp');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = got.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    const [row] = await ctx.app.db.select().from(images).where(eq(images.id, imageId));
    expect(row).toMatchObject({ width: meta.width, height: meta.height });
    expect(`"${row.sha256}"`).toBe(etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const cached = await ctx.app.inject({ method: 'GET', url: image, headers: { 'if-none-match': header } });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(etag);
    }
    const stale = await ctx.app.inject({ method: 'GET', url: image, headers: { 'if-none-match': '"nope"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(got.rawPayload)).toBe(true);
  });

  it('identical images share one row (content-addressed)', async () => {
    const first = (await uploadDish(fixtureImage('plov.webp'))).json();
    const before = await imageCount();
    const second = (await uploadDish(fixtureImage('plov.webp'), 'renamed.jpg', 'image/jpeg')).json();
    expect(second.imageId).toBe(first.imageId);
    expect(await imageCount()).toBe(before);
  });

  it('resizes to fit within 1600 px without enlarging; stores other formats as webp', async () => {
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const big = (await uploadDish(wide, 'wide.png', 'image/png')).json();
    const [bigRow] = await ctx.app.db.select().from(images).where(eq(images.id, big.imageId));
    expect(bigRow).toMatchObject({ width: 1600, height: 800 });
    expect((await sharp(bigRow.bytes).metadata()).format).toBe('webp');

    const small = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#a37' } })
      .jpeg()
      .toBuffer();
    const smallRes = (await uploadDish(small, 'small.jpg', 'image/jpeg')).json();
    const [smallRow] = await ctx.app.db.select().from(images).where(eq(images.id, smallRes.imageId));
    expect(smallRow).toMatchObject({ width: 120, height: 90 });
  });

  it('strips metadata (EXIF)', async () => {
    const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#123456' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'taken at home' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await uploadDish(withExif, 'exif.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const got = await ctx.app.inject({ method: 'GET', url: res.json().image });
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('Secret Owner'))).toBe(false);
  });

  it('checks content, not names: text named .webp → 415; SVG → 415; nothing is stored', async () => {
    const before = await imageCount();
    const text = await uploadDish(Buffer.from('I am a text file, renamed to look like a picture.'), 'cat.webp');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ messageKey: 'unsupportedImage' });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await uploadDish(svg, 'a.svg', 'image/svg+xml')).statusCode).toBe(415);
    const exactlyAtLimit = await uploadDish(Buffer.alloc(3145728, 0x41), 'a.webp');
    expect(exactlyAtLimit.statusCode).toBe(415);
    expect(await imageCount()).toBe(before);
  });

  it('413 imageTooLarge above 3145728 bytes and for a decompression bomb; nothing is stored', async () => {
    const before = await imageCount();
    const tooBig = await uploadDish(Buffer.alloc(3145729, 0x41));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ messageKey: 'imageTooLarge' });
    const bomb = await uploadDish(hugePngHeader(8000, 6000), 'bomb.png', 'image/png');
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json()).toMatchObject({ messageKey: 'imageTooLarge' });
    await expect(processImage(hugePngHeader(8000, 6000))).rejects.toMatchObject({ statusCode: 413 });
    expect(await imageCount()).toBe(before);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${owner.eateryId}/category/${categoryId}/dish`,
      headers: bearer(owner.token),
    });
    expect(list.json().every((d: { imageId: number | null }) => d.imageId !== null)).toBe(true);
  });

  it('GET /api/image: public; 404 for an unknown id, 400 for a malformed one', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/image/999999.webp' });
    expect(missing.statusCode).toBe(404);
    const missing304 = await ctx.app.inject({
      method: 'GET',
      url: '/api/image/999999.webp',
      headers: { 'if-none-match': '"x"' },
    });
    expect(missing304.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/image/abc.webp' });
    expect(bad.statusCode).toBe(400);
    const png = await ctx.app.inject({ method: 'GET', url: '/api/image/1.png' });
    expect(png.statusCode).toBe(404);
  });
});
