import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ITEM_STATUSES, ORDER_KINDS, ORDER_STATUSES, orderResponse, type Order } from '@qr-menu/contract';
import { compileSerializer, serializerCompiler, toJsonSchema } from '../src/plugins/serializer.js';

/**
 * Responses are written by fast-json-stringify from each route's zod schema instead of zod validation +
 * JSON.stringify. For every valid value the bytes must be the ones zod's serializer wrote; schemas whose encoding is
 * more than a copy fall back to zod's serializer.
 */

/** What fastify-type-provider-zod's serializer writes (the reference our serializer must match). */
const viaZod = (schema: z.ZodType, data: unknown) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' })(data);

function fast(schema: z.ZodType) {
  const stringify = compileSerializer(schema);
  if (!stringify) throw new Error('expected a fast-json-stringify serializer');
  return stringify;
}

const item = (over: Partial<Order['items'][number]> = {}): Order['items'][number] => ({
  id: 11,
  dishId: 5,
  dishName: 'Plov',
  name: 'Plov',
  orderId: 1,
  quantity: 2,
  note: null,
  status: 'CREATED',
  price: 19.99,
  category: 'Mains',
  kitchenDepartmentId: null,
  names: { az: 'Plov', en: 'Pilaf', ru: 'Плов' },
  batch: 1,
  options: [],
  createdAt: '2024-05-01T05:00:00.999Z',
  readyAt: null,
  voidReason: null,
  voidedFrom: null,
  voidedAt: null,
  seat: null,
  course: null,
  held: false,
  ...over,
});

const order = (over: Partial<Order> = {}): Order => ({
  id: 1,
  number: 1,
  status: 'CREATED',
  tableId: 3,
  tableNumber: '3',
  note: null,
  createdAt: '2024-05-01T05:00:00.999Z',
  updatedAt: '2024-05-01T05:30:00.000Z',
  items: [
    item(),
    item({
      id: 12,
      note: 'no "onion"\n',
      dishId: null,
      category: null,
      kitchenDepartmentId: 4,
      batch: 2,
      readyAt: '2024-05-01T05:20:00.000Z',
    }),
    item({
      id: 13,
      price: 4.5,
      options: [
        {
          groupId: 1,
          optionId: 2,
          groupNames: { az: 'Ölçü', en: 'Size', ru: 'Размер' },
          names: { az: '0,5 L', en: '0.5 L', ru: '0,5 л' },
          priceDelta: 1.5,
        },
      ],
    }),
  ],
  eateryId: 2,
  orderPrice: 39.98,
  estimatedTime: 12,
  version: 3,
  discount: 0,
  serviceChargeRate: 1000,
  paidAt: null,
  rejectionReason: null,
  kind: 'DINE_IN',
  customerName: null,
  customerPhone: null,
  ...over,
});

describe('response serializer', () => {
  it('writes an order as zod did: nullable fields null or set, items in schema order', () => {
    for (const o of [order(), order({ tableId: null, note: 'a\u2028b "q" \\ ü 🍵', items: [] })]) {
      expect(fast(orderResponse)(o)).toBe(viaZod(orderResponse, o));
    }
    expect(JSON.parse(fast(orderResponse)(order({ tableId: null })))).toMatchObject({ tableId: null, note: null });
  });

  it('writes arrays of orders (the staff list) as zod did', () => {
    const list = z.array(orderResponse);
    const orders = [
      order(),
      order({ id: 2, status: 'PAID', items: [], discount: 1.5, paidAt: '2024-05-01T06:00:00.000Z' }),
      order({ id: 3, orderPrice: 0.1 }),
      order({ id: 4, status: 'CANCELLED', rejectionReason: 'Kitchen "closed"\n' }),
    ];
    expect(fast(list)(orders)).toBe(viaZod(list, orders));
    expect(fast(list)([])).toBe('[]');
  });

  it('drops keys the schema does not declare, nested ones too', () => {
    const withExtras = {
      ...order(),
      deviceId: 'secret-device',
      idempotencyKey: 'k',
      items: [{ ...item(), categoryName: 'Mains', secret: 1 }],
    };
    const json = fast(orderResponse)(withExtras);
    expect(json).toBe(viaZod(orderResponse, withExtras));
    expect(json).not.toContain('secret');
    expect(json).not.toContain('idempotencyKey');
    expect(Object.keys(JSON.parse(json) as object)).toEqual(Object.keys(orderResponse.shape));
  });

  it('leaves optional properties out when they are missing or undefined, like JSON.stringify', () => {
    const schema = z.object({ c: z.literal('ok'), a: z.string().optional(), b: z.number().nullable().optional() });
    for (const value of [{ c: 'ok' }, { a: undefined, b: undefined, c: 'ok' }, { a: 'x', b: null, c: 'ok' }]) {
      expect(fast(schema)(value)).toBe(viaZod(schema, value));
    }
  });

  it('matches zod for any order, any strings and numbers (property test)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 });
    const num = fc.double({ noNaN: true, noDefaultInfinity: true });
    const itemArb = fc.record({
      id: fc.integer(),
      dishId: fc.option(fc.integer(), { nil: null }),
      dishName: text,
      name: text,
      orderId: fc.integer(),
      quantity: fc.integer({ min: 1, max: 99 }),
      note: fc.option(text, { nil: null }),
      status: fc.constantFrom(...ITEM_STATUSES),
      price: num,
      category: fc.option(text, { nil: null }),
      kitchenDepartmentId: fc.option(fc.integer(), { nil: null }),
      names: fc.record({ az: text, en: text, ru: text }),
      batch: fc.integer({ min: 1 }),
      options: fc.array(
        fc.record({
          groupId: fc.integer(),
          optionId: fc.integer(),
          groupNames: fc.record({ az: text, en: text, ru: text }),
          names: fc.record({ az: text, en: text, ru: text }),
          priceDelta: num,
        }),
        { maxLength: 3 },
      ),
      createdAt: text,
      readyAt: fc.option(text, { nil: null }),
      voidReason: fc.option(text, { nil: null }),
      voidedFrom: fc.option(fc.constantFrom(...ITEM_STATUSES), { nil: null }),
      voidedAt: fc.option(text, { nil: null }),
      seat: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
      course: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }),
      held: fc.boolean(),
      extra: fc.anything(),
    });
    const orderArb = fc.record({
      id: fc.integer(),
      number: fc.integer({ min: 1 }),
      status: fc.constantFrom(...ORDER_STATUSES),
      tableId: fc.option(fc.integer(), { nil: null }),
      tableNumber: text,
      note: fc.option(text, { nil: null }),
      createdAt: text,
      updatedAt: text,
      items: fc.array(itemArb, { maxLength: 4 }),
      eateryId: fc.integer(),
      orderPrice: num,
      estimatedTime: fc.integer({ min: 0, max: 60 }),
      version: fc.integer({ min: 0 }),
      discount: num,
      serviceChargeRate: fc.integer({ min: 0, max: 2500 }),
      paidAt: fc.option(text, { nil: null }),
      rejectionReason: fc.option(text, { nil: null }),
      deviceId: fc.option(text, { nil: null }),
      kind: fc.constantFrom(...ORDER_KINDS),
      customerName: fc.option(text, { nil: null }),
      customerPhone: fc.option(text, { nil: null }),
    });
    const list = z.array(orderResponse);
    const stringify = fast(list);
    fc.assert(
      fc.property(fc.array(orderArb, { maxLength: 3 }), (orders) => {
        expect(stringify(orders)).toBe(viaZod(list, orders));
      }),
      { numRuns: 300 },
    );
  });

  it('falls back to zod for schemas whose encoding is more than a copy', () => {
    const codec = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    const fallbacks: [string, z.ZodType, unknown, string][] = [
      ['union', z.union([z.object({ a: z.number() }), z.array(z.number())]), { a: 1, b: 2 }, '{"a":1}'],
      ['codec', z.object({ n: codec }), { n: 5 }, '{"n":"5"}'],
      ['trim()', z.object({ s: z.string().trim() }), { s: '  x  ' }, '{"s":"x"}'],
      ['date', z.object({ d: z.date() }), { d: new Date(0) }, '{"d":"1970-01-01T00:00:00.000Z"}'],
      ['loose object', z.looseObject({ a: z.number() }), { a: 1, b: 2 }, '{"a":1,"b":2}'],
      ['record', z.record(z.string(), z.number()), { x: 1 }, '{"x":1}'],
      ['default', z.object({ a: z.number().default(7) }), { a: 3 }, '{"a":3}'],
      // fast-json-stringify would write `b` (required) before `a`.
      [
        'optional before required',
        z.object({ a: z.number().optional(), b: z.number() }),
        { a: 1, b: 2 },
        '{"a":1,"b":2}',
      ],
    ];
    for (const [name, schema, value, expected] of fallbacks) {
      expect(toJsonSchema(schema), name).toBeNull();
      const stringify = serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
      expect(stringify(value), name).toBe(expected);
      expect(stringify(value), name).toBe(viaZod(schema, value));
    }
    // z.void() (a 304) has no JSON Schema either.
    expect(compileSerializer(z.void())).toBeNull();
  });

  it('is what a Fastify route with a zod response schema answers', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get('/orders', { schema: { response: { 200: z.array(orderResponse) } } }, async () => [
      { ...order(), deviceId: 'x' },
    ]);
    app.get('/union', { schema: { response: { 200: z.union([z.string(), z.number()]) } } }, async () => 5);
    const list = await app.inject({ method: 'GET', url: '/orders' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.body).toBe(viaZod(z.array(orderResponse), [order()]));
    expect((await app.inject({ method: 'GET', url: '/union' })).body).toBe('5');
    await app.close();
  });
});
