import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_EVENT,
  guestCallResponse,
  ordersTopic,
  type CallEvent,
  type GuestCall,
  type StaffCall,
} from '@qr-menu/contract';
import { tableCalls } from '../src/db/schema.js';
import { isCallOfDevice } from '../src/db/call-devices.js';
import { MAX_JOINED_DEVICES } from '../src/modules/calls/calls.service.js';
import { newDeviceId } from '../src/modules/guest/device.js';
import { bearer, randomIp, setupApp } from './helper.js';
import { journal, migrationsUpTo } from './migrations-fixtures.js';
import { makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';
import { connectSocket, subscribe } from './socket-client.js';

/**
 * One OPEN call per table and kind, whichever device makes it (contract calls.ts): a later call of that kind at the
 * table joins the open one; the devices that joined see and follow it as theirs, the others do not.
 */

const ctx = setupApp();
let A: TestEatery;
let tableCount = 0;
const freshTable = () => makeTable(ctx.app, A.id, `per-table-${++tableCount}`);

beforeAll(async () => {
  A = await makeEatery(ctx.app, { name: 'Calls per table' });
});

const callsUrl = (tableId: number) => `/api/client/eatery/${A.id}/table/${tableId}/calls`;

/** A guest phone: its own device cookie, and an IP of its own (no rate limit is met). */
function guest(device = newDeviceId()) {
  const ip = randomIp();
  const cookies = { device_id: device };
  return {
    device,
    cookie: `device_id=${device}`,
    call: (tableId: number, payload: object) =>
      ctx.app.inject({ method: 'POST', url: callsUrl(tableId), remoteAddress: ip, cookies, payload }),
    list: async (tableId: number) => {
      const res = await ctx.app.inject({ method: 'GET', url: callsUrl(tableId), remoteAddress: ip, cookies });
      expect(res.statusCode).toBe(200);
      return res.json() as GuestCall[];
    },
  };
}

const staffList = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/eatery/${A.id}/calls`,
    headers: bearer(A.waiter.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as StaffCall[];
};
const acknowledge = (callId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/eatery/${A.id}/calls/${callId}/acknowledge`,
    headers: bearer(A.waiter.token),
  });
const openRows = (tableId: number) =>
  ctx.app.db
    .select()
    .from(tableCalls)
    .where(and(eq(tableCalls.tableId, tableId), eq(tableCalls.status, 'OPEN')));

describe('one open call per table and kind', () => {
  it('20 devices calling the waiter at once make one call; each sees it as its own, a device that did not call does not', async () => {
    const table = await freshTable();
    const guests = Array.from({ length: 20 }, () => guest());
    const answers = await Promise.all(guests.map((g) => g.call(table, { kind: 'WAITER' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    const calls = answers.map((r) => guestCallResponse.strict().parse(r.json()));
    const [call] = calls;
    for (const c of calls) expect(c).toEqual(call);
    expect(call).toMatchObject({ kind: 'WAITER', status: 'OPEN' });

    const rows = await openRows(table);
    expect(rows).toHaveLength(1);
    // The first device is the call's; the 19 others joined it, each once.
    expect(new Set([rows[0].deviceId, ...rows[0].deviceIds])).toEqual(new Set(guests.map((g) => g.device)));
    expect(rows[0].deviceIds).toHaveLength(19);

    for (const g of guests) {
      expect(await g.list(table)).toEqual([call]);
      expect(await isCallOfDevice(ctx.app.db, call.id, g.device)).toBe(true);
    }
    const stranger = guest();
    expect(await stranger.list(table)).toEqual([]);
    expect(await isCallOfDevice(ctx.app.db, call.id, stranger.device)).toBe(false);

    // Staff see one call for the table.
    const staff = (await staffList()).filter((c) => c.tableId === table);
    expect(staff).toMatchObject([{ id: call.id, kind: 'WAITER', status: 'OPEN' }]);

    // Calling again, first device or a joined one, answers the same call and records nobody twice.
    for (const g of [guests[0], guests[7]]) {
      const again = await g.call(table, { kind: 'WAITER' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(call);
    }
    const [row] = await openRows(table);
    expect(row.deviceIds).toHaveLength(19);
  });

  it('after the acknowledgement a new call opens a new one; its joiners see both, the others only their own', async () => {
    const table = await freshTable();
    const [g1, g2, g3] = [guest(), guest(), guest()];
    const first = guestCallResponse.parse((await g1.call(table, { kind: 'WAITER' })).json());
    expect((await g2.call(table, { kind: 'WAITER' })).statusCode).toBe(200);
    const ack = await acknowledge(first.id);
    expect(ack.statusCode).toBe(200);

    const created = await g3.call(table, { kind: 'WAITER' });
    expect(created.statusCode).toBe(201);
    const second = guestCallResponse.parse(created.json());
    expect(second.id).not.toBe(first.id);
    const joined = await g2.call(table, { kind: 'WAITER' });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual(second);

    expect((await g1.list(table)).map((c) => c.id)).toEqual([first.id]);
    expect((await g2.list(table)).map((c) => [c.id, c.status])).toEqual([
      [second.id, 'OPEN'],
      [first.id, 'ACKNOWLEDGED'],
    ]);
    expect((await g3.list(table)).map((c) => c.id)).toEqual([second.id]);
    expect((await staffList()).filter((c) => c.tableId === table).map((c) => [c.id, c.status])).toEqual([
      [first.id, 'ACKNOWLEDGED'],
      [second.id, 'OPEN'],
    ]);
  });

  it('BILL and WAITER are separate calls; another table is another call', async () => {
    const [table, other] = [await freshTable(), await freshTable()];
    const [g1, g2] = [guest(), guest()];
    const waiter = await g1.call(table, { kind: 'WAITER' });
    const bill = await g2.call(table, { kind: 'BILL', paymentMethod: 'CARD' });
    const elsewhere = await g2.call(other, { kind: 'BILL', paymentMethod: 'CARD' });
    expect([waiter.statusCode, bill.statusCode, elsewhere.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([waiter.json().id, bill.json().id, elsewhere.json().id]).size).toBe(3);
    expect((await openRows(table)).map((r) => r.kind).sort()).toEqual(['BILL', 'WAITER']);
    // Each device sees only the call it made or joined.
    expect((await g1.list(table)).map((c) => c.kind)).toEqual(['WAITER']);
    expect((await g2.list(table)).map((c) => c.kind)).toEqual(['BILL']);
  });

  it('a BILL call keeps the first way to pay; one without a way to pay takes the first that comes', async () => {
    const table = await freshTable();
    const card = await guest().call(table, { kind: 'BILL', paymentMethod: 'CARD' });
    expect(card.json()).toMatchObject({ paymentMethod: 'CARD' });
    const cash = await guest().call(table, { kind: 'BILL', paymentMethod: 'CASH' });
    expect(cash.statusCode).toBe(200);
    expect(cash.json()).toMatchObject({ id: card.json().id, paymentMethod: 'CARD' });

    const table2 = await freshTable();
    const none = await guest().call(table2, { kind: 'BILL' });
    expect(none.json()).toMatchObject({ paymentMethod: null });
    const filled = await guest().call(table2, { kind: 'BILL', paymentMethod: 'CASH' });
    expect(filled.json()).toMatchObject({ id: none.json().id, paymentMethod: 'CASH' });
    expect((await guest().call(table2, { kind: 'BILL', paymentMethod: 'CARD' })).json()).toMatchObject({
      paymentMethod: 'CASH',
    });
  });

  it(`at most ${MAX_JOINED_DEVICES} devices join one call; the ones past it get the call but do not list it`, async () => {
    const table = await freshTable();
    const first = await guest().call(table, { kind: 'WAITER' });
    for (let i = 0; i < MAX_JOINED_DEVICES; i++)
      expect((await guest().call(table, { kind: 'WAITER' })).statusCode).toBe(200);
    const late = guest();
    const res = await late.call(table, { kind: 'WAITER' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(first.json().id);
    expect(await late.list(table)).toEqual([]);
    const [row] = await openRows(table);
    expect(row.deviceIds).toHaveLength(MAX_JOINED_DEVICES);
  });
});

describe('realtime', () => {
  const sockets: Socket[] = [];
  let baseUrl: string;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  it('staff get CALL_CREATED once for the devices of one call, and CALL_UPDATED when a join gives it a way to pay', async () => {
    const { socket } = await connectSocket(baseUrl, { token: A.waiter.token }, sockets);
    const events: CallEvent[] = [];
    socket.on(CALL_EVENT, (...batch: CallEvent[]) => events.push(...batch));
    expect((await subscribe(socket, ordersTopic(A.id))).ok).toBe(true);

    const table = await freshTable();
    const answers = await Promise.all(Array.from({ length: 5 }, () => guest().call(table, { kind: 'BILL' })));
    const id = answers[0].json().id as number;
    await guest().call(table, { kind: 'BILL', paymentMethod: 'CARD' }); // fills the way to pay
    await guest().call(table, { kind: 'BILL', paymentMethod: 'CASH' }); // changes nothing
    // Call events are sent while the request is handled; the answer to a subscription comes after them.
    await subscribe(socket, ordersTopic(A.id));
    expect(events.filter((e) => e.call.id === id).map((e) => [e.type, e.call.paymentMethod])).toEqual([
      ['CALL_CREATED', null],
      ['CALL_UPDATED', 'CARD'],
    ]);
  });
});

describe('migration 0010 (one_call_per_table)', () => {
  it('closes the extra OPEN duplicates, keeps the oldest and lets their devices join it', async () => {
    const client = new PGlite();
    try {
      const db = drizzle(client);
      const entries = journal().entries;
      const index = entries.findIndex((e) => e.tag.endsWith('_one_call_per_table'));
      expect(index).toBeGreaterThan(0);
      await migrate(db, { migrationsFolder: migrationsUpTo(index) });
      await client.exec(`
        INSERT INTO users (id, email, password_hash) VALUES (1, 'o@x', 'x');
        INSERT INTO eateries (id, name, address, owner_id) VALUES (1, 'E', 'A', 1);
        INSERT INTO tables (id, eatery_id, number) VALUES (1, 1, '1'), (2, 1, '2');
        INSERT INTO table_calls (id, eatery_id, table_id, device_id, kind, status, created_at) VALUES
          (1, 1, 1, 'd1', 'WAITER', 'OPEN', now() - interval '3 minutes'),
          (2, 1, 1, 'd2', 'WAITER', 'OPEN', now() - interval '2 minutes'),
          (3, 1, 1, 'd3', 'WAITER', 'OPEN', now() - interval '1 minute'),
          (4, 1, 1, 'd2', 'BILL', 'OPEN', now() - interval '1 minute'),
          (5, 1, 1, 'd1', 'WAITER', 'ACKNOWLEDGED', now() - interval '9 minutes'),
          (6, 1, 2, 'd9', 'WAITER', 'OPEN', now() - interval '1 minute'),
          (7, 1, 2, 'd8', 'WAITER', 'OPEN', now() - interval '1 minute');
      `);
      await migrate(db, { migrationsFolder: migrationsUpTo(index + 1) });
      const { rows } = await client.query<{ id: number; status: string; device_ids: string[]; ack: boolean }>(
        'SELECT id, status, device_ids, acknowledged_at IS NOT NULL AS ack FROM table_calls ORDER BY id',
      );
      expect(rows).toEqual([
        { id: 1, status: 'OPEN', device_ids: expect.arrayContaining(['d2', 'd3']) as string[], ack: false },
        { id: 2, status: 'ACKNOWLEDGED', device_ids: [], ack: true },
        { id: 3, status: 'ACKNOWLEDGED', device_ids: [], ack: true },
        { id: 4, status: 'OPEN', device_ids: [], ack: false },
        { id: 5, status: 'ACKNOWLEDGED', device_ids: [], ack: false },
        // Same creation time: the lower id is the older.
        { id: 6, status: 'OPEN', device_ids: ['d8'], ack: false },
        { id: 7, status: 'ACKNOWLEDGED', device_ids: [], ack: true },
      ]);
      expect(rows[0].device_ids).toHaveLength(2);
      // The index holds: a second OPEN waiter call at table 1 is refused.
      await expect(
        client.query(
          `INSERT INTO table_calls (id, eatery_id, table_id, device_id, kind) VALUES (8, 1, 1, 'd7', 'WAITER')`,
        ),
      ).rejects.toThrow(/table_calls_open_table_idx/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
