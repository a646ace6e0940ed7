import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, dishes } from '../src/db/schema.js';
import { CATALOG, type CatalogCategory } from '../src/modules/catalog/catalog-data.js';
import { CatalogService } from '../src/modules/catalog/catalog.service.js';
import { bearer, registerOwner, setupApp, type Owner } from './helper.js';
import { addStaff, createCategory, FIXTURE_IMAGES, menuForm, sendForm } from './menu-fixtures.js';

const ctx = setupApp();
let owner: Owner;
let other: Owner;
let waiterToken: string;

const predefinedUrl = (o: Owner = owner) => `/api/eatery/${o.eateryId}/category/predefined`;
const templatesUrl = (categoryId: number, o: Owner = owner) =>
  `/api/eatery/${o.eateryId}/category/${categoryId}/dish/templates`;
const postJson = (url: string, token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
const categoryCount = async (o: Owner = owner) =>
  (await ctx.app.db.select().from(categories).where(eq(categories.eateryId, o.eateryId))).length;

beforeAll(async () => {
  owner = await registerOwner(ctx.app);
  other = await registerOwner(ctx.app, { restaurant: 'Other Place' });
  waiterToken = (await addStaff(ctx.app, owner.eateryId, ['WAITER'])).token;
});

describe('the catalogue data', () => {
  it('has the 12 required categories, each with at least 5 complete template dishes', () => {
    const keys = CATALOG.map((c) => c.key);
    for (const key of ['salads', 'soups', 'pizza', 'burgers', 'drinks', 'desserts', 'breakfast', 'hot-dishes']) {
      expect(keys).toContain(key);
    }
    for (const key of ['kebabs', 'pasta', 'bakery', 'national-dishes']) expect(keys).toContain(key);
    expect(new Set(CATALOG.map((c) => c.id)).size).toBe(CATALOG.length);
    for (const c of CATALOG) {
      expect([c.nameAz, c.nameEn, c.nameRu].every((n) => n.trim().length > 0)).toBe(true);
      expect(c.dishes.length).toBeGreaterThanOrEqual(5);
      for (const d of c.dishes) {
        for (const text of [d.nameAz, d.nameEn, d.nameRu, d.descriptionAz, d.descriptionEn, d.descriptionRu]) {
          expect(text.trim().length, `${c.key}: ${d.nameEn}`).toBeGreaterThan(0);
        }
        expect(d.price).toMatch(/^\d+\.\d{2}$/);
        expect(Number(d.price)).toBeGreaterThan(0);
        expect(d.image).toBeNull();
      }
    }
  });
});

describe('GET /api/category/common and /api/dish/common/{categoryKey}', () => {
  it('lists the common categories', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/category/common', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(CATALOG.length);
    expect(list[0]).toEqual({
      categoryId: 1,
      key: 'salads',
      nameAz: 'Salatlar',
      nameEn: 'Salads',
      nameRu: 'Салаты',
      image: null,
      dishCount: CATALOG[0].dishes.length,
    });
  });

  it('lists the template dishes by categoryId, key or nameEn', async () => {
    for (const key of ['2', 'soups', 'Soups', 'SOUPS']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/dish/common/${key}`, headers: bearer(owner.token) });
      expect(res.statusCode, key).toBe(200);
      const list = res.json();
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list[0]).toMatchObject({ dishId: 201, categoryId: 2, nameEn: 'Lentil soup', price: 4, image: null });
    }
    const spaced = await ctx.app.inject({
      method: 'GET',
      url: `/api/dish/common/${encodeURIComponent('Hot dishes')}`,
      headers: bearer(owner.token),
    });
    expect(spaced.statusCode).toBe(200);
  });

  it('404 for an unknown key; 401 without token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dish/common/nothing', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/category/common' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dish/common/1' })).statusCode).toBe(401);
  });
});

describe('POST /api/eatery/{id}/category/predefined', () => {
  it('creates one category from a JSON item or a multipart `data` part, at the end', async () => {
    const json = await postJson(predefinedUrl(), owner.token, {
      categoryId: 1,
      nameAz: 'Salatlar',
      nameEn: 'Salads',
      nameRu: 'Салаты',
      image: null,
      eateryId: owner.eateryId,
    });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ nameEn: 'Salads', eateryId: owner.eateryId, image: null, dishes: 0 });

    const form = await sendForm(
      ctx.app,
      'POST',
      predefinedUrl(),
      owner.token,
      menuForm({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы', image: null, eateryId: owner.eateryId }),
    );
    expect(form.statusCode).toBe(201);
    expect(form.json().position).toBeGreaterThan(json.json().position);
  });

  it('creates several from an array, names taken from the catalogue when left out', async () => {
    const res = await postJson(predefinedUrl(), owner.token, [
      { categoryId: 3 },
      { categoryId: 4, nameEn: 'Our burgers' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject([
      { nameAz: 'Pizzalar', nameEn: 'Pizza', nameRu: 'Пицца' },
      { nameAz: 'Burgerlər', nameEn: 'Our burgers', nameRu: 'Бургеры' },
    ]);
  });

  it('400 for an image that is not a catalogue image (never read from disk), an unknown id, no names or none selected', async () => {
    const before = await categoryCount();
    const cases: [unknown, string, string][] = [
      [{ nameEn: 'Salads', image: 'salad.webp' }, 'image', 'validation.invalid'],
      [{ nameEn: 'Salads', image: '../../../../etc/passwd' }, 'image', 'validation.invalid'],
      [{ nameEn: 'Salads', image: '/api/catalog-image/../package.json' }, 'image', 'validation.invalid'],
      [[{ categoryId: 1 }, { nameEn: 'X', image: '/etc/hostname' }], '1.image', 'validation.invalid'],
      [{ categoryId: 999 }, 'categoryId', 'validation.invalid'],
      [{ nameEn: ' ' }, 'nameAz', 'validation.categoryNameRequired'],
      [[], 'data', 'validation.selectAtLeastOne'],
    ];
    for (const [payload, field, messageKey] of cases) {
      const res = await postJson(predefinedUrl(), owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details).toEqual([{ field, messageKey }]);
    }
    expect(await categoryCount()).toBe(before);
  });

  it('401, 403 for a waiter, 404 for another restaurant', async () => {
    const before = await categoryCount(other);
    expect((await postJson(predefinedUrl(), null, { categoryId: 1 })).statusCode).toBe(401);
    expect((await postJson(predefinedUrl(), waiterToken, { categoryId: 1 })).statusCode).toBe(403);
    expect((await postJson(predefinedUrl(other), owner.token, { categoryId: 1 })).statusCode).toBe(404);
    const bodyId = await postJson(predefinedUrl(), owner.token, { categoryId: 1, eateryId: other.eateryId });
    expect(bodyId.statusCode).toBe(404);
    expect(await categoryCount(other)).toBe(before);
  });
});

describe('POST /api/eatery/{id}/category/{categoryId}/dish/templates', () => {
  it('creates the selected template dishes at the end of the category', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Soups' });
    const existing = await sendForm(
      ctx.app,
      'POST',
      `/api/eatery/${owner.eateryId}/category/${cat.id}/dish`,
      owner.token,
      menuForm({ nameEn: 'House soup', price: 3 }),
    );
    const templates = (
      await ctx.app.inject({ method: 'GET', url: '/api/dish/common/soups', headers: bearer(owner.token) })
    ).json();
    const res = await postJson(templatesUrl(cat.id), owner.token, templates.slice(0, 3));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({
      nameAz: templates[0].nameAz,
      nameRu: templates[0].nameRu,
      descriptionEn: templates[0].descriptionEn,
      price: templates[0].price,
      available: true,
      categoryId: cat.id,
      image: null,
    });
    expect(created[0].position).toBeGreaterThan(existing.json().position);
    expect(created[2].position).toBeGreaterThan(created[1].position);
    const [row] = await ctx.app.db.select().from(dishes).where(eq(dishes.id, created[1].id));
    expect(row.price).toBe(templates[1].price.toFixed(2));
  });

  it('400 for a bad item, a non-catalogue image or an empty selection; nothing is created', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Empty' });
    const cases: [unknown, string, string][] = [
      [
        [
          { nameEn: 'Ok', price: 2 },
          { nameEn: 'Bad', price: 0 },
        ],
        '1.price',
        'validation.price',
      ],
      [[{ nameEn: 'Img', price: 2, image: 'soup.webp' }], '0.image', 'validation.invalid'],
      [[{ price: 2 }], '0.nameAz', 'validation.dishNameRequired'],
      [[], 'body', 'validation.selectAtLeastOne'],
    ];
    for (const [payload, field, messageKey] of cases) {
      const res = await postJson(templatesUrl(cat.id), owner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details).toEqual([{ field, messageKey }]);
    }
    expect(await ctx.app.db.select().from(dishes).where(eq(dishes.categoryId, cat.id))).toEqual([]);
  });

  it('401, 403 for a waiter, 404 for another restaurant’s category', async () => {
    const cat = await createCategory(ctx.app, owner, { nameEn: 'Guarded' });
    const theirs = await createCategory(ctx.app, other, { nameEn: 'Theirs' });
    const body = [{ nameEn: 'Soup', price: 2 }];
    expect((await postJson(templatesUrl(cat.id), null, body)).statusCode).toBe(401);
    expect((await postJson(templatesUrl(cat.id), waiterToken, body)).statusCode).toBe(403);
    expect((await postJson(templatesUrl(theirs.id), owner.token, body)).statusCode).toBe(404);
    expect((await postJson(templatesUrl(theirs.id, other), owner.token, body)).statusCode).toBe(404);
    expect(await ctx.app.db.select().from(dishes).where(eq(dishes.categoryId, theirs.id))).toEqual([]);
  });
});

describe('catalogue images', () => {
  it('GET /api/catalog-image serves nothing outside the whitelist (none are shipped)', async () => {
    for (const name of ['salad.webp', '..%2Fcatalog-data.ts', '..%2F..%2F..%2F..%2Fpackage.json']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/catalog-image/${name}` });
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('a whitelisted catalogue image is read from the catalogue folder and stored', async () => {
    const custom: CatalogCategory[] = [
      { ...CATALOG[0], image: 'salad.webp', dishes: [{ ...CATALOG[0].dishes[0], image: 'coban.webp' }] },
    ];
    const { categories, dishes } = ctx.app.services;
    const service = new CatalogService(
      ctx.app.db,
      categories,
      dishes,
      ctx.app.realtime,
      custom,
      fileURLToPath(FIXTURE_IMAGES),
    );
    expect(service.resolveImageName('/api/catalog-image/salad.webp', 'image')).toBe('salad.webp');
    expect(() => service.resolveImageName('pizza.webp', 'image')).toThrow();
    expect(service.imagePath('../salad.webp')).toBeNull();
    const created = await service.createPredefined(owner.eateryId, { categoryId: 1, image: 'salad.webp' });
    expect(created).toMatchObject({ nameEn: 'Salads', imageId: expect.any(Number) });
    const fromCatalogue = await service.createPredefined(owner.eateryId, { categoryId: 1 });
    expect(fromCatalogue).toMatchObject({ imageId: (created as { imageId: number }).imageId });
    const dishesMade = await service.createFromTemplates(owner.eateryId, (created as { id: number }).id, [
      { ...service.dishes('salads')[0] },
    ]);
    expect(dishesMade[0].imageId).toEqual(expect.any(Number));
  });
});
