import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  drawerExpectedCents,
  fromCents,
  toCents,
  type DrawerMovementKind,
  type DrawerSession,
} from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { drawerMovements, drawerSessions, payments, users } from '../../db/schema.js';
import { staffName } from '../users/staff-contacts.js';

/**
 * Drawer sessions as the API shows them (contract drawers.ts), with their figures read from the database: the cash
 * payments bound to the session (payments.drawer_session_id, method CASH) and its movements. Sums of payments are
 * taken in SQL on the numeric columns and read as decimal text, movements row by row: integer cents, never floats.
 */

export type SessionRow = typeof drawerSessions.$inferSelect;

/** The business day of the restaurant now (SQL business_day_of: its time zone and day-start hour). */
export const currentBusinessDay = (eateryId: number): SQL => sql`business_day_of(${eateryId}, now())`;

/** The money of one session in cents, before it is shown. */
export interface SessionFigures {
  openingFloat: number;
  cashSales: number;
  cashRefunds: number;
  cashTips: number;
  cashPayments: number;
  payIns: number;
  payOuts: number;
  expected: number;
}

interface MovementRow {
  id: number;
  sessionId: number;
  kind: string;
  amount: string;
  reason: string;
  createdAt: Date;
  creatorName: string | null;
  creatorEmail: string | null;
}

/** Cash payments and movements of the sessions, as read for `figuresOf`. */
interface SessionMoney {
  cash: Map<number, { sales: string; refunds: string; tips: string; count: number }>;
  movements: MovementRow[];
}

async function readMoney(ex: Executor, eateryId: number, sessionIds: number[]): Promise<SessionMoney> {
  if (sessionIds.length === 0) return { cash: new Map(), movements: [] };
  const cashRows = await ex
    .select({
      sessionId: payments.drawerSessionId,
      // Refund rows are negative: the plain sum is sales less refunds.
      sales: sql<string>`coalesce(sum(${payments.amount}), 0)::text`,
      refunds: sql<string>`coalesce(-sum(${payments.amount}) filter (where ${payments.amount} < 0), 0)::text`,
      tips: sql<string>`coalesce(sum(${payments.tip}), 0)::text`,
      // A payment call writes one row per order it pays into: its group is one cash payment.
      count: sql<number>`(count(distinct ${payments.groupId}) filter (where ${payments.amount} > 0))::int`,
    })
    .from(payments)
    .where(
      and(eq(payments.eateryId, eateryId), eq(payments.method, 'CASH'), inArray(payments.drawerSessionId, sessionIds)),
    )
    .groupBy(payments.drawerSessionId);
  const movements = await ex
    .select({
      id: drawerMovements.id,
      sessionId: drawerMovements.sessionId,
      kind: drawerMovements.kind,
      amount: drawerMovements.amount,
      reason: drawerMovements.reason,
      createdAt: drawerMovements.createdAt,
      creatorName: users.name,
      creatorEmail: users.email,
    })
    .from(drawerMovements)
    .leftJoin(users, eq(users.id, drawerMovements.createdBy))
    .where(and(eq(drawerMovements.eateryId, eateryId), inArray(drawerMovements.sessionId, sessionIds)))
    .orderBy(asc(drawerMovements.createdAt), asc(drawerMovements.id));
  const cash = new Map(cashRows.map((r) => [r.sessionId!, { ...r, count: Number(r.count) }]));
  return { cash, movements };
}

function figuresOf(row: SessionRow, money: SessionMoney): SessionFigures {
  const cash = money.cash.get(row.id);
  const own = money.movements.filter((m) => m.sessionId === row.id);
  const total = (kind: DrawerMovementKind) =>
    own.filter((m) => m.kind === kind).reduce((sum, m) => sum + toCents(m.amount), 0);
  const figures = {
    openingFloat: toCents(row.openingFloat),
    cashSales: cash ? toCents(cash.sales) : 0,
    cashRefunds: cash ? toCents(cash.refunds) : 0,
    cashTips: cash ? toCents(cash.tips) : 0,
    cashPayments: cash?.count ?? 0,
    payIns: total('PAY_IN'),
    payOuts: total('PAY_OUT'),
  };
  return { ...figures, expected: drawerExpectedCents(figures) };
}

/** The figures of one session (e.g. of a session locked for a change), in cents. */
export async function sessionFigures(ex: Executor, row: SessionRow): Promise<SessionFigures> {
  return figuresOf(row, await readMoney(ex, row.eateryId, [row.id]));
}

/**
 * The restaurant's sessions matching `where`, oldest first, as the API shows them. `contacts`: the reader is an
 * admin, who may see a staff member's e-mail for a missing name (users/staff-contacts.ts).
 */
export async function readDrawerSessions(
  ex: Executor,
  eateryId: number,
  where: SQL | undefined,
  contacts: boolean,
): Promise<DrawerSession[]> {
  const rows = await ex
    .select()
    .from(drawerSessions)
    .where(and(eq(drawerSessions.eateryId, eateryId), where))
    .orderBy(asc(drawerSessions.openedAt), asc(drawerSessions.id));
  const money = await readMoney(
    ex,
    eateryId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const figures = figuresOf(row, money);
    // A closed drawer shows what it held at closing, as counted then.
    const expected = row.expected === null ? figures.expected : toCents(row.expected);
    const counted = row.counted === null ? null : toCents(row.counted);
    return {
      id: row.id,
      userId: row.userId,
      userName: row.userName,
      businessDay: row.businessDay,
      openedAt: row.openedAt.toISOString(),
      openingFloat: fromCents(figures.openingFloat),
      cashSales: fromCents(figures.cashSales),
      cashRefunds: fromCents(figures.cashRefunds),
      cashTips: fromCents(figures.cashTips),
      cashPayments: figures.cashPayments,
      payIns: fromCents(figures.payIns),
      payOuts: fromCents(figures.payOuts),
      expected: fromCents(expected),
      counted: counted === null ? null : fromCents(counted),
      difference: counted === null ? null : fromCents(counted - expected),
      closedAt: row.closedAt?.toISOString() ?? null,
      closedBy: row.closedBy,
      movements: money.movements
        .filter((m) => m.sessionId === row.id)
        .map((m) => ({
          id: m.id,
          kind: m.kind as DrawerMovementKind,
          amount: fromCents(toCents(m.amount)),
          reason: m.reason,
          createdAt: m.createdAt.toISOString(),
          createdBy:
            m.creatorEmail === null ? null : staffName({ name: m.creatorName, email: m.creatorEmail }, contacts),
        })),
    };
  });
}
