import { createHmac } from 'node:crypto';

/**
 * A staff PIN as the database keeps it: HMAC-SHA256 of `${eateryId}:${pin}` under a key derived from the server's
 * secret. Deterministic on purpose: the unique index (eatery_id, pin_hash) then keeps two members of one restaurant
 * from sharing a PIN, and a PIN is found by its hash. A PIN alone (10^4..10^6 values) would fall to a brute force of a
 * leaked table; the secret key stops that, and on a device the lockout stops guessing.
 */
export function pinHash(secret: string, eateryId: number, pin: string): string {
  const key = createHmac('sha256', secret).update('staff-pin-v1').digest();
  return createHmac('sha256', key).update(`${eateryId}:${pin}`).digest('hex');
}
