import { z } from 'zod';
import { LANGUAGES } from './enums.js';
import { AUDIT_KINDS } from './audit-kinds.js';
import { dbId, DECIMAL_ID_RE, V } from './validation.js';

/**
 * The audit log (EATERY_ADMIN): an append-only record of what changes money or trust. The server writes an entry in
 * the same transaction as the change; no route edits or deletes one (the database refuses it too).
 *
 * - GET /api/eatery/{id}/audit?day=&userId=&kind=&cursor= → AuditPage: newest first, AUDIT_PAGE_SIZE entries a page;
 *   `nextCursor` (the last entry's id) while more exist. `day` is a calendar day in the restaurant's time zone.
 * - GET /api/eatery/{id}/audit.csv?day=&userId=&kind=&lang= → text/csv (the reports' CSV rules), every match.
 */

export { AUDIT_KINDS, type AuditKind } from './audit-kinds.js';

export const AUDIT_PAGE_SIZE = 50;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const idText = z.string({ error: V.invalid }).regex(DECIMAL_ID_RE, { error: V.invalid }).transform(Number).pipe(dbId);

const auditFilters = {
  day: z.preprocess(blankToUndefined, z.iso.date({ error: 'validation.date' }).optional()),
  userId: z.preprocess(blankToUndefined, idText.optional()),
  kind: z.preprocess(blankToUndefined, z.enum(AUDIT_KINDS, { error: V.invalid }).optional()),
};

export const auditQuery = z.object({ ...auditFilters, cursor: z.preprocess(blankToUndefined, idText.optional()) });
export type AuditQuery = z.input<typeof auditQuery>;

export const auditCsvQuery = z.object({ ...auditFilters, lang: z.enum(LANGUAGES, { error: V.invalid }).optional() });

/** Values before and after a change: field → value (a status, an amount in AZN, a list of roles…). */
const auditValues = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable();

export const auditEntryResponse = z.object({
  id: z.number(),
  /** ISO 8601, UTC. */
  at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** Who did it (null once the user was deleted), and their name then. */
  userId: z.number().nullable(),
  userName: z.string(),
  /** The manager who approved it on the staff member's screen, or null. */
  approvedBy: z.string().nullable(),
  /** The order it concerns, or null (a dish, a user). */
  orderId: z.number().nullable(),
  /** What it concerns, in words: "Order 12, table 4: Plov × 2", "Dish: Plov", "User: aysel@…". */
  subject: z.string(),
  before: auditValues,
  after: auditValues,
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;

export const auditPageResponse = z.object({
  entries: z.array(auditEntryResponse),
  nextCursor: z.number().nullable(),
});
export type AuditPage = z.infer<typeof auditPageResponse>;
