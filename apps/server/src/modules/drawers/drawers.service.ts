import { and, eq, isNull, sql } from 'drizzle-orm';
import { BILL_V, centsToDecimal, type DrawerMovementKind, type DrawerSession } from '@qr-menu/contract';
import type { Db, Executor, Tx } from '../../db/client.js';
import { drawerMovements, drawerSessions, eateries, zReports } from '../../db/schema.js';
import type { EateryContext } from '../../plugins/access.js';
import { AppError, isUniqueViolation, notFound, validationError } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { recordedName, seesStaffContacts } from '../users/staff-contacts.js';
import { currentBusinessDay, readDrawerSessions, sessionFigures, type SessionRow } from './drawer-sessions.js';

export interface MovementInput {
  kind: DrawerMovementKind;
  amount: number;
  reason: string;
}

/**
 * Cash drawers (contract drawers.ts). A session is one person's drawer for a business day: at most one open per
 * person and restaurant (the partial unique index drawer_sessions_one_open_idx), opened with a float, closed once by
 * entering the cash counted. A cashier acts on their own sessions only (another's answers 404, as if it did not
 * exist); an EATERY_ADMIN on every session of the restaurant. Pay-outs and a close that does not match write DRAWER
 * audit entries in the same transaction.
 *
 * A change locks the session row (FOR UPDATE); a cash payment locks it FOR SHARE (drawer-for-cash.ts), so a close
 * never crosses a payment: it counts the payment, or the payment finds the drawer closed.
 */
export class DrawersService {
  constructor(private readonly db: Db) {}

  /** The caller's open session (of any day: one left open yesterday must still be counted and closed), or null. */
  async mine(eatery: EateryContext, userId: number): Promise<DrawerSession | null> {
    const [session] = await readDrawerSessions(
      this.db,
      eatery.id,
      and(eq(drawerSessions.userId, userId), isNull(drawerSessions.closedAt)),
      seesStaffContacts(eatery),
    );
    return session ?? null;
  }

  /** The sessions of a business day (the current one without `day`): an admin's every one, a cashier's their own. */
  async list(eatery: EateryContext, userId: number, day: string | undefined): Promise<DrawerSession[]> {
    const ofDay = sql`${drawerSessions.businessDay} = ${day ?? currentBusinessDay(eatery.id)}`;
    const own = isAdmin(eatery) ? undefined : eq(drawerSessions.userId, userId);
    return readDrawerSessions(this.db, eatery.id, and(ofDay, own), seesStaffContacts(eatery));
  }

  /**
   * Opens the caller's drawer for the current business day with `openingFloat` cents. 409 drawerAlreadyOpen when
   * they have an open one (two openings at once: the unique index refuses the second), 409 dayClosed when a Z report
   * closed the day.
   */
  async open(eatery: EateryContext, userId: number, openingFloat: number): Promise<DrawerSession> {
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        // The restaurant's row shared, as a payment takes it: closing the day (its row lock) and an opening never
        // cross, so no drawer opens into a day being closed.
        await tx.select({ id: eateries.id }).from(eateries).where(eq(eateries.id, eatery.id)).for('share');
        const [open] = await tx
          .select({ id: drawerSessions.id })
          .from(drawerSessions)
          .where(
            and(
              eq(drawerSessions.eateryId, eatery.id),
              eq(drawerSessions.userId, userId),
              isNull(drawerSessions.closedAt),
            ),
          );
        if (open) throw new AppError(409, 'drawerAlreadyOpen');
        const [closed] = await tx
          .select({ id: zReports.id })
          .from(zReports)
          .where(
            and(
              eq(zReports.eateryId, eatery.id),
              isNull(zReports.reopenedAt),
              sql`${zReports.businessDay} = ${currentBusinessDay(eatery.id)}`,
            ),
          );
        if (closed) throw new AppError(409, 'dayClosed');
        const [row] = await tx
          .insert(drawerSessions)
          .values({
            eateryId: eatery.id,
            userId,
            userName: await recordedName(tx, userId),
            businessDay: currentBusinessDay(eatery.id),
            openingFloat: centsToDecimal(openingFloat),
          })
          .returning({ id: drawerSessions.id });
        return row.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(409, 'drawerAlreadyOpen');
      throw err;
    }
    return this.one(this.db, eatery, id);
  }

  /**
   * A pay-in or pay-out of an open session. A pay-out never takes more than the drawer is expected to hold (400
   * amountTooHigh) and writes a DRAWER audit entry with its reason.
   */
  async move(eatery: EateryContext, userId: number, sessionId: number, input: MovementInput): Promise<DrawerSession> {
    return this.db.transaction(async (tx) => {
      const session = await lockOpenSession(tx, eatery, userId, sessionId);
      if (input.kind === 'PAY_OUT') {
        const { expected } = await sessionFigures(tx, session);
        if (input.amount > expected) throw validationError('amount', BILL_V.amountTooHigh);
        await recordAudit(tx, {
          eateryId: eatery.id,
          kind: 'DRAWER',
          userId,
          subject: auditSubject(session),
          before: { expected: centsToDecimal(expected) },
          after: { expected: centsToDecimal(expected - input.amount), payOut: centsToDecimal(input.amount) },
          reason: input.reason,
        });
      }
      await tx.insert(drawerMovements).values({
        eateryId: eatery.id,
        sessionId,
        kind: input.kind,
        amount: centsToDecimal(input.amount),
        reason: input.reason,
        createdBy: userId,
      });
      return this.one(tx, eatery, sessionId);
    });
  }

  /**
   * Closes an open session with the cash `counted` (cents): stores what it was expected to hold and what was counted.
   * A difference (over or short) writes a DRAWER audit entry.
   */
  async close(eatery: EateryContext, userId: number, sessionId: number, counted: number): Promise<DrawerSession> {
    return this.db.transaction(async (tx) => {
      const session = await lockOpenSession(tx, eatery, userId, sessionId);
      const { expected } = await sessionFigures(tx, session);
      await tx
        .update(drawerSessions)
        .set({
          closedAt: sql`now()`,
          closedBy: await recordedName(tx, userId),
          expected: centsToDecimal(expected),
          counted: centsToDecimal(counted),
        })
        .where(eq(drawerSessions.id, sessionId));
      if (counted !== expected) {
        await recordAudit(tx, {
          eateryId: eatery.id,
          kind: 'DRAWER',
          userId,
          subject: auditSubject(session),
          before: { expected: centsToDecimal(expected) },
          after: { counted: centsToDecimal(counted), difference: centsToDecimal(counted - expected) },
        });
      }
      return this.one(tx, eatery, sessionId);
    });
  }

  private async one(ex: Executor, eatery: EateryContext, sessionId: number): Promise<DrawerSession> {
    const [session] = await readDrawerSessions(
      ex,
      eatery.id,
      eq(drawerSessions.id, sessionId),
      seesStaffContacts(eatery),
    );
    return session;
  }
}

const isAdmin = (eatery: EateryContext) => eatery.roles.includes('EATERY_ADMIN');

/** Whose drawer and which day, as the audit log names it. */
const auditSubject = (session: SessionRow) => `${session.userName} · ${session.businessDay}`;

/**
 * The session, locked for the change: 404 when it is not the restaurant's, or another person's for a caller who is
 * not an admin; 409 drawerClosed once closed.
 */
async function lockOpenSession(tx: Tx, eatery: EateryContext, userId: number, sessionId: number): Promise<SessionRow> {
  const [session] = await tx
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.id, sessionId), eq(drawerSessions.eateryId, eatery.id)))
    .for('update');
  if (!session || (!isAdmin(eatery) && session.userId !== userId)) throw notFound();
  if (session.closedAt !== null) throw new AppError(409, 'drawerClosed');
  return session;
}
