import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { posDevices, refreshTokens } from '../../db/schema.js';

/**
 * Ends sessions opened with a PIN, in the caller's transaction: their refresh tokens are revoked and the shared
 * access version goes up, so every instance reads each session afresh and refuses its access tokens (they carry
 * the refresh token family as `sid`) from the next request. Returns the families ended: after the commit the
 * caller publishes an 'access' change and closes their sockets (LiveSessions.endSession).
 */
async function endWhere(tx: Executor, where: ReturnType<typeof and>): Promise<string[]> {
  const ended = await tx
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(isNull(refreshTokens.revokedAt), where))
    .returning({ familyId: refreshTokens.familyId });
  if (ended.length > 0) await tx.execute(sql`update access_version set version = version + 1 where id = 1`);
  return [...new Set(ended.map((r) => r.familyId))];
}

/** Every session opened on the device (it was revoked). */
export const endDeviceSessionsIn = (tx: Executor, deviceId: number) =>
  endWhere(tx, eq(refreshTokens.deviceId, deviceId));

/** The user's PIN sessions on the restaurant's devices (their PIN changed or was cleared). */
export const endPinSessionsIn = (tx: Executor, userId: number, eateryId: number) =>
  endWhere(
    tx,
    and(
      eq(refreshTokens.userId, userId),
      inArray(
        refreshTokens.deviceId,
        tx.select({ id: posDevices.id }).from(posDevices).where(eq(posDevices.eateryId, eateryId)),
      ),
    ),
  );
