import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CALL_ACKNOWLEDGED_SHOWN_MINUTES,
  type CallCreateBody,
  type CallEvent,
  type CallKind,
  type CallStatus,
  type GuestCall,
  type GuestPaymentMethod,
  type StaffCall,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { orders, tableCalls, tables, users } from '../../db/schema.js';
import { AppError, isUniqueViolation, notFound } from '../../plugins/app-error.js';

/**
 * Calls from the table (contract calls.ts): a guest asks for the waiter or the bill, staff acknowledge.
 * One OPEN call per device, table and kind: the unique partial index table_calls_open_idx guarantees it, so two
 * taps at the same moment still make one call.
 */

/** Where a call's events go: app.realtime in the app (the staff topic, and the call's own topic for the guest). */
export interface CallEventSink {
  emitCallEvent(eateryId: number, staffEvent: CallEvent<StaffCall>, guestEvent: CallEvent<GuestCall>): void;
}

/** Minutes a guest's calls stay on the guest's list. */
const GUEST_LIST_MINUTES = 60;

/** The columns of a call as staff see it: the table's number and the acknowledger's name (else e-mail). */
const staffColumns = {
  id: tableCalls.id,
  eateryId: tableCalls.eateryId,
  tableId: tableCalls.tableId,
  tableNumber: tables.number,
  kind: tableCalls.kind,
  paymentMethod: tableCalls.paymentMethod,
  status: tableCalls.status,
  createdAt: tableCalls.createdAt,
  acknowledgedAt: tableCalls.acknowledgedAt,
  acknowledgedBy: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
};

type CallRow = Pick<
  typeof tableCalls.$inferSelect,
  'id' | 'kind' | 'paymentMethod' | 'status' | 'createdAt' | 'acknowledgedAt'
>;
type StaffRow = CallRow & { eateryId: number; tableId: number; tableNumber: string; acknowledgedBy: string | null };

export function toGuestCall(r: CallRow): GuestCall {
  return {
    id: r.id,
    kind: r.kind as CallKind,
    paymentMethod: r.paymentMethod as GuestPaymentMethod | null,
    status: r.status as CallStatus,
    createdAt: r.createdAt.toISOString(),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
  };
}

/** What the guest sees of a staff call (not who acknowledged it). */
export function guestView(c: StaffCall): GuestCall {
  const { id, kind, paymentMethod, status, createdAt, acknowledgedAt } = c;
  return { id, kind, paymentMethod, status, createdAt, acknowledgedAt };
}

export function toStaffCall(r: StaffRow): StaffCall {
  return {
    ...toGuestCall(r),
    eateryId: r.eateryId,
    tableId: r.tableId,
    tableNumber: r.tableNumber,
    acknowledgedBy: r.acknowledgedBy,
  };
}

export class CallsService {
  constructor(
    private readonly db: Db,
    private readonly events: CallEventSink,
  ) {}

  /**
   * A guest's call: 404 for a table not in the restaurant, 409 `tableInactive` for an inactive one. When the device
   * already has an OPEN call of that kind at that table, that call (created: false) instead of a second one.
   */
  async create(
    eateryId: number,
    tableId: number,
    deviceId: string,
    body: CallCreateBody,
  ): Promise<{ created: boolean; call: GuestCall }> {
    const table = await this.table(eateryId, tableId);
    if (table.status === 'INACTIVE') throw new AppError(409, 'tableInactive');
    const kind = body.kind as CallKind;
    const open = await this.openCall(tableId, deviceId, kind);
    if (open) return { created: false, call: toGuestCall(open) };

    let id: number;
    try {
      const [row] = await this.db
        .insert(tableCalls)
        .values({
          eateryId,
          tableId,
          deviceId,
          kind,
          // The way to pay matters only when asking for the bill.
          paymentMethod: kind === 'BILL' ? (body.paymentMethod ?? null) : null,
        })
        .returning({ id: tableCalls.id });
      id = row.id;
    } catch (err) {
      // The same device made the same call at the same moment: the other request's call is the one.
      if (!isUniqueViolation(err)) throw err;
      const raced = await this.openCall(tableId, deviceId, kind);
      if (!raced) throw err;
      return { created: false, call: toGuestCall(raced) };
    }
    const call = await this.staffCall(eateryId, id);
    this.emit('CALL_CREATED', call);
    return { created: true, call: guestView(call) };
  }

  /** This device's calls at the table in the last hour, newest first (404 for a table not in the restaurant). */
  async listForGuest(eateryId: number, tableId: number, deviceId: string): Promise<GuestCall[]> {
    await this.table(eateryId, tableId);
    const rows = await this.db
      .select()
      .from(tableCalls)
      .where(
        and(
          eq(tableCalls.tableId, tableId),
          eq(tableCalls.deviceId, deviceId),
          gt(tableCalls.createdAt, sql`now() - make_interval(mins => ${GUEST_LIST_MINUTES})`),
        ),
      )
      .orderBy(desc(tableCalls.createdAt), desc(tableCalls.id));
    return rows.map(toGuestCall);
  }

  /** The restaurant's OPEN calls and those acknowledged in the last minutes, oldest first. */
  async listForStaff(eateryId: number): Promise<StaffCall[]> {
    const rows = await this.staffCalls(
      and(
        eq(tableCalls.eateryId, eateryId),
        or(
          eq(tableCalls.status, 'OPEN'),
          gt(tableCalls.acknowledgedAt, sql`now() - make_interval(mins => ${CALL_ACKNOWLEDGED_SHOWN_MINUTES})`),
        ),
      ),
    );
    return rows.map(toStaffCall);
  }

  /** Acknowledges an OPEN call (404 for another restaurant's). A call acknowledged before keeps its first acknowledger. */
  async acknowledge(eateryId: number, callId: number, userId: number): Promise<StaffCall> {
    // The status condition makes the first acknowledger win when two staff tap at once.
    const [changed] = await this.db
      .update(tableCalls)
      .set({ status: 'ACKNOWLEDGED', acknowledgedAt: sql`now()`, acknowledgedBy: userId })
      .where(and(eq(tableCalls.id, callId), eq(tableCalls.eateryId, eateryId), eq(tableCalls.status, 'OPEN')))
      .returning({ id: tableCalls.id });
    const call = await this.staffCall(eateryId, callId);
    if (changed) this.emit('CALL_UPDATED', call);
    return call;
  }

  /**
   * Once a bill is paid, the tables' open "bill please" calls are answered: they are acknowledged by the one who
   * closed the bill, so they leave the staff lists and the guest sees the answer.
   */
  async answerBillCalls(eateryId: number, orderIds: readonly number[], userId: number): Promise<void> {
    if (orderIds.length === 0) return;
    const answered = await this.db
      .update(tableCalls)
      .set({ status: 'ACKNOWLEDGED', acknowledgedAt: sql`now()`, acknowledgedBy: userId })
      .where(
        and(
          eq(tableCalls.eateryId, eateryId),
          eq(tableCalls.kind, 'BILL'),
          eq(tableCalls.status, 'OPEN'),
          inArray(
            tableCalls.tableId,
            this.db
              .select({ id: orders.tableId })
              .from(orders)
              .where(and(eq(orders.eateryId, eateryId), inArray(orders.id, [...orderIds]))),
          ),
        ),
      )
      .returning({ id: tableCalls.id });
    for (const { id } of answered) this.emit('CALL_UPDATED', await this.staffCall(eateryId, id));
  }

  private emit(type: CallEvent['type'], call: StaffCall) {
    this.events.emitCallEvent(call.eateryId, { type, call }, { type, call: guestView(call) });
  }

  private async table(eateryId: number, tableId: number) {
    const [table] = await this.db
      .select({ status: tables.status })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
    if (!table) throw notFound();
    return table;
  }

  private async openCall(tableId: number, deviceId: string, kind: CallKind) {
    const [row] = await this.db
      .select()
      .from(tableCalls)
      .where(
        and(
          eq(tableCalls.tableId, tableId),
          eq(tableCalls.deviceId, deviceId),
          eq(tableCalls.kind, kind),
          eq(tableCalls.status, 'OPEN'),
        ),
      );
    return row ?? null;
  }

  private staffCalls(where: SQL | undefined): Promise<StaffRow[]> {
    return this.db
      .select(staffColumns)
      .from(tableCalls)
      .innerJoin(tables, eq(tables.id, tableCalls.tableId))
      .leftJoin(users, eq(users.id, tableCalls.acknowledgedBy))
      .where(where)
      .orderBy(asc(tableCalls.createdAt), asc(tableCalls.id));
  }

  private async staffCall(eateryId: number, callId: number): Promise<StaffCall> {
    const [row] = await this.staffCalls(and(eq(tableCalls.id, callId), eq(tableCalls.eateryId, eateryId)));
    if (!row) throw notFound();
    return toStaffCall(row);
  }
}
