import { z } from 'zod';
import { LANGUAGES } from './enums.js';
import { GUEST_ORDER_NOTE_MAX } from './limits.js';
import { guestItemsInput, guestMenuResponse } from './guest.js';
import { CUSTOMER_NAME_MAX, isCustomerPhone } from './pickup-rules.js';
import { noteText, V } from './validation.js';

/**
 * Pickup: guests order from the restaurant-wide pickup link (when the owner switched pickup on), and a board at the
 * counter shows the day's takeaway and pickup numbers. Paths: PICKUP_ROUTES (pickup-rules.ts).
 */

/** The name to call when the order is ready: trimmed (inner runs of spaces kept as typed), 1..60 characters. */
export const customerNameField = z
  .string({ error: (iss) => (iss.input === undefined ? V.required : V.invalid) })
  .trim()
  .min(1, { error: V.required })
  .max(CUSTOMER_NAME_MAX, { error: V.tooLong });

/** Optional phone: blank or left out is none (null); otherwise a number staff can call (`validation.phone`). */
export const customerPhoneField = z
  .string({ error: V.invalid })
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isCustomerPhone(v), { error: V.phone });

/**
 * POST /api/client/eatery/{id}/pickup-orders, optional header `Idempotency-Key` (a retry answers 200 with the first
 * order). 201: the order (kind PICKUP, no table, `number` the day's number). 409 `pickupOff` when the restaurant does
 * not take pickup orders; otherwise the table's guest rules: 409 `closedNow` outside the opening hours of a restaurant
 * that takes guest orders only within them, 400 on `items.{i}.dishId` for a dish that cannot be ordered.
 */
export const pickupPlaceOrderBody = z.object({
  items: guestItemsInput,
  note: noteText(GUEST_ORDER_NOTE_MAX)
    .nullable()
    .transform((v) => (v ? v : null))
    .optional(),
  customerName: customerNameField,
  customerPhone: customerPhoneField,
});
export type PickupPlaceOrderBody = z.input<typeof pickupPlaceOrderBody>;

/**
 * GET /api/client/eatery/{id}/pickup/menu: the guest menu without a table (the table's fields left out), with the
 * service charge a pickup order is placed under (none unless the restaurant charges takeaway too). ETag /
 * If-None-Match → 304. 409 `pickupOff` when the restaurant does not take pickup orders.
 */
export const pickupMenuResponse = guestMenuResponse.omit({ tableId: true, tableName: true });
export type PickupMenu = z.infer<typeof pickupMenuResponse>;

/**
 * GET /api/client/eatery/{id}/pickup-board (public, sets the device cookie the live socket needs): the numbers of the
 * restaurant's takeaway and pickup orders of its current business day, oldest first. No names, phones or dishes: it is
 * shown on a screen anyone can see. `defaultLanguage`: the restaurant's guest language (the board's language unless
 * the page says another).
 */
export const pickupBoardResponse = z.object({
  eateryName: z.string(),
  defaultLanguage: z.enum(LANGUAGES),
  /** Accepted and not all ready yet. */
  preparing: z.array(z.number()),
  /** Every dish ready and not yet collected. */
  ready: z.array(z.number()),
});
export type PickupBoard = z.infer<typeof pickupBoardResponse>;
