import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@qr-menu/contract';
import { auditLog, memberships, orderItems, posDevices, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { bearer, setupApp, TEST_PASSWORD_HASH_COST, uniqueEmail } from './helper.js';
import { pinSession, registerDevice, setPin } from './device-fixtures.js';
import { makeDish, makeEatery, makeStaff, type TestEatery } from './orders-fixtures.js';

/**
 * A manager's PIN approves on the spot, but only on a registered device of the restaurant: the void of a dish the
 * kitchen started for a waiter, and a cashier's discount and refund (which now need a manager's approval unless the
 * caller is one). The audit entry names the approving manager; a PIN that is no manager's counts as a wrong PIN.
 */

const ctx = setupApp({ rateLimits: false });
let A: TestEatery;
let B: TestEatery;
let dish: number;
let device: { id: number; token: string };
const MANAGER_PIN = '7410';
const MANAGER_PASSWORD = 'manager-pass-1';
let managerEmail: string;

beforeAll(async () => {
  A = await makeEatery(ctx.app);
  B = await makeEatery(ctx.app, { name: 'Other' });
  dish = await makeDish(ctx.app, A, { price: '10.00', nameAz: 'Plov', nameEn: 'Pilaf', nameRu: 'Плов' });
  device = await registerDevice(ctx.app, A.id, A.owner.token);
  managerEmail = uniqueEmail('manager');
  const [u] = await ctx.app.db
    .insert(users)
    .values({
      email: managerEmail,
      name: 'Leyla',
      passwordHash: await hashPassword(MANAGER_PASSWORD, TEST_PASSWORD_HASH_COST),
    })
    .returning({ id: users.id });
  await ctx.app.db.insert(memberships).values({ userId: u.id, eateryId: A.id, roles: ['EATERY_ADMIN'] });
  await setPin(ctx.app, A.id, A.owner.token, u.id, MANAGER_PIN);
  await setPin(ctx.app, A.id, A.owner.token, A.waiter.userId, '1111');
  await setPin(ctx.app, A.id, A.owner.token, A.cashier.userId, '2222');
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/eatery/${A.id}${url}`, headers: bearer(token), payload });

function refused(res: Awaited<ReturnType<typeof inject>>, status: number, key: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().messageKey).toBe(key);
}

/** An order of one pilaf the kitchen has started. */
async function startedOrder(): Promise<Order> {
  const placed = await inject('POST', '/orders', A.waiter.token, {
    tableId: A.tableId,
    items: [{ dishId: dish, quantity: 1 }],
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json() as Order;
  const started = await inject('PUT', `/orders/${order.id}/items/${order.items[0].id}`, A.kitchen.token, {
    status: 'PREPARING',
  });
  expect(started.statusCode, started.body).toBe(200);
  return order;
}

const lastAudit = async () =>
  (
    await ctx.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.eateryId, A.id))
      .orderBy(sql`${auditLog.id} desc`)
  )[0];
const itemStatus = async (itemId: number) =>
  (await ctx.app.db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0].status;

describe('a manager’s PIN approving a void', () => {
  it('approves on the waiter’s device session; the audit entry names the waiter and the manager', async () => {
    const waiter = await pinSession(ctx.app, device.token, '1111');
    const o = await startedOrder();
    const voided = await inject('DELETE', `/orders/${o.id}/items/${o.items[0].id}`, waiter.token, {
      reason: 'Burnt',
      approval: { pin: MANAGER_PIN },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ kind: 'VOID', userId: A.waiter.userId, approvedBy: 'Leyla' });
  });

  it('is refused off a device, and a PIN that is no manager’s counts as a wrong one', async () => {
    const o = await startedOrder();
    const url = `/orders/${o.id}/items/${o.items[0].id}`;
    // A session signed in with a password (no device): the PIN is worth nothing.
    refused(
      await inject('DELETE', url, A.waiter.token, { reason: 'x', approval: { pin: MANAGER_PIN } }),
      403,
      'pinOffDevice',
    );
    const waiter = await pinSession(ctx.app, device.token, '1111');
    const wrong = await inject('DELETE', url, waiter.token, { reason: 'x', approval: { pin: '1111' } });
    refused(wrong, 403, 'approvalInvalid');
    refused(await inject('DELETE', url, waiter.token, { reason: 'x', approval: { pin: '12' } }), 400, 'validation');
    refused(await inject('DELETE', url, waiter.token, { reason: 'x' }), 403, 'managerApprovalRequired');
    expect(await itemStatus(o.items[0].id)).toBe('PREPARING');
    const [row] = await ctx.app.db.select().from(posDevices).where(eq(posDevices.id, device.id));
    expect(row.failedPins).toBe(1);
    // The e-mail and password still approve, on a device or off it.
    const ok = await inject('DELETE', url, A.waiter.token, {
      reason: 'x',
      approval: { email: managerEmail, password: MANAGER_PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is refused from a device of another restaurant', async () => {
    // A member of both restaurants signs in on B's device, then works in A.
    const both = await makeStaff(ctx.app, A.id, ['WAITER']);
    await ctx.app.db.insert(memberships).values({ userId: both.userId, eateryId: B.id, roles: ['WAITER'] });
    const bDevice = await registerDevice(ctx.app, B.id, B.owner.token);
    await setPin(ctx.app, B.id, B.owner.token, both.userId, '3333');
    const s = await pinSession(ctx.app, bDevice.token, '3333');
    const o = await startedOrder();
    const res = await inject('DELETE', `/orders/${o.id}/items/${o.items[0].id}`, s.token, {
      reason: 'x',
      approval: { pin: MANAGER_PIN },
    });
    refused(res, 403, 'pinOffDevice');
  });
});

describe('a cashier’s discount and refund', () => {
  it('need a manager’s approval: a PIN on the device, or e-mail and password; the audit names the manager', async () => {
    const placed = await inject('POST', '/orders', A.waiter.token, {
      tableId: A.tableId,
      items: [{ dishId: dish, quantity: 2 }],
    });
    const o = placed.json() as Order;
    const cashier = await pinSession(ctx.app, device.token, '2222');
    const discount = (body: object, token = cashier.token) =>
      inject('PUT', '/bill/discount', token, { orderIds: [o.id], amount: 2, reason: 'Regular', ...body });
    refused(await discount({}), 403, 'managerApprovalRequired');
    refused(await discount({ approval: { pin: '2222' } }), 403, 'approvalInvalid');
    refused(await discount({ approval: { pin: MANAGER_PIN } }, A.cashier.token), 403, 'pinOffDevice');
    refused(await discount({ approval: { pin: MANAGER_PIN } }, A.waiter.token), 403, 'accessDenied');
    const given = await discount({ approval: { pin: MANAGER_PIN } });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ discount: 2, total: 18 });
    expect(await lastAudit()).toMatchObject({ kind: 'DISCOUNT', userId: A.cashier.userId, approvedBy: 'Leyla' });
    // The admin needs nobody.
    expect((await discount({ amount: 3 }, A.owner.token)).statusCode).toBe(200);

    const paid = await inject('POST', '/bill/payments', A.cashier.token, { orderIds: [o.id], method: 'CARD' });
    expect(paid.statusCode, paid.body).toBe(200);
    const refund = (body: object) =>
      inject('POST', '/bill/refunds', A.cashier.token, {
        orderIds: [o.id],
        amount: 5,
        method: 'CARD',
        reason: 'Cold',
        ...body,
      });
    refused(await refund({}), 403, 'managerApprovalRequired');
    refused(await refund({ approval: { email: managerEmail, password: 'wrong-1' } }), 403, 'approvalInvalid');
    const back = await refund({ approval: { email: managerEmail, password: MANAGER_PASSWORD } });
    expect(back.statusCode, back.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ kind: 'REFUND', userId: A.cashier.userId, approvedBy: 'Leyla' });
  });
});
