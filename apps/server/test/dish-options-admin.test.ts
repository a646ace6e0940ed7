import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type Dish, type GuestMenu } from '@qr-menu/contract';
import { categories, dishes, orderItems } from '../src/db/schema.js';
import { registerOwner, setupApp, type Owner } from './helper.js';
import { addStaff, createCategory, menuForm, orderDish, sendForm } from './menu-fixtures.js';
import { makeTable } from './orders-fixtures.js';

/**
 * Dish option groups and availability hours in the admin API: stored as sent, ids kept for the dish's
 * own groups and options, fresh ids for new ones (a group copied from another dish comes without ids), every bad
 * input a 400 with the contract's key and nothing changed; categories carry hours; the guest menu shows them.
 */

const ctx = setupApp();

const dishUrl = (o: Owner, categoryId: number, dishId?: number) =>
  `/api/eatery/${o.eateryId}/category/${categoryId}/dish${dishId ? `/${dishId}` : ''}`;

const SIZE = {
  nameAz: 'Həcm',
  nameEn: 'Size',
  nameRu: 'Объём',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { nameAz: '0,3 L', nameEn: '0.3 L', nameRu: '0,3 л', priceDelta: 0 },
    { nameAz: '0,5 L', nameEn: '0.5 L', nameRu: '0,5 л', priceDelta: '1,50' },
  ],
};
const EXTRAS = {
  nameEn: 'Extras',
  minChoices: 0,
  maxChoices: 3,
  options: [
    { nameEn: 'Cheese', priceDelta: 1 },
    { nameEn: 'Bacon', priceDelta: 1.5, available: false },
  ],
};
const BREAKFAST = { days: [4, 0, 1, 2, 3, 0], from: '08:00', to: '11:30' };

async function setup() {
  const owner = await registerOwner(ctx.app);
  const category = await createCategory(ctx.app, owner, { nameEn: 'Drinks' });
  return { owner, categoryId: category.id };
}

async function save(owner: Owner, categoryId: number, data: Record<string, unknown>, dishId?: number) {
  return sendForm(
    ctx.app,
    dishId ? 'PUT' : 'POST',
    dishUrl(owner, categoryId, dishId),
    owner.token,
    menuForm({ nameEn: 'Lemonade', price: 3, ...data }),
  );
}

const rowOf = async (id: number) => (await ctx.app.db.select().from(dishes).where(eq(dishes.id, id)))[0];

describe('dish option groups (admin)', () => {
  it('are stored with fresh ids, names in three languages, deltas as numbers and availability', async () => {
    const { owner, categoryId } = await setup();
    const res = await save(owner, categoryId, { optionGroups: [SIZE, EXTRAS], availableHours: BREAKFAST });
    expect(res.statusCode, res.body).toBe(201);
    const dish = res.json() as Dish;
    expect(dish.optionGroups).toEqual([
      {
        id: 1,
        nameAz: 'Həcm',
        nameEn: 'Size',
        nameRu: 'Объём',
        minChoices: 1,
        maxChoices: 1,
        options: [
          { id: 1, nameAz: '0,3 L', nameEn: '0.3 L', nameRu: '0,3 л', priceDelta: 0, available: true },
          { id: 2, nameAz: '0,5 L', nameEn: '0.5 L', nameRu: '0,5 л', priceDelta: 1.5, available: true },
        ],
      },
      {
        id: 2,
        nameAz: '',
        nameEn: 'Extras',
        nameRu: '',
        minChoices: 0,
        maxChoices: 3,
        options: [
          { id: 3, nameAz: '', nameEn: 'Cheese', nameRu: '', priceDelta: 1, available: true },
          { id: 4, nameAz: '', nameEn: 'Bacon', nameRu: '', priceDelta: 1.5, available: false },
        ],
      },
    ]);
    // Days are stored once each, in order.
    expect(dish.availableHours).toEqual({ days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' });
    expect(dish.availableAgainAt).toBeNull();
    const read = await ctx.app.inject({
      method: 'GET',
      url: dishUrl(owner, categoryId, dish.id),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(read.json().optionGroups).toEqual(dish.optionGroups);

    // Without options or hours: none.
    const plain = (await save(owner, categoryId, { nameEn: 'Water' })).json() as Dish;
    expect(plain.optionGroups).toEqual([]);
    expect(plain.availableHours).toBeNull();
  });

  it('an update keeps the ids sent, numbers new groups and options above the dish ids, and keeps or clears', async () => {
    const { owner, categoryId } = await setup();
    const created = (
      await save(owner, categoryId, { optionGroups: [SIZE, EXTRAS], availableHours: BREAKFAST })
    ).json() as Dish;
    const [size, extras] = created.optionGroups;

    // Size kept (one option renamed, one dropped), Extras dropped, a group copied from another dish (no ids).
    const res = await save(
      owner,
      categoryId,
      {
        optionGroups: [
          { ...size, options: [{ ...size.options[1], nameEn: 'Large' }] },
          { ...EXTRAS, nameEn: 'Copied extras' },
        ],
      },
      created.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Dish;
    expect(updated.optionGroups.map((g) => [g.id, g.nameEn, g.options.map((o) => [o.id, o.nameEn])])).toEqual([
      [size.id, 'Size', [[size.options[1].id, 'Large']]],
      [
        extras.id + 1,
        'Copied extras',
        [
          [5, 'Cheese'],
          [6, 'Bacon'],
        ],
      ],
    ]);
    // Hours left out: kept. Options left out: kept.
    expect(updated.availableHours).toEqual(created.availableHours);
    const renamed = (await save(owner, categoryId, { nameEn: 'Fresh lemonade' }, created.id)).json() as Dish;
    expect(renamed.optionGroups).toEqual(updated.optionGroups);
    expect(renamed.availableHours).toEqual(created.availableHours);

    // null clears the hours; [] removes every group.
    const cleared = (await save(owner, categoryId, { optionGroups: [], availableHours: null }, created.id)).json();
    expect(cleared.optionGroups).toEqual([]);
    expect(cleared.availableHours).toBeNull();
  });

  it('a removed option id that past orders name is not handed to a new option', async () => {
    const { owner, categoryId } = await setup();
    const dish = (await save(owner, categoryId, { optionGroups: [SIZE] })).json() as Dish;
    const [size] = dish.optionGroups;
    const { itemId } = await orderDish(ctx.app, owner.eateryId, dish.id);
    const large = size.options[1];
    await ctx.app.db
      .update(orderItems)
      .set({
        options: [
          {
            groupId: size.id,
            optionId: large.id,
            groupNames: { az: '', en: 'Size', ru: '' },
            names: { az: '', en: '0.5 L', ru: '' },
            priceDelta: 1.5,
          },
        ],
      })
      .where(eq(orderItems.id, itemId));
    // 0.5 L (the highest id) removed, a new option added: it gets a new id, not 0.5 L's.
    const res = await save(
      owner,
      categoryId,
      { optionGroups: [{ ...size, options: [size.options[0], { nameEn: '1 L', priceDelta: 3 }] }] },
      dish.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Dish).optionGroups[0].options.map((o) => [o.id, o.nameEn])).toEqual([
      [size.options[0].id, '0.3 L'],
      [large.id + 1, '1 L'],
    ]);
  });

  it('an id that is not one of the dish own (another dish, a group id for an option, twice) is 400', async () => {
    const { owner, categoryId } = await setup();
    const a = (await save(owner, categoryId, { optionGroups: [SIZE] })).json() as Dish;
    const b = (await save(owner, categoryId, { nameEn: 'Tea', optionGroups: [SIZE, EXTRAS] })).json() as Dish;
    const before = await rowOf(a.id);
    const [size] = a.optionGroups;
    const cases: [unknown[], string][] = [
      // Another dish's group and option ids.
      [[{ ...b.optionGroups[1], id: b.optionGroups[1].id }], 'optionGroups.0.id'],
      [[{ ...size, options: [{ ...b.optionGroups[1].options[1] }] }], 'optionGroups.0.options.0.id'],
      // The same group or option twice.
      [[size, size], 'optionGroups.1.id'],
      [[{ ...size, options: [size.options[0], size.options[0]], maxChoices: 2 }], 'optionGroups.0.options.1.id'],
      [[{ ...size, id: 999 }], 'optionGroups.0.id'],
    ];
    for (const [optionGroups, field] of cases) {
      const res = await save(owner, categoryId, { nameEn: 'Changed', optionGroups }, a.id);
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(res.json().details).toContainEqual({ field, messageKey: 'validation.invalid' });
    }
    // An id on create: the new dish has none yet.
    const res = await save(owner, categoryId, { optionGroups: [size] });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field: 'optionGroups.0.id', messageKey: 'validation.invalid' });
    expect(await rowOf(a.id)).toEqual(before);
  });

  it('bad groups, options and hours are 400 with the contract keys, nothing written', async () => {
    const { owner, categoryId } = await setup();
    const dish = (await save(owner, categoryId, { optionGroups: [SIZE], availableHours: BREAKFAST })).json();
    const before = await rowOf(dish.id);
    const countBefore = (await ctx.app.db.select().from(dishes)).length;
    const option = { nameEn: 'x', priceDelta: 1 };
    const group = { nameEn: 'G', minChoices: 0, maxChoices: 1, options: [option] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ optionGroups: [{ ...group, options: [] }] }, 'optionGroups.0.options', 'validation.optionGroupEmpty'],
      [
        { optionGroups: [{ ...group, minChoices: 2, maxChoices: 1 }] },
        'optionGroups.0.minChoices',
        'validation.optionGroupRange',
      ],
      [
        { optionGroups: [{ ...group, minChoices: 2, maxChoices: 2 }] },
        'optionGroups.0.minChoices',
        'validation.optionGroupRange',
      ],
      [{ optionGroups: [{ ...group, maxChoices: 0 }] }, 'optionGroups.0.maxChoices', 'validation.optionGroupRange'],
      [{ optionGroups: [{ ...group, minChoices: -1 }] }, 'optionGroups.0.minChoices', 'validation.optionGroupRange'],
      [{ optionGroups: [{ ...group, nameEn: ' ' }] }, 'optionGroups.0.nameAz', 'validation.optionNameRequired'],
      [
        { optionGroups: [{ ...group, options: [{ priceDelta: 1 }] }] },
        'optionGroups.0.options.0.nameAz',
        'validation.optionNameRequired',
      ],
      [
        { optionGroups: [{ ...group, options: [{ ...option, priceDelta: -1 }] }] },
        'optionGroups.0.options.0.priceDelta',
        'validation.optionPrice',
      ],
      [
        { optionGroups: [{ ...group, options: [{ ...option, priceDelta: '1.505' }] }] },
        'optionGroups.0.options.0.priceDelta',
        'validation.optionPrice',
      ],
      [
        { optionGroups: [{ ...group, options: [{ ...option, priceDelta: 'abc' }] }] },
        'optionGroups.0.options.0.priceDelta',
        'validation.optionPrice',
      ],
      [{ optionGroups: Array.from({ length: 11 }, () => group) }, 'optionGroups', 'validation.tooLong'],
      [{ optionGroups: 'Size' }, 'optionGroups', 'validation.invalid'],
      [
        { availableHours: { days: [], from: '08:00', to: '11:00' } },
        'availableHours.days',
        'validation.availabilityDays',
      ],
      [{ availableHours: { days: [7], from: '08:00', to: '11:00' } }, 'availableHours.days.0', 'validation.invalid'],
      [{ availableHours: { days: [1], from: '8:00', to: '11:00' } }, 'availableHours.from', 'validation.invalid'],
      [{ availableHours: { days: [1], from: '08:00', to: '24:00' } }, 'availableHours.to', 'validation.invalid'],
      [{ availableHours: 'mornings' }, 'availableHours', 'validation.invalid'],
    ];
    for (const [data, field, messageKey] of cases) {
      for (const dishId of [dish.id, undefined]) {
        const res = await save(owner, categoryId, { nameEn: 'Changed', ...data }, dishId);
        expect(res.statusCode, `${field} ${res.body}`).toBe(400);
        expect(res.json().messageKey).toBe('validation');
        expect(res.json().details, field).toContainEqual({ field, messageKey });
      }
    }
    expect(await rowOf(dish.id)).toEqual(before);
    expect((await ctx.app.db.select().from(dishes)).length).toBe(countBefore);
  });

  it('only EATERY_ADMIN edits options; another restaurant is 404', async () => {
    const { owner, categoryId } = await setup();
    const dish = (await save(owner, categoryId, {})).json() as Dish;
    const waiter = await addStaff(ctx.app, owner.eateryId, ['WAITER']);
    const form = menuForm({ nameEn: 'x', price: 1, optionGroups: [SIZE] });
    const asWaiter = await sendForm(ctx.app, 'PUT', dishUrl(owner, categoryId, dish.id), waiter.token, form);
    expect(asWaiter.statusCode).toBe(403);
    const other = await registerOwner(ctx.app);
    const url = `/api/eatery/${owner.eateryId}/category/${categoryId}/dish/${dish.id}`;
    const asOther = await sendForm(ctx.app, 'PUT', url, other.token, menuForm({ nameEn: 'x', price: 1 }));
    expect(asOther.statusCode).toBe(404);
    expect((await rowOf(dish.id)).optionGroups).toEqual([]);
  });
});

describe('category availability hours', () => {
  const catUrl = (o: Owner, id?: number) => `/api/eatery/${o.eateryId}/category${id ? `/${id}` : ''}`;

  it('are stored, kept when left out, cleared with null; bad hours are 400 and change nothing', async () => {
    const owner = await registerOwner(ctx.app);
    const created = await sendForm(
      ctx.app,
      'POST',
      catUrl(owner),
      owner.token,
      menuForm({ nameEn: 'Breakfast', availableHours: { days: [6, 5], from: '22:00', to: '02:00' } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(created.json().availableHours).toEqual({ days: [5, 6], from: '22:00', to: '02:00' });

    const renamed = await sendForm(ctx.app, 'PUT', catUrl(owner, id), owner.token, menuForm({ nameEn: 'Late' }));
    expect(renamed.json().availableHours).toEqual({ days: [5, 6], from: '22:00', to: '02:00' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: catUrl(owner),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(list.json()[0].availableHours).toEqual({ days: [5, 6], from: '22:00', to: '02:00' });

    const bad = await sendForm(
      ctx.app,
      'PUT',
      catUrl(owner, id),
      owner.token,
      menuForm({ nameEn: 'Changed', availableHours: { days: [], from: '08:00', to: '10:00' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({
      field: 'availableHours.days',
      messageKey: 'validation.availabilityDays',
    });
    const [row] = await ctx.app.db.select().from(categories).where(eq(categories.id, id));
    expect(row.nameEn).toBe('Late');

    const cleared = await sendForm(
      ctx.app,
      'PUT',
      catUrl(owner, id),
      owner.token,
      menuForm({ nameEn: 'Late', availableHours: null }),
    );
    expect(cleared.json().availableHours).toBeNull();
  });
});

describe('guest menu with options and hours', () => {
  it('carries every option with its flags and the hours of dishes and categories, and follows each change', async () => {
    const owner = await registerOwner(ctx.app);
    const category = await sendForm(
      ctx.app,
      'POST',
      `/api/eatery/${owner.eateryId}/category`,
      owner.token,
      menuForm({ nameEn: 'Breakfast', availableHours: { days: [0, 1, 2, 3, 4, 5, 6], from: '08:00', to: '11:30' } }),
    );
    const categoryId = category.json().id as number;
    const dish = (await save(owner, categoryId, { optionGroups: [SIZE, EXTRAS], availableHours: BREAKFAST })).json();
    const table = await makeTable(ctx.app, owner.eateryId, 'A1');
    const menu = async () =>
      (await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(owner.eateryId, table) })).json() as GuestMenu;

    const first = await menu();
    expect(first.categories[0].availableHours).toEqual({ days: [0, 1, 2, 3, 4, 5, 6], from: '08:00', to: '11:30' });
    const guestDish = first.categories[0].dishes[0];
    expect(guestDish.optionGroups).toEqual(dish.optionGroups);
    // The unavailable option is there, flagged.
    expect(guestDish.optionGroups![1].options[1]).toMatchObject({ nameEn: 'Bacon', available: false });
    expect(guestDish.availableHours).toEqual({ days: [0, 1, 2, 3, 4], from: '08:00', to: '11:30' });

    // An edit shows at once (the cache is invalidated).
    const [size] = dish.optionGroups as Dish['optionGroups'];
    await save(owner, categoryId, { optionGroups: [{ ...size, nameEn: 'Cup' }], availableHours: null }, dish.id);
    const second = await menu();
    expect(second.categories[0].dishes[0].optionGroups!.map((g) => g.nameEn)).toEqual(['Cup']);
    expect(second.categories[0].dishes[0].availableHours).toBeNull();
  });
});
