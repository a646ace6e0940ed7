import { z } from 'zod';
import { ORDER_V, orderItemsInput, orderResponse } from './orders.js';

/**
 * POST /api/eatery/{id}/tables/{tableId}/serve-ready (ROLE_MATRIX.serveReady), no body: every READY line of the
 * table's orders whose dishes still move (not cancelled; a paid order's food is still served) becomes SERVED in one
 * transaction, each exactly as serving it alone would (PUT .../items/{itemId} `{status: 'SERVED'}`): the orders'
 * statuses follow, the caller becomes their waiter, one ORDER_UPDATED per order. 404 for another restaurant's table;
 * 409 `nothingReady` when nothing there is READY.
 */
export const serveReadyResponse = z.object({
  /** How many lines were served. */
  served: z.number(),
  /** The orders whose lines were served, as they are now. */
  orders: z.array(orderResponse),
});
export type ServeReadyResult = z.infer<typeof serveReadyResponse>;

/**
 * POST /api/eatery/{id}/tables/{tableId}/round `{items}` (ROLE_MATRIX create and editItems): a round of dishes
 * entered at the table, sent at once. It joins the table's newest open, confirmed dine-in order (one ADD-ON kitchen
 * ticket), or starts a new order there when the table has none; nobody is asked whether the table already has one.
 * The items follow the rules of POST .../orders (prices, options, availability); 404 for another restaurant's table.
 */
export const tableRoundBody = z.object({
  items: orderItemsInput.min(1, { error: ORDER_V.itemsRequired }),
});
export type TableRoundBody = z.input<typeof tableRoundBody>;

export const tableRoundResponse = z.object({
  order: orderResponse,
  /** True when the round started a new order; false when it joined the open one. */
  created: z.boolean(),
});
export type TableRoundResult = z.infer<typeof tableRoundResponse>;
