import type { OrderStatus } from './enums.js';

/** Realtime names and topics (DESIGN.md §9), zod-free so guest pages can import them. */

/** socket.io path; the server pings every 20 s. */
export const SOCKET_PATH = '/api/ws';
export const SOCKET_PING_INTERVAL_MS = 20_000;
/** Client → server: `socket.emit(SOCKET_SUBSCRIBE, topic, ack?)`; ack gets `SubscribeAck`. */
export const SOCKET_SUBSCRIBE = 'subscribe';
export const SOCKET_UNSUBSCRIBE = 'unsubscribe';
/** Server → client when a subscription is refused (also given to the ack): `{topic, messageKey}`. */
export const SOCKET_SUBSCRIBE_ERROR = 'subscribeError';
/** Server → client: every order change. */
export const ORDER_EVENT = 'orders';

/** Staff topic of one restaurant (membership checked). */
export const ordersTopic = (eateryId: number) => `/topic/orders/${eateryId}`;
/** Topic of one order: staff of its restaurant, or the guest whose `device_id` cookie placed it. */
export const orderTopic = (orderId: number) => `/topic/order/${orderId}`;

export const ORDER_EVENT_TYPES = ['NEW_ORDER', 'ORDER_UPDATED', 'ORDER_DELETED'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** Payload of the `orders` event (the zod schema `orderEvent` checks the same shape); clients re-fetch what they show. */
export interface OrderEventPayload {
  type: OrderEventType;
  orderId: number;
  status: OrderStatus;
}

export type SubscribeAck = { ok: true; topic: string } | { ok: false; topic: string; messageKey: string };
