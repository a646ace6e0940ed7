import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderEvent } from '@qr-menu/contract';
import { categories, dishes, eateries, orderItems, orders, orderStatusHistory } from '../src/db/schema.js';
import { takesBatchPath, type PlaceOrderInput } from '../src/modules/orders/batch-eligibility.js';
import { OrderCommands, type ItemInput, type PlacedOrder } from '../src/modules/orders/order-commands.js';
import { readPlacingFacts } from '../src/modules/orders/place-order-sql.js';
import { setupApp } from './helper.js';
import { makeDish, makeEatery, makeTable, type TestEatery } from './orders-fixtures.js';

// Placing an order takes the batch statement when takesBatchPath lets it, else the step-by-step transaction. Both
// must store the same rows: random orders (good ones, and ones each rule sends to the step-by-step path or refuses)
// are placed both ways, and the rows of the two orders are compared column by column. Lines may name a seat and a
// course (a course the restaurant does not name is refused); a restaurant with courses and a counted dish (with
// portions for every run) take the step-by-step path.
const ctx = setupApp();
let commands: OrderCommands;
let events: OrderEvent[] = [];
let A: TestEatery;
let confirming: TestEatery;
let pool: { eateryId: number; tables: number[]; dishes: number[] }[];
let optionDish: number;

beforeAll(async () => {
  commands = new OrderCommands(ctx.app.db, { emitOrderEvent: (_eateryId, event) => void events.push(event) });
  A = await makeEatery(ctx.app, { name: 'Paths' });
  confirming = await makeEatery(ctx.app, { name: 'Confirms' });
  await ctx.app.db.update(eateries).set({ confirmGuestOrders: true }).where(eq(eateries.id, confirming.id));
  const other = await makeEatery(ctx.app, { name: 'Other' });

  const plain = [
    // Names with spaces around them and only some languages filled: the snapshot's fallbacks.
    await makeDish(ctx.app, A, { price: '4.50', nameAz: ' Şorba ', nameEn: 'Soup', nameRu: '' }),
    await makeDish(ctx.app, A, { price: '0.35', nameAz: '', nameEn: 'Bread\u00a0', nameRu: 'Хлеб' }),
    await makeDish(ctx.app, A, {
      price: '12.00',
      nameEn: 'Kebab',
      categoryId: null,
      kitchenDepartmentId: A.departmentId,
    }),
  ];
  const soldOut = await makeDish(ctx.app, A, { price: '2.00', nameEn: 'Sold out', available: false });
  const archived = await makeDish(ctx.app, A, { price: '3.00', nameEn: 'Gone', archived: true });
  const withHours = await makeDish(ctx.app, A, { price: '5.00', nameEn: 'Always open hours' });
  await ctx.app.db
    .update(dishes)
    .set({ availableHours: { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '00:00' } })
    .where(eq(dishes.id, withHours));
  optionDish = await makeDish(ctx.app, A, { price: '6.00', nameEn: 'Tea' });
  await ctx.app.db
    .update(dishes)
    .set({
      optionGroups: [
        {
          id: 1,
          nameAz: 'Ölçü',
          nameEn: 'Size',
          nameRu: 'Размер',
          minChoices: 0,
          maxChoices: 1,
          options: [{ id: 1, nameAz: 'Böyük', nameEn: 'Large', nameRu: 'Большой', priceDelta: 1.5, available: true }],
        },
      ],
    })
    .where(eq(dishes.id, optionDish));
  const foreign = await makeDish(ctx.app, other, { price: '1.00', nameEn: 'Theirs' });
  const inactive = await makeTable(ctx.app, A.id, 'Closed', 'INACTIVE');
  const confirmingDish = await makeDish(ctx.app, confirming, { price: '7.00', nameEn: 'Plov' });
  const counted = await makeDish(ctx.app, A, { price: '2.50', nameEn: 'Dolma' });
  await ctx.app.db.update(dishes).set({ stockCount: 9999 }).where(eq(dishes.id, counted));

  // Three courses; the mains' category defaults to course 2, dishes without a category to the first.
  const coursed = await makeEatery(ctx.app, { name: 'Courses' });
  const names = (en: string) => ({ az: en, en, ru: en });
  await ctx.app.db
    .update(eateries)
    .set({ courses: [names('Starters'), names('Mains'), names('Desserts')] })
    .where(eq(eateries.id, coursed.id));
  const [mains] = await ctx.app.db
    .insert(categories)
    .values({ eateryId: coursed.id, nameEn: 'Mains', course: 2 })
    .returning({ id: categories.id });
  const coursedDishes = [
    await makeDish(ctx.app, coursed, { price: '3.00', nameEn: 'Salad' }),
    await makeDish(ctx.app, coursed, { price: '9.00', nameEn: 'Kebab', categoryId: mains.id }),
    await makeDish(ctx.app, coursed, { price: '1.00', nameEn: 'Tea', categoryId: null }),
  ];

  pool = [
    {
      eateryId: A.id,
      tables: [A.tableId, A.tableId, inactive, other.tableId],
      // Plain dishes weigh more: most orders should be good ones.
      dishes: [...plain, ...plain, soldOut, archived, withHours, optionDish, foreign, counted],
    },
    { eateryId: confirming.id, tables: [confirming.tableId], dishes: [confirmingDish] },
    { eateryId: coursed.id, tables: [coursed.tableId], dishes: coursedDishes },
  ];
});

const anItem = (dishes: number[]) =>
  fc.record({
    dishId: fc.constantFrom(...dishes),
    quantity: fc.integer({ min: 1, max: 9 }),
    note: fc.option(fc.constantFrom('no onions', ' warm ', ''), { nil: undefined }),
    chooseOption: fc.boolean(),
    // Mostly none: most orders should still be good ones for the batch path.
    seat: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 5 },
      { arbitrary: fc.integer({ min: 1, max: 20 }), weight: 1 },
    ),
    // 4: a course no restaurant here names (400).
    course: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 5 },
      { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 },
    ),
  });

const anOrder = () =>
  fc.integer({ min: 0, max: pool.length - 1 }).chain((p) =>
    fc.record({
      eateryId: fc.constant(pool[p].eateryId),
      tableId: fc.constantFrom(...pool[p].tables),
      guest: fc.boolean(),
      note: fc.option(fc.constantFrom('by the window', 'Birthday 🎂'), { nil: null }),
      withKey: fc.boolean(),
      items: fc.array(anItem(pool[p].dishes), { maxLength: 4 }),
    }),
  );

type Generated = ReturnType<typeof anOrder> extends fc.Arbitrary<infer T> ? T : never;

let run = 0;
/** The order as placeOrder takes it; each way gets its own device and key (a key is once per device). */
function inputOf(g: Generated, way: string): { items: ItemInput[]; deviceId: string | null; key: string | null } {
  run++;
  const items = g.items.map(({ chooseOption, ...item }) => ({
    ...item,
    ...(chooseOption && item.dishId === optionDish ? { optionIds: [1] } : {}),
  }));
  const deviceId = g.guest ? `device-${way}-${run}` : null;
  return { items, deviceId, key: deviceId && g.withKey ? `key-${run}` : null };
}

type Outcome = { ok: true; placed: PlacedOrder } | { ok: false; error: unknown };

async function place(g: Generated, way: 'batch' | 'stepByStep'): Promise<Outcome> {
  const { items, deviceId, key } = inputOf(g, way);
  const opts = { guest: g.guest, deviceId, idempotencyKey: key };
  try {
    const placed =
      way === 'batch'
        ? await commands.placeOrder(g.eateryId, g.tableId, items, g.note, opts)
        : await commands.placeOrderStepByStep(g.eateryId, g.tableId, items, g.note, opts);
    return { ok: true, placed };
  } catch (error) {
    return { ok: false, error };
  }
}

/** An error as the API answers it. */
const answerOf = (error: unknown) => {
  const e = error as { statusCode?: number; messageKey?: string; details?: unknown; message?: string };
  return {
    statusCode: e.statusCode,
    messageKey: e.messageKey,
    details: e.details,
    message: e.messageKey ? '' : e.message,
  };
};

/**
 * Everything stored of an order but its ids, its device, its times of writing and its number of the day (the second of
 * two orders placed in turn has the next one).
 */
async function storedRows(orderId: number) {
  const db = ctx.app.db;
  const [{ id: _id, deviceId: _d, idempotencyKey: _k, createdAt: _c, updatedAt: _u, number: _n, ...order }] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, orderId));
  const items = (
    await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
  ).map(({ id: _i, orderId: _o, createdAt: _t, ...item }) => item);
  const history = (
    await db
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id))
  ).map((h) => h.status);
  return { order, items, history };
}

/** The order as the API answers it, without its ids, times and number of the day. */
const apiShape = (o: Order) => ({
  ...o,
  id: 0,
  number: 0,
  createdAt: '',
  updatedAt: '',
  items: o.items.map((i) => ({ ...i, id: 0, orderId: 0, createdAt: '' })),
});

describe('placing an order: the batch path and the step-by-step path', () => {
  it('store the same rows, answer the same errors and emit one NEW_ORDER each', async () => {
    let batchable = 0;
    let others = 0;
    await fc.assert(
      fc.asyncProperty(anOrder(), async (g) => {
        const asked: PlaceOrderInput = { ...g, items: inputOf(g, 'check').items, deviceId: null, idempotencyKey: null };
        const [facts] = await readPlacingFacts(ctx.app.db, [asked]);
        if (takesBatchPath(asked, facts, new Date())) batchable++;
        else others++;

        events = [];
        const batch = await place(g, 'batch');
        const batchEvents = events;
        events = [];
        const stepByStep = await place(g, 'stepByStep');
        const stepEvents = events;

        expect(batch.ok).toBe(stepByStep.ok);
        if (!batch.ok || !stepByStep.ok) {
          expect(answerOf(!batch.ok && batch.error)).toEqual(answerOf(!stepByStep.ok && stepByStep.error));
          expect([batchEvents, stepEvents]).toEqual([[], []]);
          return;
        }
        const [a, b] = [batch.placed.order, stepByStep.placed.order];
        expect(await storedRows(a.id)).toEqual(await storedRows(b.id));
        expect(apiShape(a)).toEqual(apiShape(b));
        expect(batchEvents).toEqual([{ type: 'NEW_ORDER', orderId: a.id, status: a.status, version: 0, order: a }]);
        expect(stepEvents).toEqual([{ type: 'NEW_ORDER', orderId: b.id, status: b.status, version: 0, order: b }]);
      }),
      { numRuns: 60 },
    );
    // Both kinds of order came up (else the property compared too little).
    expect(batchable).toBeGreaterThan(5);
    expect(others).toBeGreaterThan(5);
  }, 300_000);
});
