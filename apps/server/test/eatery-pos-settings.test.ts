import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  categoryResponse,
  COURSES_MAX,
  DEVICE_LOCK_SECONDS,
  eateryResponse,
  GUEST_ROUTES,
  type GuestMenu,
} from '@qr-menu/contract';
import { categories, eateries } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp } from './helper.js';
import { menuForm, sendForm } from './menu-fixtures.js';
import { makeDish, makeEatery, makeStaff } from './orders-fixtures.js';

/**
 * The restaurant's point-of-sale settings: the device lock, the courses and how they are fired, pickup, "N left" to
 * guests; and a category's default course.
 */

const ctx = setupApp();

const details = (over: Record<string, unknown> = {}) => ({
  name: 'Nar Cafe',
  address: 'Nizami 10',
  phones: ['+994 50 123 45 67'],
  ...over,
});

const put = (id: number, token: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/api/eatery/${id}`, headers: bearer(token), payload });
const get = (id: number, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/eatery/${id}`, headers: bearer(token) });
const rowOf = async (id: number) => (await ctx.app.db.select().from(eateries).where(eq(eateries.id, id)))[0];

function expectValidation(res: LightMyRequestResponse, field: string, messageKey: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().messageKey).toBe('validation');
  expect(res.json().details).toContainEqual({ field, messageKey });
}

const COURSES = [
  { az: 'Qəlyanaltılar', en: 'Starters', ru: 'Закуски' },
  { az: 'Əsas yeməklər', en: 'Mains', ru: 'Основные блюда' },
  { az: 'Desertlər', en: 'Desserts', ru: 'Десерты' },
];

describe('device lock, courses, fire mode, pickup and stock shown', () => {
  it('defaults; PUT sets them, GET reads them back for every role; left out: kept', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    expect((await get(id, owner.token)).json()).toMatchObject({
      deviceLockSeconds: DEVICE_LOCK_SECONDS.default,
      courses: [],
      courseFireMode: 'MANUAL',
      pickupEnabled: false,
      showStockLeft: false,
    });
    const settings = {
      deviceLockSeconds: 300,
      courses: COURSES,
      courseFireMode: 'AFTER_PREVIOUS',
      pickupEnabled: true,
      showStockLeft: true,
    };
    const res = await put(id, owner.token, details(settings));
    expect(res.statusCode, res.body).toBe(200);
    expect(eateryResponse.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toMatchObject(settings);
    const waiter = await makeStaff(ctx.app, id, ['WAITER']);
    expect((await get(id, waiter.token)).json()).toMatchObject(settings);
    const again = await put(id, owner.token, details({ name: 'Renamed' }));
    expect(again.json()).toMatchObject({ name: 'Renamed', ...settings });
  });

  it('course names are trimmed; one language is enough; [] turns courses off', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    const res = await put(id, owner.token, details({ courses: [{ az: '  Şorbalar ', en: '', ru: '' }] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().courses).toEqual([{ az: 'Şorbalar', en: '', ru: '' }]);
    const off = await put(id, owner.token, details({ courses: [] }));
    expect(off.json().courses).toEqual([]);
  });

  it('a new restaurant may be created with them', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/eatery',
      headers: bearer(owner.token),
      payload: details({ deviceLockSeconds: 60, courses: COURSES.slice(0, 2), pickupEnabled: true }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ deviceLockSeconds: 60, courses: COURSES.slice(0, 2), pickupEnabled: true });
  });

  it('400 for bad values, with the field and a message key; nothing changes', async () => {
    const owner = await registerOwner(ctx.app);
    const id = owner.eateryId;
    await put(id, owner.token, details({ courses: COURSES }));
    const before = await rowOf(id);
    const seven = Array.from({ length: COURSES_MAX + 1 }, (_, i) => ({ az: `K${i}`, en: '', ru: '' }));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ deviceLockSeconds: DEVICE_LOCK_SECONDS.min - 1 }, 'deviceLockSeconds', 'validation.deviceLockSeconds'],
      [{ deviceLockSeconds: DEVICE_LOCK_SECONDS.max + 1 }, 'deviceLockSeconds', 'validation.deviceLockSeconds'],
      [{ deviceLockSeconds: 90.5 }, 'deviceLockSeconds', 'validation.deviceLockSeconds'],
      [{ deviceLockSeconds: '120' }, 'deviceLockSeconds', 'validation.deviceLockSeconds'],
      [{ courses: seven }, 'courses', 'validation.coursesMax'],
      [{ courses: [{ az: ' ', en: '', ru: '' }] }, 'courses.0.az', 'validation.courseName'],
      [{ courses: [COURSES[0], { az: 'x'.repeat(41), en: '', ru: '' }] }, 'courses.1.az', 'validation.tooLong'],
      [{ courses: [{ az: 'Şorba' }] }, 'courses.0.en', 'validation.invalid'],
      [{ courses: 'Starters' }, 'courses', 'validation.invalid'],
      [{ courseFireMode: 'AUTO' }, 'courseFireMode', 'validation.invalid'],
      [{ pickupEnabled: 'yes' }, 'pickupEnabled', 'validation.invalid'],
      [{ showStockLeft: 1 }, 'showStockLeft', 'validation.invalid'],
    ];
    for (const [over, field, key] of cases) {
      expectValidation(await put(id, owner.token, details({ name: 'Changed', ...over })), field, key);
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('only EATERY_ADMIN changes them (403); another restaurant is 404', async () => {
    const owner = await registerOwner(ctx.app);
    const other = await registerOwner(ctx.app);
    const waiter = await makeStaff(ctx.app, owner.eateryId, ['WAITER']);
    const before = await rowOf(owner.eateryId);
    expect((await put(owner.eateryId, waiter.token, details({ pickupEnabled: true }))).statusCode).toBe(403);
    expect((await put(owner.eateryId, other.token, details({ pickupEnabled: true }))).statusCode).toBe(404);
    expect(await rowOf(owner.eateryId)).toEqual(before);
  });

  it('guests get the course names with the menu, changed at once', async () => {
    const e = await makeEatery(ctx.app);
    await makeDish(ctx.app, e, { price: '5.00' });
    const menu = async () =>
      (await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(e.id, e.tableId) })).json() as GuestMenu;
    expect((await menu()).courses).toEqual([]);
    expect((await put(e.id, e.owner.token, details({ courses: COURSES }))).statusCode).toBe(200);
    expect((await menu()).courses).toEqual(COURSES);
  });
});

describe("a category's default course", () => {
  const categoryUrl = (eateryId: number, categoryId?: number) =>
    `/api/eatery/${eateryId}/category${categoryId ? `/${categoryId}` : ''}`;
  const save = (eateryId: number, token: string, data: object, categoryId?: number) =>
    sendForm(ctx.app, categoryId ? 'PUT' : 'POST', categoryUrl(eateryId, categoryId), token, menuForm(data));
  const courseOf = async (id: number) =>
    (await ctx.app.db.select({ course: categories.course }).from(categories).where(eq(categories.id, id)))[0].course;

  it('is one of the restaurant’s courses: set, kept when left out, cleared with null; else 400', async () => {
    const e = await makeEatery(ctx.app);
    await put(e.id, e.owner.token, details({ courses: COURSES }));
    const created = await save(e.id, e.owner.token, { nameEn: 'Mains', course: 2 });
    expect(created.statusCode, created.body).toBe(201);
    expect(categoryResponse.safeParse(created.json()).success).toBe(true);
    expect(created.json().course).toBe(2);
    const id = created.json().id as number;
    expect((await save(e.id, e.owner.token, { nameEn: 'Main dishes' }, id)).json().course).toBe(2);
    expectValidation(
      await save(e.id, e.owner.token, { nameEn: 'Mains', course: 4 }, id),
      'course',
      'validation.courseUnknown',
    );
    expectValidation(
      await save(e.id, e.owner.token, { nameEn: 'Mains', course: 0 }, id),
      'course',
      'validation.courseUnknown',
    );
    expectValidation(
      await save(e.id, e.owner.token, { nameEn: 'Mains', course: '2' }, id),
      'course',
      'validation.courseUnknown',
    );
    expect(await courseOf(id)).toBe(2);
    const cleared = await save(e.id, e.owner.token, { nameEn: 'Mains', course: null }, id);
    expect(cleared.json().course).toBeNull();
    // The list carries it too.
    const list = await ctx.app.inject({ method: 'GET', url: categoryUrl(e.id), headers: bearer(e.waiter.token) });
    expect(list.json().find((c: { id: number }) => c.id === id)).toMatchObject({ course: null });
  });

  it('a restaurant without courses takes none (400)', async () => {
    const e = await makeEatery(ctx.app);
    expectValidation(
      await save(e.id, e.owner.token, { nameEn: 'Soups', course: 1 }),
      'course',
      'validation.courseUnknown',
    );
  });

  it('shortening the courses sends categories of a course no longer named to the first', async () => {
    const e = await makeEatery(ctx.app);
    await put(e.id, e.owner.token, details({ courses: COURSES }));
    const mains = (await save(e.id, e.owner.token, { nameEn: 'Mains', course: 2 })).json().id as number;
    const desserts = (await save(e.id, e.owner.token, { nameEn: 'Sweets', course: 3 })).json().id as number;
    expect((await put(e.id, e.owner.token, details({ courses: COURSES.slice(0, 2) }))).statusCode).toBe(200);
    expect(await courseOf(mains)).toBe(2);
    expect(await courseOf(desserts)).toBeNull();
  });
});
