/** HTTP names shared by server and web (zod-free, so guest pages can import them). */

/** Name of the header that makes a retried "place order" return the first order. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** httpOnly cookie set by the server (the web app cannot read it; it only needs to send cookies). */
export const DEVICE_COOKIE = 'device_id';
/** Query parameter of a table's QR link carrying the table's key: `…/menu?k=…`. */
export const TABLE_KEY_PARAM = 'k';

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
