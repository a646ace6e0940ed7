import { eq } from 'drizzle-orm';
import { guestOrdersClosedAt, type ClosedNowParams, type GuestOrderHours } from '@qr-menu/contract';
import type { Tx } from '../../db/client.js';
import { eateries } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';

/** The restaurant's columns that say whether guests may order now (the switch, the hours and their time zone). */
export const guestHoursColumns = {
  ordersWithinHours: eateries.ordersWithinHours,
  openingHours: eateries.openingHours,
  timeZone: eateries.timeZone,
};

/**
 * A restaurant that takes guest orders only within its opening hours refuses them while closed: 409 `closedNow`
 * with when it opens next (`opensAt`, ISO; null when every day is closed). Checked before anything is written;
 * staff orders are never bound.
 */
export function assertTakesGuestOrders(settings: GuestOrderHours, at: Date): void {
  const closed = guestOrdersClosedAt(settings, at);
  if (!closed) return;
  const params: ClosedNowParams = { opensAt: closed.opensAt?.toISOString() ?? null };
  throw new AppError(409, 'closedNow', undefined, params);
}

/** The restaurant's guest order hours, read in the transaction that is about to write. */
export async function guestHoursOf(tx: Tx, eateryId: number): Promise<GuestOrderHours> {
  const [row] = await tx.select(guestHoursColumns).from(eateries).where(eq(eateries.id, eateryId));
  // No row: the restaurant is gone; the caller's own checks answer that (its orders went with it).
  return row ?? { ordersWithinHours: false, openingHours: null, timeZone: 'UTC' };
}
