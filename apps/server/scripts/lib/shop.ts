/** A restaurant to order from, created through the API of a running server (fault scripts and tests). */

export interface Shop {
  eateryId: number;
  tableId: number;
  dishId: number;
}

export async function call<T>(url: string, init: RequestInit, expected: number): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** An owner, a table, a category and a dish, created through the API. */
export async function seed(base: string): Promise<Shop> {
  const email = `fault.${Date.now()}@example.com`;
  const password = 'Faultkill2024x';
  const json = { 'content-type': 'application/json' };
  const { eateryId } = await call<{ eateryId: number }>(
    `${base}/api/admin/eatery`,
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        user: { email, password },
        restaurant: { name: 'Fault Kill' },
        userProfileRequest: { name: 'Fault Owner', phone: null },
      }),
    },
    201,
  );
  const { jwt } = await call<{ jwt: string }>(
    `${base}/api/auth/login`,
    { method: 'POST', headers: json, body: JSON.stringify({ email, password, eateryId }) },
    200,
  );
  const auth = { authorization: `Bearer ${jwt}` };
  const api = `${base}/api/eatery/${eateryId}`;
  const table = await call<{ id: number }>(
    `${api}/table`,
    { method: 'POST', headers: { ...auth, ...json }, body: JSON.stringify({ number: '1', seats: 4 }) },
    201,
  );
  const form = (data: object) => {
    const f = new FormData();
    f.append('data', JSON.stringify(data));
    return f;
  };
  const category = await call<{ id?: number; categoryId?: number }>(
    `${api}/category`,
    { method: 'POST', headers: auth, body: form({ nameAz: 'Şorbalar', nameEn: 'Soups', nameRu: 'Супы' }) },
    201,
  );
  const categoryId = (category.id ?? category.categoryId)!;
  const dish = await call<{ id?: number; dishId?: number }>(
    `${api}/category/${categoryId}/dish`,
    {
      method: 'POST',
      headers: auth,
      body: form({ nameAz: 'Mərci', nameEn: 'Lentil soup', nameRu: 'Суп', price: '4.25', categoryId }),
    },
    201,
  );
  return { eateryId, tableId: table.id, dishId: (dish.id ?? dish.dishId)! };
}

export function placeOrder(base: string, shop: Shop, a: { device: string; key: string }) {
  return fetch(`${base}/api/client/eatery/${shop.eateryId}/table/${shop.tableId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `device_id=${a.device}`, 'idempotency-key': a.key },
    body: JSON.stringify({ items: [{ dishId: shop.dishId, quantity: 1, note: null }] }),
  });
}

/** The orders the device placed in the shop's restaurant (newest first). */
export function deviceOrders(base: string, shop: Shop, device: string) {
  return call<{ id: number }[]>(
    `${base}/api/client/eatery/${shop.eateryId}/orders`,
    { headers: { cookie: `device_id=${device}` } },
    200,
  );
}
