/**
 * What the processes of the sockets benchmark say to each other beyond place-orders/protocol.ts (whose ask / serve /
 * ready messages, clock and process figures they use).
 */
import type { Restaurant, ServerReady } from '../place-orders/protocol.js';

/** A seeded restaurant with its guests: each one's order and device id (the `device_id` cookie). */
export interface SeededRestaurant extends Restaurant {
  guests: [orderId: number, deviceId: string][];
}

export interface SocketsServerReady extends ServerReady {
  restaurants: SeededRestaurant[];
}

/** One guest socket to open: the restaurant, the order it follows, its device. */
export type GuestSpec = [eateryId: number, orderId: number, deviceId: string];

/** What one guests process saw since the last reset. */
export interface GuestReceipts {
  sockets: number;
  /** Order events that reached a guest socket: each one of an order that is not the guest's is misdelivered. */
  events: number;
  misdelivered: number;
  /** Guest sockets the server closed. */
  closed: number;
  cpuSeconds: number;
}
