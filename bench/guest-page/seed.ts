/**
 * Seeds the guest page benchmark's restaurant through the HTTP API, as an owner would: registration, login, one
 * table, 10 categories × 20 dishes, every category and dish with a photo uploaded as a multipart file (so the
 * photos go through the real upload path: checks, resizing, webp, and whatever variants the server makes).
 *
 * The photos are the in-repository demo pictures. There are fewer of them than dishes, so each later use of a
 * picture is recoloured (hue) and mirrored: every dish gets a photo of its own, as on a real menu, instead of the
 * browser downloading a few shared ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export const CATEGORIES = 10;
export const DISHES_PER_CATEGORY = 20;
/** Categories filled with dishes at the same time. */
const PARALLEL = 4;

export interface SeededMenu {
  eateryId: number;
  tableId: number;
  tableNumber: string;
  eateryName: string;
  /** The scanned table's menu page (path). */
  menuPath: string;
  /** The QR code's address as the server makes it. */
  qrContent: string;
  photos: number;
}

interface Api {
  origin: string;
  token: string;
}

async function call<T>(api: Api, method: string, path: string, body: BodyInit | object, status: number): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${api.origin}${path}`, {
    method,
    headers: {
      ...(api.token ? { authorization: `Bearer ${api.token}` } : {}),
      ...(isForm ? {} : { 'content-type': 'application/json' }),
    },
    body: isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A category or dish form: the `data` JSON part and the `image` file part. */
function menuForm(data: object, photo: Buffer, name: string): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/webp' }), name);
  return form;
}

/** Photo number `n`: the n-th picture of the folder, recoloured and mirrored on each later round. */
async function photoFactory(dir: string) {
  const files = readdirSync(dir)
    .filter((f) => /\.(webp|jpe?g|png)$/i.test(f))
    .sort();
  if (files.length === 0) throw new Error(`no pictures in ${dir}`);
  const originals = files.map((f) => readFileSync(join(dir, f)));
  return async (n: number): Promise<Buffer> => {
    const original = originals[n % originals.length];
    const round = Math.floor(n / originals.length);
    if (round === 0) return original;
    let image = sharp(original).modulate({ hue: (round * 47) % 360 });
    if (round % 2 === 1) image = image.flop();
    return image.webp({ quality: 80 }).toBuffer();
  };
}

/** The names of dish number `i` (from 0) in az, en and ru. */
export const dishNames = (i: number) => ({
  nameAz: `Yemək nömrə ${i + 1}`,
  nameEn: `Dish number ${i + 1}`,
  nameRu: `Блюдо номер ${i + 1}`,
});

export async function seedMenu(origin: string, photosDir: string): Promise<SeededMenu> {
  const photo = await photoFactory(photosDir);
  const email = `bench.guest-page.${Date.now()}@example.com`;
  const password = 'Bench-guest-page-2025';
  const eateryName = 'Bench Guest Page';
  const anonymous: Api = { origin, token: '' };
  const { eateryId } = await call<{ eateryId: number }>(
    anonymous,
    'POST',
    '/api/admin/eatery',
    {
      user: { email, password },
      restaurant: { name: eateryName },
      userProfileRequest: { name: 'Bench Owner', phone: null },
    },
    201,
  );
  const { jwt } = await call<{ jwt: string }>(
    anonymous,
    'POST',
    '/api/auth/login',
    { email, password, eateryId: null },
    200,
  );
  const api: Api = { origin, token: jwt };
  const base = `/api/eatery/${eateryId}`;
  const table = await call<{ id: number; number: string; qrCodeDto: { content: string } }>(
    api,
    'POST',
    `${base}/table`,
    { number: '12' },
    201,
  );

  // Categories one after the other (their position follows the numbers), then their dishes a few categories at
  // a time (the dishes of one category in order).
  const categoryIds: number[] = [];
  for (let c = 0; c < CATEGORIES; c++) {
    const names = { nameAz: `Kateqoriya ${c + 1}`, nameEn: `Category ${c + 1}`, nameRu: `Категория ${c + 1}` };
    const picture = await photo(CATEGORIES * DISHES_PER_CATEGORY + c);
    const form = menuForm(names, picture, `category-${c}.webp`);
    categoryIds.push((await call<{ id: number }>(api, 'POST', `${base}/category`, form, 201)).id);
  }
  const fillCategory = async (c: number) => {
    for (let d = 0; d < DISHES_PER_CATEGORY; d++) {
      const i = c * DISHES_PER_CATEGORY + d;
      const data = {
        ...dishNames(i),
        descriptionAz: `Təzə tərəvəz, ədviyyat və sevgi ilə hazırlanmış dadlı yemək, nömrə ${i + 1}.`,
        descriptionEn: `A tasty dish made with fresh vegetables, spices and love, number ${i + 1}.`,
        descriptionRu: `Вкусное блюдо из свежих овощей и специй, приготовленное с любовью, номер ${i + 1}.`,
        price: ((i % 40) + 1.5).toFixed(2),
      };
      const form = menuForm(data, await photo(i), `dish-${i}.webp`);
      await call(api, 'POST', `${base}/category/${categoryIds[c]}/dish`, form, 201);
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < CATEGORIES) await fillCategory(next++);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));

  return {
    eateryId,
    tableId: table.id,
    tableNumber: table.number,
    eateryName,
    menuPath: `/client/eatery/${eateryId}/table/${table.id}/menu`,
    qrContent: table.qrCodeDto.content,
    photos: CATEGORIES * DISHES_PER_CATEGORY + CATEGORIES,
  };
}
