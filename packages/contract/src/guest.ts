import { z } from 'zod';
import { GUEST_ORDER_NOTE_MAX, ORDER_ITEMS_MAX } from './limits.js';
import { ORDER_V, orderItemInput, orderResponse, type Order } from './orders.js';
import { dietaryTagsResponse } from './dietary-tags.js';
import { CURRENCIES, dayHours } from './eatery.js';
import { LANGUAGES } from './enums.js';
import { imageUrl, namesResponse, textsResponse } from './menu.js';
import { availableHoursResponse, dishOptionGroupResponse } from './menu-options.js';
import { noteText, V } from './validation.js';

/**
 * Guest calls (under /api/client): no account, no token. The server identifies the guest's
 * phone by the httpOnly `device_id` cookie it sets itself; the web app only has to send cookies (same origin, so
 * `fetch` does by default). Prices are always computed by the server.
 */

// ---- Requests ------------------------------------------------------------------------------------------------

/**
 * Items of a guest request: 1..ORDER_ITEMS_MAX (50) items, each `{dishId, quantity, note?}`.
 * quantity: an integer 1..99 (message `validation.quantity`); note: at most 500 characters, blank becomes null.
 * Anything else sent per item (price, name, ...) is ignored.
 */
export const guestItemsInput = z
  .array(orderItemInput, { error: (iss) => (iss.input === undefined ? ORDER_V.itemsRequired : V.invalid) })
  .min(1, { error: ORDER_V.itemsRequired })
  .max(ORDER_ITEMS_MAX, { error: V.tooLong });

/** Order note: cleaned (noteText), blank becomes null, at most GUEST_ORDER_NOTE_MAX characters. */
const guestOrderNote = noteText(GUEST_ORDER_NOTE_MAX)
  .nullable()
  .transform((v) => (v ? v : null))
  .optional();

/**
 * POST /api/client/eatery/{id}/table/{tableId}/orders, optional header `Idempotency-Key` (at most 100 characters).
 * `eateryId` and `tableId` in the body are accepted and ignored (the path decides). Answers 201 with the order, or
 * 200 with the first order when the same device already used that `Idempotency-Key` in this restaurant.
 */
export const guestPlaceOrderBody = z.object({
  items: guestItemsInput,
  note: guestOrderNote,
  /**
   * The table's key from the QR link (`?k=`). Required when the restaurant turned table keys on: a wrong
   * or missing key answers 403 `tableKeyInvalid`. Ignored otherwise.
   */
  tableKey: z.string({ error: V.invalid }).max(100, { error: V.tooLong }).nullish(),
  eateryId: z.unknown().optional(),
  tableId: z.unknown().optional(),
});
export type GuestPlaceOrderBody = z.input<typeof guestPlaceOrderBody>;

/** POST /api/client/eatery/{id}/orders/{orderId}/items → 200 the order. New items start CREATED. */
export const guestAddItemsBody = z.object({
  items: guestItemsInput,
});
export type GuestAddItemsBody = z.input<typeof guestAddItemsBody>;

// ---- Responses -----------------------------------------------------------------------------------------------

/**
 * A menu photo sized for the screen: `<img src={src} srcSet={srcSet} sizes=… width={width} height={height}>`.
 * `srcSet` lists webp copies 160, 320 and 640 px wide (only those narrower than the photo) and the photo itself,
 * each with its width (`… 320w`); the page gives `sizes` for its layout. Every URL carries a content hash and is
 * served `Cache-Control: public, max-age=31536000, immutable`. `width`/`height`: the photo's intrinsic size.
 */
export const guestPhoto = z.object({
  src: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
});
export type GuestPhoto = z.infer<typeof guestPhoto>;

export const guestMenuDish = z.object({
  id: z.number(),
  ...textsResponse,
  /** AZN, a number with at most 2 decimals. */
  price: z.number(),
  /** The photo's URL (the same as `photo.src`), or null. */
  image: imageUrl,
  /**
   * The photo with what `srcset`/`sizes` need, or null without one. Always sent by the server; optional in the type
   * so that a dish kept from before (a cart, a test fixture) still fits.
   */
  photo: guestPhoto.nullable().optional(),
  /**
   * Dietary and allergen tags (DIETARY_TAGS order; names: DIETARY_TAG_NAMES). Always sent; optional in the type for the
   * same reason as `photo`.
   */
  dietaryTags: dietaryTagsResponse.optional(),
  /** Option groups with their available and unavailable options. Optional in the type like `photo`. */
  optionGroups: z.array(dishOptionGroupResponse).optional(),
  /** When the dish can be ordered in the restaurant's `timeZone`, or null: always. */
  availableHours: availableHoursResponse.optional(),
  /**
   * Portions left, shown as "3 left": sent only when the owner shows them and the dish is down to
   * STOCK_LEFT_SHOWN_BELOW or fewer (stockLeftShown); left out otherwise (no number shown).
   */
  stockCount: z.number().nullable().optional(),
});
export type GuestMenuDish = z.infer<typeof guestMenuDish>;

export const guestMenuCategory = z.object({
  id: z.number(),
  ...namesResponse,
  image: imageUrl,
  /** When the category's dishes can be ordered (restaurant's time zone), or null: always. */
  availableHours: availableHoursResponse.optional(),
  /** Available dishes only, in the staff's order; never empty (categories without any are left out). */
  dishes: z.array(guestMenuDish),
});
export type GuestMenuCategory = z.infer<typeof guestMenuCategory>;

/** The restaurant and table a guest page is about. */
const guestTable = {
  eateryId: z.number(),
  tableId: z.number(),
  eateryName: z.string(),
  /** The table's number (text). */
  tableName: z.string(),
};

/**
 * GET /api/client/eatery/{id}/table/{tableId}/menu. Sent with an `ETag` and `Cache-Control: no-cache`: send
 * `If-None-Match` to get 304. 404 `notYourResource` for unknown ids or a table of another restaurant;
 * 409 `tableInactive` for an INACTIVE table.
 */
export const guestMenuResponse = z.object({
  ...guestTable,
  /** The restaurant's IANA time zone (e.g. `Asia/Baku`): guest pages show order times in it, as staff see them. */
  timeZone: z.string(),
  /*
   * Restaurant settings guests need. Always sent by the server; optional in the type so that a menu kept
   * from before (an offline copy, a test fixture) still fits.
   */
  /** The currency code to show beside prices (amounts are the same numbers whatever it is). */
  currency: z.enum(CURRENCIES).optional(),
  /** The language the menu opens in until the guest picks one. */
  defaultLanguage: z.enum(LANGUAGES).optional(),
  /** The restaurant's logo, or null. */
  logo: guestPhoto.nullable().optional(),
  /** Seven days, Monday first, in `timeZone` (a close at or before the open time passes midnight); null: not given. */
  openingHours: z.array(dayHours).nullable().optional(),
  /**
   * Guests order only within `openingHours` (when given): outside them the page says when it opens and placing an
   * order is refused with 409 `closedNow`.
   */
  ordersWithinHours: z.boolean().optional(),
  /**
   * The service charge added to a dine-in order's total after discount, in percent (10 = 10 %; 0: none): guests are
   * told before they order, and the cart adds `serviceChargeCents` of its items at this rate.
   */
  serviceChargePercent: z.number().optional(),
  /** Its name per language, for the cart's and the order's service charge line. */
  serviceChargeNames: z.object({ az: z.string(), en: z.string(), ru: z.string() }).optional(),
  /** The restaurant's courses (an order line's `course` n is entry n - 1): "mains follow your starters". */
  courses: z.array(z.object({ az: z.string(), en: z.string(), ru: z.string() })).optional(),
  categories: z.array(guestMenuCategory),
});
export type GuestMenu = z.infer<typeof guestMenuResponse>;

/**
 * GET /api/client/eatery/{id}/table/{tableId}/device-orders (sets the `device_id` cookie when missing).
 * `hasOrders`: this device has an open order (neither PAID nor CANCELLED; ISSUED counts) at this table.
 */
export const guestDeviceOrdersResponse = z.object({
  hasOrders: z.boolean(),
  ...guestTable,
});
export type GuestDeviceOrders = z.infer<typeof guestDeviceOrdersResponse>;

/**
 * A guest's order: the same Order JSON staff see. GET .../orders/{orderId} answers 404
 * `notYourResource` when another device placed it; adding to a PAID or CANCELLED order answers 409 `orderClosed`.
 */
export const guestOrderResponse = orderResponse;
export type GuestOrder = Order;

/** GET /api/client/eatery/{id}/orders: this device's orders in that restaurant, newest first. */
export const guestOrderListResponse = z.array(orderResponse);
export type GuestOrderList = Order[];
