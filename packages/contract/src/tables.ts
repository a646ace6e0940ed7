import { z } from 'zod';
import { TABLE_STATUSES } from './enums.js';
import { LIMITS } from './limits.js';
import { noteText, requiredText, V } from './validation.js';

/** Validation keys of the table and assignment forms, besides the shared `V` keys. */
export const TABLE_V = {
  /** Seats must be a whole number from 1 to 1000. */
  seats: 'validation.seats',
  /** Assigning requires a chosen waiter. */
  waiterRequired: 'validation.waiterRequired',
  /** The chosen user does not hold the WAITER role in this restaurant. */
  notWaiter: 'validation.notWaiter',
} as const;

export const TABLE_LIMITS = { numberMax: 20, noteMax: 500, seatsMax: 1000 } as const;

/** A positive integer id that must be present (`requiredKey` when missing or blank). */
const requiredId = (requiredKey: string) =>
  z.coerce
    .number({ error: requiredKey })
    .int({ error: V.invalid })
    .positive({ error: requiredKey })
    .max(2_147_483_647, { error: V.invalid });

/**
 * POST /api/eatery/{id}/table and PUT /api/eatery/{id}/table/{tableId}.
 * Unknown keys (id, eateryId, qrCodeDto sent back by the edit form) are ignored: the path decides.
 */
export const tableBody = z.object({
  number: requiredText(TABLE_LIMITS.numberMax),
  seats: z
    .number({ error: TABLE_V.seats })
    .int({ error: TABLE_V.seats })
    .min(1, { error: TABLE_V.seats })
    .max(TABLE_LIMITS.seatsMax, { error: TABLE_V.seats })
    .nullish()
    .transform((v) => v ?? LIMITS.defaultSeats),
  note: noteText(TABLE_LIMITS.noteMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  status: z
    .enum(TABLE_STATUSES, { error: V.invalid })
    .nullish()
    .transform((v) => v ?? 'ACTIVE'),
});
export type TableBody = z.input<typeof tableBody>;

export const qrCodeDto = z.object({
  /** The guest menu address the code encodes. */
  content: z.string(),
  /** PNG image, base64 (no `data:` prefix). */
  qrCodeAsBytes: z.string(),
});
export type QrCodeDto = z.infer<typeof qrCodeDto>;

export const tableResponse = z.object({
  id: z.number(),
  number: z.string(),
  seats: z.number(),
  note: z.string().nullable(),
  status: z.enum(TABLE_STATUSES),
  eateryId: z.number(),
  /**
   * The table's QR key, or null when none was made yet. The QR link carries it as `?k=` once set.
   * POST /api/eatery/{id}/table/{tableId}/key (EATERY_ADMIN) makes a new random one ("reprint QR"): the old printed
   * code stops placing orders when the restaurant has table keys on.
   */
  guestKey: z.string().nullable(),
  qrCodeDto,
});
export type Table = z.infer<typeof tableResponse>;

/** POST /api/eatery/{id}/table-assignment */
export const tableAssignmentBody = z.object({
  waiterId: requiredId(TABLE_V.waiterRequired),
  tableId: requiredId(V.required),
});
export type TableAssignmentBody = z.input<typeof tableAssignmentBody>;

export const tableAssignmentResponse = z.object({
  id: z.number(),
  waiterId: z.number(),
  tableId: z.number(),
  /** The waiter's name, or their e-mail when they have no name. */
  waiterName: z.string(),
});
export type TableAssignment = z.infer<typeof tableAssignmentResponse>;
