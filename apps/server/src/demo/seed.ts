import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import {
  eateryBody,
  ORDER_STATUSES,
  pickNames,
  pickTexts,
  weekdayMinuteIn,
  type OrderStatus,
  type Role,
} from '@qr-menu/contract';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { categories, dishes, eateries, orderItems, orders, tables, users } from '../db/schema.js';
import type { EateryContext } from '../plugins/access.js';
import { ImagesService, processImage } from '../modules/images/images.service.js';
import type { ItemInput, OrderCommands } from '../modules/orders/order-commands.js';
import { createServices, type Services } from '../services.js';
import { withMenuDepth } from './menu-extras.js';
import { catalogMenu, loadFixtureMenu, type DemoMenu, type FixtureEatery } from './menu-source.js';

/** The demo accounts. One password for all: it is a local demo, printed at start-up. */
export const DEMO_PASSWORD = 'demo1234';
/** Each account also has a PIN for the restaurant's registered devices (a shared tablet: /admin/devices). */
export const DEMO_OWNER = {
  email: 'demo@qrmenu.az',
  name: 'Aysel Məmmədova',
  roles: ['EATERY_ADMIN'] as Role[],
  pin: '1000',
};
export const DEMO_STAFF = [
  { email: 'kitchen@qrmenu.az', name: 'Rəşad Əliyev', roles: ['KITCHEN_ADMIN'] as Role[], pin: '2000' },
  { email: 'waiter@qrmenu.az', name: 'Elvin Quliyev', roles: ['WAITER'] as Role[], pin: '3000' },
  { email: 'cashier@qrmenu.az', name: 'Nərmin Həsənova', roles: ['CASHIER'] as Role[], pin: '4000' },
];
export const DEMO_RESTAURANT = 'QR Menu Demo';
export const DEMO_TABLES = 8;
/** Orders seeded per status (every status of ORDER_STATUSES). */
export const ORDERS_PER_STATUS = 2;
/**
 * The demo restaurant's day-closing settings, as the owner would enter them: a 10 % service charge (usual in Baku),
 * a VAT payer at 18 % with a sample taxpayer number, and a receipt footer.
 */
export const DEMO_CLOSING_SETTINGS = {
  serviceChargePercent: 10,
  vatPayer: true,
  vatRatePercent: 18,
  taxId: '1234567890',
  receiptFooter: 'Təşəkkür edirik! Wi-Fi: sultan2026',
  /** Guests may also order for pickup from the restaurant's pickup link and QR code. */
  pickupEnabled: true,
};
/** The cashier's drawer is open for today with this float, in cents: today's cash payments go into it. */
export const DEMO_OPENING_FLOAT_CENTS = 5000;

export interface DemoSeedOptions {
  db: Db;
  config: AppConfig;
  /** The demo fixtures (menus/*.json, images/*; `npm run demo` uses ./fixtures beside this file); null or missing: the built-in catalogue, no photos. */
  fixturesDir: string | null;
  log?: (message: string) => void;
  now?: Date;
}

export interface DemoSeedResult {
  /** False when the demo owner already existed and nothing was written. */
  created: boolean;
  eateryId: number;
  /** The table whose QR link is printed (table "1"). */
  tableId: number;
  /** Where the menu came from and how many photos it has (only when created). */
  menu?: { source: string; categories: number; dishes: number; photos: number };
}

/** No realtime while seeding: nobody is connected yet, and no server holds a cache. */
const noEvents = { emitOrderEvent: () => {}, publish: () => {} };

const TABLE_NOTES = ['Window view', 'Near entrance', null, 'Terrace', null, 'Family table', null, 'VIP room'];
const TABLE_SEATS = [2, 2, 4, 4, 4, 6, 6, 8];

/** Minutes since midnight in Asia/Baku (seeded orders stay within "today" on the orders screen). */
const minutesIntoDay = (now: Date): number => weekdayMinuteIn(now, 'Asia/Baku').minute;

/**
 * Seeds the demo restaurant through the services (the same validation and image processing as the API):
 * owner demo@qrmenu.az with restaurant "QR Menu Demo", kitchen and bar departments, the menu of the fixtures
 * (each photo file processed once like an upload and stored content-addressed), 8 tables, one user per staff role
 * (the waiter assigned to every table), a 10 % service charge, VAT and a receipt footer (DEMO_CLOSING_SETTINGS), the
 * cashier's drawer open for today and two orders in each status, the paid ones paid in cash into that drawer.
 * Idempotent: when the demo owner exists, nothing is written and the existing restaurant is returned.
 */
export async function seedDemo(opts: DemoSeedOptions): Promise<DemoSeedResult> {
  const { db, config } = opts;
  const services = createServices(db, config, noEvents);
  const log = opts.log ?? (() => {});
  const existing = await findDemo(db);
  if (existing) {
    log(`Demo data already present (${DEMO_OWNER.email}); nothing seeded.`);
    return { created: false, ...existing };
  }

  const fixture = opts.fixturesDir ? loadFixtureMenu(opts.fixturesDir) : null;
  if (!fixture) {
    log(
      `Fixtures not found${opts.fixturesDir ? ` in ${opts.fixturesDir}` : ''}: seeding the built-in catalogue without photos.`,
    );
  }
  const menu: DemoMenu = withMenuDepth(
    fixture ?? catalogMenu(),
    fixture && opts.fixturesDir ? join(opts.fixturesDir, 'images') : null,
  );
  const info: FixtureEatery = fixture?.eatery ?? {};

  // Owner and restaurant, exactly as the registration form creates them; then its details, read like the settings
  // form's (the contract's body: percentages become hundredths of a percent).
  const { userId, eateryId } = await services.auth.register({
    user: { email: DEMO_OWNER.email, password: DEMO_PASSWORD },
    restaurant: { name: DEMO_RESTAURANT },
    userProfileRequest: { name: DEMO_OWNER.name, phone: null },
  });
  await services.eateries.update(
    userId,
    eateryId,
    eateryBody.parse({
      name: DEMO_RESTAURANT,
      address: info.address ?? 'Baku, Azerbaijan',
      phones: info.phones?.length ? info.phones : ['+994 12 000 00 00'],
      geoLat: info.geoLat ?? null,
      geoLng: info.geoLng ?? null,
      timeZone: 'Asia/Baku',
      ...DEMO_CLOSING_SETTINGS,
    }),
  );
  const ctx: EateryContext = { id: eateryId, roles: ['EATERY_ADMIN'], ownerId: userId };

  const { departments } = services;
  const kitchen = await departments.create(eateryId, { name: 'Kitchen' });
  const bar = await departments.create(eateryId, { name: 'Bar' });

  // The menu, through the services (validation, positions). Photos take the upload path (processImage: checks,
  // EXIF orientation, resize, webp at quality 0.8; then the content-addressed images table), once per file.
  const imageIds = new Map<Buffer, number>();
  const storeImage = async (bytes: Buffer | null): Promise<number | null> => {
    if (!bytes) return null;
    let id = imageIds.get(bytes);
    if (id === undefined) {
      const processed = await processImage(bytes);
      id = await db.transaction((tx) => ImagesService.store(tx, processed));
      imageIds.set(bytes, id);
    }
    return id;
  };
  // The dishes seeded orders use: any time of day (no hours), each with a valid choice of its options.
  const orderable: OrderableDish[] = [];
  for (const c of menu.categories) {
    const category = await services.categories.create(eateryId, {
      data: { ...pickNames(c), availableHours: c.availableHours ?? null },
      image: null,
    });
    const categoryImage = await storeImage(c.image);
    if (categoryImage !== null) {
      await db.update(categories).set({ imageId: categoryImage }).where(eq(categories.id, category.id));
    }
    const departmentId = c.department === 'bar' ? bar.id : kitchen.id;
    for (const d of c.dishes) {
      const dish = await services.dishes.create(eateryId, category.id, {
        data: {
          ...pickTexts(d),
          price: d.price,
          available: true,
          kitchenDepartmentId: departmentId,
          optionGroups: d.optionGroups ?? [],
        },
        image: null,
      });
      const imageId = await storeImage(d.image);
      if (imageId !== null) await db.update(dishes).set({ imageId }).where(eq(dishes.id, dish.id));
      if (!c.availableHours) {
        // The first options of each group up to its minimum, and one more where a group allows it: orders show them.
        const optionIds = dish.optionGroups.flatMap((g) =>
          g.options.slice(0, Math.min(g.maxChoices, Math.max(g.minChoices, 1))).map((o) => o.id),
        );
        orderable.push({ dishId: dish.id, optionIds });
      }
    }
  }

  const tableIds: number[] = [];
  for (let i = 0; i < DEMO_TABLES; i++) {
    const table = await services.tables.create(
      eateryId,
      { number: String(i + 1), seats: TABLE_SEATS[i] ?? 4, note: TABLE_NOTES[i] ?? null, status: 'ACTIVE' },
      config.publicUrl ?? `http://localhost:${config.port}`,
    );
    tableIds.push(table.id);
  }

  let cashier: number | null = null;
  for (const s of DEMO_STAFF) {
    const user = await services.users.create(ctx, {
      user: { email: s.email, password: DEMO_PASSWORD, roles: s.roles },
      restaurant: { eateryId },
      userProfileRequest: { name: s.name, phone: null },
    });
    if (s.roles.includes('WAITER')) {
      for (const tableId of tableIds) await services.assignments.assign(eateryId, { waiterId: user.id, tableId });
    }
    if (s.roles.includes('CASHIER')) cashier = user.id;
    await services.staffPins.set(ctx, userId, user.id, s.pin);
  }
  await services.staffPins.set(ctx, userId, userId, DEMO_OWNER.pin);
  if (!cashier) throw new Error('The demo staff has no cashier');

  // Today is the demo's one business day, still open: the cashier's drawer is open with its float, and the paid
  // orders are paid in cash at the till (cash payments belong to the open drawer of the person who takes them).
  // No day before it has orders, so there is no drawer to close and no Z report to write.
  const till: EateryContext = { id: eateryId, roles: ['CASHIER'], ownerId: userId };
  await services.drawers.open(till, cashier, DEMO_OPENING_FLOAT_CENTS);
  await seedOrders(db, services, ctx, { ctx: till, userId: cashier }, tableIds, orderable, opts.now ?? new Date());

  const dishCount = menu.categories.reduce((n, c) => n + c.dishes.length, 0);
  log(
    `Seeded ${DEMO_RESTAURANT}: ${menu.categories.length} categories, ${dishCount} dishes (${menu.photos} photos from ${menu.source}), ${DEMO_TABLES} tables, ${DEMO_STAFF.length + 1} users, ${ORDER_STATUSES.length * ORDERS_PER_STATUS} orders.`,
  );
  return {
    created: true,
    eateryId,
    tableId: tableIds[0],
    menu: { source: menu.source, categories: menu.categories.length, dishes: dishCount, photos: menu.photos },
  };
}

/** The demo owner's first restaurant and its first table, when the demo owner exists. */
async function findDemo(db: Db): Promise<{ eateryId: number; tableId: number } | null> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, DEMO_OWNER.email));
  if (!owner) return null;
  const [eatery] = await db
    .select({ id: eateries.id })
    .from(eateries)
    .where(eq(eateries.ownerId, owner.id))
    .orderBy(asc(eateries.id))
    .limit(1);
  if (!eatery) return null;
  const [table] = await db
    .select({ id: tables.id })
    .from(tables)
    .where(eq(tables.eateryId, eatery.id))
    .orderBy(asc(tables.id))
    .limit(1);
  return { eateryId: eatery.id, tableId: table?.id ?? 0 };
}

const ORDER_NOTES: (string | null)[] = [
  null,
  'Birthday — please bring the cake last',
  null,
  'Bir az tez olsa yaxşıdır',
  null,
];
const ITEM_NOTES: (string | null)[] = [null, 'No onions', null, 'Без льда', null, 'Az duzlu'];

interface OrderableDish {
  dishId: number;
  optionIds: number[];
}

/** Who takes the payments: the cashier, at the till. */
interface Till {
  ctx: EateryContext;
  userId: number;
}

/**
 * ORDERS_PER_STATUS orders in every status, moved there the way staff would: items through the kitchen
 * (PREPARING, READY, SERVED) and the order status for PROCESSING, ISSUED, PAID and CANCELLED. Then the
 * timestamps are spread over the last hour (never before today's midnight in Baku), oldest for the closed ones.
 */
async function seedOrders(
  db: Db,
  services: Pick<Services, 'orderCommands' | 'bills'>,
  ctx: EateryContext,
  till: Till,
  tableIds: number[],
  orderable: OrderableDish[],
  now: Date,
) {
  const service = services.orderCommands;
  let n = 0;
  const plan = [...ORDER_STATUSES].reverse(); // closed first: they get the oldest times
  const ages: { id: number; minutes: number }[] = [];
  const maxAge = Math.max(0, minutesIntoDay(now) - 1);
  for (const target of plan) {
    for (let k = 0; k < ORDERS_PER_STATUS; k++, n++) {
      const count = 1 + (n % 3) + (k === 0 ? 1 : 0);
      const items: ItemInput[] = Array.from({ length: count }, (_, i) => ({
        ...orderable[(n * 7 + i * 11) % orderable.length],
        quantity: 1 + ((n + i) % 3 === 0 ? 1 : 0),
        note: ITEM_NOTES[(n + i) % ITEM_NOTES.length],
      }));
      const tableId = tableIds[n % (tableIds.length - 1)];
      const note = ORDER_NOTES[n % ORDER_NOTES.length];
      const { order } =
        target === 'NEEDS_CONFIRMATION'
          ? await placeGuestOrderToConfirm(db, service, ctx.id, tableId, items, note, n)
          : await service.placeOrder(ctx.id, tableId, items, note);
      await moveTo(
        services,
        ctx,
        till,
        order.id,
        target,
        order.items.map((i) => i.id),
      );
      ages.push({ id: order.id, minutes: Math.min(maxAge, 60 - n * 4) });
    }
  }
  for (const { id, minutes } of ages) {
    const at = new Date(now.getTime() - Math.max(0, minutes) * 60_000);
    await db.update(orders).set({ createdAt: at, updatedAt: at }).where(eq(orders.id, id));
    await db.update(orderItems).set({ createdAt: at }).where(eq(orderItems.orderId, id));
  }
}

/**
 * A guest order waiting for staff confirmation: placed as a guest while the restaurant has "staff confirm guest
 * orders" on, which is turned off again afterwards (the demo takes guest orders straight to the kitchen).
 */
async function placeGuestOrderToConfirm(
  db: Db,
  service: OrderCommands,
  eateryId: number,
  tableId: number,
  items: ItemInput[],
  note: string | null,
  n: number,
) {
  await db.update(eateries).set({ confirmGuestOrders: true }).where(eq(eateries.id, eateryId));
  try {
    return await service.placeOrder(eateryId, tableId, items, note, { guest: true, deviceId: `demo-guest-${n}` });
  } finally {
    await db.update(eateries).set({ confirmGuestOrders: false }).where(eq(eateries.id, eateryId));
  }
}

async function moveTo(
  { orderCommands: service, bills }: Pick<Services, 'orderCommands' | 'bills'>,
  ctx: EateryContext,
  till: Till,
  orderId: number,
  status: OrderStatus,
  items: number[],
) {
  const setItems = async (itemStatus: 'PREPARING' | 'READY' | 'SERVED', only?: number) => {
    for (const itemId of only === undefined ? items : items.slice(0, only)) {
      await service.updateItem(ctx, orderId, itemId, { status: itemStatus }, ctx.ownerId);
    }
  };
  switch (status) {
    case 'NEEDS_CONFIRMATION':
    case 'CREATED':
      return;
    case 'PROCESSING':
    case 'CANCELLED':
      await service.updateOrder(ctx, orderId, { status });
      return;
    case 'PREPARING':
      await setItems('PREPARING', 1); // one item in the kitchen: the order becomes PREPARING
      return;
    case 'READY':
      await setItems('READY'); // every item ready: the order becomes READY
      return;
    case 'ISSUED':
      await setItems('SERVED');
      await service.updateOrder(ctx, orderId, { status });
      return;
    case 'PAID':
      await setItems('SERVED');
      // Paid in cash at the till, through the bill like any payment: what is due, service charge included.
      await bills.markPaidByStatus(till.ctx, orderId, { method: 'CASH' }, till.userId);
      return;
  }
}
