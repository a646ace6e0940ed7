import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Role } from '@qr-menu/contract';
import { memberships, orderItems, orders, users } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { bearer, loginAs, PASSWORD, TEST_PASSWORD_HASH_COST, uniqueEmail, type Owner } from './helper.js';

/** Shared helpers of the menu tests (categories, dishes, catalogue, departments, images). */

/** Placeholder dish photos (webp) the tests upload, kept beside the tests. */
export const FIXTURE_IMAGES = new URL('./fixtures/images/', import.meta.url);
export const fixtureImage = (name: string) => readFileSync(new URL(name, FIXTURE_IMAGES));

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: Part[]) {
  const boundary = `----qrmenu${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The category/dish form: `data` JSON part and an optional image file part. */
export function menuForm(data: unknown, image?: Buffer, filename = 'photo.webp', contentType = 'image/webp') {
  const parts: Part[] = [{ name: 'data', value: JSON.stringify(data) }];
  if (image) parts.push({ name: 'image', value: image, filename, contentType });
  return multipart(parts);
}

/** Sends a multipart form with a bearer token. */
export function sendForm(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  token: string | null,
  form: ReturnType<typeof multipart>,
) {
  return app.inject({
    method,
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? bearer(token) : {}) },
  });
}

/** A user holding `roles` in the restaurant, inserted directly, then logged in through the API. */
export async function addStaff(app: FastifyInstance, eateryId: number, roles: Role[]) {
  const email = uniqueEmail(roles.join('-').toLowerCase());
  const [user] = await app.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(PASSWORD, TEST_PASSWORD_HASH_COST), name: 'Staff Member' })
    .returning({ id: users.id });
  await app.db.insert(memberships).values({ userId: user.id, eateryId, roles });
  const login = await loginAs(app, email);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { userId: user.id, token: login.json().jwt as string };
}

export async function createCategory(app: FastifyInstance, owner: Owner, data: Record<string, unknown>) {
  const res = await sendForm(app, 'POST', `/api/eatery/${owner.eateryId}/category`, owner.token, menuForm(data));
  if (res.statusCode !== 201) throw new Error(`create category failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; nameEn: string; position: number };
}

export async function createDish(
  app: FastifyInstance,
  owner: Owner,
  categoryId: number,
  data: Record<string, unknown>,
) {
  const res = await sendForm(
    app,
    'POST',
    `/api/eatery/${owner.eateryId}/category/${categoryId}/dish`,
    owner.token,
    menuForm({ price: 5, ...data }),
  );
  if (res.statusCode !== 201) throw new Error(`create dish failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; price: number; position: number; kitchenDepartmentId: number | null };
}

/** An order with one item referencing the dish, inserted directly (as past orders would be). */
export async function orderDish(app: FastifyInstance, eateryId: number, dishId: number) {
  const [order] = await app.db.insert(orders).values({ eateryId, tableNumber: '1' }).returning({ id: orders.id });
  const [item] = await app.db
    .insert(orderItems)
    .values({ orderId: order.id, dishId, name: 'Snapshot name', price: '4.50', quantity: 2 })
    .returning({ id: orderItems.id });
  return { orderId: order.id, itemId: item.id };
}

/** A PNG whose header claims `width` x `height` pixels (a decompression bomb's header, a few bytes). */
export function hugePngHeader(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
