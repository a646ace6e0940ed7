import { z } from 'zod';
import { amountField } from './bills.js';
import { reasonField } from './orders.js';

/**
 * Cash drawers (CASHIER and EATERY_ADMIN: the roles that close bills). A drawer session is one person's drawer for a
 * business day: opened with a float, it holds their cash payments (and the change given: only amount + tip stays),
 * their cash refunds, pay-ins and pay-outs; it is closed by entering the cash counted. Money is integer cents on the
 * server and numbers with at most 2 decimals in JSON.
 *
 * - GET  /api/eatery/{id}/drawers/mine → `{ session: DrawerSession | null }`: the caller's open session.
 * - GET  /api/eatery/{id}/drawers?day=YYYY-MM-DD → DrawerSession[] of that business day (an admin sees every drawer,
 *   a cashier their own). Without `day`: the current business day.
 * - POST /api/eatery/{id}/drawers `{ openingFloat }` → DrawerSession: opens the caller's drawer for the current
 *   business day (409 `drawerAlreadyOpen` when one is open, 409 `dayClosed` when the day is closed).
 * - POST /api/eatery/{id}/drawers/{sessionId}/movements `{ kind, amount, reason }` → DrawerSession (its owner or an
 *   admin; 409 `drawerClosed` once closed; a pay-out never takes more than the drawer is expected to hold: 400
 *   amountTooHigh).
 * - POST /api/eatery/{id}/drawers/{sessionId}/close `{ counted }` → DrawerSession, with expected, counted and the
 *   difference (over > 0, short < 0); its owner or an admin; 409 `drawerClosed` when already closed.
 *
 * A cash payment or cash refund without an open drawer of the current business day: 409 `drawerNotOpen`.
 * expected = opening float + cash taken (amounts and tips, less cash refunds) + pay-ins − pay-outs.
 */

export const DRAWER_MOVEMENT_KINDS = ['PAY_IN', 'PAY_OUT'] as const;
export type DrawerMovementKind = (typeof DRAWER_MOVEMENT_KINDS)[number];

export const drawerOpenBody = z.object({ openingFloat: amountField });
export type DrawerOpenBody = z.input<typeof drawerOpenBody>;

export const drawerMovementBody = z.object({
  kind: z.enum(DRAWER_MOVEMENT_KINDS, {
    error: (iss) => (iss.input === undefined ? 'validation.required' : 'validation.invalid'),
  }),
  amount: amountField.refine((cents) => cents > 0, { error: 'validation.amount' }),
  reason: reasonField,
});
export type DrawerMovementBody = z.input<typeof drawerMovementBody>;

export const drawerCloseBody = z.object({ counted: amountField });
export type DrawerCloseBody = z.input<typeof drawerCloseBody>;

export const drawerDayQuery = z.object({ day: z.iso.date({ error: 'validation.reportRange' }).optional() });

export const drawerSessionParams = z.object({
  id: z.coerce.number({ error: 'validation.invalid' }).int().positive(),
  sessionId: z.coerce.number({ error: 'validation.invalid' }).int().positive().max(2_147_483_647),
});

export const drawerSessionResponse = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  /** Whose drawer: their name when it was opened. */
  userName: z.string(),
  businessDay: z.string(),
  openedAt: z.string(),
  openingFloat: z.number(),
  /** Cash payments' amounts less cash refunds (a positive `cashRefunds` already taken off). */
  cashSales: z.number(),
  cashRefunds: z.number(),
  cashTips: z.number(),
  /** How many cash payments (parts) it took. */
  cashPayments: z.number(),
  payIns: z.number(),
  payOuts: z.number(),
  /** What the drawer should hold now (while open) or held at closing. */
  expected: z.number(),
  /** Counted at closing; null while open. */
  counted: z.number().nullable(),
  /** counted − expected (over > 0, short < 0); null while open. */
  difference: z.number().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  movements: z.array(
    z.object({
      id: z.number(),
      kind: z.enum(DRAWER_MOVEMENT_KINDS),
      amount: z.number(),
      reason: z.string(),
      createdAt: z.string(),
      createdBy: z.string().nullable(),
    }),
  ),
});
export type DrawerSession = z.infer<typeof drawerSessionResponse>;

export const myDrawerResponse = z.object({ session: drawerSessionResponse.nullable() });
