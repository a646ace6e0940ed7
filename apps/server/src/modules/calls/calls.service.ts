import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  CALL_ACKNOWLEDGED_SHOWN_MINUTES,
  CALL_ON_THE_WAY_MS,
  type CallCreateBody,
  type CallEvent,
  type CallKind,
  type CallStatus,
  type GuestCall,
  type GuestPaymentMethod,
  type StaffCall,
} from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { callOfDevice } from '../../db/call-devices.js';
import { orders, tableCalls, tables, users } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/app-error.js';
import { staffName } from '../users/staff-contacts.js';

/**
 * Calls from the table (contract calls.ts): a guest asks for the waiter or the bill, staff acknowledge.
 * One OPEN call per table and kind, whichever device makes it: the unique partial index table_calls_open_table_idx
 * guarantees it, and a call is one INSERT … ON CONFLICT on that index, so devices calling at the same moment still
 * make one call. A device whose call finds one open joins it (`device_ids`): it sees and follows that call as its own;
 * a device that made no call sees none.
 */
/** Where a call's events go: app.realtime in the app (the staff topic, and the call's own topic for the guest). */
export interface CallEventSink {
  emitCallEvent(eateryId: number, staffEvent: CallEvent<StaffCall>, guestEvent: CallEvent<GuestCall>): void;
}

/** Minutes a guest's calls stay on the guest's list. */
const GUEST_LIST_MINUTES = 60;

/**
 * At most this many devices join one open call (besides the one that made it): a table seats fewer guests. A device
 * calling past it gets the call back all the same, but is not recorded, so it does not see the call on its list.
 */
export const MAX_JOINED_DEVICES = 50;

/**
 * A BILL call's bill was paid: the first payment time of an order at the call's table closed at or after the call was
 * made (an order paid, then reopened by a refund, no longer counts), else null. Read per call, so the guest's list,
 * a reload and the socket's event all say the same. The call's columns are written out in full: drizzle leaves a
 * column unqualified when the query has one table, and inside the subquery `table_id` would then be the order's.
 */
const billPaidAt = sql<Date | null>`case when table_calls.kind = 'BILL' then (
    select min(o.paid_at) from ${orders} o
    where o.eatery_id = table_calls.eatery_id and o.table_id = table_calls.table_id and o.status = 'PAID'
      and o.paid_at >= table_calls.created_at
  ) end`.mapWith(tableCalls.acknowledgedAt);

/** The columns of a call as the guest sees it. */
const guestColumns = {
  id: tableCalls.id,
  kind: tableCalls.kind,
  paymentMethod: tableCalls.paymentMethod,
  status: tableCalls.status,
  createdAt: tableCalls.createdAt,
  acknowledgedAt: tableCalls.acknowledgedAt,
  billPaidAt,
};

/**
 * The columns of a call for both views: the guest's, the table's number and the acknowledger's name and e-mail
 * (null when nobody acknowledged it; `toStaffCall` decides what the reader gets).
 */
const staffColumns = {
  ...guestColumns,
  eateryId: tableCalls.eateryId,
  tableId: tableCalls.tableId,
  tableNumber: tables.number,
  acknowledgerName: users.name,
  acknowledgerEmail: users.email,
};

type CallRow = Pick<
  typeof tableCalls.$inferSelect,
  'id' | 'kind' | 'paymentMethod' | 'status' | 'createdAt' | 'acknowledgedAt'
> & { billPaidAt: Date | null };
type StaffRow = CallRow & {
  eateryId: number;
  tableId: number;
  tableNumber: string;
  acknowledgerName: string | null;
  acknowledgerEmail: string | null;
};

export function toGuestCall(r: CallRow): GuestCall {
  return {
    id: r.id,
    kind: r.kind as CallKind,
    paymentMethod: r.paymentMethod as GuestPaymentMethod | null,
    status: r.status as CallStatus,
    createdAt: r.createdAt.toISOString(),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    billPaidAt: r.billPaidAt?.toISOString() ?? null,
  };
}

/**
 * What staff see of a call (the guest's `billPaidAt` is not theirs: they see the bill itself). Who acknowledged it,
 * as the reader may see them (users/staff-contacts.ts): `contacts` for an admin's answer only; the events on the
 * staff topic reach every role, so they carry the name only.
 */
export function toStaffCall(r: StaffRow, contacts: boolean): StaffCall {
  return {
    id: r.id,
    kind: r.kind as CallKind,
    paymentMethod: r.paymentMethod as GuestPaymentMethod | null,
    status: r.status as CallStatus,
    createdAt: r.createdAt.toISOString(),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    eateryId: r.eateryId,
    tableId: r.tableId,
    tableNumber: r.tableNumber,
    // No e-mail: nobody acknowledged it (the acknowledger's row is left-joined).
    acknowledgedBy:
      r.acknowledgerEmail === null
        ? null
        : staffName({ name: r.acknowledgerName, email: r.acknowledgerEmail }, contacts),
  };
}

export class CallsService {
  constructor(
    private readonly db: Db,
    private readonly events: CallEventSink,
  ) {}

  /**
   * A guest's call: 404 for a table not in the restaurant, 409 `tableInactive` for an inactive one. When the table
   * already has an OPEN call of that kind, from this device or another, that call (created: false) instead of a
   * second one; a new device joins it. A BILL call keeps the first way to pay it was given: a device joining it with
   * another way does not change it; one without a way to pay takes the first that comes (staff then get CALL_UPDATED).
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
    // The way to pay matters only when asking for the bill.
    const paymentMethod = kind === 'BILL' ? (body.paymentMethod ?? null) : null;
    const device = sql`jsonb_build_array(${deviceId}::text)`;
    // Only to tell staff when a joining BILL call gives the call its way to pay (the upsert below decides alone).
    const before = paymentMethod ? await this.openPaymentMethod(tableId, kind) : undefined;
    // One statement, whatever the other requests do: the row lock of ON CONFLICT DO UPDATE orders joins to one call.
    const [row] = await this.db
      .insert(tableCalls)
      .values({ eateryId, tableId, deviceId, kind, paymentMethod })
      .onConflictDoUpdate({
        target: [tableCalls.tableId, tableCalls.kind],
        targetWhere: sql`status = 'OPEN'`,
        set: {
          deviceIds: sql`case
            when ${tableCalls.deviceId} = ${deviceId} or ${tableCalls.deviceIds} @> ${device}
              or jsonb_array_length(${tableCalls.deviceIds}) >= ${MAX_JOINED_DEVICES}
            then ${tableCalls.deviceIds} else ${tableCalls.deviceIds} || ${device} end`,
          paymentMethod: sql`coalesce(${tableCalls.paymentMethod}, excluded.payment_method)`,
        },
      })
      // xmax is 0 on a row this statement inserted, the updating transaction's id on one it joined.
      .returning({ id: tableCalls.id, inserted: sql<boolean>`xmax = 0` });
    const call = await this.staffCall(eateryId, row.id);
    if (row.inserted) this.emit('CALL_CREATED', call);
    else if (paymentMethod && before === null && call.paymentMethod === paymentMethod) this.emit('CALL_UPDATED', call);
    return { created: row.inserted, call: toGuestCall(call) };
  }

  /** The calls this device made or joined at the table in the last hour, newest first (404 for a table not in the restaurant). */
  async listForGuest(eateryId: number, tableId: number, deviceId: string): Promise<GuestCall[]> {
    await this.table(eateryId, tableId);
    const rows = await this.db
      .select(guestColumns)
      .from(tableCalls)
      .where(
        and(
          eq(tableCalls.tableId, tableId),
          callOfDevice(deviceId),
          gt(tableCalls.createdAt, sql`now() - make_interval(mins => ${GUEST_LIST_MINUTES})`),
        ),
      )
      .orderBy(desc(tableCalls.createdAt), desc(tableCalls.id));
    return rows.map(toGuestCall);
  }

  /**
   * The restaurant's OPEN calls and those acknowledged in the last minutes, oldest first. `contacts`: the reader is
   * an admin (seesStaffContacts).
   */
  async listForStaff(eateryId: number, contacts: boolean): Promise<StaffCall[]> {
    const rows = await this.staffCalls(
      and(
        eq(tableCalls.eateryId, eateryId),
        or(
          eq(tableCalls.status, 'OPEN'),
          gt(tableCalls.acknowledgedAt, sql`now() - make_interval(mins => ${CALL_ACKNOWLEDGED_SHOWN_MINUTES})`),
        ),
      ),
    );
    return rows.map((row) => toStaffCall(row, contacts));
  }

  /**
   * Acknowledges an OPEN call (404 for another restaurant's). A call acknowledged before keeps its first acknowledger.
   * `contacts`: the caller is an admin (seesStaffContacts).
   */
  async acknowledge(eateryId: number, callId: number, userId: number, contacts: boolean): Promise<StaffCall> {
    // The status condition makes the first acknowledger win when two staff tap at once.
    const [changed] = await this.db
      .update(tableCalls)
      .set({ status: 'ACKNOWLEDGED', acknowledgedAt: sql`now()`, acknowledgedBy: userId })
      .where(and(eq(tableCalls.id, callId), eq(tableCalls.eateryId, eateryId), eq(tableCalls.status, 'OPEN')))
      .returning({ id: tableCalls.id });
    const call = await this.staffCall(eateryId, callId);
    if (changed) this.emit('CALL_UPDATED', call);
    return toStaffCall(call, contacts);
  }

  /**
   * Once a bill is paid, the tables' open "bill please" calls are answered: they are acknowledged by the one who
   * closed the bill, so they leave the staff lists. The guest's notice of every bill call there that it may still
   * show (open until now, or acknowledged within CALL_ON_THE_WAY_MS) ends: each gets a CALL_UPDATED with its
   * `billPaidAt`, so no guest reads "the waiter is on the way with the bill" after paying.
   */
  async answerBillCalls(eateryId: number, orderIds: readonly number[], userId: number): Promise<void> {
    if (orderIds.length === 0) return;
    const paidTables = this.db
      .select({ id: orders.tableId })
      .from(orders)
      .where(and(eq(orders.eateryId, eateryId), inArray(orders.id, [...orderIds])));
    await this.db
      .update(tableCalls)
      .set({ status: 'ACKNOWLEDGED', acknowledgedAt: sql`now()`, acknowledgedBy: userId })
      .where(
        and(
          eq(tableCalls.eateryId, eateryId),
          eq(tableCalls.kind, 'BILL'),
          eq(tableCalls.status, 'OPEN'),
          inArray(tableCalls.tableId, paidTables),
        ),
      );
    const settled = await this.staffCalls(
      and(
        eq(tableCalls.eateryId, eateryId),
        eq(tableCalls.kind, 'BILL'),
        inArray(tableCalls.tableId, paidTables),
        gt(tableCalls.acknowledgedAt, sql`now() - make_interval(secs => ${CALL_ON_THE_WAY_MS / 1000})`),
      ),
    );
    for (const call of settled) if (call.billPaidAt) this.emit('CALL_UPDATED', call);
  }

  private emit(type: CallEvent['type'], call: StaffRow) {
    // Every role receives the staff topic's events: no e-mail for a missing name.
    const staffEvent = { type, call: toStaffCall(call, false) };
    this.events.emitCallEvent(call.eateryId, staffEvent, { type, call: toGuestCall(call) });
  }

  private async table(eateryId: number, tableId: number) {
    const [table] = await this.db
      .select({ status: tables.status })
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
    if (!table) throw notFound();
    return table;
  }

  /** The way to pay of the table's OPEN call of that kind: null when it has none or there is no such call. */
  private async openPaymentMethod(tableId: number, kind: CallKind): Promise<string | null> {
    const [row] = await this.db
      .select({ paymentMethod: tableCalls.paymentMethod })
      .from(tableCalls)
      .where(and(eq(tableCalls.tableId, tableId), eq(tableCalls.kind, kind), eq(tableCalls.status, 'OPEN')));
    return row?.paymentMethod ?? null;
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

  private async staffCall(eateryId: number, callId: number): Promise<StaffRow> {
    const [row] = await this.staffCalls(and(eq(tableCalls.id, callId), eq(tableCalls.eateryId, eateryId)));
    if (!row) throw notFound();
    return row;
  }
}
