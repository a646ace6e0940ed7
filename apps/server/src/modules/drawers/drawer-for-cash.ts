import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { drawerSessions } from '../../db/schema.js';
import { AppError } from '../../plugins/app-error.js';

/**
 * The drawer a cash payment or cash refund by `userId` goes through: the id of their open session of the restaurant's
 * current business day (set it as payments.drawer_session_id). 409 drawerNotOpen without one, also when their open
 * session is of an earlier day: that drawer must be counted and closed, and a new one opened for today.
 *
 * Call it in the payment's transaction: the session row is locked FOR SHARE until the payment commits, and closing
 * takes it FOR UPDATE, so a close never crosses a payment (it waits and counts it, or the payment finds it closed).
 */
export async function drawerForCash(ex: Executor, eateryId: number, userId: number): Promise<number> {
  const [session] = await ex
    .select({ id: drawerSessions.id })
    .from(drawerSessions)
    .where(
      and(
        eq(drawerSessions.eateryId, eateryId),
        eq(drawerSessions.userId, userId),
        isNull(drawerSessions.closedAt),
        sql`${drawerSessions.businessDay} = business_day_of(${eateryId}, now())`,
      ),
    )
    .for('share');
  if (!session) throw new AppError(409, 'drawerNotOpen');
  return session.id;
}
