import type { ItemInput, OrderCommands } from '../orders/order-commands.js';
import { AppError } from '../../plugins/app-error.js';
import { newestOpenOrderAt } from '../table-moves/table-moves.service.js';
import type { TableRoundResult } from '@qr-menu/contract';

/**
 * A round of dishes entered at a table (contract floor.ts): added to the table's newest open, confirmed dine-in
 * order (the order a move of lines joins too), else placed as a new order there. When that order was closed between
 * finding it and adding to it (paid a moment ago), the round starts a new order instead of failing.
 */
export async function sendRound(
  commands: OrderCommands,
  eateryId: number,
  tableId: number,
  items: readonly ItemInput[],
): Promise<TableRoundResult> {
  // A read in a transaction of the writer: it changes nothing, so nothing is announced.
  const openId = await commands.writer.write(eateryId, (w) => newestOpenOrderAt(w.tx, eateryId, tableId, 0));
  if (openId !== undefined) {
    try {
      return { order: await commands.addItems(eateryId, openId, items), created: false };
    } catch (err) {
      if (!(err instanceof AppError && err.messageKey === 'orderClosed')) throw err;
    }
  }
  const placed = await commands.placeOrder(eateryId, tableId, items, null);
  return { order: placed.order, created: true };
}
