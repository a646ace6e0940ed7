/**
 * Pickup (zod-free, so the guest pages and the pickup board can import it): the guest's pickup order from the
 * restaurant-wide link, and the board at the counter that shows the day's takeaway and pickup numbers. The bodies and
 * answers are in pickup.ts.
 */

/** A pickup customer's name: what staff call out, 1..CUSTOMER_NAME_MAX characters after trimming. */
export const CUSTOMER_NAME_MAX = 60;
/** A pickup customer's phone (optional): digits with spaces, dashes, brackets and a leading +. */
export const CUSTOMER_PHONE_MAX = 30;
/** At least this many digits make a phone number someone can call back. */
export const CUSTOMER_PHONE_MIN_DIGITS = 5;
export const CUSTOMER_PHONE_RE = /^\+?[0-9][0-9 ()-]*$/;

/** Whether `phone` (trimmed, non-blank) is a number staff can call: CUSTOMER_PHONE_RE with enough digits. */
export function isCustomerPhone(phone: string): boolean {
  return (
    phone.length <= CUSTOMER_PHONE_MAX &&
    CUSTOMER_PHONE_RE.test(phone) &&
    phone.replace(/\D/g, '').length >= CUSTOMER_PHONE_MIN_DIGITS
  );
}

type Id = number | string;

/** API paths of pickup (public, under /api/client like the table's guest calls). */
export const PICKUP_ROUTES = {
  menu: (eateryId: Id) => `/api/client/eatery/${eateryId}/pickup/menu`,
  placeOrder: (eateryId: Id) => `/api/client/eatery/${eateryId}/pickup-orders`,
  board: (eateryId: Id) => `/api/client/eatery/${eateryId}/pickup-board`,
} as const;

/** Web pages: the guest's pickup menu (the pickup QR code's link) and the board for a screen at the counter. */
export const PICKUP_PAGES = {
  menu: (eateryId: Id) => `/client/eatery/${eateryId}/pickup`,
  board: (eateryId: Id) => `/client/eatery/${eateryId}/pickup-board`,
} as const;

/**
 * Public realtime topic of a restaurant's pickup board: any socket may join it (it carries no personal data, not even
 * the numbers). The server sends PICKUP_BOARD_EVENT with the restaurant's id as its one argument whenever a takeaway
 * or pickup order of the restaurant changed; the board then fetches its numbers again.
 */
export const pickupBoardTopic = (eateryId: number) => `/topic/pickup-board/${eateryId}`;
export const PICKUP_BOARD_EVENT = 'pickupBoard';
