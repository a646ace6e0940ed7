import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { centsToDecimal, REPORT_V, toCents, type DayReport } from '@qr-menu/contract';
import type { Db, Tx } from '../../db/client.js';
import { drawerSessions, eateries, zReports } from '../../db/schema.js';
import { AppError, notFound, validationError } from '../../plugins/app-error.js';
import { recordAudit } from '../audit/audit-log.js';
import { recordedName } from '../users/staff-contacts.js';
import { computeDayReport, readDayBounds, readDayReport, type RunJson } from './day-report.js';
import { runJsonIn } from './day-report-sql.js';

/**
 * Closing a business day (a Z report) and opening it again (contract reports.ts). Both run in one transaction that
 * first locks the restaurant's row FOR UPDATE: every payment row takes FOR SHARE on it in its trigger (migration 0012,
 * payments_day_lock), so a payment and a closing never cross — the closing waits for the payment and counts it, or
 * the payment waits and is refused (409 dayClosed) once the z_reports row is there.
 */

const inTx =
  (tx: Tx): RunJson =>
  (statement, values) =>
    runJsonIn(tx, statement, values);

/** Locks the restaurant's row for the closing (404 when it is gone). */
async function lockEatery(tx: Tx, eateryId: number): Promise<void> {
  const [row] = await tx.select({ id: eateries.id }).from(eateries).where(eq(eateries.id, eateryId)).for('update');
  if (!row) throw notFound();
}

const subject = (number: number, day: string) => `Z #${number} · ${day}`;

/**
 * Closes `day`: 400 reportRange (field `day`) for a day after the current business day, 409 dayClosed when it is
 * closed, 409 drawersStillOpen while a drawer session of the day is open. The figures are computed in the transaction
 * and stored with the next number of the restaurant; a CLOSE_DAY audit entry records it.
 */
export function closeDay(db: Db, eateryId: number, day: string, userId: number): Promise<DayReport> {
  return db.transaction(async (tx) => {
    await lockEatery(tx, eateryId);
    const run = inTx(tx);
    const bounds = await readDayBounds(run, eateryId, day);
    if (day > bounds.today) throw validationError('day', REPORT_V.range);
    if (bounds.closed) throw new AppError(409, 'dayClosed');
    const [open] = await tx
      .select({ id: drawerSessions.id })
      .from(drawerSessions)
      .where(
        and(
          eq(drawerSessions.eateryId, eateryId),
          eq(drawerSessions.businessDay, day),
          isNull(drawerSessions.closedAt),
        ),
      )
      .limit(1);
    if (open) throw new AppError(409, 'drawersStillOpen');

    const [last] = await tx
      .select({ number: max(zReports.number) })
      .from(zReports)
      .where(eq(zReports.eateryId, eateryId));
    const number = (last?.number ?? 0) + 1;
    const closedBy = await recordedName(tx, userId);
    const closedAt = new Date();
    const z = { number, closedAt: closedAt.toISOString(), closedBy };
    const report = await computeDayReport(run, eateryId, day, bounds, closedAt, z);

    await tx.insert(zReports).values({
      eateryId,
      number,
      businessDay: day,
      closedAt,
      closedBy: userId,
      closedByName: closedBy,
      figures: report as unknown as Record<string, unknown>,
    });
    await recordAudit(tx, {
      eateryId,
      kind: 'CLOSE_DAY',
      userId,
      subject: subject(number, day),
      after: {
        number,
        gross: centsToDecimal(toCents(report.sales.gross)),
        payments: centsToDecimal(toCents(report.payments)),
        tips: centsToDecimal(toCents(report.tips)),
      },
    });
    return report;
  });
}

/**
 * Opens a closed `day` again (409 dayNotClosed when it is not closed): its closing is marked reopened, with who, when
 * and why, and a REOPEN_DAY audit entry keeps the reason. Payments of the day can be written again; closing it later
 * gives a new number. Answers the day's live report.
 */
export function reopenDay(db: Db, eateryId: number, day: string, reason: string, userId: number): Promise<DayReport> {
  return db.transaction(async (tx) => {
    await lockEatery(tx, eateryId);
    const by = await recordedName(tx, userId);
    const [reopened] = await tx
      .update(zReports)
      .set({ reopenedAt: sql`now()`, reopenedByName: by, reopenReason: reason })
      .where(and(eq(zReports.eateryId, eateryId), eq(zReports.businessDay, day), isNull(zReports.reopenedAt)))
      .returning({ number: zReports.number });
    if (!reopened) throw new AppError(409, 'dayNotClosed');
    await recordAudit(tx, {
      eateryId,
      kind: 'REOPEN_DAY',
      userId,
      subject: subject(reopened.number, day),
      before: { number: reopened.number },
      reason,
    });
    return readDayReport(inTx(tx), eateryId, day);
  });
}
