import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GUEST_ROUTES, type KitchenBoard, type Order } from '@qr-menu/contract';
import { eateries } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { makeDish, makeEatery } from './orders-fixtures.js';

/** Guest orders waiting for staff confirmation are not the kitchen's until accepted. */

const ctx = setupApp();

describe('kitchen board and NEEDS_CONFIRMATION', () => {
  it('leaves out a guest order waiting for confirmation; shows it once staff accept it', async () => {
    const e = await makeEatery(ctx.app);
    await ctx.app.db.update(eateries).set({ confirmGuestOrders: true }).where(eq(eateries.id, e.id));
    const soup = await makeDish(ctx.app, e, { price: '4.00', nameEn: 'Soup' });
    const staffOrder = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${e.id}/orders`,
      headers: bearer(e.waiter.token),
      payload: { tableId: e.tableId, items: [{ dishId: soup, quantity: 1 }] },
    });
    expect(staffOrder.statusCode, staffOrder.body).toBe(201);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: GUEST_ROUTES.placeOrder(e.id, e.tableId),
      remoteAddress: randomIp(),
      cookies: { device_id: newDeviceId() },
      payload: { items: [{ dishId: soup, quantity: 2 }] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    expect(order.status).toBe('NEEDS_CONFIRMATION');

    const board = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/eatery/${e.id}/kitchen`,
        headers: bearer(e.kitchen.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as KitchenBoard).orders.map((o) => o.id);
    };
    expect(await board()).toEqual([staffOrder.json().id]);

    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${e.id}/orders/${order.id}/accept`,
      headers: bearer(e.waiter.token),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await board()).sort((a, b) => a - b)).toEqual([staffOrder.json().id, order.id].sort((a, b) => a - b));
  });
});
