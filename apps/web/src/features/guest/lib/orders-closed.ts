// The cart page's side of the opening hours (it loads on demand): whether an order can be sent now, and why not.
import type { PlaceMenu } from '../api';
import { dayAndTime, guestOrdersClosedAt, safeTimeZone } from '@qr-menu/contract/constants';
import type { TFunction } from './i18n';
import { closedText, type Opens } from './opening-hours';

/**
 * While the restaurant takes guest orders only within its hours and is closed at `now`: when it opens next (null:
 * every day closed). Undefined while guests may order (or the phone does not know the restaurant's zone: the
 * server decides then).
 */
export function ordersClosedUntil(menu: PlaceMenu | undefined, now: Date | null): Opens | null | undefined {
  const zone = now && menu?.ordersWithinHours ? safeTimeZone(menu.timeZone) : undefined;
  if (!now || !zone || menu?.openingHours?.length !== 7) return undefined;
  const closed = guestOrdersClosedAt({ ordersWithinHours: true, openingHours: menu.openingHours, timeZone: zone }, now);
  return closed ? closed.opensAt && dayAndTime(closed.opensAt, now, zone) : undefined;
}

/** Why an order cannot be placed now: "Closed now · opens tomorrow at 09:00. Orders are taken during opening hours." */
export const closedReason = (opens: Opens | null, t: TFunction) =>
  `${closedText(opens, t)}. ${t('client.closedNow.noOrders')}.`;

/**
 * The server's `closedNow` refusal in words on the restaurant's clock (`opensAt`: ISO, or null when every day is
 * closed); the generic message when the phone does not know the zone.
 */
export function closedNowError(opensAt: unknown, timeZone: string | undefined, t: TFunction): string {
  const zone = safeTimeZone(timeZone);
  if (!zone || (opensAt !== null && typeof opensAt !== 'string')) return t('errors.closedNow');
  return closedReason(opensAt === null ? null : dayAndTime(new Date(opensAt), new Date(), zone), t);
}
