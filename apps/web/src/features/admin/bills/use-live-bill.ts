import { useQueryClient } from '@tanstack/react-query';
import { useOrdersSocket } from '../shared/live/use-orders-socket';
import { applyCallEvent, callKeys } from '../shared/live/use-table-calls';
import { billKeys } from './bills-api';

/**
 * Keeps an open bill current while another cashier, a waiter or the guest changes its orders (a payment, a served
 * or added dish): an event about one of the bill's orders re-reads the bill, and so does a reconnection. The calls
 * from the tables are kept too: a guest asking for the bill says how they want to pay.
 */
export function useLiveBill(eateryId: number, orderIds: readonly number[]) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: billKeys.one(eateryId, orderIds) });
  return useOrdersSocket(eateryId, {
    onEvent: (event) => {
      if (orderIds.includes(event.orderId)) refresh();
    },
    onCallEvent: (event) => applyCallEvent(qc, eateryId, event),
    onResync: () => {
      refresh();
      void qc.invalidateQueries({ queryKey: callKeys.list(eateryId) });
    },
  });
}
