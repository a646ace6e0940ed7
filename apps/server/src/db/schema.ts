import { sql } from 'drizzle-orm';
import type { AvailabilityHours, DishOptionGroup, MovedLine, OrderItemOption } from '@qr-menu/contract';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  doublePrecision,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name'),
    phone: text('phone'),
    phones: jsonb('phones').$type<string[]>().notNull().default([]),
    /**
     * Goes up whenever the user's sessions must end (password changed or reset, a role taken away): access tokens
     * carry the value they were signed at and are refused once it moved.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The language of the mails sent to this user (password reset); the language of their last request. */
    language: text('language').notNull().default('az'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  sha256: text('sha256').notNull().unique(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /**
   * The narrower webp copies of this image in image_variants (width and sha256 of each, for srcset URLs); [] when
   * the image is too narrow for any; null until they are made (images stored before variants existed: made at
   * start-up by modules/images/variants-migration.ts).
   */
  variants: jsonb('variants').$type<{ width: number; sha256: string }[]>(),
  createdAt: createdAt(),
});

/** Narrower webp copies of an image (srcset), written with it on upload; never wider than the image. */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width] })],
);

export const eateries = pgTable('eateries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  phones: jsonb('phones').$type<string[]>().notNull().default([]),
  geoLat: doublePrecision('geo_lat'),
  geoLng: doublePrecision('geo_lng'),
  timeZone: text('time_zone').notNull().default('Asia/Baku'),
  /** Language of printed receipts (az, en, ru). */
  language: text('language').notNull().default('az'),
  /** Kitchen display: a ticket turns amber, then red, after this many minutes. */
  kitchenAmberMinutes: integer('kitchen_amber_minutes').notNull().default(10),
  kitchenRedMinutes: integer('kitchen_red_minutes').notNull().default(20),
  /** The largest tip a bill takes, in whole percent of the part paid. */
  tipMaxPercent: integer('tip_max_percent').notNull().default(100),
  /** The language a guest's menu opens in; receipts keep `language`. */
  guestLanguage: text('guest_language').notNull().default('az'),
  /** The currency code shown beside prices; amounts stay numeric. */
  currency: text('currency').notNull().default('AZN'),
  /** Seven days, Monday first: { closed, open 'HH:MM', close 'HH:MM' }; null: not given. */
  openingHours: jsonb('opening_hours').$type<{ closed: boolean; open: string; close: string }[]>(),
  /** Guest orders must present their table's QR key (tables.guest_key). */
  tableKeysRequired: boolean('table_keys_required').notNull().default(false),
  /** Guests order only within the opening hours (when they are given). */
  ordersWithinHours: boolean('orders_within_hours').notNull().default(true),
  /** New guest orders wait in NEEDS_CONFIRMATION until staff accept or reject them. */
  confirmGuestOrders: boolean('confirm_guest_orders').notNull().default(false),
  /** Service charge in hundredths of a percent (1000 = 10 %), 0..2500; 0: none. Stated to guests before ordering. */
  serviceChargeBp: integer('service_charge_bp').notNull().default(0),
  /** Its name on the menu, bill and receipt, per language. */
  serviceChargeNames: jsonb('service_charge_names')
    .$type<{ az: string; en: string; ru: string }>()
    .notNull()
    .default({ az: 'Xidmət haqqı', en: 'Service charge', ru: 'Обслуживание' }),
  /** The service charge applies to takeaway orders too (dine-in only when false). */
  serviceChargeTakeaway: boolean('service_charge_takeaway').notNull().default(false),
  /** A VAT payer: receipts and the Z report show the VAT the prices include, at `vatRateBp`. */
  vatPayer: boolean('vat_payer').notNull().default(false),
  vatRateBp: integer('vat_rate_bp').notNull().default(1800),
  /** The taxpayer number (VÖEN) printed on receipts; '' when not given. */
  taxId: text('tax_id').notNull().default(''),
  /** A line or two at the foot of every receipt ("Thank you", the Wi-Fi password). */
  receiptFooter: text('receipt_footer').notNull().default(''),
  /** The business day starts at this local hour (0..11): a bar open past midnight closes its day at 05:00. */
  dayStartHour: integer('day_start_hour').notNull().default(0),
  /** A registered device's screen locks after this many seconds without a touch (staff unlock with their PIN). */
  deviceLockSeconds: integer('device_lock_seconds').notNull().default(120),
  /**
   * The restaurant's courses in serving order, their names per language; course n of a line is entry n - 1. Empty:
   * no courses (every line goes to the kitchen at once).
   */
  courses: jsonb('courses').$type<{ az: string; en: string; ru: string }[]>().notNull().default([]),
  /** How a held course reaches the kitchen: 'MANUAL' when the waiter fires it, 'AFTER_PREVIOUS' also when the course
   * before it is bumped (all READY). */
  courseFireMode: text('course_fire_mode').notNull().default('MANUAL'),
  /** Guests may order for pickup from the restaurant-wide link and QR code. */
  pickupEnabled: boolean('pickup_enabled').notNull().default(false),
  /** Guests see "3 left" on dishes with a counted stock. */
  showStockLeft: boolean('show_stock_left').notNull().default(false),
  logoImageId: integer('logo_image_id').references(() => images.id, { onDelete: 'set null' }),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    roles: text('roles').array().notNull(),
    /**
     * The staff member's PIN for registered devices of this restaurant: an HMAC-SHA256 of the restaurant id and the
     * PIN under the server's secret (deterministic, so that two members never share one PIN); null: no PIN.
     */
    pinHash: text('pin_hash'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eateryId] }),
    index('memberships_eatery_idx').on(t.eateryId),
    uniqueIndex('memberships_pin_idx').on(t.eateryId, t.pinHash),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    nameAz: text('name_az').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    nameRu: text('name_ru').notNull().default(''),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    /** When its dishes can be ordered (contract AvailabilityHours, restaurant's time zone); null: always. */
    availableHours: jsonb('available_hours').$type<AvailabilityHours>(),
    /** The course its dishes are ordered in by default (1 = the first of eateries.courses); null: the first. */
    course: integer('course'),
  },
  (t) => [index('categories_eatery_idx').on(t.eateryId, t.position)],
);

export const kitchenDepartments = pgTable(
  'kitchen_departments',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('kitchen_departments_name_idx').on(t.eateryId, sql`lower(${t.name})`)],
);

export const dishes = pgTable(
  'dishes',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    // Null once the category is deleted: the archived dish stays for order history.
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    nameAz: text('name_az').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    nameRu: text('name_ru').notNull().default(''),
    descriptionAz: text('description_az').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    available: boolean('available').notNull().default(true),
    kitchenDepartmentId: integer('kitchen_department_id').references(() => kitchenDepartments.id, {
      onDelete: 'set null',
    }),
    imageId: integer('image_id').references(() => images.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Dietary and allergen tags of the contract's DIETARY_TAGS. */
    dietaryTags: text('dietary_tags').array().notNull().default([]),
    /** Option groups with their options (contract DishOptionGroup[]; ids unique within the dish). */
    optionGroups: jsonb('option_groups').$type<DishOptionGroup[]>().notNull().default([]),
    /** When the dish can be ordered (contract AvailabilityHours, restaurant's time zone); null: always. */
    availableHours: jsonb('available_hours').$type<AvailabilityHours>(),
    /** Sold out until the next business day: `available` turns true again at this time. */
    availableAgainAt: timestamp('available_again_at', { withTimezone: true }),
    /**
     * Portions left today; null: not counted. Orders take from it atomically and never below zero (a check in the
     * database); at zero the dish is sold out.
     */
    stockCount: integer('stock_count'),
  },
  (t) => [index('dishes_category_idx').on(t.categoryId, t.position), index('dishes_eatery_idx').on(t.eateryId)],
);

export const tables = pgTable(
  'tables',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    seats: integer('seats').notNull().default(4),
    note: text('note'),
    status: text('status').notNull().default('ACTIVE'),
    guestKey: text('guest_key'),
  },
  (t) => [uniqueIndex('tables_eatery_number_idx').on(t.eateryId, t.number)],
);

export const tableAssignments = pgTable(
  'table_assignments',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    waiterId: integer('waiter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('table_assignments_unique_idx').on(t.tableId, t.waiterId)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    // Kept when a table is deleted so that history survives; tableNumber is a snapshot.
    tableId: integer('table_id').references(() => tables.id, { onDelete: 'set null' }),
    tableNumber: text('table_number').notNull().default(''),
    status: text('status').notNull().default('CREATED'),
    note: text('note'),
    deviceId: text('device_id'),
    idempotencyKey: text('idempotency_key'),
    version: integer('version').notNull().default(0),
    /** Discount of the bill (admin only), exact decimal; the order's total is its live items minus this. */
    discount: numeric('discount', { precision: 10, scale: 2 }).notNull().default('0'),
    discountReason: text('discount_reason'),
    /** Who closed the bill and when (status PAID through payments). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidBy: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member who last marked one of its dishes served: the reports credit the order to them. */
    servedBy: integer('served_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The number people say out loud: per restaurant and business day (the restaurant's calendar day when the order
     * was placed), 1, 2, 3 … without gaps. Set by a database trigger (migration 0009) on insert, on every path.
     */
    number: integer('number'),
    businessDay: date('business_day', { mode: 'string' }),
    /** Why staff rejected a guest order that waited for confirmation; the guest sees it. */
    rejectionReason: text('rejection_reason'),
    /**
     * The service charge rate (hundredths of a percent) the order was placed under: the one the guest was shown. Its
     * amount is the contract's serviceChargeCents of the order's total after discount.
     */
    serviceChargeBp: integer('service_charge_bp').notNull().default(0),
    /** DINE_IN at a table, TAKEAWAY rung up by staff at the counter, PICKUP ordered by a guest from the pickup link. */
    kind: text('kind').notNull().default('DINE_IN'),
    /** Takeaway and pickup: whom to call when it is ready. */
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    /**
     * Devices besides `device_id` whose guest sees this order: the guests of orders merged into it, so nobody loses
     * sight of their order when tables are joined.
     */
    guestDevices: text('guest_devices').array().notNull().default([]),
    /**
     * Report figures written by database triggers (migration 0004), never by the app: `total` is the live items minus
     * the discount while the order is PAID (null otherwise); `readyAt` / `servedAt` the first time it became READY /
     * ISSUED. The reports read them instead of every item and history row.
     */
    total: numeric('total', { precision: 12, scale: 2 }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    servedAt: timestamp('served_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_eatery_created_idx').on(t.eateryId, t.createdAt),
    index('orders_eatery_paid_idx').on(t.eateryId, t.paidAt),
    index('orders_device_idx').on(t.deviceId),
    uniqueIndex('orders_idempotency_idx').on(t.eateryId, t.deviceId, t.idempotencyKey),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dishId: integer('dish_id').references(() => dishes.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    status: text('status').notNull().default('CREATED'),
    kitchenDepartmentId: integer('kitchen_department_id'),
    categoryName: text('category_name'),
    /** The dish's names when ordered, so staff read them in their interface language (name is the az one). */
    names: jsonb('names').$type<{ az: string; en: string; ru: string }>(),
    /** The chosen options as they were at ordering time (contract OrderItemOption[]); `price` includes them. */
    options: jsonb('options').$type<OrderItemOption[]>().notNull().default([]),
    /** 1 for the items the order was placed with, 2, 3… for each later addition (an ADD-ON kitchen ticket). */
    batch: integer('batch').notNull().default(1),
    /** When the item last became READY (the kitchen's "recall" shows tickets bumped in the last minutes). */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** A void (status DELETED): why, where the item was then (the kitchen's VOID notice), when and by whom. */
    voidReason: text('void_reason'),
    voidedFrom: text('voided_from'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The guest's seat at the table (1, 2 …); null: not given. */
    seat: integer('seat'),
    /** The course it is served in (1 = the first of eateries.courses); null: the restaurant has no courses. */
    course: integer('course'),
    /** A later course waiting to be fired: the kitchen shows it greyed and does not start it. */
    held: boolean('held').notNull().default(false),
    /**
     * Portions of this line the kitchen printers were told of (a ticket or add-on added them, a void took them away):
     * what the next ticket prints is the difference to what the line now asks for (printing/kitchen-spool.ts).
     */
    printedQuantity: integer('printed_quantity').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_dish_idx').on(t.dishId)],
);

/**
 * Every status an order took, with when (the reports' minutes from order to READY and to SERVED). Written by a
 * database trigger on orders (migration 0003), so no code path that changes a status can forget it.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eateryId: integer('eatery_id').notNull(),
    status: text('status').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
);

/**
 * Dishes sold, per restaurant, UTC hour (when the order was paid) and dish: the live items of PAID orders, kept by
 * database triggers (migration 0004) when an order becomes PAID or stops being PAID and when an item of a PAID order
 * changes. UTC hours so that a change of the restaurant's time zone needs no rebuild; a range whose bounds are not
 * whole UTC hours reads its edge parts from the items. `dishId` 0: items without a dish, grouped by `nameKey`.
 * `lastItem`: the latest item of the group (its names label the dish in the report).
 */
export const reportDishHours = pgTable(
  'report_dish_hours',
  {
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    dishId: integer('dish_id').notNull(),
    nameKey: text('name_key').notNull(),
    quantity: integer('quantity').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    lastItem: integer('last_item').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eateryId, t.hour, t.dishId, t.nameKey] })],
);

/** Calls from the table: a guest asks for the waiter or the bill; staff acknowledge. */
export const tableCalls = pgTable(
  'table_calls',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    tableId: integer('table_id')
      .notNull()
      .references(() => tables.id, { onDelete: 'cascade' }),
    /** The device that made the call. */
    deviceId: text('device_id').notNull(),
    /**
     * The other devices that made the same call while it was OPEN and joined it (one OPEN call per table and kind):
     * they see and follow it as theirs. A device is listed once; the first device is only in `deviceId`.
     */
    deviceIds: jsonb('device_ids').$type<string[]>().notNull().default([]),
    /** WAITER or BILL. */
    kind: text('kind').notNull(),
    /** BILL calls: the way the guest wants to pay (CASH, CARD), or null. */
    paymentMethod: text('payment_method'),
    /** OPEN until a staff member acknowledges it (ACKNOWLEDGED). */
    status: text('status').notNull().default('OPEN'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('table_calls_eatery_idx').on(t.eateryId, t.createdAt),
    // One open call per table and kind, whichever device makes it (the service's ON CONFLICT names this index's
    // columns and predicate). It replaces table_calls_open_idx (per device, table and kind), which it implies.
    uniqueIndex('table_calls_open_table_idx')
      .on(t.tableId, t.kind)
      .where(sql`status = 'OPEN'`),
  ],
);

/** Payments of bills: each part of a split is one row; amounts are exact decimals in AZN. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Rows written by one payment call share it (a part paying several orders of a table). */
    groupId: text('group_id').notNull(),
    /** CASH, CARD or OTHER. */
    method: text('method').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    tip: numeric('tip', { precision: 10, scale: 2 }).notNull().default('0'),
    /** Split by items: the order items this part paid for. */
    itemIds: jsonb('item_ids').$type<number[]>(),
    /** A refund (negative amount): why. Null for payments. */
    reason: text('reason'),
    /** Cash: what the guest handed over (change = tendered − amount − tip), on the first row of the part. */
    tendered: numeric('tendered', { precision: 10, scale: 2 }),
    /** Cash moves through the drawer session open for the person who took or gave it back. */
    drawerSessionId: integer('drawer_session_id').references(() => drawerSessions.id, { onDelete: 'no action' }),
    /**
     * The restaurant's business day the payment belongs to (set by a database trigger from created_at, the time zone
     * and the day-start hour). A day closed by a Z report takes no more payment rows (the trigger refuses them).
     */
    businessDay: date('business_day', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    index('payments_eatery_idx').on(t.eateryId, t.createdAt),
    index('payments_day_idx').on(t.eateryId, t.businessDay),
    index('payments_drawer_idx').on(t.drawerSessionId),
  ],
);

/**
 * A cash drawer session: one person's drawer from its opening float to the cash counted at its close. Every cash
 * payment, cash refund, pay-in and pay-out belongs to the open session of the person who handled it. At most one
 * open session per person and restaurant; a session belongs to the business day it was opened in.
 */
export const drawerSessions = pgTable(
  'drawer_sessions',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name of the person at opening (the record outlives the account). */
    userName: text('user_name').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    openingFloat: numeric('opening_float', { precision: 10, scale: 2 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    /** At close: the cash the system expected, and what was counted. */
    expected: numeric('expected', { precision: 12, scale: 2 }),
    counted: numeric('counted', { precision: 12, scale: 2 }),
  },
  (t) => [
    index('drawer_sessions_eatery_day_idx').on(t.eateryId, t.businessDay),
    uniqueIndex('drawer_sessions_one_open_idx')
      .on(t.eateryId, t.userId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** Cash put into (PAY_IN) or taken out of (PAY_OUT) a drawer outside a sale, with a reason. */
export const drawerMovements = pgTable(
  'drawer_movements',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => drawerSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('drawer_movements_session_idx').on(t.sessionId)],
);

/**
 * Z reports: a business day closed, numbered 1, 2, 3 … per restaurant, with the figures as they were at closing.
 * Reopening (an admin, with a reason) marks the row reopened; closing again writes a new row with the next number.
 */
export const zReports = pgTable(
  'z_reports',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name').notNull(),
    /** The day report (contract DayReport) as it was at closing. */
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedByName: text('reopened_by_name'),
    reopenReason: text('reopen_reason'),
  },
  (t) => [
    uniqueIndex('z_reports_number_idx').on(t.eateryId, t.number),
    uniqueIndex('z_reports_one_closed_idx')
      .on(t.eateryId, t.businessDay)
      .where(sql`${t.reopenedAt} is null`),
  ],
);

/**
 * The audit log: voids, discounts, refunds, reopens, manual status changes, price and availability changes, role and
 * password changes; who, when, what, before and after, why. Append-only: written in the transaction of the change,
 * and a database trigger (migration 0009) refuses UPDATE and DELETE. No foreign keys, so the record outlives the
 * order, user or dish it names; `userName` is the name at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    userId: integer('user_id'),
    userName: text('user_name').notNull(),
    approvedBy: text('approved_by'),
    orderId: integer('order_id'),
    subject: text('subject').notNull(),
    before: jsonb('before').$type<Record<string, string | number | boolean | null>>(),
    after: jsonb('after').$type<Record<string, string | number | boolean | null>>(),
    reason: text('reason'),
  },
  (t) => [index('audit_log_eatery_idx').on(t.eateryId, t.id)],
);

/**
 * Lines moved between tables: a move, a merge of two tables' orders or a split of a check. The kitchen display and
 * the printers show "moved to table 7" from here; the audit log holds who did it.
 */
export const orderMoves = pgTable(
  'order_moves',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    /** MOVE (lines or a whole order to another table), MERGE (an order into another) or SPLIT (lines to a new check). */
    kind: text('kind').notNull(),
    fromOrderId: integer('from_order_id'),
    toOrderId: integer('to_order_id'),
    fromTable: text('from_table').notNull().default(''),
    toTable: text('to_table').notNull().default(''),
    /** The lines as moved: [{ itemId, name, names, quantity, status, kitchenDepartmentId }]. */
    items: jsonb('items').$type<MovedLine[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_moves_eatery_created_idx').on(t.eateryId, t.createdAt)],
);

/**
 * Browsers an admin turned into devices of the restaurant (a shared tablet at the pass or the counter): staff sign in
 * on them with a PIN. The device holds a long-lived token, stored here as its SHA-256; revoked: it no longer works.
 */
export const posDevices = pgTable(
  'pos_devices',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Wrong PINs in a row on this device; at the limit PINs are refused until `lockedUntil`. */
    failedPins: integer('failed_pins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('pos_devices_eatery_idx').on(t.eateryId)],
);

/** The last order number given per restaurant and business day (see orders.number). */
export const orderNumbers = pgTable(
  'order_numbers',
  {
    eateryId: integer('eatery_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eateryId, t.day] })],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    activeEateryId: integer('active_eatery_id'),
    /** A session opened with a PIN on a registered device: it ends when the device is revoked. */
    deviceId: integer('device_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Password reset links: single use, stored as the SHA-256 of the token (the token itself is only in the mail).
 * used_at set: spent.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** A network receipt printer of a restaurant (contract printing.ts): where it is, and what it prints. */
export const printers = pgTable(
  'printers',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    transport: text('transport').notNull().default('DIRECT'),
    host: text('host').notNull(),
    port: integer('port').notNull().default(9100),
    paper: integer('paper').notNull().default(80),
    textMode: text('text_mode').notNull().default('CODEPAGE'),
    language: text('language').notNull().default('az'),
    kitchen: boolean('kitchen').notNull().default(false),
    /** Stations whose tickets it prints; empty: every station, and dishes without one. */
    departmentIds: integer('department_ids').array().notNull().default([]),
    prebills: boolean('prebills').notNull().default(false),
    receipts: boolean('receipts').notNull().default(false),
    reports: boolean('reports').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** What the server last saw of it (PRINTER_STATES), when, and the last error. */
    state: text('state').notNull().default('UNKNOWN'),
    stateAt: timestamp('state_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('printers_eatery_idx').on(t.eateryId)],
);

/**
 * One thing to print on one printer, written in the transaction of the change it prints (so it is never lost) and
 * sent by a worker that claims it under a row lock (so it prints once with several instances). `document` is the
 * finished PrintDocument: a reprint prints what the first copy printed.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: serial('id').primaryKey(),
    eateryId: integer('eatery_id')
      .notNull()
      .references(() => eateries.id, { onDelete: 'cascade' }),
    printerId: integer('printer_id')
      .notNull()
      .references(() => printers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    orderId: integer('order_id'),
    title: text('title').notNull(),
    document: jsonb('document').notNull(),
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** A PENDING job is not tried again before this (the backoff after a failed attempt). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A PRINTING job whose worker has not answered by this time is tried again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    reprintOf: integer('reprint_of'),
    createdAt: createdAt(),
    printedAt: timestamp('printed_at', { withTimezone: true }),
  },
  (t) => [
    index('print_jobs_waiting_idx')
      .on(t.printerId, t.id)
      .where(sql`status in ('PENDING', 'PRINTING')`),
    index('print_jobs_order_idx').on(t.eateryId, t.orderId),
  ],
);
