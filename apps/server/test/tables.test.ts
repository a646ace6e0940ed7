import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@qr-menu/contract';
import { orders, tableAssignments, tables } from '../src/db/schema.js';
import { bearer, loginAs, type Owner, PASSWORD, registerOwner, setupApp, uniqueEmail } from './helper.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const expectError = (res: LightMyRequestResponse, status: number, messageKey: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ messageKey, message: expect.any(String) });
};

/** Creates a staff member through the user API, then logs in as them. */
async function createStaff(app: FastifyInstance, owner: Owner, roles: Role[]) {
  const email = uniqueEmail('staff');
  const res = await app.inject({
    method: 'POST',
    url: `/api/eatery/${owner.eateryId}/user`,
    headers: bearer(owner.token),
    payload: {
      user: { email, password: PASSWORD, roles },
      restaurant: { eateryId: owner.eateryId },
      userProfileRequest: { name: 'Staff Member', phone: null },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const login = await loginAs(app, email);
  expect(login.statusCode).toBe(200);
  return { id: res.json().id as number, token: login.json().jwt as string };
}

/**
 * True when the PNG shows exactly the QR symbol of `content` (error correction M, margin 4): every
 * module's centre pixel is dark where the symbol has a dark module and light elsewhere.
 */
async function pngEncodes(png: Buffer, content: string): Promise<boolean> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const symbol = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const size = symbol.modules.size;
  const scale = info.width / (size + 8);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const x = Math.floor((4 + c + 0.5) * scale);
      const y = Math.floor((4 + r + 0.5) * scale);
      const dark = data[y * info.width * info.channels + x * info.channels] < 128;
      if (dark !== Boolean(symbol.modules.get(r, c))) return false;
    }
  }
  return true;
}

describe('tables', () => {
  const ctx = setupApp({ trustProxy: ['127.0.0.1'] }); // app.inject comes from 127.0.0.1: the test is the proxy;
  let a: Owner;
  let b: Owner;
  let waiter: { id: number; token: string };
  let bTableId: number;

  const call = (method: string, url: string, token?: string, payload?: object, headers: object = {}) =>
    ctx.app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const create = (owner: Owner, payload: object) =>
    call('POST', `/api/eatery/${owner.eateryId}/table`, owner.token, payload);

  beforeAll(async () => {
    a = await registerOwner(ctx.app, { restaurant: 'Alpha' });
    b = await registerOwner(ctx.app, { restaurant: 'Beta' });
    waiter = await createStaff(ctx.app, a, ['WAITER']);
    const res = await create(b, { number: 'B1', seats: 2 });
    expect(res.statusCode).toBe(201);
    bTableId = res.json().id;
  });

  describe('POST /api/eatery/:id/table', () => {
    it('creates a table with defaults, a trimmed number and its QR code', async () => {
      const res = await call(
        'POST',
        `/api/eatery/${a.eateryId}/table`,
        a.token,
        { number: '  7  ', id: 999, eateryId: b.eateryId, qrCodeDto: { content: 'x' } },
        { host: 'menu.local:8080' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const t = res.json();
      expect(t).toEqual({
        id: expect.any(Number),
        number: '7',
        seats: 4,
        note: null,
        status: 'ACTIVE',
        eateryId: a.eateryId,
        guestKey: null,
        qrCodeDto: {
          content: `http://menu.local:8080/client/eatery/${a.eateryId}/table/${t.id}/add/false/menu`,
          qrCodeAsBytes: expect.any(String),
        },
      });
      expect(t.id).not.toBe(999);
      const png = Buffer.from(t.qrCodeDto.qrCodeAsBytes, 'base64');
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(await pngEncodes(png, t.qrCodeDto.content)).toBe(true);
    });

    it('keeps the given seats, note and status', async () => {
      const res = await create(a, { number: 'Terrace 2', seats: 6, note: ' by the window ', status: 'RESERVED' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ number: 'Terrace 2', seats: 6, note: 'by the window', status: 'RESERVED' });
    });

    it('answers 400 with details for bad input and creates nothing', async () => {
      const before = await ctx.app.db.select().from(tables);
      const res = await create(a, { number: '   ', seats: 0, status: 'OPEN', note: 'x'.repeat(501) });
      expectError(res, 400, 'validation');
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          { field: 'number', messageKey: 'validation.required' },
          { field: 'seats', messageKey: 'validation.seats' },
          { field: 'status', messageKey: 'validation.invalid' },
          { field: 'note', messageKey: 'validation.tooLong' },
        ]),
      );
      for (const payload of [
        {},
        { number: 'x'.repeat(21) },
        { number: '8', seats: 2.5 },
        { number: '8', seats: '3' },
      ]) {
        expectError(await create(a, payload), 400, 'validation');
      }
      expect(await ctx.app.db.select().from(tables)).toEqual(before);
    });

    it('answers 409 tableExists for a number already used in the restaurant, not in another one', async () => {
      expect((await create(a, { number: 'D1' })).statusCode).toBe(201);
      expectError(await create(a, { number: ' D1 ' }), 409, 'tableExists');
      expect((await create(b, { number: 'D1' })).statusCode).toBe(201);
    });

    it('answers 401 without a token, 403 to a waiter, 404 to another restaurant', async () => {
      const before = await ctx.app.db.select().from(tables);
      expectError(
        await call('POST', `/api/eatery/${a.eateryId}/table`, undefined, { number: 'N1' }),
        401,
        'jwtInvalid',
      );
      expectError(
        await call('POST', `/api/eatery/${a.eateryId}/table`, waiter.token, { number: 'N1' }),
        403,
        'accessDenied',
      );
      expectError(
        await call('POST', `/api/eatery/${a.eateryId}/table`, b.token, { number: 'N1' }),
        404,
        'notYourResource',
      );
      expect(await ctx.app.db.select().from(tables)).toEqual(before);
    });
  });

  describe('GET /api/eatery/:id/table', () => {
    it('lists only this restaurant’s tables, to any member', async () => {
      const res = await call('GET', `/api/eatery/${a.eateryId}/table`, waiter.token);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: number; eateryId: number; qrCodeDto: { content: string } }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((t) => t.eateryId === a.eateryId)).toBe(true);
      expect(list.map((t) => t.id)).not.toContain(bTableId);
      for (const t of list) {
        expect(t.qrCodeDto.content).toMatch(new RegExp(`/client/eatery/${a.eateryId}/table/${t.id}/add/false/menu$`));
      }
    });

    it('builds QR links from the forwarded protocol and host behind a proxy', async () => {
      const res = await call('GET', `/api/eatery/${a.eateryId}/table`, a.token, undefined, {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'qr.example.org',
      });
      expect(res.json()[0].qrCodeDto.content).toMatch(/^https:\/\/qr\.example\.org\/client\/eatery\//);
    });

    it('answers 401 without a token and 404 to another restaurant', async () => {
      expectError(await call('GET', `/api/eatery/${a.eateryId}/table`), 401, 'jwtInvalid');
      expectError(await call('GET', `/api/eatery/${a.eateryId}/table`, b.token), 404, 'notYourResource');
      expectError(await call('GET', `/api/eatery/abc/table`, a.token), 404, 'notYourResource');
    });
  });

  describe('PUT /api/eatery/:id/table/:tableId', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create(a, { number: 'P1', seats: 2 })).json().id;
      expect((await create(a, { number: 'P2' })).statusCode).toBe(201);
    });
    const put = (tableId: number, payload: object, token = a.token) =>
      call('PUT', `/api/eatery/${a.eateryId}/table/${tableId}`, token, payload);

    it('updates the table (the echoed id, eateryId and qrCodeDto are ignored)', async () => {
      const res = await put(id, {
        id: 1,
        eateryId: b.eateryId,
        number: 'P1',
        seats: 8,
        note: 'VIP',
        status: 'BUSY',
        qrCodeDto: { content: 'evil', qrCodeAsBytes: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        number: 'P1',
        seats: 8,
        note: 'VIP',
        status: 'BUSY',
        eateryId: a.eateryId,
      });
      expect(res.json().qrCodeDto.content).toMatch(
        new RegExp(`/client/eatery/${a.eateryId}/table/${id}/add/false/menu$`),
      );
      const [row] = await ctx.app.db.select().from(tables).where(eq(tables.id, id));
      expect(row).toMatchObject({ eateryId: a.eateryId, seats: 8, note: 'VIP', status: 'BUSY' });
      // A blank note clears it.
      expect((await put(id, { number: 'P1', seats: 8, note: '' })).json()).toMatchObject({
        note: null,
        status: 'ACTIVE',
      });
    });

    it('answers 409 tableExists when renaming onto another table’s number', async () => {
      expectError(await put(id, { number: 'P2' }), 409, 'tableExists');
      const [row] = await ctx.app.db.select().from(tables).where(eq(tables.id, id));
      expect(row.number).toBe('P1');
    });

    it('answers 400 with details', async () => {
      const res = await put(id, { number: '', seats: -1 });
      expectError(res, 400, 'validation');
      expect(
        res
          .json()
          .details.map((d: { field: string }) => d.field)
          .sort(),
      ).toEqual(['number', 'seats']);
    });

    it('answers 404 for another restaurant’s table or a missing one, and changes nothing', async () => {
      const [before] = await ctx.app.db.select().from(tables).where(eq(tables.id, bTableId));
      expectError(await put(bTableId, { number: 'hacked' }), 404, 'notYourResource');
      expectError(await put(2_000_000, { number: 'hacked' }), 404, 'notYourResource');
      expect((await ctx.app.db.select().from(tables).where(eq(tables.id, bTableId)))[0]).toEqual(before);
    });

    it('answers 401, 403 and 404 for callers who may not edit', async () => {
      expectError(await put(id, { number: 'X' }, ''), 401, 'jwtInvalid');
      expectError(await put(id, { number: 'X' }, waiter.token), 403, 'accessDenied');
      expectError(await put(id, { number: 'X' }, b.token), 404, 'notYourResource');
      const [row] = await ctx.app.db.select().from(tables).where(eq(tables.id, id));
      expect(row.number).toBe('P1');
    });
  });

  describe('DELETE /api/eatery/:id/table/:tableId', () => {
    it('deletes the table and its assignments; orders keep their history', async () => {
      const id = (await create(a, { number: 'Del1' })).json().id;
      const assigned = await call('POST', `/api/eatery/${a.eateryId}/table-assignment`, a.token, {
        waiterId: waiter.id,
        tableId: id,
      });
      expect(assigned.statusCode, assigned.body).toBe(201);
      const [order] = await ctx.app.db
        .insert(orders)
        .values({ eateryId: a.eateryId, tableId: id, tableNumber: 'Del1', status: 'PAID' })
        .returning();

      const res = await call('DELETE', `/api/eatery/${a.eateryId}/table/${id}`, a.token);
      expect(res.statusCode).toBe(204);
      expect(await ctx.app.db.select().from(tables).where(eq(tables.id, id))).toEqual([]);
      expect(await ctx.app.db.select().from(tableAssignments).where(eq(tableAssignments.tableId, id))).toEqual([]);
      const [kept] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept).toMatchObject({ tableId: null, tableNumber: 'Del1', status: 'PAID' });
      expectError(await call('DELETE', `/api/eatery/${a.eateryId}/table/${id}`, a.token), 404, 'notYourResource');
    });

    it('answers 401, 403, and 404 for another restaurant’s table, and deletes nothing', async () => {
      const id = (await create(a, { number: 'Del2' })).json().id;
      expectError(await call('DELETE', `/api/eatery/${a.eateryId}/table/${id}`), 401, 'jwtInvalid');
      expectError(await call('DELETE', `/api/eatery/${a.eateryId}/table/${id}`, waiter.token), 403, 'accessDenied');
      expectError(await call('DELETE', `/api/eatery/${a.eateryId}/table/${id}`, b.token), 404, 'notYourResource');
      expectError(await call('DELETE', `/api/eatery/${a.eateryId}/table/${bTableId}`, a.token), 404, 'notYourResource');
      expect(await ctx.app.db.select().from(tables).where(eq(tables.id, id))).toHaveLength(1);
      expect(await ctx.app.db.select().from(tables).where(eq(tables.id, bTableId))).toHaveLength(1);
    });
  });

  describe('GET /api/eatery/:id/table/:tableId/qr.png', () => {
    it('returns a print-quality PNG of the table’s link', async () => {
      const t = (await create(a, { number: 'Q1' })).json();
      const res = await call('GET', `/api/eatery/${a.eateryId}/table/${t.id}/qr.png`, a.token, undefined, {
        host: 'menu.local:8080',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toBe('inline; filename="table-Q1-qr.png"');
      const png = res.rawPayload;
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024 });
      const content = `http://menu.local:8080/client/eatery/${a.eateryId}/table/${t.id}/add/false/menu`;
      expect(await pngEncodes(png, content)).toBe(true);
      expect(await pngEncodes(png, content.replace('false', 'true'))).toBe(false);
    });

    it('answers 401, 403 to a waiter, and 404 for another restaurant’s table', async () => {
      const url = `/api/eatery/${a.eateryId}/table/${bTableId}/qr.png`;
      expectError(await call('GET', url), 401, 'jwtInvalid');
      expectError(await call('GET', url, waiter.token), 403, 'accessDenied');
      expectError(await call('GET', url, a.token), 404, 'notYourResource');
      expectError(
        await call('GET', `/api/eatery/${b.eateryId}/table/${bTableId}/qr.png`, a.token),
        404,
        'notYourResource',
      );
    });
  });
});

describe('tables with PUBLIC_URL configured', () => {
  const ctx = setupApp({ publicUrl: 'https://menu.example' });

  it('encodes PUBLIC_URL whatever host the request came to', async () => {
    const owner = await registerOwner(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/eatery/${owner.eateryId}/table`,
      headers: { ...bearer(owner.token), host: 'internal:3000', 'x-forwarded-host': 'evil.example' },
      payload: { number: '1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json();
    const content = `https://menu.example/client/eatery/${owner.eateryId}/table/${t.id}/add/false/menu`;
    expect(t.qrCodeDto.content).toBe(content);
    expect(await pngEncodes(Buffer.from(t.qrCodeDto.qrCodeAsBytes, 'base64'), content)).toBe(true);

    const png = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${owner.eateryId}/table/${t.id}/qr.png`,
      headers: bearer(owner.token),
    });
    expect(png.statusCode).toBe(200);
    expect(await pngEncodes(png.rawPayload, content)).toBe(true);
  });
});
