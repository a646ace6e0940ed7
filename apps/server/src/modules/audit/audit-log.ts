import type { AuditKind } from '@qr-menu/contract';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import { recordedName } from '../users/staff-contacts.js';

/** Values before or after a change, as the audit entry keeps them. */
export type AuditValues = Record<string, string | number | boolean | null>;

/** One audit entry, as a change writes it. */
export interface AuditRecord {
  eateryId: number;
  kind: AuditKind;
  /** Who did it (null: the system, e.g. a demo seed). */
  userId: number | null;
  /** The manager who approved it on the staff member's screen, by name. */
  approvedBy?: string | null;
  orderId?: number | null;
  subject: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
  reason?: string | null;
}

/**
 * Appends one entry to the audit log. Call it with the transaction of the change itself, so the entry and the change
 * commit together or not at all. The user's name is copied in (the entry outlives the user): the name, else the
 * e-mail, as admins see staff (users/staff-contacts.ts), since only admins read the audit log (ROLE_MATRIX.audit).
 */
export async function recordAudit(ex: Executor, entry: AuditRecord): Promise<void> {
  const name = entry.userId === null ? '' : await recordedName(ex, entry.userId);
  await ex.insert(auditLog).values({
    eateryId: entry.eateryId,
    kind: entry.kind,
    userId: entry.userId,
    userName: name,
    approvedBy: entry.approvedBy ?? null,
    orderId: entry.orderId ?? null,
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
