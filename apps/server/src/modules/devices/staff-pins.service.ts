import { and, eq } from 'drizzle-orm';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db } from '../../db/client.js';
import { memberships } from '../../db/schema.js';
import { hasRole, type EateryContext } from '../../plugins/access.js';
import { accessDenied, AppError, isUniqueViolation, notFound } from '../../plugins/app-error.js';
import type { LiveSessions } from '../auth/end-sessions.js';
import { endPinSessionsIn } from './device-sessions.js';
import { pinHash } from './pin-hash.js';

/**
 * Staff PINs of a restaurant (memberships.pin_hash, see pin-hash.ts). An EATERY_ADMIN sets or clears anyone's; a
 * member only their own. Two members never share a PIN (409 pinTaken). A PIN set or cleared ends the member's
 * sessions opened with the old one on the restaurant's devices: whoever knew it is signed out.
 */
export class StaffPinsService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly changes: ChangePublisher,
    private readonly live: Pick<LiveSessions, 'endSession'>,
  ) {}

  /** `pin` null clears it. 404 when the user is not a member here, 403 for another member's PIN unless an admin. */
  async set(eatery: EateryContext, actorId: number, userId: number, pin: string | null): Promise<void> {
    if (userId !== actorId && !hasRole(eatery, ['EATERY_ADMIN'])) throw accessDenied();
    const hash = pin === null ? null : pinHash(this.secret, eatery.id, pin);
    let ended: string[];
    try {
      ended = await this.db.transaction(async (tx) => {
        const updated = await tx
          .update(memberships)
          .set({ pinHash: hash })
          .where(and(eq(memberships.userId, userId), eq(memberships.eateryId, eatery.id)))
          .returning({ userId: memberships.userId });
        if (updated.length === 0) throw notFound();
        return endPinSessionsIn(tx, userId, eatery.id);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'pinTaken');
      throw err;
    }
    if (ended.length === 0) return;
    this.changes.publish({ kind: 'access' });
    for (const id of ended) this.live.endSession(id);
  }
}
