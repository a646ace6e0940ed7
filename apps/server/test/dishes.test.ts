import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dishes, orderItems } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { addStaff, createCategory, createDish, fixtureImage, menuForm, orderDish, sendForm } from './menu-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let other: Owner;
let waiterToken: string;
let kitchenToken: string;
let catA: number;
let catB: number;
let otherCat: number;
let otherDish: number;
let dept: number;
let otherDept: number;

const dishUrl = (categoryId: number, dishId?: number) =>
  `/api/eatery/${owner.eateryId}/category/${categoryId}/dish${dishId === undefined ? '' : `/${dishId}`}`;
const listIds = async (categoryId: number) =>
  (
    (await ctx.app.inject({ method: 'GET', url: dishUrl(categoryId), headers: bearer(owner.token) })).json() as {
      id: number;
    }[]
  ).map((d) => d.id);
const dbDish = async (id: number) => (await ctx.app.db.select().from(dishes).where(eq(dishes.id, id)))[0];

async function department(o: Owner, name: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${o.eateryId}/kitchen-department`,
    headers: bearer(o.token),
    payload: { name },
  });
  return res.json().id as number;
}

beforeAll(async () => {
  owner = await registerOwner(ctx.app);
  other = await registerOwner(ctx.app, { restaurant: 'Other Place' });
  waiterToken = (await addStaff(ctx.app, owner.eateryId, ['WAITER'])).token;
  kitchenToken = (await addStaff(ctx.app, owner.eateryId, ['KITCHEN_ADMIN', 'CASHIER'])).token;
  catA = (await createCategory(ctx.app, owner, { nameEn: 'Mains' })).id;
  catB = (await createCategory(ctx.app, owner, { nameEn: 'Grill' })).id;
  otherCat = (await createCategory(ctx.app, other, { nameEn: 'Theirs' })).id;
  otherDish = (await createDish(ctx.app, other, otherCat, { nameEn: 'Their dish' })).id;
  dept = await department(owner, 'Hot kitchen');
  otherDept = await department(other, 'Their kitchen');
});

describe('create a dish', () => {
  it('creates a dish with every field and an image, price stored as numeric', async () => {
    const data = {
      nameAz: 'Mərcimək şorbası',
      nameEn: 'Lentil soup',
      nameRu: 'Чечевичный суп',
      descriptionAz: 'Qırmızı mərcimək',
      descriptionEn: 'Red lentils',
      descriptionRu: 'Красная чечевица',
      price: '12,50',
      available: false,
      categoryId: catA,
      eateryId: owner.eateryId,
      kitchenDepartmentId: dept,
    };
    const res = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm(data, fixtureImage('lentil_soup.webp')),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      ...data,
      dishId: body.id,
      price: 12.5,
      categoryId: catA,
      eateryId: owner.eateryId,
      image: `/api/image/${body.imageId}.webp`,
    });
    expect((await dbDish(body.id)).price).toBe('12.50');
    const img = await ctx.app.inject({ method: 'GET', url: body.image });
    expect(img.headers['content-type']).toBe('image/webp');
  });

  it('defaults: available true, no department; new dishes go to the end', async () => {
    const first = await createDish(ctx.app, owner, catA, { nameEn: 'Plain', price: 7 });
    const second = await createDish(ctx.app, owner, catA, { nameRu: 'Второе', price: '0.01', kitchenDepartmentId: '' });
    expect(first).toMatchObject({ price: 7, available: true, kitchenDepartmentId: null, image: null });
    expect(second).toMatchObject({ price: 0.01, kitchenDepartmentId: null });
    expect(second.position).toBeGreaterThan(first.position);
    const ids = await listIds(catA);
    expect(ids.slice(-2)).toEqual([first.id, second.id]);
  });

  it('400 with details for bad price and missing names; nothing is created', async () => {
    const before = await listIds(catA);
    for (const price of [0, -1, '1.234', 'abc', '', null, 100000000, 0.1 + 0.2]) {
      const res = await sendForm(ctx.app, 'POST', dishUrl(catA), owner.token, menuForm({ nameEn: 'Soup', price }));
      expect(res.statusCode, `price ${price}`).toBe(400);
      expect(res.json().details).toEqual([{ field: 'price', messageKey: 'validation.price' }]);
    }
    const missing = await sendForm(ctx.app, 'POST', dishUrl(catA), owner.token, menuForm({ nameEn: 'Soup' }));
    expect(missing.json().details).toEqual([{ field: 'price', messageKey: 'validation.price' }]);
    const both = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm({ nameAz: ' ', price: 'x', available: 'maybe' }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().details).toEqual(
      expect.arrayContaining([
        { field: 'price', messageKey: 'validation.price' },
        { field: 'available', messageKey: 'validation.invalid' },
        { field: 'nameAz', messageKey: 'validation.dishNameRequired' },
      ]),
    );
    const wrongCategory = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm({ nameEn: 'X', price: 1, categoryId: catB }),
    );
    expect(wrongCategory.statusCode).toBe(400);
    expect(wrongCategory.json().details).toEqual([{ field: 'categoryId', messageKey: 'validation.invalid' }]);
    expect(await listIds(catA)).toEqual(before);
  });

  it('404 for another restaurant’s department or category; nothing is created', async () => {
    const before = await listIds(catA);
    const foreignDept = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm({ nameEn: 'X', price: 1, kitchenDepartmentId: otherDept }),
    );
    expect(foreignDept.statusCode).toBe(404);
    expect(foreignDept.json().messageKey).toBe('notYourResource');
    const foreignCat = await sendForm(
      ctx.app,
      'POST',
      dishUrl(otherCat),
      owner.token,
      menuForm({ nameEn: 'X', price: 1 }),
    );
    expect(foreignCat.statusCode).toBe(404);
    const foreignEatery = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm({ nameEn: 'X', price: 1, eateryId: other.eateryId }),
    );
    expect(foreignEatery.statusCode).toBe(404);
    expect(await listIds(catA)).toEqual(before);
    expect((await ctx.app.db.select().from(dishes).where(eq(dishes.categoryId, otherCat))).length).toBe(1);
  });

  it('413 for a too large image, 415 for fake image bytes; nothing is created', async () => {
    const before = await listIds(catA);
    const big = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm({ nameEn: 'X', price: 1 }, Buffer.alloc(3145729, 7)),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().messageKey).toBe('imageTooLarge');
    const fake = await sendForm(
      ctx.app,
      'POST',
      dishUrl(catA),
      owner.token,
      menuForm({ nameEn: 'X', price: 1 }, Buffer.from('plain text pretending to be webp'), 'photo.webp'),
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().messageKey).toBe('unsupportedImage');
    expect(await listIds(catA)).toEqual(before);
  });

  it('401 without token, 403 for waiter and kitchen admin', async () => {
    const form = () => menuForm({ nameEn: 'X', price: 1 });
    expect((await sendForm(ctx.app, 'POST', dishUrl(catA), null, form())).statusCode).toBe(401);
    expect((await sendForm(ctx.app, 'POST', dishUrl(catA), waiterToken, form())).statusCode).toBe(403);
    expect((await sendForm(ctx.app, 'POST', dishUrl(catA), kitchenToken, form())).statusCode).toBe(403);
  });
});

describe('read dishes', () => {
  it('lists a category’s dishes by position and gets one; any member may read', async () => {
    const dish = await createDish(ctx.app, owner, catB, { nameEn: 'Kebab', price: '8' });
    const list = await ctx.app.inject({ method: 'GET', url: dishUrl(catB), headers: bearer(waiterToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((d: { id: number }) => d.id)).toContain(dish.id);
    const one = await ctx.app.inject({ method: 'GET', url: dishUrl(catB, dish.id), headers: bearer(kitchenToken) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: dish.id, nameEn: 'Kebab', price: 8 });
  });

  it('404 for another restaurant’s category or dish, or a dish through the wrong category; 401', async () => {
    const dish = await createDish(ctx.app, owner, catB, { nameEn: 'Somewhere' });
    for (const url of [
      dishUrl(otherCat),
      dishUrl(otherCat, otherDish),
      dishUrl(catA, otherDish),
      dishUrl(catA, dish.id),
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: dishUrl(catA) })).statusCode).toBe(401);
  });
});

describe('update a dish', () => {
  it('updates fields, keeps omitted availability and department, clears the department with null', async () => {
    const dish = await createDish(ctx.app, owner, catA, {
      nameEn: 'Old',
      price: 3,
      available: false,
      kitchenDepartmentId: dept,
    });
    const url = dishUrl(catA, dish.id);
    const res = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'New', descriptionEn: 'Fresh', price: '4.25', dishId: dish.id }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nameEn: 'New',
      descriptionEn: 'Fresh',
      price: 4.25,
      available: false,
      kitchenDepartmentId: dept,
    });
    const cleared = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'New', price: 4.25, available: true, kitchenDepartmentId: null }),
    );
    expect(cleared.json()).toMatchObject({ available: true, kitchenDepartmentId: null });
    expect((await dbDish(dish.id)).price).toBe('4.25');
  });

  it('replaces and removes the image', async () => {
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Pictured' });
    const url = dishUrl(catA, dish.id);
    const withImage = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Pictured', price: 5 }, fixtureImage('burger.webp')),
    );
    expect(withImage.json().imageId).toEqual(expect.any(Number));
    const kept = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Pictured', price: 6, image: withImage.json().image }),
    );
    expect(kept.json().imageId).toBe(withImage.json().imageId);
    const removed = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Pictured', price: 6, removeImage: 'true' }),
    );
    expect(removed.json()).toMatchObject({ image: null, imageId: null });
  });

  it('moves a dish to the end of another category of the same restaurant', async () => {
    const last = await createDish(ctx.app, owner, catB, { nameEn: 'Already there' });
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Traveller' });
    const res = await sendForm(
      ctx.app,
      'PUT',
      dishUrl(catA, dish.id),
      owner.token,
      menuForm({ nameEn: 'Traveller', price: 5, categoryId: catB }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().categoryId).toBe(catB);
    expect(res.json().position).toBeGreaterThan(last.position);
    expect(await listIds(catA)).not.toContain(dish.id);
    expect((await listIds(catB)).at(-1)).toBe(dish.id);
  });

  it('400 for bad data or another dishId, 404 for foreign category/department/dish; nothing changes', async () => {
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Fixed', price: 9 });
    const url = dishUrl(catA, dish.id);
    const bad = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'X', price: '1.001' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'price', messageKey: 'validation.price' }]);
    const otherId = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'X', price: 1, dishId: dish.id + 1 }),
    );
    expect(otherId.statusCode).toBe(400);
    expect(otherId.json().details).toEqual([{ field: 'dishId', messageKey: 'validation.invalid' }]);
    const move = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'X', price: 1, categoryId: otherCat }),
    );
    expect(move.statusCode).toBe(404);
    const foreignDept = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'X', price: 1, kitchenDepartmentId: otherDept }),
    );
    expect(foreignDept.statusCode).toBe(404);
    const big = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'X', price: 1 }, Buffer.alloc(3145729)),
    );
    expect(big.statusCode).toBe(413);
    const theirs = await sendForm(
      ctx.app,
      'PUT',
      dishUrl(otherCat, otherDish),
      owner.token,
      menuForm({ nameEn: 'Mine', price: 1 }),
    );
    expect(theirs.statusCode).toBe(404);
    const wrongPath = await sendForm(
      ctx.app,
      'PUT',
      dishUrl(catB, dish.id),
      owner.token,
      menuForm({ nameEn: 'X', price: 1 }),
    );
    expect(wrongPath.statusCode).toBe(404);
    expect(await dbDish(dish.id)).toMatchObject({ nameEn: 'Fixed', price: '9.00', categoryId: catA, imageId: null });
    expect(await dbDish(otherDish)).toMatchObject({ nameEn: 'Their dish' });
  });

  it('401, 403 for a waiter', async () => {
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Guarded' });
    const url = dishUrl(catA, dish.id);
    expect((await sendForm(ctx.app, 'PUT', url, null, menuForm({ nameEn: 'X', price: 1 }))).statusCode).toBe(401);
    expect((await sendForm(ctx.app, 'PUT', url, waiterToken, menuForm({ nameEn: 'X', price: 1 }))).statusCode).toBe(
      403,
    );
  });
});

describe('delete a dish', () => {
  it('deletes a dish no order references', async () => {
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Unloved' });
    const res = await ctx.app.inject({ method: 'DELETE', url: dishUrl(catA, dish.id), headers: bearer(owner.token) });
    expect(res.statusCode).toBe(204);
    expect(await dbDish(dish.id)).toBeUndefined();
  });

  it('archives a dish referenced by an order item: gone from menus, kept for history', async () => {
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Popular' });
    const { itemId } = await orderDish(ctx.app, owner.eateryId, dish.id);
    const res = await ctx.app.inject({ method: 'DELETE', url: dishUrl(catA, dish.id), headers: bearer(owner.token) });
    expect(res.statusCode).toBe(204);
    const row = await dbDish(dish.id);
    expect(row.archivedAt).not.toBeNull();
    expect(row.nameEn).toBe('Popular');
    expect(await listIds(catA)).not.toContain(dish.id);
    const get = await ctx.app.inject({ method: 'GET', url: dishUrl(catA, dish.id), headers: bearer(owner.token) });
    expect(get.statusCode).toBe(404);
    const [item] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item.dishId).toBe(dish.id);
    const again = await ctx.app.inject({ method: 'DELETE', url: dishUrl(catA, dish.id), headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
    const reorder = await ctx.app.inject({
      method: 'PUT',
      url: `${dishUrl(catA)}/order`,
      headers: bearer(owner.token),
      payload: { dishIds: [...(await listIds(catA)), dish.id] },
    });
    expect(reorder.statusCode).toBe(400);
  });

  it('401, 403 for a waiter, 404 for another restaurant’s dish (which stays)', async () => {
    const dish = await createDish(ctx.app, owner, catA, { nameEn: 'Stays' });
    const url = dishUrl(catA, dish.id);
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: bearer(waiterToken) })).statusCode).toBe(403);
    const theirs = await ctx.app.inject({
      method: 'DELETE',
      url: dishUrl(otherCat, otherDish),
      headers: bearer(owner.token),
    });
    expect(theirs.statusCode).toBe(404);
    const viaOurs = await ctx.app.inject({
      method: 'DELETE',
      url: dishUrl(catA, otherDish),
      headers: bearer(owner.token),
    });
    expect(viaOurs.statusCode).toBe(404);
    expect(await dbDish(otherDish)).toBeDefined();
    expect(await dbDish(dish.id)).toBeDefined();
  });
});

describe('reorder dishes', () => {
  it('saves the order of exactly the category’s dishes', async () => {
    const ids = await listIds(catA);
    const reversed = [...ids].reverse();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${dishUrl(catA)}/order`,
      headers: bearer(owner.token),
      payload: { dishIds: reversed },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { id: number }) => d.id)).toEqual(reversed);
    expect(await listIds(catA)).toEqual(reversed);
  });

  it('400 with a foreign, a missing or another category’s id, and nothing changes', async () => {
    const ids = await listIds(catA);
    const idsB = await listIds(catB);
    for (const dishIds of [
      [...ids, otherDish],
      ids.slice(1),
      [...ids.slice(1), idsB[0]],
      [...ids, ids[0]],
      [otherDish],
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${dishUrl(catA)}/order`,
        headers: bearer(owner.token),
        payload: { dishIds },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'dishIds', messageKey: 'validation.invalid' }]);
    }
    expect(await listIds(catA)).toEqual(ids);
    expect(await listIds(catB)).toEqual(idsB);
  });

  it('400 for a bad body, 401, 403 for a waiter, 404 for another restaurant’s category', async () => {
    const url = `${dishUrl(catA)}/order`;
    const bad = await ctx.app.inject({ method: 'PUT', url, headers: bearer(owner.token), payload: { dishIds: ['x'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toEqual({ field: 'dishIds.0', messageKey: 'validation.invalid' });
    expect((await ctx.app.inject({ method: 'PUT', url, payload: { dishIds: [] } })).statusCode).toBe(401);
    const waiter = await ctx.app.inject({ method: 'PUT', url, headers: bearer(waiterToken), payload: { dishIds: [] } });
    expect(waiter.statusCode).toBe(403);
    const theirs = await ctx.app.inject({
      method: 'PUT',
      url: `${dishUrl(otherCat)}/order`,
      headers: bearer(owner.token),
      payload: { dishIds: [otherDish] },
    });
    expect(theirs.statusCode).toBe(404);
  });
});
