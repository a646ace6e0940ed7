import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { createOwner, expect, openDrawer, PASSWORD, uniqueEmail, type Owner } from './fixtures';

/**
 * A restaurant with something on every screen, made through the API once per test: two categories, dishes
 * (with and without a photo, one unavailable), a department, two tables (a waiter on one), a waiter, a kitchen
 * admin and a cashier, and today's orders in every status with items in every item status.
 */

const BAKLAVA = readFileSync(fileURLToPath(new URL('./fixtures/baklava.webp', import.meta.url)));

export type StaffRole = 'WAITER' | 'KITCHEN_ADMIN' | 'CASHIER';

export interface Login {
  email: string;
  userId: number;
  token: string;
}

export interface Restaurant {
  owner: Owner;
  tableId: number;
  categoryId: number;
  staff: Record<StaffRole, Login>;
  /** Order ids by status: CREATED, PREPARING, READY, ISSUED, PAID, CANCELLED. */
  orders: Record<string, number>;
  /** The same orders' numbers of the day (what the screens show). */
  numbers: Record<string, number>;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The JSON of a response that must have `status` (the URL and body in the failure message). */
export async function ok<T>(response: Promise<import('@playwright/test').APIResponse>, status = 200): Promise<T> {
  const res = await response;
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return (await res.json().catch(() => null)) as T;
}

export async function login(request: APIRequestContext, email: string): Promise<Login> {
  const body = await ok<{ jwt: string; userId: number }>(
    request.post('/api/auth/login', { data: { email, password: PASSWORD, eateryId: null } }),
  );
  return { email, userId: body.userId, token: body.jwt };
}

/** A staff member of the owner's restaurant with `role`, signed in. */
export async function createStaff(request: APIRequestContext, owner: Owner, role: StaffRole, name: string) {
  const email = uniqueEmail(role.toLowerCase());
  await ok(
    request.post(`/api/eatery/${owner.eateryId}/user`, {
      headers: auth(owner.token),
      data: {
        user: { email, password: PASSWORD, roles: [role] },
        restaurant: { eateryId: owner.eateryId, name: null },
        userProfileRequest: { name, phone: '+994 55 111 22 33' },
      },
    }),
    201,
  );
  return login(request, email);
}

export async function seedRestaurant(request: APIRequestContext): Promise<Restaurant> {
  const owner = await createOwner(request, 'Dadlı Ev');
  const headers = auth(owner.token);
  const base = `/api/eatery/${owner.eateryId}`;

  const department = await ok<{ id: number }>(
    request.post(`${base}/kitchen-department`, { headers, data: { name: 'Manqal' } }),
    201,
  );
  const category = async (names: object) => {
    const body = await ok<{ id?: number; categoryId?: number }>(
      request.post(`${base}/category`, { headers, multipart: { data: JSON.stringify(names) } }),
      201,
    );
    return (body.id ?? body.categoryId)!;
  };
  const soups = await category({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' });
  const desserts = await category({ nameAz: 'Desertlər', nameEn: 'Desserts', nameRu: 'Десерты' });

  const dish = async (categoryId: number, fields: object, photo = false) => {
    const data = JSON.stringify({ ...fields, categoryId, kitchenDepartmentId: department.id });
    const image = { name: 'baklava.webp', mimeType: 'image/webp', buffer: BAKLAVA };
    const multipart: Record<string, string | typeof image> = photo ? { data, image } : { data };
    const body = await ok<{ dishId?: number; id?: number }>(
      request.post(`${base}/category/${categoryId}/dish`, { headers, multipart }),
      201,
    );
    return (body.dishId ?? body.id)!;
  };
  const lentil = await dish(soups, {
    nameAz: 'Mərci şorbası',
    nameEn: 'Lentil soup',
    nameRu: 'Чечевичный суп',
    descriptionAz: 'Qırmızı mərci, soğan və limon ilə',
    price: '4.25',
  });
  const dushbara = await dish(soups, { nameAz: 'Düşbərə', nameEn: 'Dushbara', nameRu: 'Дюшбара', price: '6.00' });
  await dish(soups, { nameAz: 'Piti', nameEn: 'Piti', nameRu: 'Пити', price: '9.50', available: false });
  const baklava = await dish(
    desserts,
    {
      nameAz: 'Nənə paxlavası',
      nameEn: 'Grandma’s baklava',
      nameRu: 'Бабушкина пахлава',
      descriptionAz: 'Qoz, bal və nazik xəmir',
      price: '4.50',
    },
    true,
  );

  const table = await ok<{ id: number }>(
    request.post(`${base}/table`, { headers, data: { number: '1', seats: 4, note: 'Pəncərənin yanında' } }),
    201,
  );
  const table2 = await ok<{ id: number }>(
    request.post(`${base}/table`, { headers, data: { number: '2', seats: 2 } }),
    201,
  );

  const staff = {
    WAITER: await createStaff(request, owner, 'WAITER', 'Leyla Hüseynova'),
    KITCHEN_ADMIN: await createStaff(request, owner, 'KITCHEN_ADMIN', 'Rəşad Məmmədov'),
    CASHIER: await createStaff(request, owner, 'CASHIER', 'Aygün Əliyeva'),
  };
  await ok(
    request.post(`${base}/table-assignment`, { headers, data: { waiterId: staff.WAITER.userId, tableId: table.id } }),
    201,
  );

  // Today's orders in every status, items in every item status.
  type Created = { id: number; number: number; items: { id: number }[] };
  const order = async (tableId: number, items: { dishId: number; quantity: number; note?: string }[], note?: string) =>
    ok<Created>(request.post(`${base}/orders`, { headers, data: { tableId, note, items } }), 201);
  const setItem = (o: Created, index: number, status: string) =>
    ok(request.put(`${base}/orders/${o.id}/items/${o.items[index].id}`, { headers, data: { status } }));
  const setOrder = (o: Created, status: string) =>
    ok(request.put(`${base}/orders/${o.id}`, { headers, data: { status } }));

  const created = await order(table.id, [{ dishId: lentil, quantity: 2, note: 'Soğansız' }], 'Tez olsun');
  const preparing = await order(table2.id, [
    { dishId: dushbara, quantity: 1 },
    { dishId: baklava, quantity: 3 },
  ]);
  await setItem(preparing, 0, 'PREPARING');
  const ready = await order(table.id, [{ dishId: baklava, quantity: 1 }]);
  await setItem(ready, 0, 'READY');
  const issued = await order(table2.id, [
    { dishId: lentil, quantity: 1 },
    { dishId: dushbara, quantity: 1 },
  ]);
  await setItem(issued, 0, 'SERVED');
  // Voided with a reason (the owner needs no manager's approval).
  await ok(
    request.delete(`${base}/orders/${issued.id}/items/${issued.items[1].id}`, {
      headers,
      data: { reason: 'Qonaq fikrini dəyişdi' },
    }),
  );
  await setOrder(issued, 'ISSUED');
  // Paid after the kitchen served it (marking it paid records a cash payment).
  const paid = await order(table.id, [{ dishId: lentil, quantity: 1 }]);
  await setItem(paid, 0, 'SERVED');
  // Marking it paid takes cash: the owner's drawer opens first.
  await openDrawer(request, owner, owner.eateryId);
  await setOrder(paid, 'PAID');
  const cancelled = await order(table2.id, [{ dishId: dushbara, quantity: 2 }]);
  await setOrder(cancelled, 'CANCELLED');

  return {
    owner,
    tableId: table.id,
    categoryId: soups,
    staff,
    orders: {
      CREATED: created.id,
      PREPARING: preparing.id,
      READY: ready.id,
      ISSUED: issued.id,
      PAID: paid.id,
      CANCELLED: cancelled.id,
    },
    numbers: {
      CREATED: created.number,
      PREPARING: preparing.number,
      READY: ready.number,
      ISSUED: issued.number,
      PAID: paid.number,
      CANCELLED: cancelled.number,
    },
  };
}

/** Puts a session in the page's local storage the way the login page does (same origin needed). */
export async function useSession(page: Page, user: { token: string; userId: number }, eateryId: number) {
  await page.evaluate(
    ({ token, userId, eateryId }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userId', String(userId));
      localStorage.setItem('selectedRestaurantId', String(eateryId));
    },
    { token: user.token, userId: user.userId, eateryId },
  );
}

export async function clearSession(page: Page) {
  await page.evaluate(() => {
    for (const key of ['token', 'userId', 'selectedRestaurantId']) localStorage.removeItem(key);
  });
}
