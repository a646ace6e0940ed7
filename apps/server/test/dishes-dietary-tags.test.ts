import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type Dish, type GuestMenu } from '@qr-menu/contract';
import { dishes } from '../src/db/schema.js';
import { registerOwner, setupApp } from './helper.js';
import { addStaff, createCategory, createDish, menuForm, sendForm } from './menu-fixtures.js';
import { makeTable } from './orders-fixtures.js';

/** Dietary and allergen tags of dishes: a fixed list, validated, kept in the list's order. */

const ctx = setupApp();

const dishUrl = (eateryId: number, categoryId: number, dishId?: number) =>
  `/api/eatery/${eateryId}/category/${categoryId}/dish${dishId ? `/${dishId}` : ''}`;

async function setup() {
  const owner = await registerOwner(ctx.app);
  const category = await createCategory(ctx.app, owner, { nameEn: 'Soups' });
  return { owner, categoryId: category.id };
}

const rowOf = async (id: number) => (await ctx.app.db.select().from(dishes).where(eq(dishes.id, id)))[0];

describe('dish dietary tags', () => {
  it('are stored once each in the list order, read back, kept when left out, cleared with []', async () => {
    const { owner, categoryId } = await setup();
    const created = await createDish(ctx.app, owner, categoryId, {
      nameEn: 'Lentil soup',
      dietaryTags: ['halal', 'vegan', 'vegetarian', 'vegan'],
    });
    const url = dishUrl(owner.eateryId, categoryId, created.id);
    expect((created as unknown as Dish).dietaryTags).toEqual(['vegetarian', 'vegan', 'halal']);
    const read = await ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
    expect(read.json().dietaryTags).toEqual(['vegetarian', 'vegan', 'halal']);

    const renamed = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'Red lentil soup', price: 5 }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().dietaryTags).toEqual(['vegetarian', 'vegan', 'halal']);

    const spicy = await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'x', price: 5, dietaryTags: ['spicy'] }),
    );
    expect(spicy.json().dietaryTags).toEqual(['spicy']);
    const none = await sendForm(ctx.app, 'PUT', url, owner.token, menuForm({ nameEn: 'x', price: 5, dietaryTags: [] }));
    expect(none.json().dietaryTags).toEqual([]);

    // A dish created without tags has none.
    const plain = await createDish(ctx.app, owner, categoryId, { nameEn: 'Bread' });
    expect((plain as unknown as Dish).dietaryTags).toEqual([]);
  });

  it('an unknown tag is 400 validation.dietaryTag (translated key) on create and update, and nothing changes', async () => {
    const { owner, categoryId } = await setup();
    const created = await createDish(ctx.app, owner, categoryId, { nameEn: 'Salad', dietaryTags: ['vegan'] });
    const before = await rowOf(created.id);
    const url = dishUrl(owner.eateryId, categoryId, created.id);
    const cases: [unknown, string, string][] = [
      [['vegan', 'keto'], 'dietaryTags.1', 'validation.dietaryTag'],
      [['Vegan'], 'dietaryTags.0', 'validation.dietaryTag'],
      [[7], 'dietaryTags.0', 'validation.dietaryTag'],
      ['vegan', 'dietaryTags', 'validation.invalid'],
    ];
    for (const [dietaryTags, field, messageKey] of cases) {
      const res = await sendForm(
        ctx.app,
        'PUT',
        url,
        owner.token,
        menuForm({ nameEn: 'Changed', price: 9, dietaryTags }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().messageKey).toBe('validation');
      expect(res.json().details).toContainEqual({ field, messageKey });
    }
    expect(await rowOf(created.id)).toEqual(before);
    const count = async () => (await ctx.app.db.select().from(dishes).where(eq(dishes.categoryId, categoryId))).length;
    const dishesBefore = await count();
    const bad = await sendForm(
      ctx.app,
      'POST',
      dishUrl(owner.eateryId, categoryId),
      owner.token,
      menuForm({ nameEn: 'New', price: 3, dietaryTags: ['glutenFree', 'paleo'] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({ field: 'dietaryTags.1', messageKey: 'validation.dietaryTag' });
    expect(await count()).toBe(dishesBefore);
  });

  it('only admins set them (a waiter gets 403); another restaurant’s dish is 404', async () => {
    const { owner, categoryId } = await setup();
    const other = await registerOwner(ctx.app);
    const created = await createDish(ctx.app, owner, categoryId, { nameEn: 'Tea' });
    const waiter = await addStaff(ctx.app, owner.eateryId, ['WAITER']);
    const url = dishUrl(owner.eateryId, categoryId, created.id);
    const form = () => menuForm({ nameEn: 'Tea', price: 5, dietaryTags: ['halal'] });
    expect((await sendForm(ctx.app, 'PUT', url, waiter.token, form())).statusCode).toBe(403);
    expect((await sendForm(ctx.app, 'PUT', url, other.token, form())).statusCode).toBe(404);
    expect((await rowOf(created.id)).dietaryTags).toEqual([]);
  });

  it('the guest menu carries each dish’s tags and follows a change', async () => {
    const { owner, categoryId } = await setup();
    const tableId = await makeTable(ctx.app, owner.eateryId, 'T1');
    const created = await createDish(ctx.app, owner, categoryId, { nameEn: 'Adjika', dietaryTags: ['spicy'] });
    const menu = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(owner.eateryId, tableId) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as GuestMenu).categories[0].dishes[0];
    };
    expect((await menu()).dietaryTags).toEqual(['spicy']);
    const url = dishUrl(owner.eateryId, categoryId, created.id);
    await sendForm(
      ctx.app,
      'PUT',
      url,
      owner.token,
      menuForm({ nameEn: 'Adjika', price: 5, dietaryTags: ['vegan', 'spicy'] }),
    );
    expect((await menu()).dietaryTags).toEqual(['vegan', 'spicy']);
  });
});
