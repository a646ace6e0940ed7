import { z } from 'zod';
import { V } from './validation.js';

/**
 * Calls from the table: a guest asks for the waiter or for the bill (with the way they want to pay);
 * staff see it live and acknowledge it with one tap; the guest then sees "the waiter is on the way".
 *
 * Guest routes (device cookie, no token):
 * - POST /api/client/eatery/{id}/table/{tableId}/calls `{kind, paymentMethod?}` → 201 GuestCall, or 200 with the
 *   table's call of that kind that is still OPEN, whichever device made it (one open call per table and kind): the
 *   device joins that call and from then on sees and follows it as its own. A BILL call keeps the first way to pay
 *   it was given (a call without one takes the first that comes).
 *   409 `tableInactive` for an inactive table; 429 `tooManyRequests` past 10 calls a minute per device.
 * - GET /api/client/eatery/{id}/table/{tableId}/calls → GuestCall[]: the calls this device made or joined at that
 *   table in the last hour, newest first (a device that made no call sees none).
 * Staff routes (any role of the restaurant):
 * - GET /api/eatery/{id}/calls → StaffCall[]: OPEN calls, and calls acknowledged in the last 15 minutes, oldest first.
 * - POST /api/eatery/{id}/calls/{callId}/acknowledge → 200 StaffCall (acknowledging twice keeps the first).
 * Realtime: staff topic `/topic/orders/{eateryId}` gets `calls` messages (CallEvent with a StaffCall); a guest may
 * subscribe to `/topic/call/{callId}` (a device that made or joined the call) and gets the CallEvent with its
 * GuestCall. Staff see one call per table and kind at a time.
 *
 * What the guest reads: "called" while the call is OPEN; "on the way" once acknowledged, for CALL_ON_THE_WAY_MS
 * (limits.ts) at most; a BILL call's notice ends as soon as the bill is paid (`billPaidAt`). Paying a bill
 * acknowledges the table's open BILL calls and sends CALL_UPDATED (with `billPaidAt`) for them and for the table's
 * BILL calls acknowledged within CALL_ON_THE_WAY_MS.
 */

export const CALL_KINDS = ['WAITER', 'BILL'] as const;
export type CallKind = (typeof CALL_KINDS)[number];
/** The way a guest asking for the bill wants to pay. */
export const GUEST_PAYMENT_METHODS = ['CASH', 'CARD'] as const;
export type GuestPaymentMethod = (typeof GUEST_PAYMENT_METHODS)[number];
export const CALL_STATUSES = ['OPEN', 'ACKNOWLEDGED'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Minutes an acknowledged call stays on the staff list. */
export const CALL_ACKNOWLEDGED_SHOWN_MINUTES = 15;

export const callCreateBody = z.object({
  kind: z.enum(CALL_KINDS, { error: (iss) => (iss.input === undefined ? V.required : V.invalid) }),
  /** Only for BILL calls; ignored for WAITER calls. */
  paymentMethod: z.enum(GUEST_PAYMENT_METHODS, { error: V.invalid }).nullable().optional(),
});
export type CallCreateBody = z.input<typeof callCreateBody>;

/** What staff and the guest both see of a call. */
const callFields = {
  id: z.number(),
  kind: z.enum(CALL_KINDS),
  paymentMethod: z.enum(GUEST_PAYMENT_METHODS).nullable(),
  status: z.enum(CALL_STATUSES),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  acknowledgedAt: z.string().nullable(),
};

export const guestCallResponse = z.object({
  ...callFields,
  /**
   * BILL calls: when an order at the call's table was paid after the call was made (ISO 8601, UTC), else null. The
   * bill is settled: nobody is on the way with it any more, so the guest's notice ends.
   */
  billPaidAt: z.string().nullable(),
});
export type GuestCall = z.infer<typeof guestCallResponse>;

export const staffCallResponse = z.object({
  ...callFields,
  eateryId: z.number(),
  tableId: z.number(),
  tableNumber: z.string(),
  /**
   * The staff member who acknowledged it, or null: their name; for a member without a name, their e-mail to an admin
   * and null to other roles (and in the staff topic's events, which every role receives).
   */
  acknowledgedBy: z.string().nullable(),
});
export type StaffCall = z.infer<typeof staffCallResponse>;

/** One `calls` message on the staff topic (StaffCall) or on a guest's call topic (GuestCall). */
export type CallEvent<C = StaffCall> = { type: 'CALL_CREATED' | 'CALL_UPDATED'; call: C };
