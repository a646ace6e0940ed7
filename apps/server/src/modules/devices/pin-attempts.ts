import { and, eq, isNull } from 'drizzle-orm';
import { PIN_LOCK_MINUTES, PIN_MAX_FAILURES } from '@qr-menu/contract';
import type { Db, Executor } from '../../db/client.js';
import { memberships, posDevices, users } from '../../db/schema.js';
import { pinHash } from './pin-hash.js';

/** The member a PIN named on a device. */
export interface PinHolder {
  userId: number;
  roles: string[];
  name: string | null;
  email: string;
}

/** How one PIN typed on a device ended. */
export type PinAttempt =
  | { kind: 'ok'; eateryId: number; holder: PinHolder }
  /** Unknown or revoked device, or (`eateryId` given) a device of another restaurant. */
  | { kind: 'noDevice' }
  | { kind: 'locked'; until: Date }
  | { kind: 'wrong'; attemptsLeft: number; lockedUntil: Date | null };

/**
 * One PIN typed on device `deviceId`, counted against that device: the PIN is right when it is a member's of the
 * device's restaurant and `accepts` that member (a manager, for an approval). Rules:
 * - a revoked device takes no PIN; `eateryId`, when given, must be the device's restaurant;
 * - while the device is locked (locked_until ahead) no PIN is even checked;
 * - a wrong PIN adds one to failed_pins; the PIN_MAX_FAILURES-th in a row locks the device for PIN_LOCK_MINUTES
 *   (the count starts again after a lock ran out); a right one sets the count back to 0.
 * The device's row is locked (FOR UPDATE) for the attempt, so PINs typed at once on one device are counted one by
 * one: parallel guesses cannot slip past the limit. The outcome is returned, not thrown, so that the count commits
 * even when the caller refuses the request.
 */
export function attemptPin(
  db: Db,
  secret: string,
  deviceId: number,
  pin: string,
  opts: { eateryId?: number; accepts?: (holder: PinHolder) => boolean } = {},
): Promise<PinAttempt> {
  return db.transaction(async (tx): Promise<PinAttempt> => {
    const [device] = await tx
      .select({ eateryId: posDevices.eateryId, failedPins: posDevices.failedPins, lockedUntil: posDevices.lockedUntil })
      .from(posDevices)
      .where(and(eq(posDevices.id, deviceId), isNull(posDevices.revokedAt)))
      .for('update');
    if (!device || (opts.eateryId !== undefined && device.eateryId !== opts.eateryId)) return { kind: 'noDevice' };
    const now = Date.now();
    if (device.lockedUntil && device.lockedUntil.getTime() > now) return { kind: 'locked', until: device.lockedUntil };

    const holder = await holderOf(tx, device.eateryId, pinHash(secret, device.eateryId, pin));
    if (holder && (!opts.accepts || opts.accepts(holder))) {
      if (device.failedPins > 0 || device.lockedUntil) {
        await tx.update(posDevices).set({ failedPins: 0, lockedUntil: null }).where(eq(posDevices.id, deviceId));
      }
      return { kind: 'ok', eateryId: device.eateryId, holder };
    }
    const failures = (device.lockedUntil ? 0 : device.failedPins) + 1;
    const lockedUntil = failures >= PIN_MAX_FAILURES ? new Date(now + PIN_LOCK_MINUTES * 60_000) : null;
    await tx.update(posDevices).set({ failedPins: failures, lockedUntil }).where(eq(posDevices.id, deviceId));
    return { kind: 'wrong', attemptsLeft: Math.max(0, PIN_MAX_FAILURES - failures), lockedUntil };
  });
}

async function holderOf(tx: Executor, eateryId: number, hash: string): Promise<PinHolder | undefined> {
  const [row] = await tx
    .select({ userId: memberships.userId, roles: memberships.roles, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.eateryId, eateryId), eq(memberships.pinHash, hash)));
  return row;
}
