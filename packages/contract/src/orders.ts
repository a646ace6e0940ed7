import { z } from 'zod';
import { ITEM_STATUSES, ORDER_STATUSES, type OrderStatus } from './enums.js';
import { PRESET_REASON_PREFIX, rejectionReasonKey } from './localize.js';
import { LIMITS, ORDER_ITEMS_MAX, ORDER_LIST_MAX, ORDER_NOTE_MAX, ORDER_PAGE_SIZE } from './limits.js';
import { PAYMENT_METHODS } from './payment-methods.js';
import { ORDER_KINDS, SEAT_MAX } from './pos.js';
import { COURSES_MAX } from './course-rules.js';
import { CUSTOMER_NAME_MAX, isCustomerPhone } from './pickup-rules.js';
import { pinField } from './devices.js';
import { optionIdsField, orderItemOptionResponse } from './menu-options.js';
import { cleanNote } from './text.js';
import { MAX_DB_ID, noteText, pathId, V } from './validation.js';

/**
 * Orders: staff routes under /api/eatery/{id}/orders, the order JSON that
 * staff and guests both read, and the realtime event.
 */

/** Validation message keys specific to orders (the web translates them like the `V` keys). */
export const ORDER_V = {
  /** Quantity is an integer 1..99. */
  quantity: 'validation.quantity',
  /** A date filter is not YYYY-MM-DD, or `from` is after `to`. */
  date: 'validation.date',
  /** The dish exists but is not available right now (guest orders only). */
  dishUnavailable: 'validation.dishUnavailable',
  /** A guest order needs at least one item. */
  itemsRequired: 'validation.itemsRequired',
  /** The order would hold more lines than ORDER_LINES_MAX. */
  tooManyLines: 'validation.tooManyLines',
  /** A void, refund or reopen needs a reason. */
  reasonRequired: 'validation.reasonRequired',
  /** A line's seat is a whole number 1..SEAT_MAX. */
  seat: 'validation.seat',
  /** A line's course is a whole number 1..COURSES_MAX (the server also checks the restaurant names it). */
  course: 'validation.course',
  /** The course is not one the restaurant names (or it names none). */
  courseUnknown: 'validation.courseUnknown',
} as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An id in a body: a positive 32-bit integer (numbers only, no strings). */
const bodyId = z
  .number({ error: (iss) => (iss.input === undefined ? V.required : V.invalid) })
  .int({ error: V.invalid })
  .positive({ error: V.invalid })
  .max(MAX_DB_ID, { error: V.invalid });

/** An optional whole number 1..max in a body (numbers only); null or left out: none (undefined). */
const wholeIn = (max: number, error: string) =>
  z
    .number({ error })
    .int({ error })
    .min(1, { error })
    .max(max, { error })
    .nullish()
    .transform((v) => v ?? undefined);

/** An id in a path. */
export const orderPathId = pathId;

/** Note: cleaned (noteText), blank becomes null; left out (undefined) means "not sent". */
const noteField = noteText(ORDER_NOTE_MAX)
  .nullable()
  .transform((v) => (v ? v : null))
  .optional();

/** Quantity of one order item: an integer 1..99, for staff and guests alike. */
export const quantityField = z
  .number({ error: ORDER_V.quantity })
  .int({ error: ORDER_V.quantity })
  .min(LIMITS.quantity.min, { error: ORDER_V.quantity })
  .max(LIMITS.quantity.max, { error: ORDER_V.quantity });

export const orderStatusField = z.enum(ORDER_STATUSES, { error: V.invalid });
export const itemStatusField = z.enum(ITEM_STATUSES, { error: V.invalid });

/** YYYY-MM-DD, a real calendar date. */
const dateField = z.preprocess(blankToUndefined, z.iso.date({ error: ORDER_V.date }).optional());

/** Response header of the orders list: the `cursor` of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** Where a page of the orders list ends: the last order's created_at (microseconds since 1970) and id. */
export interface OrderCursor {
  createdAtMicros: number;
  id: number;
}

const CURSOR_TEXT_RE = /^(\d{1,16})\.([1-9]\d{0,9})$/;

const toBase64Url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The opaque cursor text (base64url of `micros.id`); clients pass it back unchanged. */
export function encodeOrderCursor(c: OrderCursor): string {
  return toBase64Url(`${c.createdAtMicros}.${c.id}`);
}

/** The cursor, or null when the text is not exactly what encodeOrderCursor writes (one spelling per cursor). */
export function decodeOrderCursor(text: string): OrderCursor | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(text)) return null;
  let plain: string;
  try {
    plain = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const m = CURSOR_TEXT_RE.exec(plain);
  if (!m) return null;
  const cursor = { createdAtMicros: Number(m[1]), id: Number(m[2]) };
  if (!Number.isSafeInteger(cursor.createdAtMicros) || cursor.id > MAX_DB_ID) return null;
  return encodeOrderCursor(cursor) === text ? cursor : null;
}

/** `limit`: decimal digits only, 1..ORDER_LIST_MAX; blank or absent = ORDER_PAGE_SIZE. */
const limitField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: V.invalid })
    .regex(/^[1-9]\d{0,5}$/, { error: V.invalid })
    .transform(Number)
    .pipe(z.number().max(ORDER_LIST_MAX, { error: V.invalid }))
    .optional()
    .default(ORDER_PAGE_SIZE),
);

const cursorField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: V.invalid })
    .transform((text, ctx) => {
      const cursor = decodeOrderCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: V.invalid });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
);

/**
 * GET /api/eatery/{id}/orders?status=&from=&to=&limit=&cursor=
 * `from` and `to` are calendar days in the restaurant's time zone (eateries.timeZone); `to` is inclusive.
 * Newest first (created_at, then id), `limit` orders a page (default ORDER_PAGE_SIZE, at most ORDER_LIST_MAX).
 * When more exist, the response header X-Next-Cursor holds the `cursor` of the next page (same filters).
 */
export const orderListQuery = z
  .object({
    status: z.preprocess(blankToUndefined, orderStatusField.optional()),
    from: dateField,
    to: dateField,
    limit: limitField,
    cursor: cursorField,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], error: ORDER_V.date });
export type OrderListQuery = z.input<typeof orderListQuery>;

/** One dish to order: what a guest cart and the staff "add item" form send. Prices are never taken from clients. */
export const orderItemInput = z.object({
  dishId: bodyId,
  quantity: quantityField,
  note: noteField,
  /** The chosen options' ids; checked against the dish's groups (checkOptionChoice), priced by the server. */
  optionIds: optionIdsField,
  /** The guest's seat at the table, 1..SEAT_MAX; null or left out: none. */
  seat: wholeIn(SEAT_MAX, ORDER_V.seat),
  /**
   * The course it is served in (1 = the restaurant's first; at most as many as it names, else 400
   * `validation.courseUnknown`). Left out: its category's default course, else the first; none when the restaurant
   * has no courses. Lines of a later course than the earliest one sent together wait `held` until fired.
   */
  course: wholeIn(COURSES_MAX, ORDER_V.course),
});
export type OrderItemInput = z.input<typeof orderItemInput>;

export const orderItemsInput = z.array(orderItemInput, { error: V.invalid }).max(ORDER_ITEMS_MAX, {
  error: V.tooLong,
});

/**
 * POST /api/eatery/{id}/orders. `status` is accepted for compatibility and ignored: new orders start CREATED.
 * `eateryId` (sent by the web app) is ignored too: the path decides. `items` is optional for staff.
 * `kind` DINE_IN (left out) needs `tableId` (400 `validation.required` on it); TAKEAWAY has no table (a `tableId`
 * sent is ignored), `customerName` and `customerPhone` optional (the name staff call out). PICKUP is the guests' kind
 * (pickup link) and is not rung up here.
 */
export const orderCreateBody = z
  .object({
    tableId: bodyId.optional(),
    note: noteField,
    status: z.unknown().optional(),
    items: orderItemsInput.optional(),
    kind: z.enum(['DINE_IN', 'TAKEAWAY'], { error: V.invalid }).optional(),
    customerName: z
      .string({ error: V.invalid })
      .trim()
      .max(CUSTOMER_NAME_MAX, { error: V.tooLong })
      .nullish()
      .transform((v) => (v ? v : null)),
    customerPhone: z
      .string({ error: V.invalid })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isCustomerPhone(v), { error: V.phone }),
  })
  .refine((b) => b.kind === 'TAKEAWAY' || b.tableId !== undefined, { path: ['tableId'], error: V.required });
export type OrderCreateBody = z.input<typeof orderCreateBody>;

/**
 * PUT /api/eatery/{id}/orders/{orderId}: the status and/or the note. Setting PAID records a payment of everything
 * still due through the bill (`method`, CASH when left out), so revenue always equals payments.
 */
export const orderUpdateBody = z.object({
  status: orderStatusField.optional(),
  note: noteField,
  method: z.enum(PAYMENT_METHODS, { error: V.invalid }).optional(),
});
export type OrderUpdateBody = z.input<typeof orderUpdateBody>;

/**
 * POST /api/eatery/{id}/orders/{orderId}/items. New items always start CREATED (the kitchen has not seen them);
 * a `status` sent here is ignored, as are `id`, `orderId` and `name` sent by the web form.
 */
export const orderItemBody = orderItemInput.extend({
  status: z.unknown().optional(),
});
export type OrderItemBody = z.input<typeof orderItemBody>;

/**
 * PUT /api/eatery/{id}/orders/{orderId}/items/{itemId}. Only the fields that are sent, and differ from the stored
 * ones, count as changes: a KITCHEN_ADMIN may send the whole item as long as only `status` changes. A different
 * `dishId` re-snapshots name, price, category and department from that dish.
 */
export const orderItemUpdateBody = z.object({
  dishId: bodyId.optional(),
  quantity: quantityField.optional(),
  note: noteField,
  status: itemStatusField.optional(),
  /**
   * The chosen options: sent, they replace the item's options (re-priced from the dish); a new `dishId`
   * without them clears the options (the new dish's required groups must then be satisfied).
   */
  optionIds: optionIdsField,
});
export type OrderItemUpdateBody = z.input<typeof orderItemUpdateBody>;

/** Longest reason of a void, refund or reopen. */
export const REASON_MAX = 200;

/** The reason of a void, refund or reopen: cleaned like a note, required. */
export const reasonField = z
  .string({ error: ORDER_V.reasonRequired })
  .overwrite(cleanNote)
  .max(REASON_MAX, { error: V.tooLong })
  .pipe(z.string().min(1, { error: ORDER_V.reasonRequired }));

/**
 * A manager approving on a staff member's screen, checked by the server (an EATERY_ADMIN of this restaurant): their
 * e-mail and password, or their PIN (only from a session on a registered device of this restaurant, counted against
 * that device's wrong PINs). Only needed when the caller is not one.
 */
export const managerApprovalField = z.union(
  [
    z.object({
      email: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(254, { error: V.tooLong }),
      password: z.string({ error: V.required }).min(1, { error: V.required }).max(128, { error: V.tooLong }),
    }),
    z.object({ pin: pinField }),
  ],
  { error: V.invalid },
);
export type ManagerApproval = z.input<typeof managerApprovalField>;

/**
 * DELETE /api/eatery/{id}/orders/{orderId}/items/{itemId} `{reason, approval?}`: voids the item. It stays on the
 * order struck out, with its reason, out of the total. An item the kitchen started (or that was served) needs a
 * manager: the caller is an EATERY_ADMIN, or `approval` names one (403 managerApprovalRequired / approvalInvalid).
 * On an order with payments the void may not leave more paid than the order costs (409 refundFirst).
 */
export const orderItemVoidBody = z.object({
  reason: reasonField,
  approval: managerApprovalField.optional(),
});
export type OrderItemVoidBody = z.input<typeof orderItemVoidBody>;

/** POST /api/eatery/{id}/orders/{orderId}/reopen `{reason}`: a PAID or CANCELLED order is open again (EATERY_ADMIN). */
export const orderReopenBody = z.object({ reason: reasonField });
export type OrderReopenBody = z.input<typeof orderReopenBody>;

export const orderItemResponse = z.object({
  id: z.number(),
  /** Null once the dish itself was deleted; the snapshot stays. */
  dishId: z.number().nullable(),
  /** Name snapshot at ordering time, in the restaurant's default language (az, else en, else ru). */
  dishName: z.string(),
  /** Same as dishName (the web app reads either). */
  name: z.string(),
  orderId: z.number(),
  quantity: z.number(),
  note: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  /** Unit price snapshot, AZN, 2 decimals: the dish's price plus the chosen options' deltas. */
  price: z.number(),
  /** The chosen options as they were at ordering time ([] when none). */
  options: z.array(orderItemOptionResponse),
  /** Category name snapshot (same language rule as the dish name). */
  category: z.string().nullable(),
  kitchenDepartmentId: z.number().nullable(),
  /** The dish's names when ordered: staff screens show the one of their language (`localName`). */
  names: z.object({ az: z.string(), en: z.string(), ru: z.string() }),
  /** 1: placed with the order; 2, 3…: each later addition (a new "ADD-ON" kitchen ticket). */
  batch: z.number(),
  /** ISO 8601, UTC: when the item was added. */
  createdAt: z.string(),
  /** ISO 8601, UTC: when the item last became READY, or null (the kitchen's "recall"). */
  readyAt: z.string().nullable(),
  /** A voided item (status DELETED): why, and where it was when voided (the kitchen's VOID notice); else null. */
  voidReason: z.string().nullable(),
  voidedFrom: z.enum(ITEM_STATUSES).nullable(),
  /** ISO 8601, UTC: when the item was voided, or null. */
  voidedAt: z.string().nullable(),
  /** The guest's seat at the table (1, 2 …), or null. */
  seat: z.number().nullable(),
  /** The course it is served in (1 = the restaurant's first), or null when the restaurant has no courses. */
  course: z.number().nullable(),
  /** A later course waiting to be fired: the kitchen sees it greyed and does not start it. */
  held: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemResponse>;

export const orderResponse = z.object({
  /** Internal: the API's id of the order. People see `number`. */
  id: z.number(),
  /** The order's number per restaurant and business day (1, 2, 3 …): what guests and staff say and see. */
  number: z.number(),
  status: z.enum(ORDER_STATUSES),
  tableId: z.number().nullable(),
  tableNumber: z.string(),
  note: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(orderItemResponse),
  eateryId: z.number(),
  /** Sum of price x quantity of the items not DELETED, exact to the cent. */
  orderPrice: z.number(),
  /** Minutes until the order is expected to be ready, see `estimateOrderMinutes`. */
  estimatedTime: z.number(),
  /** Grows by one with every change of the order: of two copies, the higher version is the newer one. */
  version: z.number(),
  /** Discount of the bill, AZN (0 when none). */
  discount: z.number(),
  /**
   * The service charge rate the order was placed under, in hundredths of a percent (1000 = 10 %; 0: none). What is
   * due is `orderDueCents`: orderPrice − discount plus that rate of it.
   */
  serviceChargeRate: z.number(),
  /** ISO 8601, UTC: when payments covered the bill (status PAID), or null. */
  paidAt: z.string().nullable(),
  /**
   * Why staff rejected a guest order waiting for confirmation (status CANCELLED), shown to the guest; else null. A
   * common reason is `preset:<key>` (`rejectionReasonKey`: shown in the reader's language), anything else as typed.
   */
  rejectionReason: z.string().nullable(),
  /** DINE_IN at a table, TAKEAWAY rung up by staff, PICKUP ordered by a guest from the pickup link. */
  kind: z.enum(ORDER_KINDS),
  /** Takeaway and pickup: the name (and phone) to call when it is ready; null otherwise. */
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
});
export type Order = z.infer<typeof orderResponse>;

/**
 * Staff confirm guest orders: POST /api/eatery/{id}/orders/{orderId}/accept (→ CREATED) and
 * POST /api/eatery/{id}/orders/{orderId}/reject `{reason}` (→ CANCELLED; the guest sees the reason). Only orders in
 * NEEDS_CONFIRMATION (else 409 orderClosed); EATERY_ADMIN, WAITER and CASHIER.
 * `reason`: one of the common reasons as `preset:<key>` (REJECTION_REASONS; each reader sees it in their language), or
 * text as typed. A `preset:` reason that names no preset answers 400 `validation.invalid`.
 */
export const REJECTION_REASON_MAX = 300;
export const orderRejectBody = z.object({
  reason: noteText(REJECTION_REASON_MAX)
    .pipe(z.string().min(1, { error: V.required }))
    .refine((r) => !r.startsWith(PRESET_REASON_PREFIX) || rejectionReasonKey(r) !== null, { error: V.invalid }),
});
export type OrderRejectBody = z.input<typeof orderRejectBody>;

/**
 * The estimated time rule: 0 when the order is READY, ISSUED, PAID or CANCELLED or nothing is left to cook;
 * otherwise 10 minutes plus 2 minutes for every further portion (quantity) still CREATED or PREPARING, at most 60.
 */
export function estimateOrderMinutes(status: string, items: readonly { status: string; quantity: number }[]): number {
  if (!['CREATED', 'PROCESSING', 'PREPARING'].includes(status)) return 0;
  const pending = items
    .filter((i) => i.status === 'CREATED' || i.status === 'PREPARING')
    .reduce((sum, i) => sum + i.quantity, 0);
  if (pending === 0) return 0;
  return Math.min(60, 10 + 2 * (pending - 1));
}

// ---- Realtime (names and topics in realtime.ts, which stays free of zod) ----

/**
 * One event of an `orders` message. NEW_ORDER and ORDER_UPDATED carry the order as `GET /orders` shows it (the
 * guest of the order gets the same order, as `GET /api/client/.../orders/{id}` shows it); `version` grows with every
 * change of the order, so a client keeps the newer of two copies. ORDER_DELETED carries the id only. Clients patch
 * what they show from the event and never re-fetch a list because of one.
 */
export type OrderEvent =
  | { type: 'NEW_ORDER' | 'ORDER_UPDATED'; orderId: number; status: OrderStatus; version: number; order: Order }
  | { type: 'ORDER_DELETED'; orderId: number; status: OrderStatus };

/**
 * What changes an order a screen holds: an order event, or a change's own answer made into one (a delete answers
 * nothing, so it has no status). Every OrderEvent is one; of two copies of an order, `newerCopy` keeps the newer.
 */
export type OrderChange =
  Extract<OrderEvent, { type: 'NEW_ORDER' | 'ORDER_UPDATED' }> | { type: 'ORDER_DELETED'; orderId: number };
