/**
 * The few contract values the guest pages need at run time, copied here on purpose: importing values from
 * `@qr-menu/contract` pulls zod (its schemas are built at module load) into the guest chunk, ~30 KB gzip for
 * nothing. `guest-routes.test.ts` checks that these stay equal to the contract's.
 */
type Id = number | string;

export const GUEST_PATHS = {
  menu: (eateryId: Id, tableId: Id) => `/api/client/eatery/${eateryId}/table/${tableId}/menu`,
  deviceOrders: (eateryId: Id, tableId: Id) => `/api/client/eatery/${eateryId}/table/${tableId}/device-orders`,
  placeOrder: (eateryId: Id, tableId: Id) => `/api/client/eatery/${eateryId}/table/${tableId}/orders`,
  order: (eateryId: Id, orderId: Id) => `/api/client/eatery/${eateryId}/orders/${orderId}`,
  addItems: (eateryId: Id, orderId: Id) => `/api/client/eatery/${eateryId}/orders/${orderId}/items`,
  orders: (eateryId: Id) => `/api/client/eatery/${eateryId}/orders`,
} as const;

export const IDEMPOTENCY_HEADER_NAME = 'Idempotency-Key';

/** Realtime (DESIGN.md §9). */
export const WS_PATH = '/api/ws';
export const WS_SUBSCRIBE = 'subscribe';
export const WS_ORDER_EVENT = 'orders';
export const orderTopicOf = (orderId: number) => `/topic/order/${orderId}`;
