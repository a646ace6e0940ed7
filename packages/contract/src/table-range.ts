import { z } from 'zod';
import { V } from './validation.js';

/** Most tables one "Add several tables" request creates (POST /api/eatery/{id}/tables/bulk). */
export const TABLE_RANGE_MAX = 100;
/** The largest table number a range may reach (names stay short: a table's number is at most 20 characters). */
export const TABLE_RANGE_LAST = 9999;

/** Validation keys of the range form, besides the shared `V` keys. */
export const TABLE_RANGE_V = {
  /** From and to are whole numbers from 1 to TABLE_RANGE_LAST. */
  number: 'validation.tableRangeNumber',
  /** "To" is smaller than "from". */
  order: 'validation.tableRangeOrder',
  /** More than TABLE_RANGE_MAX tables at once. */
  size: 'validation.tableRangeSize',
} as const;

const rangeEnd = z
  .number({ error: TABLE_RANGE_V.number })
  .int({ error: TABLE_RANGE_V.number })
  .min(1, { error: TABLE_RANGE_V.number })
  .max(TABLE_RANGE_LAST, { error: TABLE_RANGE_V.number });

/**
 * POST /api/eatery/{id}/tables/bulk: tables named `from`, `from + 1`, … `to` (at most TABLE_RANGE_MAX of them). A number
 * that already names a table of the restaurant is skipped; the others are created together or not at all.
 */
export const tableRangeBody = z
  .object({ from: rangeEnd, to: rangeEnd }, { error: V.invalid })
  .refine((b) => b.from <= b.to, { path: ['to'], error: TABLE_RANGE_V.order })
  .refine((b) => b.to - b.from < TABLE_RANGE_MAX, { path: ['to'], error: TABLE_RANGE_V.size });
export type TableRangeBody = z.input<typeof tableRangeBody>;

/** The table numbers of a range, in order: '1', '2', … */
export const tableRangeNumbers = (from: number, to: number): string[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => String(from + i));

export const tableRangeResponse = z.object({
  /** The numbers of the tables made, in order. */
  created: z.array(z.string()),
  /** Numbers of the range that already named a table: left as they were. */
  skipped: z.array(z.string()),
});
export type TableRangeResult = z.infer<typeof tableRangeResponse>;
