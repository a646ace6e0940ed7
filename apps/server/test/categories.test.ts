import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, dishes, orderItems } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import {
  addStaff,
  createCategory,
  createDish,
  fixtureImage,
  menuForm,
  multipart,
  orderDish,
  sendForm,
} from './menu-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let other: Owner;
let waiterToken: string;
let otherCategoryId: number;

const base = () => `/api/eatery/${owner.eateryId}/category`;
const list = async (o: Owner = owner) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/eatery/${o.eateryId}/category`, headers: bearer(o.token) })).json();

beforeAll(async () => {
  owner = await registerOwner(ctx.app);
  other = await registerOwner(ctx.app, { restaurant: 'Other Place' });
  waiterToken = (await addStaff(ctx.app, owner.eateryId, ['WAITER'])).token;
  otherCategoryId = (await createCategory(ctx.app, other, { nameEn: 'Theirs' })).id;
});

describe('create a category (multipart)', () => {
  it('creates one at the end of the list, without image', async () => {
    const res = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameAz: ' Salatlar ', nameEn: 'Salads', nameRu: 'Салаты', eateryId: owner.eateryId }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      categoryId: body.id,
      eateryId: owner.eateryId,
      nameAz: 'Salatlar',
      nameEn: 'Salads',
      nameRu: 'Салаты',
      image: null,
      imageId: null,
      dishes: 0,
      dishCount: 0,
    });
    const second = await createCategory(ctx.app, owner, { nameEn: 'Soups' });
    expect(second.position).toBeGreaterThan(body.position);
  });

  it('stores an uploaded image as webp and answers its URL', async () => {
    const res = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameRu: 'Пицца' }, fixtureImage('pizza.webp')),
    );
    expect(res.statusCode).toBe(201);
    const { image, imageId } = res.json();
    expect(image).toBe(`/api/image/${imageId}.webp`);
    const img = await ctx.app.inject({ method: 'GET', url: image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
  });

  it('accepts `data` sent as a JSON blob next to the image, and a plain JSON body', async () => {
    const blob = multipart([
      { name: 'data', value: JSON.stringify({ nameEn: 'Drinks' }), filename: 'blob', contentType: 'application/json' },
      { name: 'image', value: fixtureImage('drinks.webp'), filename: 'drinks.webp', contentType: 'image/webp' },
    ]);
    const res = await sendForm(ctx.app, 'POST', base(), owner.token, blob);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ nameEn: 'Drinks' });
    expect(res.json().imageId).toEqual(expect.any(Number));

    const json = await ctx.app.inject({
      method: 'POST',
      url: base(),
      headers: bearer(owner.token),
      payload: { nameAz: 'Desertlər' },
    });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ nameAz: 'Desertlər', image: null });
  });

  it('400 with details when every name is blank; nothing is created', async () => {
    const before = (await list()).length;
    const res = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameAz: '  ', nameEn: '', nameRu: null }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      messageKey: 'validation',
      details: [{ field: 'nameAz', messageKey: 'validation.categoryNameRequired' }],
    });
    const tooLong = await sendForm(ctx.app, 'POST', base(), owner.token, menuForm({ nameEn: 'x'.repeat(300) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details).toEqual([{ field: 'nameEn', messageKey: 'validation.tooLong' }]);
    const noData = await sendForm(ctx.app, 'POST', base(), owner.token, multipart([]));
    expect(noData.statusCode).toBe(400);
    expect((await list()).length).toBe(before);
  });

  it('400 invalidJson for a data part that is not JSON; 415 for a text body', async () => {
    const res = await sendForm(ctx.app, 'POST', base(), owner.token, multipart([{ name: 'data', value: '{nope' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().messageKey).toBe('invalidJson');
    const declared = multipart([{ name: 'data', value: '{nope', contentType: 'application/json' }]);
    const declaredRes = await sendForm(ctx.app, 'POST', base(), owner.token, declared);
    expect(declaredRes.statusCode).toBe(400);
    expect(declaredRes.json().messageKey).toBe('invalidJson');
    const jsonField = multipart([{ name: 'data', value: '{"nameEn":"Typed field"}', contentType: 'application/json' }]);
    const jsonFieldRes = await sendForm(ctx.app, 'POST', base(), owner.token, jsonField);
    expect(jsonFieldRes.statusCode).toBe(201);
    expect(jsonFieldRes.json().nameEn).toBe('Typed field');
    const text = await ctx.app.inject({
      method: 'POST',
      url: base(),
      headers: { ...bearer(owner.token), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });

  it('404 when data.eateryId names another restaurant', async () => {
    const res = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameEn: 'X', eateryId: other.eateryId }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().messageKey).toBe('notYourResource');
  });

  it('413 imageTooLarge for 3145729 bytes, 415 for fake image bytes; nothing is created', async () => {
    const before = (await list()).length;
    const big = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameEn: 'Big' }, Buffer.alloc(3145729, 1)),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().messageKey).toBe('imageTooLarge');
    const fake = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameEn: 'Fake' }, Buffer.from('this is just text, not an image at all')),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().messageKey).toBe('unsupportedImage');
    expect((await list()).length).toBe(before);
  });

  it('401 without token, 403 for a waiter, 404 in a restaurant the user is not a member of', async () => {
    const none = await sendForm(ctx.app, 'POST', base(), null, menuForm({ nameEn: 'X' }));
    expect(none.statusCode).toBe(401);
    expect(none.json().messageKey).toBe('jwtInvalid');
    const waiter = await sendForm(ctx.app, 'POST', base(), waiterToken, menuForm({ nameEn: 'X' }));
    expect(waiter.statusCode).toBe(403);
    expect(waiter.json().messageKey).toBe('accessDenied');
    const foreign = await sendForm(ctx.app, 'POST', base(), other.token, menuForm({ nameEn: 'X' }));
    expect(foreign.statusCode).toBe(404);
  });
});

describe('read categories', () => {
  it('lists by position with dish counts (archived dishes not counted); any member may read', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Counted' });
    const d1 = await createDish(ctx.app, owner, cat.id, { nameEn: 'One' });
    await createDish(ctx.app, owner, cat.id, { nameEn: 'Two' });
    await orderDish(ctx.app, owner.eateryId, d1.id);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${base()}/${cat.id}/dish/${d1.id}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(204);

    const res = await ctx.app.inject({ method: 'GET', url: base(), headers: bearer(waiterToken) });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: number; position: number; dishes: number; dishCount: number }[];
    expect(rows.map((r) => r.position)).toEqual([...rows.map((r) => r.position)].sort((a, b) => a - b));
    expect(rows.find((r) => r.id === cat.id)).toMatchObject({ dishes: 1, dishCount: 1 });
    expect(rows.some((r) => r.id === otherCategoryId)).toBe(false);
  });

  it('gets one category with its dishes, and the breadcrumb alias without them', async () => {
    const cat = await createCategory(ctx.app, owner, { nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' });
    const dish = await createDish(ctx.app, owner, cat.id, { nameEn: 'Lentil soup', price: '4.5' });
    const res = await ctx.app.inject({ method: 'GET', url: `${base()}/${cat.id}`, headers: bearer(waiterToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: cat.id, dishCount: 1, dishes: [{ id: dish.id, price: 4.5 }] });

    const alias = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${owner.eateryId}/categories/${cat.id}`,
      headers: bearer(owner.token),
    });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toMatchObject({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы', dishes: 1 });
  });

  it('404 for another restaurant’s category, 400 for a malformed id, 401 without token', async () => {
    for (const url of [`${base()}/${otherCategoryId}`, `/api/eatery/${owner.eateryId}/categories/${otherCategoryId}`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${other.eateryId}/category`,
      headers: bearer(owner.token),
    });
    expect(theirs.statusCode).toBe(404);
    const bad = await ctx.app.inject({ method: 'GET', url: `${base()}/abc`, headers: bearer(owner.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'categoryId', messageKey: 'validation.invalid' }]);
    const none = await ctx.app.inject({ method: 'GET', url: base() });
    expect(none.statusCode).toBe(401);
  });
});

describe('update a category', () => {
  it('replaces names, keeps the image unless a new one comes or removal is asked', async () => {
    const created = await sendForm(
      ctx.app,
      'POST',
      base(),
      owner.token,
      menuForm({ nameEn: 'Pasta' }, fixtureImage('pasta.webp')),
    );
    const cat = created.json();
    const url = `${base()}/${cat.id}`;

    const renamed = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Pastas', categoryId: cat.id }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ nameEn: 'Pastas', nameAz: '', imageId: cat.imageId });

    const replaced = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Pastas' }, fixtureImage('bolognese.webp')),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().imageId).not.toBe(cat.imageId);
    expect(replaced.json().imageId).toEqual(expect.any(Number));

    const removed = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'Pastas', removeImage: true }));
    expect(removed.json()).toMatchObject({ image: null, imageId: null });

    await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'Pastas' }, fixtureImage('pasta.webp')));
    const nulled = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'Pastas', image: null }));
    expect(nulled.json()).toMatchObject({ image: null, imageId: null });
  });

  it('400 for blank names or another categoryId in data; 413/415 for bad images; nothing changes', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Stable' });
    const url = `${base()}/${cat.id}`;
    const blank = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ field: 'nameAz', messageKey: 'validation.categoryNameRequired' }]);
    const mismatch = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'X', categoryId: cat.id + 1000 }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([{ field: 'categoryId', messageKey: 'validation.invalid' }]);
    const big = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'Big' }, Buffer.alloc(3145729)));
    expect(big.statusCode).toBe(413);
    expect(big.json().messageKey).toBe('imageTooLarge');
    const fake = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Fake' }, Buffer.from('GIF89a nope')),
    );
    expect(fake.statusCode).toBe(415);
    const [row] = await ctx.app.db.select().from(categories).where(eq(categories.id, cat.id));
    expect(row).toMatchObject({ nameEn: 'Stable', imageId: null });
  });

  it('401, 403 for a waiter, 404 for another restaurant’s category', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Guarded' });
    const url = `${base()}/${cat.id}`;
    expect((await sendForm(ctx.app, 'PUT', url, null, menuForm({ nameEn: 'X' }))).statusCode).toBe(401);
    expect((await sendForm(ctx.app, 'PUT', url, waiterToken, menuForm({ nameEn: 'X' }))).statusCode).toBe(403);
    const foreign = await sendForm(
      ctx.app,
      'PUT',
      `${base()}/${otherCategoryId}`,
      owner.token,
      menuForm({ nameEn: 'Mine' }),
    );
    expect(foreign.statusCode).toBe(404);
    const [theirs] = await ctx.app.db.select().from(categories).where(eq(categories.id, otherCategoryId));
    expect(theirs.nameEn).toBe('Theirs');
  });
});

describe('reorder categories', () => {
  it('saves exactly the restaurant’s ids in the given order', async () => {
    const ids = ((await list()) as { id: number }[]).map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${base()}/order`,
      headers: bearer(owner.token),
      payload: { categoryIds: reversed },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual(reversed);
    expect(((await list()) as { id: number; position: number }[]).map((c) => c.id)).toEqual(reversed);
  });

  it('400 with a foreign, a missing or a repeated id, and nothing changes', async () => {
    const ids = ((await list()) as { id: number }[]).map((c) => c.id);
    const attempts = [
      [...ids.slice(1), otherCategoryId].reverse(),
      ids.slice(1).reverse(),
      [...ids, ids[0]].reverse(),
      [...ids, otherCategoryId].reverse(),
    ];
    for (const categoryIds of attempts) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${base()}/order`,
        headers: bearer(owner.token),
        payload: { categoryIds },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        messageKey: 'validation',
        details: [{ field: 'categoryIds', messageKey: 'validation.invalid' }],
      });
    }
    expect(((await list()) as { id: number }[]).map((c) => c.id)).toEqual(ids);
    const theirs = await list(other);
    expect(theirs.map((c: { id: number }) => c.id)).toEqual([otherCategoryId]);
  });

  it('400 for a malformed body, 401, 403 for a waiter', async () => {
    const url = `${base()}/order`;
    const bad = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.token),
      payload: { categoryIds: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('categoryIds');
    expect((await ctx.app.inject({ method: 'PUT', url, payload: { categoryIds: [] } })).statusCode).toBe(401);
    const waiter = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(waiterToken),
      payload: { categoryIds: [] },
    });
    expect(waiter.statusCode).toBe(403);
  });
});

describe('delete a category', () => {
  it('deletes it with its dishes; dishes referenced by orders are archived and keep their history', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Doomed' });
    const kept = await createDish(ctx.app, owner, cat.id, { nameEn: 'Ordered' });
    const gone = await createDish(ctx.app, owner, cat.id, { nameEn: 'Never ordered' });
    const { itemId } = await orderDish(ctx.app, owner.eateryId, kept.id);

    const res = await ctx.app.inject({ method: 'DELETE', url: `${base()}/${cat.id}`, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(204);
    expect(await ctx.app.db.select().from(categories).where(eq(categories.id, cat.id))).toEqual([]);
    expect(await ctx.app.db.select().from(dishes).where(eq(dishes.id, gone.id))).toEqual([]);
    const [archived] = await ctx.app.db.select().from(dishes).where(eq(dishes.id, kept.id));
    expect(archived.archivedAt).not.toBeNull();
    expect(archived.categoryId).toBeNull();
    const [item] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item).toMatchObject({ dishId: kept.id, name: 'Snapshot name', price: '4.50' });
    const again = await ctx.app.inject({ method: 'DELETE', url: `${base()}/${cat.id}`, headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
  });

  it('401, 403 for a waiter, 404 for another restaurant’s category (which stays)', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Survivor' });
    const url = `${base()}/${cat.id}`;
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bearer(waiterToken) })).statusCode).toBe(403);
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `${base()}/${otherCategoryId}`,
      headers: bearer(owner.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.app.db.select().from(categories).where(eq(categories.id, otherCategoryId))).toHaveLength(1);
    expect(await ctx.app.db.select().from(categories).where(eq(categories.id, cat.id))).toHaveLength(1);
  });
});
