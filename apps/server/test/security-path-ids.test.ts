/**
 * An id in a path is plain decimal digits without a leading zero. '0x1', '1e0', '+1', ' 1', '1.0'
 * and '01' used to resolve to 1; now they are not ids: 404 where the access plugin reads the restaurant id (a bad
 * id looks like someone else's), 400 validation for the other ids of staff routes.
 */
import { describe, expect, it } from 'vitest';
import { GUEST_ROUTES } from '@qr-menu/contract';
import { tables } from '../src/db/schema.js';
import { bearer, registerOwner, setupApp } from './helper.js';

const ctx = setupApp();

/** Other spellings of the number n that Number() reads as n (URL-encoded where needed). */
const respell = (n: number) => [`0x${n.toString(16)}`, `${n}e0`, `%2B${n}`, `%20${n}`, `${n}%20`, `${n}.0`, `0${n}`];

describe('path ids', () => {
  it('staff routes: only the plain spelling reaches the restaurant and its resources', async () => {
    const owner = await registerOwner(ctx.app);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/table`,
      headers: bearer(owner.token),
      payload: { number: 'T1' },
    });
    const tableId: number = created.json().id;
    const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(owner.token) });

    expect((await get(`/api/eatery/${owner.eateryId}/table`)).statusCode).toBe(200);
    for (const id of respell(owner.eateryId)) {
      const res = await get(`/api/eatery/${id}/table`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().messageKey).toBe('notYourResource');
    }
    const put = (id: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/eatery/${owner.eateryId}/table/${id}`,
        headers: bearer(owner.token),
        payload: { number: 'T2' },
      });
    for (const id of respell(tableId)) {
      const res = await put(id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ messageKey: 'validation', details: [{ field: 'tableId' }] });
    }
    expect((await put(String(tableId))).statusCode).toBe(200);
  });

  it('guest routes: 404 for every other spelling', async () => {
    const owner = await registerOwner(ctx.app);
    const [table] = await ctx.app.db
      .insert(tables)
      .values({ eateryId: owner.eateryId, number: 'G1' })
      .returning({ id: tables.id });
    const menu = (e: string | number, t: string | number) =>
      ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(e, t) });
    expect((await menu(owner.eateryId, table.id)).statusCode).toBe(200);
    for (const id of respell(owner.eateryId)) expect((await menu(id, table.id)).statusCode, id).toBe(404);
    for (const id of respell(table.id)) expect((await menu(owner.eateryId, id)).statusCode, id).toBe(404);
  });
});
