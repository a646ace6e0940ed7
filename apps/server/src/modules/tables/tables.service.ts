import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  TENANT_LIMITS,
  tableRangeNumbers,
  type Table,
  type TableRangeResult,
  type TableStatus,
  type TenantLimits,
} from '@qr-menu/contract';
import type { ChangePublisher } from '../../data-changes.js';
import type { Db } from '../../db/client.js';
import { eateries, tables } from '../../db/schema.js';
import { AppError, notFound, isUniqueViolation } from '../../plugins/app-error.js';
import { assertRoomFor } from '../tenant-limits.js';
import { QR_LIST_WIDTH, QR_PRINT_WIDTH, qrPng, tableQrContent } from './qr.js';
import { newTableKey } from './table-key.js';

export interface TableInput {
  number: string;
  seats: number;
  note: string | null;
  status: TableStatus;
}

type Row = typeof tables.$inferSelect;

const tableExists = () => new AppError(409, 'tableExists');

/**
 * A restaurant's tables, at most `limits.tables` of them (tenant-limits.ts). Every write publishes a 'menu' change
 * once committed (the guest menu names its table).
 */
export class TablesService {
  constructor(
    private readonly db: Db,
    private readonly changes: ChangePublisher,
    /** TENANT_LIMITS unless a test passes smaller caps. */
    private readonly limits: TenantLimits = TENANT_LIMITS,
  ) {}

  private async toDto(row: Row, base: string): Promise<Table> {
    const content = tableQrContent(base, row.eateryId, row.id, row.guestKey);
    const png = await qrPng(content, QR_LIST_WIDTH);
    return {
      id: row.id,
      number: row.number,
      seats: row.seats,
      note: row.note,
      status: row.status as TableStatus,
      eateryId: row.eateryId,
      guestKey: row.guestKey,
      qrCodeDto: { content, qrCodeAsBytes: png.toString('base64') },
    };
  }

  /** The table when it belongs to the restaurant, else 404 (another restaurant's ids are never revealed). */
  async find(eateryId: number, tableId: number): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)));
    if (!row) throw notFound();
    return row;
  }

  async list(eateryId: number, base: string): Promise<Table[]> {
    const rows = await this.db.select().from(tables).where(eq(tables.eateryId, eateryId)).orderBy(asc(tables.id));
    return Promise.all(rows.map((r) => this.toDto(r, base)));
  }

  /** A new table; in a restaurant with table keys on it gets its key at once. 400 limitReached past the cap. */
  async create(eateryId: number, body: TableInput, base: string): Promise<Table> {
    const keysOn = sql`(select ${eateries.tableKeysRequired} from ${eateries} where ${eateries.id} = ${eateryId})`;
    const guestKey = sql`(case when ${keysOn} then ${newTableKey()}::text end)`;
    try {
      const row = await this.db.transaction(async (tx) => {
        await assertRoomFor(tx, eateryId, 'tables', this.limits);
        const [inserted] = await tx
          .insert(tables)
          .values({ eateryId, number: body.number, seats: body.seats, note: body.note, status: body.status, guestKey })
          .returning();
        return inserted;
      });
      this.changes.publish({ kind: 'menu', eateryId });
      return this.toDto(row, base);
    } catch (err) {
      if (isUniqueViolation(err)) throw tableExists();
      throw err;
    }
  }

  /**
   * Tables named `from` … `to` (the contract checked the range), with the defaults of a new table (4 seats, active, a
   * key of its own when the restaurant has table keys on). Numbers that already name a table are skipped. One
   * transaction: past the cap (400 limitReached) nothing is created. A table given one of the numbers between the read
   * and the insert (another create, a rename) is skipped too: the insert leaves out what the unique index refuses.
   */
  async createRange(eateryId: number, from: number, to: number): Promise<TableRangeResult> {
    const numbers = tableRangeNumbers(from, to);
    const keysOn = sql`(select ${eateries.tableKeysRequired} from ${eateries} where ${eateries.id} = ${eateryId})`;
    const created = await this.db.transaction(async (tx) => {
      const taken = await tx
        .select({ number: tables.number })
        .from(tables)
        .where(and(eq(tables.eateryId, eateryId), inArray(tables.number, numbers)));
      const takenSet = new Set(taken.map((r) => r.number));
      const missing = numbers.filter((n) => !takenSet.has(n));
      if (missing.length === 0) return [];
      await assertRoomFor(tx, eateryId, 'tables', this.limits, missing.length);
      const rows = await tx
        .insert(tables)
        .values(
          missing.map((number) => ({
            eateryId,
            number,
            guestKey: sql`(case when ${keysOn} then ${newTableKey()}::text end)`,
          })),
        )
        .onConflictDoNothing()
        .returning({ number: tables.number });
      return rows.map((r) => r.number);
    });
    if (created.length > 0) this.changes.publish({ kind: 'menu', eateryId });
    const made = new Set(created);
    return { created: numbers.filter((n) => made.has(n)), skipped: numbers.filter((n) => !made.has(n)) };
  }

  async update(eateryId: number, tableId: number, body: TableInput, base: string): Promise<Table> {
    try {
      const [row] = await this.db
        .update(tables)
        .set({ number: body.number, seats: body.seats, note: body.note, status: body.status })
        .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)))
        .returning();
      if (!row) throw notFound();
      this.changes.publish({ kind: 'menu', eateryId });
      return this.toDto(row, base);
    } catch (err) {
      if (isUniqueViolation(err)) throw tableExists();
      throw err;
    }
  }

  /** Assignments go with the table; orders keep their history (table_id becomes null, tableNumber stays). */
  async remove(eateryId: number, tableId: number): Promise<void> {
    const deleted = await this.db
      .delete(tables)
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)))
      .returning({ id: tables.id });
    if (deleted.length === 0) throw notFound();
    this.changes.publish({ kind: 'menu', eateryId });
  }

  /**
   * A new random QR key for the table ("reprint QR"): the old printed code stops placing orders once the
   * restaurant has table keys on. 404 for another restaurant's table.
   */
  async rotateKey(eateryId: number, tableId: number, base: string): Promise<Table> {
    const [row] = await this.db
      .update(tables)
      .set({ guestKey: newTableKey() })
      .where(and(eq(tables.id, tableId), eq(tables.eateryId, eateryId)))
      .returning();
    if (!row) throw notFound();
    this.changes.publish({ kind: 'menu', eateryId });
    return this.toDto(row, base);
  }

  /** Print-quality PNG of the table's code. */
  async printPng(eateryId: number, tableId: number, base: string): Promise<{ png: Buffer; number: string }> {
    const row = await this.find(eateryId, tableId);
    const content = tableQrContent(base, eateryId, row.id, row.guestKey);
    return { png: await qrPng(content, QR_PRINT_WIDTH), number: row.number };
  }
}
