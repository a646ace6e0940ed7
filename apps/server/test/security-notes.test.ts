/**
 * Notes lose their bidi controls (a U+202E override shows the staff a reversed text), and a note
 * made only of invisible characters is stored as no note. Checked on every note a request can carry: guest order
 * and item notes, staff order and item notes, table notes.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_ROUTES } from '@qr-menu/contract';
import { categories, dishes, orderItems, orders, tables } from '../src/db/schema.js';
import { bearer, type Owner, registerOwner, setupApp } from './helper.js';

const ctx = setupApp({ rateLimits: false });

const OVERRIDE = '\u202Eno onions\u202C';
const INVISIBLE = ['\u200B\u200B', '\u200C \u200D', '\uFEFF', '\u2060\u00A0\u3000', '\u202E\u200B'];

let owner: Owner;
let tableId: number;
let dishId: number;

beforeAll(async () => {
  owner = await registerOwner(ctx.app);
  const db = ctx.app.db;
  [{ id: tableId }] = await db
    .insert(tables)
    .values({ eateryId: owner.eateryId, number: 'N1' })
    .returning({ id: tables.id });
  const [category] = await db.insert(categories).values({ eateryId: owner.eateryId, nameEn: 'Soups' }).returning();
  [{ id: dishId }] = await db
    .insert(dishes)
    .values({ eateryId: owner.eateryId, categoryId: category.id, nameEn: 'Soup', price: '3.00' })
    .returning({ id: dishes.id });
});

async function storedOrder(id: number) {
  const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  const items = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, id));
  return { note: order.note, itemNotes: items.map((i) => i.note) };
}

describe('notes', () => {
  it('a guest order: bidi controls removed, invisible-only notes become null', async () => {
    const place = (note: string, itemNote: string) =>
      ctx.app.inject({
        method: 'POST',
        url: GUEST_ROUTES.placeOrder(owner.eateryId, tableId),
        payload: { items: [{ dishId, quantity: 1, note: itemNote }], note },
      });
    const res = await place(`extra ${OVERRIDE}`, `${OVERRIDE} please`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().note).toBe('extra no onions');
    expect(res.json().items[0].note).toBe('no onions please');
    expect(await storedOrder(res.json().id)).toEqual({ note: 'extra no onions', itemNotes: ['no onions please'] });

    for (const invisible of INVISIBLE) {
      const r = await place(invisible, invisible);
      expect(r.statusCode, r.body).toBe(201);
      expect(await storedOrder(r.json().id), JSON.stringify(invisible)).toEqual({ note: null, itemNotes: [null] });
    }
    // Joiners inside a note are kept: they are part of emoji.
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    const r = await place(`for the ${family}`, '');
    expect(r.json().note).toBe(`for the ${family}`);
  });

  it('staff order and item notes', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/orders`,
      headers: bearer(owner.token),
      payload: { tableId, note: '\u200B', items: [{ dishId, quantity: 1, note: `a${OVERRIDE}` }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(await storedOrder(id)).toEqual({ note: null, itemNotes: ['ano onions'] });

    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/orders/${id}`,
      headers: bearer(owner.token),
      payload: { note: `\u2066${OVERRIDE}\u2069` },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await storedOrder(id)).note).toBe('no onions');

    const itemId = created.json().items[0].id;
    const item = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/orders/${id}/items/${itemId}`,
      headers: bearer(owner.token),
      payload: { note: '\uFEFF \u200D' },
    });
    expect(item.statusCode, item.body).toBe(200);
    expect((await storedOrder(id)).itemNotes).toEqual([null]);
  });

  it('table notes', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/table`,
      headers: bearer(owner.token),
      payload: { number: 'N2', note: `by the ${OVERRIDE} window` },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().note).toBe('by the no onions window');
    const blank = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${owner.eateryId}/table/${res.json().id}`,
      headers: bearer(owner.token),
      payload: { number: 'N2', note: '\u200B\u200C' },
    });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().note).toBeNull();
  });
});
