import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tableResponse, type Table } from '@qr-menu/contract';
import { tables } from '../src/db/schema.js';
import { bearer, setupApp } from './helper.js';
import { makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';

/**
 * Table QR keys in the admin API: POST .../table/{tableId}/key makes a new random key ("reprint QR"), the
 * QR code then carries it as `?k=`; turning the restaurant's table keys on gives every table without one a key;
 * tables created while keys are on get one. EATERY_ADMIN only; another restaurant's table is 404.
 */

const ctx = setupApp({ publicUrl: 'https://menu.example' });

const keyUrl = (e: TestEatery, tableId: number) => `/api/eatery/${e.id}/table/${tableId}/key`;
const rotate = (e: TestEatery, tableId: number, token = e.owner.token) =>
  ctx.app.inject({ method: 'POST', url: keyUrl(e, tableId), headers: bearer(token) });
const list = async (e: TestEatery) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/eatery/${e.id}/table`, headers: bearer(e.owner.token) })
  ).json() as Table[];
const keyOf = async (tableId: number) =>
  (await ctx.app.db.select({ k: tables.guestKey }).from(tables).where(eq(tables.id, tableId)))[0].k;
const menuLink = (e: TestEatery, tableId: number) =>
  `https://menu.example/client/eatery/${e.id}/table/${tableId}/add/false/menu`;

/** True when the PNG shows exactly the QR symbol of `content` (error correction M, margin 4). */
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

const setKeysRequired = (e: TestEatery, on: boolean, token = e.owner.token) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/eatery/${e.id}`,
    headers: bearer(token),
    payload: { name: 'Cafe', address: 'Nizami 10', phones: ['+994 50 123 45 67'], tableKeysRequired: on },
  });

describe('POST /api/eatery/:id/table/:tableId/key', () => {
  it('makes a new random URL-safe key of at least 128 bits; the QR link, its PNG and qr.png carry it', async () => {
    const e = await makeEatery(ctx.app);
    const before = (await list(e)).find((t) => t.id === e.tableId)!;
    expect(before.guestKey).toBeNull();
    expect(before.qrCodeDto.content).toBe(menuLink(e, e.tableId));

    const res = await rotate(e, e.tableId);
    expect(res.statusCode, res.body).toBe(200);
    expect(tableResponse.safeParse(res.json()).success).toBe(true);
    const table = res.json() as Table;
    const key = table.guestKey!;
    expect(key).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(key, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(await keyOf(e.tableId)).toBe(key);
    expect(table.qrCodeDto.content).toBe(`${menuLink(e, e.tableId)}?k=${key}`);
    expect(await pngEncodes(Buffer.from(table.qrCodeDto.qrCodeAsBytes, 'base64'), table.qrCodeDto.content)).toBe(true);
    const png = await ctx.app.inject({
      method: 'GET',
      url: `/api/eatery/${e.id}/table/${e.tableId}/qr.png`,
      headers: bearer(e.owner.token),
    });
    expect(png.statusCode).toBe(200);
    expect(await pngEncodes(png.rawPayload, table.qrCodeDto.content)).toBe(true);
    expect((await list(e)).find((t) => t.id === e.tableId)!.qrCodeDto.content).toBe(table.qrCodeDto.content);

    // Again: another key ("reprint QR"); the old one is gone.
    const again = (await rotate(e, e.tableId)).json() as Table;
    expect(again.guestKey).not.toBe(key);
    expect(await keyOf(e.tableId)).toBe(again.guestKey);
  });

  it('is for EATERY_ADMIN only; another restaurant table or an unknown id is 404, nothing changes', async () => {
    const e = await makeEatery(ctx.app);
    const other = await makeEatery(ctx.app);
    for (const staff of [e.waiter, e.cashier, e.kitchen]) {
      const res = await rotate(e, e.tableId, staff.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().messageKey).toBe('accessDenied');
    }
    expect((await rotate(e, other.tableId)).statusCode).toBe(404);
    expect((await rotate(e, 99_999_999)).statusCode).toBe(404);
    expect((await rotate(other, e.tableId, e.owner.token)).statusCode).toBe(404);
    expect((await rotate(e, 'x' as unknown as number)).statusCode).toBe(400);
    expect(await keyOf(e.tableId)).toBeNull();
    expect(await keyOf(other.tableId)).toBeNull();
  });
});

describe('table keys turned on for the restaurant', () => {
  it('gives every table without a key its own one, keeps existing keys, leaves other restaurants alone', async () => {
    const e = await makeEatery(ctx.app);
    const other = await makeEatery(ctx.app);
    const second = await makeTable(ctx.app, e.id, '2');
    const third = await makeTable(ctx.app, e.id, '3');
    const kept = ((await rotate(e, third)).json() as Table).guestKey;

    const res = await setKeysRequired(e, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tableKeysRequired).toBe(true);
    const keys = await Promise.all([e.tableId, second, third].map(keyOf));
    expect(keys.every((k) => typeof k === 'string' && k.length >= 22)).toBe(true);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe(kept);
    expect(await keyOf(other.tableId)).toBeNull();
    for (const t of await list(e)) expect(t.qrCodeDto.content).toBe(`${menuLink(e, t.id)}?k=${t.guestKey}`);

    // Off again: the keys stay (the printed codes keep working).
    expect((await setKeysRequired(e, false)).json().tableKeysRequired).toBe(false);
    expect(await Promise.all([e.tableId, second, third].map(keyOf))).toEqual(keys);
  });

  it('a table created while keys are on gets a key; while off, none', async () => {
    const e = await makeEatery(ctx.app);
    const create = (number: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/eatery/${e.id}/table`,
        headers: bearer(e.owner.token),
        payload: { number },
      });
    const off = (await create('10')).json() as Table;
    expect(off.guestKey).toBeNull();
    expect(off.qrCodeDto.content).toBe(menuLink(e, off.id));
    await setKeysRequired(e, true);
    const on = (await create('11')).json() as Table;
    expect(on.guestKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(on.qrCodeDto.content).toBe(`${menuLink(e, on.id)}?k=${on.guestKey}`);
  });

  it('only EATERY_ADMIN turns it on; a bad value is 400 and gives no table a key', async () => {
    const e = await makeEatery(ctx.app);
    expect((await setKeysRequired(e, true, e.waiter.token)).statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/eatery/${e.id}`,
      headers: bearer(e.owner.token),
      payload: { name: 'Cafe', address: 'Nizami 10', phones: ['+994 50 123 45 67'], tableKeysRequired: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({ field: 'tableKeysRequired', messageKey: 'validation.invalid' });
    expect(await keyOf(e.tableId)).toBeNull();
  });
});
