import { useMutation } from '@tanstack/react-query';
import type { Order, OrderChange, TableRoundResult } from '@qr-menu/contract';
import { api } from '../../../../api/client';
import type { RoundItem } from './ticket';

/** Where the round goes: a table (its open order, or a new one there), or a new takeaway order. */
export type RoundTarget =
  { kind: 'table'; tableId: number } | { kind: 'takeaway'; customerName: string; customerPhone: string | null };

/** The request a round is: POST …/tables/{tableId}/round, or POST …/orders for a takeaway. */
export function roundRequest(eateryId: number, target: RoundTarget, items: RoundItem[]) {
  if (target.kind === 'table') {
    return { url: `/api/eatery/${eateryId}/tables/${target.tableId}/round`, body: { items } };
  }
  return {
    url: `/api/eatery/${eateryId}/orders`,
    body: {
      kind: 'TAKEAWAY' as const,
      customerName: target.customerName.trim(),
      customerPhone: target.customerPhone?.trim() || null,
      items,
    },
  };
}

async function sendRound(eateryId: number, target: RoundTarget, items: RoundItem[]): Promise<TableRoundResult> {
  const { url, body } = roundRequest(eateryId, target, items);
  if (target.kind === 'table') return api<TableRoundResult>(url, { method: 'POST', body });
  return { order: await api<Order>(url, { method: 'POST', body }), created: true };
}

/**
 * Sends the ticket at once. The screen that opened the grid patches its own lists from the answer (`onSent`); the
 * socket brings the same change to every screen a moment later. `mutationKey`: the screen's key of "creating an
 * order" (the orders board does not chime for its own new order).
 */
export function useSendRound(eateryId: number, mutationKey?: readonly unknown[]) {
  return useMutation({
    mutationKey,
    mutationFn: ({ target, items }: { target: RoundTarget; items: RoundItem[] }) => sendRound(eateryId, target, items),
  });
}

/** The order change a round's answer amounts to: a new order, or the joined one updated. */
export const roundChange = ({ order, created }: TableRoundResult): OrderChange => ({
  type: created ? 'NEW_ORDER' : 'ORDER_UPDATED',
  orderId: order.id,
  status: order.status,
  version: order.version,
  order,
});
