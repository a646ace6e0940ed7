import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { billResponse, staffCallResponse, userResponse, type Role, type StaffCall } from '@qr-menu/contract';
import { users } from '../src/db/schema.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, loginAs, type Owner, PASSWORD, randomIp, registerOwner, setupApp, uniqueEmail } from './helper.js';
import { makeDish, makeTable } from './orders-fixtures.js';

/**
 * Need to know: the staff list (and the waiters' names of the table assignments) answers e-mails and phones to the
 * restaurant's admins only. Kitchen, waiter and cashier accounts get the same people with names and roles. Wherever
 * an answer names a staff member (who acknowledged a call, took a payment, closed a bill), a member without a name
 * shows as their e-mail to admins and as null to everyone else.
 */
const ctx = setupApp();

const call = (method: string, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey });
};

interface Staff {
  id: number;
  email: string;
  phone: string;
  token: string;
}

let phoneCounter = 0;

async function createStaff(owner: Owner, roles: Role[], name: string): Promise<Staff> {
  const email = uniqueEmail(name.split(' ')[0].toLowerCase());
  const phone = `+994 50 700 00 ${String(10 + phoneCounter++)}`;
  const res = await call('POST', `/api/eatery/${owner.eateryId}/user`, owner.token, {
    user: { email, password: PASSWORD, roles },
    restaurant: { eateryId: owner.eateryId },
    userProfileRequest: { name, phone },
  });
  expect(res.statusCode, res.body).toBe(201);
  const login = await loginAs(ctx.app, email);
  expect(login.statusCode, login.body).toBe(200);
  return { id: res.json().id, email, phone, token: login.json().jwt };
}

const listUrl = (owner: Owner) => `/api/eatery/${owner.eateryId}/user`;

let owner: Owner;
let other: Owner;
let admin: Staff;
let waiter: Staff;
let cashier: Staff;
let kitchen: Staff;
let waiterCashier: Staff;
let everyone: Staff[];

beforeAll(async () => {
  owner = await registerOwner(ctx.app, { restaurant: 'Private Alpha' });
  other = await registerOwner(ctx.app, { restaurant: 'Private Beta' });
  admin = await createStaff(owner, ['EATERY_ADMIN'], 'Aida Admin');
  waiter = await createStaff(owner, ['WAITER'], 'Vusal Waiter');
  cashier = await createStaff(owner, ['CASHIER'], 'Kamala Cashier');
  kitchen = await createStaff(owner, ['KITCHEN_ADMIN'], 'Kenan Kitchen');
  waiterCashier = await createStaff(owner, ['WAITER', 'CASHIER'], 'Vafa Both');
  // The owner has a phone too.
  const put = await call('PUT', `${listUrl(owner)}/${owner.userId}`, owner.token, {
    username: owner.email,
    phones: ['+994 12 555 55 55'],
    roles: ['EATERY_ADMIN'],
  });
  expect(put.statusCode, put.body).toBe(200);
  everyone = [admin, waiter, cashier, kitchen, waiterCashier];
});

describe('GET /api/eatery/:id/user: e-mails and phones for admins only', () => {
  it('the owner and another admin get every e-mail and phone', async () => {
    for (const reader of [owner.token, admin.token]) {
      const res = await call('GET', listUrl(owner), reader);
      expect(res.statusCode, res.body).toBe(200);
      const list = userResponse.array().parse(res.json());
      expect(list.find((u) => u.id === owner.userId)).toMatchObject({
        username: owner.email,
        phone: '+994 12 555 55 55',
        phones: ['+994 12 555 55 55'],
        isOwner: true,
      });
      for (const s of everyone) {
        expect(list.find((u) => u.id === s.id)).toMatchObject({ username: s.email, phone: s.phone, phones: [s.phone] });
      }
    }
  });

  it('a waiter, a cashier, the kitchen and a waiter-cashier get names and roles, no e-mails nor phones', async () => {
    const ownerView = userResponse.array().parse((await call('GET', listUrl(owner), owner.token)).json());
    for (const reader of [waiter, cashier, kitchen, waiterCashier]) {
      const res = await call('GET', listUrl(owner), reader.token);
      expect(res.statusCode, res.body).toBe(200);
      const list = userResponse.array().parse(res.json());
      // The same people, in the same order, with the same names, roles and flags.
      expect(list).toEqual(ownerView.map((u) => ({ ...u, username: null, phone: null, phones: [] })));
      expect(list.find((u) => u.id === owner.userId)).toMatchObject({ name: 'Test Owner', isOwner: true });
      // Not anywhere in the answer, not even their own.
      expect(res.body).not.toContain('@');
      expect(res.body).not.toContain('+994');
    }
  });

  it('the role filter answers the same way', async () => {
    const res = await call('GET', `${listUrl(owner)}?role=WAITER`, cashier.token);
    expect(res.statusCode, res.body).toBe(200);
    const list = userResponse.array().parse(res.json());
    expect(list.map((u) => u.id)).toEqual([waiter.id, waiterCashier.id]);
    expect(list.map((u) => u.name)).toEqual(['Vusal Waiter', 'Vafa Both']);
    expect(list.every((u) => u.username === null && u.phone === null && u.phones.length === 0)).toBe(true);

    const asAdmin = userResponse
      .array()
      .parse((await call('GET', `${listUrl(owner)}?role=WAITER`, admin.token)).json());
    expect(asAdmin.map((u) => u.username)).toEqual([waiter.email, waiterCashier.email]);
  });

  it('a role taken away takes the e-mails with it', async () => {
    const former = await createStaff(owner, ['EATERY_ADMIN'], 'Fuad Former');
    expect(userResponse.array().parse((await call('GET', listUrl(owner), former.token)).json())[0].username).toBe(
      owner.email,
    );
    const put = await call('PUT', `${listUrl(owner)}/${former.id}`, owner.token, {
      username: former.email,
      roles: ['WAITER'],
    });
    expect(put.statusCode, put.body).toBe(200);
    // A role taken away ends the user's sessions: they sign in again, as a waiter.
    const login = await loginAs(ctx.app, former.email);
    expect(login.statusCode, login.body).toBe(200);
    const res = await call('GET', listUrl(owner), login.json().jwt as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('@');
  });

  it('401, 403 and 404 are unchanged', async () => {
    expectError(await call('GET', listUrl(owner)), 401, 'jwtInvalid');
    expectError(await call('GET', listUrl(owner), other.token), 404, 'notYourResource');
    expectError(await call('GET', listUrl(other), waiter.token), 404, 'notYourResource');
    const body = {
      user: { email: uniqueEmail('x'), password: PASSWORD, roles: ['WAITER'] },
      restaurant: { eateryId: owner.eateryId },
      userProfileRequest: { name: 'Xeyal', phone: null },
    };
    expectError(await call('POST', listUrl(owner), waiter.token, body), 403, 'accessDenied');
    expectError(
      await call('PUT', `${listUrl(owner)}/${waiter.id}`, cashier.token, { username: waiter.email, roles: ['WAITER'] }),
      403,
      'accessDenied',
    );
  });
});

describe('GET /api/eatery/:id/table-assignment: no e-mail through "name, else e-mail"', () => {
  it('a waiter without a name shows as their e-mail to admins, as "" to everyone else', async () => {
    const table = await call('POST', `/api/eatery/${owner.eateryId}/table`, owner.token, {
      number: 'P1',
      seats: 2,
      status: 'ACTIVE',
    });
    expect(table.statusCode, table.body).toBe(201);
    const tableId = table.json().id as number;
    const url = `/api/eatery/${owner.eateryId}/table-assignment`;
    for (const w of [waiter, waiterCashier]) {
      const res = await call('POST', url, owner.token, { waiterId: w.id, tableId });
      expect(res.statusCode, res.body).toBe(201);
    }
    // An account without a name (e.g. from an older version).
    await ctx.app.db.update(users).set({ name: null }).where(eq(users.id, waiterCashier.id));

    const names = async (token: string) => {
      const res = await call('GET', url, token);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as { waiterId: number; waiterName: string }[];
      return Object.fromEntries(list.map((a) => [a.waiterId, a.waiterName]));
    };
    expect(await names(owner.token)).toEqual({ [waiter.id]: 'Vusal Waiter', [waiterCashier.id]: waiterCashier.email });
    for (const reader of [waiter, cashier, kitchen]) {
      expect(await names(reader.token)).toEqual({ [waiter.id]: 'Vusal Waiter', [waiterCashier.id]: '' });
    }
  });
});

describe('calls and bills: the staff who acknowledged, took a payment or closed a bill, by name', () => {
  let nameless: Staff;
  let tableId: number;
  let callId: number;
  let orderIds: number[];

  const calls = (token: string) => call('GET', `/api/eatery/${owner.eateryId}/calls`, token);
  const bill = (token: string) =>
    call('GET', `/api/eatery/${owner.eateryId}/bill?orderIds=${orderIds.join(',')}`, token);
  const acknowledge = (id: number, token: string) =>
    call('POST', `/api/eatery/${owner.eateryId}/calls/${id}/acknowledge`, token);
  const guestCall = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/client/eatery/${owner.eateryId}/table/${tableId}/calls`,
      remoteAddress: randomIp(),
      cookies: { device_id: newDeviceId() },
      payload: { kind: 'WAITER' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const pay = async (body: object, token: string) => {
    const res = await call('POST', `/api/eatery/${owner.eateryId}/bill/payments`, token, body);
    expect(res.statusCode, res.body).toBe(200);
    return billResponse.parse(res.json());
  };
  const acknowledgerOf = async (token: string) => {
    const res = await calls(token);
    expect(res.statusCode, res.body).toBe(200);
    const list = staffCallResponse.array().parse(res.json());
    return { body: res.body, acknowledgedBy: list.find((c) => c.id === callId)!.acknowledgedBy };
  };

  beforeAll(async () => {
    // A waiter-cashier whose account has no name (e.g. from an older version): "name, else e-mail" would be the
    // e-mail.
    nameless = await createStaff(owner, ['WAITER', 'CASHIER'], 'Nameless Member');
    await ctx.app.db.update(users).set({ name: null }).where(eq(users.id, nameless.id));
    tableId = await makeTable(ctx.app, owner.eateryId, 'P2');
    const dishId = await makeDish(ctx.app, { id: owner.eateryId }, { price: '10.00' });
    const placed = await call('POST', `/api/eatery/${owner.eateryId}/orders`, waiter.token, {
      tableId,
      items: [{ dishId, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderIds = [placed.json().id as number];
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a call acknowledged by a member without a name: their e-mail to admins, null to every other role', async () => {
    const staffEvents: StaffCall[] = [];
    vi.spyOn(ctx.app.realtime, 'emitCallEvent').mockImplementation((_eateryId, staffEvent) => {
      staffEvents.push(staffEvent.call);
    });
    callId = await guestCall();
    const ack = await acknowledge(callId, nameless.token);
    expect(ack.statusCode, ack.body).toBe(200);
    expect(staffCallResponse.parse(ack.json()).acknowledgedBy).toBeNull();
    // The staff topic's event reaches every role: the name only.
    expect(staffEvents.map((c) => [c.id, c.status, c.acknowledgedBy])).toEqual([
      [callId, 'OPEN', null],
      [callId, 'ACKNOWLEDGED', null],
    ]);

    for (const reader of [owner.token, admin.token]) {
      expect((await acknowledgerOf(reader)).acknowledgedBy).toBe(nameless.email);
    }
    for (const reader of [waiter, kitchen, cashier, waiterCashier]) {
      const { body, acknowledgedBy } = await acknowledgerOf(reader.token);
      expect(acknowledgedBy).toBeNull();
      expect(body).not.toContain('@');
    }
  });

  it('a call acknowledged by a named member shows their name to every role', async () => {
    const named = await guestCall();
    const ack = await acknowledge(named, kitchen.token);
    expect(staffCallResponse.parse(ack.json()).acknowledgedBy).toBe('Kenan Kitchen');
    for (const reader of [owner.token, waiter.token, cashier.token, kitchen.token]) {
      const list = staffCallResponse.array().parse((await calls(reader)).json());
      expect(list.find((c) => c.id === named)!.acknowledgedBy).toBe('Kenan Kitchen');
    }
  });

  it('a bill paid by a named cashier and a member without a name: e-mail to admins only', async () => {
    const first = await pay({ orderIds, method: 'CARD', amount: 4 }, cashier.token);
    expect(first.payments.map((p) => p.createdBy)).toEqual(['Kamala Cashier']);
    // The member without a name pays the rest and closes the bill: their own answer names nobody by e-mail.
    const closed = await pay({ orderIds, method: 'CARD' }, nameless.token);
    expect(closed).toMatchObject({ status: 'PAID', paidBy: null });
    expect(closed.payments.map((p) => p.createdBy)).toEqual(['Kamala Cashier', null]);

    for (const reader of [owner.token, admin.token]) {
      const res = await bill(reader);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = billResponse.parse(res.json());
      expect(receipt.paidBy).toBe(nameless.email);
      expect(receipt.payments.map((p) => p.createdBy)).toEqual(['Kamala Cashier', nameless.email]);
    }
    for (const reader of [cashier, waiterCashier]) {
      const res = await bill(reader.token);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = billResponse.parse(res.json());
      expect(receipt.paidBy).toBeNull();
      expect(receipt.payments.map((p) => p.createdBy)).toEqual(['Kamala Cashier', null]);
      expect(res.body).not.toContain('@');
    }
    // Waiters and the kitchen do not read bills at all.
    for (const reader of [waiter, kitchen]) expectError(await bill(reader.token), 403, 'accessDenied');
  });
});
