import { createHash } from 'node:crypto';
import type { EateryMenu } from '../guest/menu-cache.js';

/** The pickup menu's JSON bytes (pickupMenuResponse) and their ETag. */
export interface PickupMenuBody {
  body: Buffer;
  etag: string;
}

/**
 * Pickup bodies by the cached menu tail they were built on, so that a hit sends stored bytes (and their gzip copy)
 * like a table's menu; a changed menu is a new tail, so its old body goes with the old one.
 */
const bodies = new WeakMap<Buffer, PickupMenuBody & { head: string }>();

/**
 * The guest menu without a table: the restaurant's cached menu (app.menuCache.eatery) under a head of its own, with
 * the service charge a pickup order is placed under (`chargePercent`).
 */
export function pickupMenuBody(eateryId: number, menu: EateryMenu, chargePercent: number): PickupMenuBody {
  const fields = {
    eateryId,
    eateryName: menu.name,
    timeZone: menu.timeZone,
    ...menu.settings,
    serviceChargePercent: chargePercent,
  };
  const head = `${JSON.stringify(fields).slice(0, -1)},`;
  const hit = bodies.get(menu.tail);
  if (hit?.head === head) return hit;
  const headBytes = Buffer.from(head);
  const etag = `"${createHash('sha1').update(headBytes).update(menu.tailHash).digest('base64url')}"`;
  const made = { head, body: Buffer.concat([headBytes, menu.tail]), etag };
  bodies.set(menu.tail, made);
  return made;
}
