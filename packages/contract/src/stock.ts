import { z } from 'zod';
import { STOCK_COUNT_MAX } from './pos.js';
import { V } from './validation.js';

/** Validation message keys of counted stock. */
export const STOCK_V = {
  /** Portions left: a whole number 0..STOCK_COUNT_MAX, or null (not counted). */
  count: 'validation.stockCount',
} as const;

/**
 * PUT /api/eatery/{id}/dishes/{dishId}/stock: the dish's portions left. `count` 0..STOCK_COUNT_MAX, or null: not
 * counted (orders take nothing from it). 0 is sold out (the dish leaves the guest menu); a count above 0 brings back a
 * dish that was sold out because its portions ran out. Each order and addition then takes its portions, and a void or
 * a cancelled order gives them back.
 */
export const dishStockBody = z.object({
  count: z
    .number({ error: (iss) => (iss.input === undefined ? V.required : STOCK_V.count) })
    .int({ error: STOCK_V.count })
    .min(0, { error: STOCK_V.count })
    .max(STOCK_COUNT_MAX, { error: STOCK_V.count })
    .nullable(),
});
export type DishStockBody = z.input<typeof dishStockBody>;

/** The dish after its count was set: portions left (null: not counted) and whether guests may order it. */
export const dishStockResponse = z.object({
  id: z.number(),
  stockCount: z.number().nullable(),
  available: z.boolean(),
  availableAgainAt: z.string().nullable(),
});
export type DishStock = z.infer<typeof dishStockResponse>;
