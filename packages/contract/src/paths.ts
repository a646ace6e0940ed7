/** HTTP names shared by server and web (zod-free, so guest pages can import them). */

/** Name of the header that makes a retried "place order" return the first order. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
// ---- Cookie names: the server and the web app read and write the same names ----

/** httpOnly cookie set by the server (the web app cannot read it; it only needs to send cookies). */
export const DEVICE_COOKIE = 'device_id';
/**
 * The table of the phone's cart, `<eateryId>.<tableId>`, path /client: the server renders the cart, "my orders" and
 * /client/menu for it (the cart itself lives in local storage, which the server cannot read). The scanned table's
 * pages set it; the client writes it from its stored cart when it is missing. Not httpOnly: the client writes it.
 */
export const TABLE_COOKIE = 'guest_table';
/** The chosen interface language (az, en or ru): the web app writes it, the server renders guest pages in it. */
export const LANGUAGE_COOKIE = 'language';
/** httpOnly, path /api/auth: the staff session's refresh token (set and read by the server only). */
export const REFRESH_COOKIE = 'refresh_token';
/** Query parameter of a table's QR link carrying the table's key: `…/menu?k=…`. */
export const TABLE_KEY_PARAM = 'k';
/** The web page of the link in a password reset mail: `<PUBLIC_URL>/reset-password?token=…`. */
export const RESET_PASSWORD_PAGE = '/reset-password';

type Id = number | string;

/** API paths of the guest calls (all under /api, public). */
export const GUEST_ROUTES = {
  menu: (eateryId: Id, tableId: Id) => `/api/client/eatery/${eateryId}/table/${tableId}/menu`,
  deviceOrders: (eateryId: Id, tableId: Id) => `/api/client/eatery/${eateryId}/table/${tableId}/device-orders`,
  placeOrder: (eateryId: Id, tableId: Id) => `/api/client/eatery/${eateryId}/table/${tableId}/orders`,
  order: (eateryId: Id, orderId: Id) => `/api/client/eatery/${eateryId}/orders/${orderId}`,
  addItems: (eateryId: Id, orderId: Id) => `/api/client/eatery/${eateryId}/orders/${orderId}/items`,
  orders: (eateryId: Id) => `/api/client/eatery/${eateryId}/orders`,
} as const;
