/**
 * What the audit log records (zod-free: the web's filters and labels read it too).
 * VOID an item removed from an order; DISCOUNT a bill's discount set or removed; REFUND money given back; REOPEN a
 * paid or cancelled order opened again; STATUS an order's status set by hand (cancelling included; PAID records its
 * payment too); PRICE and AVAILABILITY a dish's price or availability changed; ROLE a staff member's roles changed;
 * PASSWORD a password changed; CLOSE_DAY a business day closed by a Z report; REOPEN_DAY a closed day opened again;
 * DRAWER a cash drawer closed with a difference, or a pay-out; MOVE an order or some of its lines moved to another
 * table; MERGE an order merged into another; SPLIT lines of a check moved to a new check; STOCK a dish's
 * portions left set by hand.
 */
export const AUDIT_KINDS = [
  'VOID',
  'DISCOUNT',
  'REFUND',
  'REOPEN',
  'STATUS',
  'PRICE',
  'AVAILABILITY',
  'ROLE',
  'PASSWORD',
  'CLOSE_DAY',
  'REOPEN_DAY',
  'DRAWER',
  'MOVE',
  'MERGE',
  'SPLIT',
  'STOCK',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
