import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema.js';

/**
 * Ends every session of the user, in the caller's transaction: their refresh tokens are revoked and their session
 * version goes up, so access tokens signed before are refused from the next request (the access check compares the
 * token's `sv` claim). Used when the password is changed or reset and when a role is taken away.
 *
 * After the transaction commits the caller publishes an 'access' change and disconnects the user's sockets
 * (SessionEnds.after), so every instance drops what it holds.
 */
export async function endUserSessionsIn(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, userId));
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends one session (a device's refresh token family: logout, or a reused token), in the caller's transaction. Its
 * access tokens carry the family as `sid`; the shared access version goes up so that every instance's access check
 * reads the session afresh instead of trusting a stored "live".
 */
export async function endSessionIn(tx: Executor, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await tx.execute(sql`update access_version set version = version + 1 where id = 1`);
}

/**
 * Live connections of staff users (app.realtime), closed on every instance once their session ended, so that no
 * event reaches them.
 */
export interface LiveSessions {
  /** Every socket of the user. */
  endUserSessions(userId: number): void;
  /** Every socket opened with an access token of this session (refresh token family). */
  endSession(sessionId: string): void;
}
