import { describe, expect, it } from 'vitest';
import { GUEST_ROUTES, guestMenuResponse, type GuestMenu } from '@qr-menu/contract';
import { bearer, setupApp } from './helper.js';
import { makeDish, makeEatery } from './orders-fixtures.js';

const ctx = setupApp();

const menuOf = async (eateryId: number, tableId: number) => {
  const res = await ctx.app.inject({ method: 'GET', url: GUEST_ROUTES.menu(eateryId, tableId) });
  expect(res.statusCode).toBe(200);
  return res.json() as GuestMenu;
};

describe('guest menu: the restaurant’s time zone', () => {
  it('is a top-level field of the menu, and follows a change of the restaurant’s time zone', async () => {
    const eatery = await makeEatery(ctx.app, { name: 'Far Away', timeZone: 'America/New_York' });
    await makeDish(ctx.app, eatery, { price: '5.00', nameEn: 'Bagel' });
    const menu = await menuOf(eatery.id, eatery.tableId);
    expect(menu.timeZone).toBe('America/New_York');
    expect(guestMenuResponse.safeParse(menu).success).toBe(true);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${eatery.id}`,
      headers: bearer(eatery.owner.token),
      payload: { name: 'Far Away', address: 'Main st.', phones: ['+994 12 000 00 00'], timeZone: 'Asia/Tokyo' },
    });
    expect(put.statusCode).toBe(200);
    expect((await menuOf(eatery.id, eatery.tableId)).timeZone).toBe('Asia/Tokyo');
  });

  it('is the default Asia/Baku for a restaurant that never chose one', async () => {
    const eatery = await makeEatery(ctx.app);
    await makeDish(ctx.app, eatery, { price: '1.00', nameEn: 'Tea' });
    expect((await menuOf(eatery.id, eatery.tableId)).timeZone).toBe('Asia/Baku');
  });
});
