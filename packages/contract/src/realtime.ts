/** Realtime (socket.io) names and topics, zod-free so guest pages can import them. */

/** socket.io path; the server pings every 20 s. */
export const SOCKET_PATH = '/api/ws';
export const SOCKET_PING_INTERVAL_MS = 20_000;
/** Client → server: `socket.emit(SOCKET_SUBSCRIBE, topic, ack?)`; ack gets `SubscribeAck`. */
export const SOCKET_SUBSCRIBE = 'subscribe';
export const SOCKET_UNSUBSCRIBE = 'unsubscribe';
/**
 * Client → server: `socket.emit(SOCKET_REAUTH, accessToken, ack?)` with a refreshed access token of the same user;
 * ack gets `{ ok }`. A staff socket is closed when the token it connected (or last re-authenticated) with expires, so
 * a screen that stays open refreshes its token before then and sends the new one here. `ok: false` (another user, a
 * token that is not valid, a session that ended): the server closes the socket.
 */
export const SOCKET_REAUTH = 'reauth';
/** How long before its access token expires a staff screen refreshes it and re-authenticates its socket. */
export const SOCKET_REAUTH_BEFORE_EXPIRY_MS = 60_000;
/** Server → client when a subscription is refused (also given to the ack): `{topic, messageKey}`. */
export const SOCKET_SUBSCRIBE_ERROR = 'subscribeError';
/**
 * Server → client: order changes. One `orders` message carries one or more events as its arguments
 * (`socket.on(ORDER_EVENT, (...events: OrderEvent[]) => …)`): the server groups the events of a few milliseconds
 * into one message per socket, so a busy restaurant's 200 screens get one write each instead of one per order.
 */
export const ORDER_EVENT = 'orders';
/** How long the server collects a restaurant's order events before sending them in one message. */
export const ORDER_EVENT_BATCH_MS = 5;

/** Staff topic of one restaurant (membership checked). */
export const ordersTopic = (eateryId: number) => `/topic/orders/${eateryId}`;
/** Topic of one order: staff of its restaurant, or the guest whose `device_id` cookie placed it. */
export const orderTopic = (orderId: number) => `/topic/order/${orderId}`;

/** Server → client: calls from the table on the staff topic and on a guest's call topic. */
export const CALL_EVENT = 'calls';
/** Topic of one call from the table: the guest whose `device_id` cookie made it. */
export const callTopic = (callId: number) => `/topic/call/${callId}`;

export const ORDER_EVENT_TYPES = ['NEW_ORDER', 'ORDER_UPDATED', 'ORDER_DELETED'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Of two copies of one order, the newer: `version` grows with every change of the order, so the higher version
 * wins; on a tie the held copy stays, so a late or repeated event changes nothing.
 */
export function newerCopy<T extends { version: number }>(held: T | undefined, incoming: T): T {
  return held && held.version >= incoming.version ? held : incoming;
}

export type SubscribeAck = { ok: true; topic: string } | { ok: false; topic: string; messageKey: string };

/**
 * Server → staff of a restaurant (its orders topic), with the restaurant's id: its printers' state or waiting jobs
 * changed; screens read GET /api/eatery/{id}/printers/status again.
 */
export const PRINTERS_EVENT = 'printers';
/**
 * Server → staff of a restaurant (its orders topic), with the restaurant's id: its settings changed (the kitchen's
 * amber and red minutes, courses, …); open screens read them again instead of waiting for a reload.
 */
export const EATERY_SETTINGS_EVENT = 'eaterySettings';
