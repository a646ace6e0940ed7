import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditKind, type AuditPage } from '@qr-menu/contract';
import type { Db } from '../../db/client.js';
import { auditLog, eateries } from '../../db/schema.js';

export interface AuditFilters {
  /** A calendar day in the restaurant's time zone. */
  day?: string;
  userId?: number;
  kind?: AuditKind;
}

/** Reading the audit log (writing is audit-log.ts, inside each change's transaction). */
export class AuditService {
  constructor(private readonly db: Db) {}

  /** One page, newest first: AUDIT_PAGE_SIZE entries older than `cursor` (an entry id). */
  async page(eateryId: number, filters: AuditFilters, cursor?: number): Promise<AuditPage> {
    const conds = this.where(eateryId, filters);
    if (cursor !== undefined) conds.push(lt(auditLog.id, cursor));
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(...conds))
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE + 1);
    const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(toEntry);
    return { entries, nextCursor: rows.length > AUDIT_PAGE_SIZE ? entries[entries.length - 1].id : null };
  }

  /** Every entry that matches, newest first, at most `cap` (the CSV). */
  async all(eateryId: number, filters: AuditFilters, cap: number): Promise<AuditEntry[]> {
    const rows = await this.db
      .select()
      .from(auditLog)
      .where(and(...this.where(eateryId, filters)))
      .orderBy(desc(auditLog.id))
      .limit(cap);
    return rows.map(toEntry);
  }

  /** The restaurant's time zone (the CSV writes times in it). */
  async timeZone(eateryId: number): Promise<string> {
    const [row] = await this.db.select({ tz: eateries.timeZone }).from(eateries).where(eq(eateries.id, eateryId));
    return row.tz;
  }

  private where(eateryId: number, filters: AuditFilters): SQL[] {
    const conds: SQL[] = [eq(auditLog.eateryId, eateryId)];
    if (filters.userId !== undefined) conds.push(eq(auditLog.userId, filters.userId));
    if (filters.kind !== undefined) conds.push(eq(auditLog.kind, filters.kind));
    if (filters.day !== undefined) {
      // The day's bounds in the restaurant's time zone, compared with `at` directly.
      const tz = sql`(select time_zone from ${eateries} where id = ${eateryId})`;
      conds.push(sql`${auditLog.at} >= (${filters.day}::date::timestamp at time zone ${tz})`);
      conds.push(sql`${auditLog.at} < ((${filters.day}::date + 1)::timestamp at time zone ${tz})`);
    }
    return conds;
  }
}

function toEntry(r: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind as AuditKind,
    userId: r.userId,
    userName: r.userName,
    approvedBy: r.approvedBy,
    orderId: r.orderId,
    subject: r.subject,
    before: r.before,
    after: r.after,
    reason: r.reason,
  };
}
