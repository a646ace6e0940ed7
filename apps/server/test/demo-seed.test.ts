import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, orderDueCents, serviceChargeCents, toCents } from '@qr-menu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Database, Db } from '../src/db/client.js';
import {
  categories,
  dishes,
  drawerSessions,
  eateries,
  images,
  kitchenDepartments,
  memberships,
  orderItems,
  orders,
  payments,
  tableAssignments,
  tables,
  users,
  zReports,
} from '../src/db/schema.js';
import {
  DEMO_OWNER,
  DEMO_PASSWORD,
  DEMO_STAFF,
  DEMO_TABLES,
  ORDERS_PER_STATUS,
  seedDemo,
  type DemoSeedResult,
} from '../src/demo/seed.js';
import { matchImage } from '../src/demo/menu-source.js';
import { pinHash } from '../src/modules/devices/pin-hash.js';
import { bearer, loginAs, openTestDatabase, testConfig } from './helper.js';

/** The demo's own fixtures, where `npm run demo` reads them. */
const fixturesDir = fileURLToPath(new URL('../src/demo/fixtures/', import.meta.url));

async function counts(db: Db) {
  const n = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0].n;
  return {
    users: await n(users),
    eateries: await n(eateries),
    categories: await n(categories),
    dishes: await n(dishes),
    images: await n(images),
    departments: await n(kitchenDepartments),
    tables: await n(tables),
    assignments: await n(tableAssignments),
    orders: await n(orders),
    payments: await n(payments),
    drawerSessions: await n(drawerSessions),
  };
}

describe('demo seed with the fixtures', () => {
  let database: Database;
  let first: DemoSeedResult;
  const messages: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    first = await seedDemo({
      db: database.db,
      config: testConfig(),
      fixturesDir,
      log: (m) => messages.push(m),
    });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('creates the restaurant with a menu of at least 6 categories and 30 dishes in az, en and ru', async () => {
    expect(first.created).toBe(true);
    const db = database.db;
    const c = await counts(db);
    expect(c.eateries).toBe(1);
    expect(c.categories).toBeGreaterThanOrEqual(6);
    expect(c.dishes).toBeGreaterThanOrEqual(30);
    expect(c.departments).toBe(2);
    const unnamed = await db
      .select({ n: count() })
      .from(dishes)
      .where(sql`${dishes.nameAz} = '' or ${dishes.nameEn} = '' or ${dishes.nameRu} = '' or ${dishes.price} <= 0`);
    expect(unnamed[0].n).toBe(0);
    const [eatery] = await db.select().from(eateries);
    expect(eatery.id).toBe(first.eateryId);
    expect(eatery.name).toBe('QR Menu Demo');
    expect(eatery.address).not.toBe('');
  });

  it('seeds what the README says it seeds, and says so in its log line', async () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    const figure = (pattern: RegExp) => Number(pattern.exec(readme.replace(/\s+/g, ' '))?.[1]);
    const c = await counts(database.db);
    const said = {
      categories: figure(/"QR Menu Demo" with (\d+) categories/),
      dishes: figure(/categories and (\d+) dishes in az, en and ru/),
      tables: figure(/processed like uploads\), (\d+) tables/),
      users: figure(/tables, (\d+) users \(one per role\)/),
      orders: figure(/users \(one per role\) and (\d+) orders \(two in each status\)/),
    };
    expect(said).toEqual({
      categories: c.categories,
      dishes: c.dishes,
      tables: c.tables,
      users: c.users,
      orders: c.orders,
    });
    expect(ORDERS_PER_STATUS).toBe(2); // "two in each status"
    const log = messages.join('\n');
    expect(log).toContain(`${c.categories} categories, ${c.dishes} dishes (`);
    expect(log).toContain(`${c.tables} tables, ${c.users} users, ${c.orders} orders.`);
  });

  it('gives every dish and category a photo, stored as webp like an upload', async () => {
    const db = database.db;
    const [withoutPhoto] = await db
      .select({ n: count() })
      .from(dishes)
      .where(sql`${dishes.imageId} is null`);
    expect(withoutPhoto.n).toBe(0);
    const [categoriesWithout] = await db
      .select({ n: count() })
      .from(categories)
      .where(sql`${categories.imageId} is null`);
    expect(categoriesWithout.n).toBe(0);
    // Content-addressed: a picture used by several dishes is stored once.
    const c = await counts(db);
    expect(c.images).toBeLessThan(c.dishes);
    const rows = await db.select({ bytes: images.bytes, sha256: images.sha256, width: images.width }).from(images);
    for (const r of rows) {
      expect(r.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(r.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(r.width).toBeGreaterThan(0);
    }
    expect(first.menu?.photos).toBeGreaterThan(0);
  });

  it('has 8 tables, one user per role and the waiter on every table', async () => {
    const db = database.db;
    const c = await counts(db);
    expect(c.tables).toBe(DEMO_TABLES);
    expect(c.users).toBe(1 + DEMO_STAFF.length);
    const members = await db
      .select({ email: users.email, roles: memberships.roles })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.eateryId, first.eateryId));
    const roles = Object.fromEntries(members.map((m) => [m.email, m.roles]));
    expect(roles).toEqual({
      [DEMO_OWNER.email]: ['EATERY_ADMIN'],
      'kitchen@qrmenu.az': ['KITCHEN_ADMIN'],
      'waiter@qrmenu.az': ['WAITER'],
      'cashier@qrmenu.az': ['CASHIER'],
    });
    expect(c.assignments).toBe(DEMO_TABLES);
    // Each account has its printed PIN for the restaurant's devices.
    const pins = await db
      .select({ email: users.email, pinHash: memberships.pinHash })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.eateryId, first.eateryId));
    for (const account of [DEMO_OWNER, ...DEMO_STAFF]) {
      const stored = pins.find((p) => p.email === account.email)?.pinHash;
      expect(stored, account.email).toBe(pinHash(testConfig().jwtSecret, first.eateryId, account.pin));
    }
    const [table] = await db.select().from(tables).where(eq(tables.id, first.tableId));
    expect(table.number).toBe('1');
  });

  it('has orders in every status, with items and totals', async () => {
    const rows = await database.db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.n]));
    for (const s of ORDER_STATUSES) expect(byStatus[s], s).toBe(ORDERS_PER_STATUS);
  });

  it('sets a 10 % service charge, VAT 18 % with a VÖEN and a receipt footer', async () => {
    const [eatery] = await database.db.select().from(eateries).where(eq(eateries.id, first.eateryId));
    expect(eatery).toMatchObject({
      serviceChargeBp: 1000,
      serviceChargeTakeaway: false,
      vatPayer: true,
      vatRateBp: 1800,
      taxId: '1234567890',
      receiptFooter: expect.stringMatching(/^Təşəkkür edirik! Wi-Fi: /),
    });
  });

  it('places every order under the service charge; each paid order is paid in full, service charge included', async () => {
    const db = database.db;
    const rows = await db
      .select({ id: orders.id, status: orders.status, bp: orders.serviceChargeBp, discount: orders.discount })
      .from(orders);
    expect(rows.every((o) => o.bp === 1000)).toBe(true);
    const items = await db
      .select({
        orderId: orderItems.orderId,
        price: orderItems.price,
        quantity: orderItems.quantity,
        status: orderItems.status,
      })
      .from(orderItems);
    const paidRows = await db
      .select({ orderId: payments.orderId, amount: payments.amount, tip: payments.tip })
      .from(payments);
    const paid = rows.filter((o) => o.status === 'PAID');
    expect(paid).toHaveLength(ORDERS_PER_STATUS);
    for (const o of paid) {
      // Independent sums: the live items, then the order's own rate of them (no discount, no tips in the demo).
      const itemsCents = items
        .filter((i) => i.orderId === o.id && i.status !== 'DELETED')
        .reduce((sum, i) => sum + toCents(i.price) * i.quantity, 0);
      const charge = serviceChargeCents(itemsCents - toCents(o.discount), o.bp);
      expect(charge).toBeGreaterThan(0);
      const due = orderDueCents({ orderPrice: itemsCents / 100, discount: o.discount, serviceChargeRate: o.bp });
      expect(due).toBe(itemsCents - toCents(o.discount) + charge);
      const own = paidRows.filter((p) => p.orderId === o.id);
      expect(
        own.reduce((sum, p) => sum + toCents(p.amount), 0),
        `order ${o.id}`,
      ).toBe(due);
      expect(own.every((p) => toCents(p.tip) === 0)).toBe(true);
    }
    // Orders not paid have no payments.
    const paidIds = new Set(paid.map((o) => o.id));
    expect(paidRows.every((p) => paidIds.has(p.orderId))).toBe(true);
  });

  it('opens the cashier’s drawer for today with its float, takes today’s cash into it and closes no day', async () => {
    const db = database.db;
    const sessions = await db
      .select({
        id: drawerSessions.id,
        userEmail: users.email,
        openingFloat: drawerSessions.openingFloat,
        closedAt: drawerSessions.closedAt,
        isToday: sql<boolean>`${drawerSessions.businessDay} = business_day_of(${drawerSessions.eateryId}, now())`,
      })
      .from(drawerSessions)
      .innerJoin(users, eq(users.id, drawerSessions.userId));
    expect(sessions).toEqual([
      {
        id: expect.any(Number),
        userEmail: 'cashier@qrmenu.az',
        openingFloat: '50.00',
        closedAt: null,
        isToday: true,
      },
    ]);
    const cash = await db
      .select({ method: payments.method, drawerSessionId: payments.drawerSessionId, createdBy: users.email })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.createdBy));
    expect(cash.length).toBeGreaterThan(0);
    for (const p of cash) {
      expect(p).toEqual({ method: 'CASH', drawerSessionId: sessions[0].id, createdBy: 'cashier@qrmenu.az' });
    }
    expect((await db.select({ n: count() }).from(zReports))[0].n).toBe(0);
  });

  it('gives a drink a required size, burgers extras and a free "without" group, and breakfast its hours', async () => {
    const db = database.db;
    const rows = await db
      .select({ nameEn: dishes.nameEn, optionGroups: dishes.optionGroups })
      .from(dishes)
      .where(eq(dishes.eateryId, first.eateryId));
    const byName = new Map(rows.map((r) => [r.nameEn, r.optionGroups]));
    const [size] = byName.get('Coke')!;
    expect(size).toMatchObject({ nameAz: 'Həcm', nameEn: 'Size', nameRu: 'Объём', minChoices: 1, maxChoices: 1 });
    expect(size.options.map((o) => [o.nameEn, o.priceDelta])).toEqual([
      ['0.3 L', 0],
      ['0.5 L', 1.5],
    ]);
    const [extras, without] = byName.get('Cheese Burger')!;
    expect(extras).toMatchObject({ nameEn: 'Extras', minChoices: 0, maxChoices: 3 });
    expect(extras.options.every((o) => o.priceDelta > 0 && o.nameAz && o.nameRu)).toBe(true);
    expect(without.nameEn).toBe('Without');
    expect(without.options.every((o) => o.priceDelta === 0)).toBe(true);
    // Option ids unique within each dish.
    for (const groups of byName.values()) {
      const ids = groups.flatMap((g) => g.options.map((o) => o.id));
      expect(new Set(ids).size).toBe(ids.length);
    }
    const [breakfast] = await db
      .select({ nameRu: categories.nameRu, availableHours: categories.availableHours })
      .from(categories)
      .where(eq(categories.nameEn, 'Breakfast'));
    expect(breakfast).toEqual({
      nameRu: 'Завтраки',
      availableHours: { days: [0, 1, 2, 3, 4, 5, 6], from: '08:00', to: '11:30' },
    });
    // Seeded orders show chosen options; the restaurant takes guest orders straight to the kitchen again.
    const items = await db.select({ options: orderItems.options }).from(orderItems);
    expect(items.some((i) => i.options.length > 0)).toBe(true);
    const [eatery] = await db.select().from(eateries).where(eq(eateries.id, first.eateryId));
    expect(eatery.confirmGuestOrders).toBe(false);
  });

  it('every demo login works and sees the orders', async () => {
    const app = await buildApp(testConfig(), database);
    try {
      for (const email of [DEMO_OWNER.email, ...DEMO_STAFF.map((s) => s.email)]) {
        const login = await loginAs(app, email, DEMO_PASSWORD);
        expect(login.statusCode, email).toBe(200);
        const list = await app.inject({
          method: 'GET',
          url: `/api/eatery/${first.eateryId}/orders`,
          headers: bearer(login.json().jwt),
        });
        expect(list.statusCode, email).toBe(200);
        expect(list.json()).toHaveLength(ORDER_STATUSES.length * ORDERS_PER_STATUS);
      }
      // A guest can open the table's menu.
      const guest = await app.inject({ method: 'GET', url: `/api/image/1.webp` });
      expect(guest.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('a second run changes nothing and returns the same restaurant and table', async () => {
    const before = await counts(database.db);
    const again = await seedDemo({ db: database.db, config: testConfig(), fixturesDir, log: (m) => messages.push(m) });
    expect(again).toEqual({ created: false, eateryId: first.eateryId, tableId: first.tableId });
    expect(await counts(database.db)).toEqual(before);
    expect(messages.at(-1)).toMatch(/already present/);
  });
});

describe('demo seed without the fixtures', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('seeds the built-in catalogue without photos and says so', async () => {
    const messages: string[] = [];
    const result = await seedDemo({
      db: database.db,
      config: testConfig(),
      fixturesDir: '/nonexistent/fixtures',
      log: (m) => messages.push(m),
    });
    expect(result.created).toBe(true);
    expect(messages[0]).toMatch(/Fixtures not found in \/nonexistent\/fixtures.*without photos/);
    const c = await counts(database.db);
    expect(c.categories).toBeGreaterThanOrEqual(6);
    expect(c.dishes).toBeGreaterThanOrEqual(30);
    expect(c.images).toBe(0);
    const [withPhoto] = await database.db.select({ n: count() }).from(dishes).where(isNotNull(dishes.imageId));
    expect(withPhoto.n).toBe(0);
    expect(c.orders).toBe(ORDER_STATUSES.length * ORDERS_PER_STATUS);
  }, 120_000);
});

describe('fixture image matching', () => {
  const files = new Set(['burger', 'lamb_kebab', 'margherita', 'olivier', 'salad', 'drinks']);
  it('prefers the exact file, then an alias, then a word of the name', () => {
    expect(matchImage('Margherita.webp', files)).toBe('margherita');
    expect(matchImage('tike_kebab.webp', files)).toBe('lamb_kebab');
    expect(matchImage('capital_salad.webp', files)).toBe('olivier');
    expect(matchImage('cheese_burger.webp', files)).toBe('burger');
    expect(matchImage('Salads.webp', files)).toBe('salad');
    expect(matchImage('unknown_thing.webp', files)).toBeNull();
    expect(matchImage(null, files)).toBeNull();
  });
});
